/** Session lifetimes (ms): a session ends after 7 days, or after 24 hours without a request. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 1000;

/** A live session joined with its member. */
export interface SessionMember {
  tokenHash: string;
  memberId: number;
  merchantCode: string;
  username: string;
  account: string;
  nickname: string;
  type: number;
  firstTimeLogin: boolean;
  /**
   * When the session ends by the player's session time limit (its start + the limit in force, migration
   * 0033_protection_limits.sql; docs/player-protection.md), or null without one.
   */
  timeLimitEndsAt: number | null;
}

interface Row {
  token_hash: string;
  member_id: number;
  merchant_code: string;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  username: string;
  account: string;
  nickname: string;
  type: number;
  status: number;
  first_time_login: number;
  created_at: number;
  session_limit_minutes: number | null;
}

/** The INSERT of a session row for a token hash, unrun (to batch with its log-in record), and its absolute expiry (epoch ms). */
export function sessionStatement(
  db: D1Database,
  tokenHash: string,
  memberId: number,
  merchantCode: string,
  now = Date.now(),
): { statement: D1PreparedStatement; expiresAt: number } {
  const expiresAt = now + SESSION_ABSOLUTE_MS;
  const statement = db
    .prepare(
      `INSERT INTO sessions (token_hash, member_id, merchant_code, created_at, last_seen_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .bind(tokenHash, memberId, merchantCode, now, now, expiresAt);
  return { statement, expiresAt };
}

/** Creates a session row for a token hash; returns its absolute expiry (epoch ms). */
export async function createSession(
  db: D1Database,
  tokenHash: string,
  memberId: number,
  merchantCode: string,
  now = Date.now(),
): Promise<number> {
  const { statement, expiresAt } = sessionStatement(db, tokenHash, memberId, merchantCode, now);
  await statement.run();
  return expiresAt;
}

/**
 * The member behind a token hash on a merchant, or null when the session is unknown, revoked, expired
 * (absolute or idle), of another merchant, or its member is disabled. Refreshes last_seen_at. A session past its
 * time limit (`timeLimitEndsAt`) is still answered: the caller refuses it with its own reason (auth-context.ts).
 */
export async function findSessionMember(
  db: D1Database,
  tokenHash: string,
  merchantCode: string,
  now = Date.now(),
): Promise<SessionMember | null> {
  const row = await db
    .prepare(
      `SELECT s.token_hash, s.member_id, s.merchant_code, s.last_seen_at, s.expires_at, s.revoked_at,
              m.username, m.account, m.nickname, m.type, m.status, m.first_time_login, s.created_at,
              (SELECT l.limit_value FROM protection_limits l WHERE l.member_id = s.member_id
                 AND l.merchant_code = s.merchant_code AND l.kind = 'session' AND l.period = 'session') AS session_limit_minutes
       FROM sessions s JOIN members m ON m.id = s.member_id WHERE s.token_hash = ?`,
    )
    .bind(tokenHash)
    .first<Row>();
  if (!row || row.revoked_at !== null || row.merchant_code !== merchantCode || row.status !== 1) return null;
  if (now >= row.expires_at || now - row.last_seen_at >= SESSION_IDLE_MS) return null;
  if (now - row.last_seen_at >= TOUCH_EVERY_MS) {
    await db.prepare(`UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?`).bind(now, tokenHash).run();
  }
  return {
    tokenHash: row.token_hash,
    memberId: row.member_id,
    merchantCode: row.merchant_code,
    username: row.username,
    account: row.account,
    nickname: row.nickname,
    type: row.type,
    firstTimeLogin: row.first_time_login === 1,
    timeLimitEndsAt: row.session_limit_minutes === null ? null : row.created_at + row.session_limit_minutes * 60_000,
  };
}

/** Revokes one session (logout). */
export async function revokeSession(db: D1Database, tokenHash: string, now = Date.now()): Promise<void> {
  await db
    .prepare(`UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL`)
    .bind(now, tokenHash)
    .run();
}

/** Revokes every live session of a member except `keepTokenHash` (password change keeps the current one). */
export async function revokeOtherSessions(
  db: D1Database,
  memberId: number,
  keepTokenHash: string,
  now = Date.now(),
): Promise<void> {
  await db
    .prepare(`UPDATE sessions SET revoked_at = ? WHERE member_id = ? AND token_hash <> ? AND revoked_at IS NULL`)
    .bind(now, memberId, keepTokenHash)
    .run();
}

/** Revokes every live session of a member (password reset, logout everywhere). */
export async function revokeAllSessions(db: D1Database, memberId: number, now = Date.now()): Promise<void> {
  await db
    .prepare(`UPDATE sessions SET revoked_at = ? WHERE member_id = ? AND revoked_at IS NULL`)
    .bind(now, memberId)
    .run();
}
