/**
 * The operator console's sign-in (migration 0013_conversations.sql: console_operators, console_sessions): the
 * statements behind worker/console/operators.ts. Sessions are stored by token hash; times are epoch milliseconds.
 */

/** An active operator's sign-in row: id, lower-case username, display name and scrypt hash. */
export interface OperatorCredentials {
  id: number;
  username: string;
  displayName: string;
  passwordHash: string;
}

/** The active operator (status 1) of a merchant by lower-case username, or null. */
export async function findActiveOperator(db: D1Database, merchantCode: string, username: string): Promise<OperatorCredentials | null> {
  const row = await db.prepare(`SELECT id, username, display_name, password_hash FROM console_operators WHERE merchant_code = ? AND username = ? AND status = 1`)
    .bind(merchantCode, username).first<{ id: number; username: string; display_name: string; password_hash: string }>();
  return row ? { id: row.id, username: row.username, displayName: row.display_name, passwordHash: row.password_hash } : null;
}

/** Stores a new console session: its token hash, operator, CSRF token and lifetime. */
export async function insertConsoleSession(
  db: D1Database,
  session: { tokenHash: string; operatorId: number; csrfToken: string; createdAt: number; expiresAt: number },
): Promise<void> {
  await db.prepare(`INSERT INTO console_sessions (token_hash, operator_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`)
    .bind(session.tokenHash, session.operatorId, session.csrfToken, session.createdAt, session.expiresAt).run();
}

/** The operator and CSRF token of a live session (not revoked, not expired, operator active, on the merchant). */
export interface ConsoleSessionRow {
  id: number;
  merchantCode: string;
  username: string;
  displayName: string;
  csrfToken: string;
}

/** The live session of a token hash on a merchant at `now`, or null (unknown, revoked, expired, another merchant, disabled). */
export async function findLiveConsoleSession(db: D1Database, tokenHash: string, merchantCode: string, now: number): Promise<ConsoleSessionRow | null> {
  const row = await db.prepare(`SELECT o.id, o.merchant_code, o.username, o.display_name, s.csrf_token FROM console_sessions s
      JOIN console_operators o ON o.id = s.operator_id
      WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND o.status = 1 AND o.merchant_code = ?`)
    .bind(tokenHash, now, merchantCode).first<{ id: number; merchant_code: string; username: string; display_name: string; csrf_token: string }>();
  return row ? { id: row.id, merchantCode: row.merchant_code, username: row.username, displayName: row.display_name, csrfToken: row.csrf_token } : null;
}

/** Revokes the session of a token hash at `now` (a revoked one stays as it was). */
export async function revokeConsoleSession(db: D1Database, tokenHash: string, now: number): Promise<void> {
  await db.prepare(`UPDATE console_sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL`).bind(now, tokenHash).run();
}
