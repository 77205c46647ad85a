import { hashToken, newToken } from '../services/crypto/tokens';
import { verifyPassword } from '../services/crypto/password';

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
  const row = await db.prepare(`SELECT id, username, display_name, password_hash FROM console_operators WHERE merchant_code = ? AND username = ? AND status = 1`)
    .bind(merchantCode, username.toLowerCase()).first<{ id: number; username: string; display_name: string; password_hash: string }>();
  const ok = await verifyPassword(password, row?.password_hash ?? null);
  if (!row || !ok) return null;
  const token = newToken();
  const csrfToken = newToken();
  await db.prepare(`INSERT INTO console_sessions (token_hash, operator_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`)
    .bind(hashToken(token), row.id, csrfToken, now, now + CONSOLE_SESSION_MS).run();
  return { token, operator: { id: row.id, merchantCode, username: row.username, displayName: row.display_name, csrfToken } };
}

/** The operator of a live session token on a merchant, or null (unknown, revoked, expired, another merchant, disabled). */
export async function findOperatorSession(db: D1Database, token: string, merchantCode: string, now = Date.now()): Promise<ConsoleOperator | null> {
  const row = await db.prepare(`SELECT o.id, o.merchant_code, o.username, o.display_name, s.csrf_token FROM console_sessions s
      JOIN console_operators o ON o.id = s.operator_id
      WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND o.status = 1 AND o.merchant_code = ?`)
    .bind(hashToken(token), now, merchantCode).first<{ id: number; merchant_code: string; username: string; display_name: string; csrf_token: string }>();
  return row ? { id: row.id, merchantCode: row.merchant_code, username: row.username, displayName: row.display_name, csrfToken: row.csrf_token } : null;
}

/** Ends a session. */
export async function signOutOperator(db: D1Database, token: string, now = Date.now()): Promise<void> {
  await db.prepare(`UPDATE console_sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL`).bind(now, hashToken(token)).run();
}
