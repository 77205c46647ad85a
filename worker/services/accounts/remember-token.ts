import { insertRememberToken } from '../../db/queries/remember';
import { hashToken, newToken } from '../crypto/tokens';

/** Lifetime of a remember-me token (ms): 30 days (accounts §3 Remembered-login record; see remember.ts). */
export const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Issues a new remember-me token for a member: 256 random bits, stored only as its SHA-256 with the member,
 * merchant and expiry (now + 30 days). Returns the token (shown once to the browser, never stored).
 */
export async function issueRememberToken(db: D1Database, memberId: number, merchantCode: string, now = Date.now()): Promise<string> {
  const token = newToken();
  await insertRememberToken(db, hashToken(token), memberId, merchantCode, now + REMEMBER_TTL_MS, now);
  return token;
}
