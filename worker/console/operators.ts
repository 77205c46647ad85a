import { hashToken, newToken } from '../services/crypto/tokens';
import { verifyPassword } from '../services/crypto/password';
import { findActiveOperator, findLiveConsoleSession, insertConsoleSession, revokeConsoleSession } from '../db/queries/console-sessions';

/**
 * The operator console's own realm (support agents, not players): operators of one merchant created by the
 * operator command `console-operator` (scrypt hashes, worker/services/crypto/password.ts format), sessions stored as
 * token hashes with a per-session CSRF token, 12 hours at most.
 */
export const CONSOLE_SESSION_MS = 12 * 60 * 60 * 1000;

/** A signed-in operator. */
export interface ConsoleOperator {
  id: number;
  merchantCode: string;
  username: string;
  displayName: string;
  csrfToken: string;
}

/**
 * Checks an operator's password on a merchant; a session (token, CSRF token) when right, else null. An unknown
 * username still costs one hash check, so timing does not tell which usernames exist.
 */
export async function signInOperator(db: D1Database, merchantCode: string, username: string, password: string, now = Date.now()): Promise<{ token: string; operator: ConsoleOperator } | null> {
  const row = await findActiveOperator(db, merchantCode, username.toLowerCase());
  const ok = await verifyPassword(password, row?.passwordHash ?? null);
  if (!row || !ok) return null;
  const token = newToken();
  const csrfToken = newToken();
  await insertConsoleSession(db, { tokenHash: hashToken(token), operatorId: row.id, csrfToken, createdAt: now, expiresAt: now + CONSOLE_SESSION_MS });
  return { token, operator: { id: row.id, merchantCode, username: row.username, displayName: row.displayName, csrfToken } };
}

/** The operator of a live session token on a merchant, or null (unknown, revoked, expired, another merchant, disabled). */
export async function findOperatorSession(db: D1Database, token: string, merchantCode: string, now = Date.now()): Promise<ConsoleOperator | null> {
  return findLiveConsoleSession(db, hashToken(token), merchantCode, now);
}

/** Ends a session. */
export async function signOutOperator(db: D1Database, token: string, now = Date.now()): Promise<void> {
  await revokeConsoleSession(db, hashToken(token), now);
}
