/**
 * The operator console's sign-in (migrations 0013_conversations.sql and 0035_console_roles_audit.sql:
 * console_operators, console_operator_sites, console_sessions, console_recovery_codes): the statements behind
 * worker/console/operators.ts and worker/services/operators. Sessions are stored by token hash; times are epoch
 * milliseconds.
 */

/** An active operator's sign-in row: id, lower-case username, display name, scrypt hash, role and second factor. */
export interface OperatorCredentials {
  id: number;
  username: string;
  displayName: string;
  passwordHash: string;
  role: string;
  /** True once a TOTP enrolment was confirmed. */
  totpEnabled: boolean;
}

interface CredentialsRow {
  id: number;
  username: string;
  display_name: string;
  password_hash: string;
  role: string;
  totp_enabled_at: number | null;
}

/**
 * The active operator (status 1) who may use the site `merchantCode` (console_operator_sites) by lower-case
 * username, or null. Several operators with one username on one site are refused by the operator command; if
 * there were, the one whose own merchant it is wins.
 */
export async function findActiveOperator(db: D1Database, merchantCode: string, username: string): Promise<OperatorCredentials | null> {
  const row = await db.prepare(`SELECT o.id, o.username, o.display_name, o.password_hash, o.role, o.totp_enabled_at FROM console_operators o
      JOIN console_operator_sites s ON s.operator_id = o.id AND s.merchant_code = ?1
      WHERE o.username = ?2 AND o.status = 1 ORDER BY o.merchant_code = ?1 DESC, o.id LIMIT 1`)
    .bind(merchantCode, username).first<CredentialsRow>();
  return row ? {
    id: row.id, username: row.username, displayName: row.display_name, passwordHash: row.password_hash, role: row.role,
    totpEnabled: row.totp_enabled_at !== null,
  } : null;
}

/** Whether the operator opened a session from this address key since `since` (a familiar address). */
export async function hasSessionFromAddress(db: D1Database, operatorId: number, address: string, since: number): Promise<boolean> {
  const row = await db.prepare(`SELECT 1 AS hit FROM console_sessions WHERE operator_id = ? AND address = ? AND created_at > ? LIMIT 1`)
    .bind(operatorId, address, since).first<{ hit: number }>();
  return row !== null;
}

/**
 * Stores a new console session: its token hash, operator, CSRF token, lifetime, address key and enrol-only flag, in
 * one transaction with `extra` (the sign-in's audit row).
 */
export async function insertConsoleSession(
  db: D1Database,
  session: { tokenHash: string; operatorId: number; csrfToken: string; createdAt: number; expiresAt: number; address: string; enrolOnly: boolean },
  extra: readonly D1PreparedStatement[] = [],
): Promise<void> {
  await db.batch([
    db.prepare(`INSERT INTO console_sessions (token_hash, operator_id, csrf_token, created_at, expires_at, last_seen_at, address, enrol_only)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
      .bind(session.tokenHash, session.operatorId, session.csrfToken, session.createdAt, session.expiresAt, session.createdAt, session.address, session.enrolOnly ? 1 : 0),
    ...extra,
  ]);
}

/** The operator behind a live session, with role, sites, second factor state and the session's own flags. */
export interface ConsoleSessionRow {
  id: number;
  /** The operator's own merchant (the one the account was made on). */
  merchantCode: string;
  username: string;
  displayName: string;
  csrfToken: string;
  role: string;
  /** Every site the operator may use (their own merchant included). */
  sites: string[];
  totpEnabled: boolean;
  /** The session may only enrol a second factor (a role that needs one signed in without). */
  enrolOnly: boolean;
  lastSeenAt: number;
}

/**
 * The live session of a token hash at `now`, or null (unknown, revoked, past its absolute end `expires_at`, idle
 * since before `idleSince`, operator disabled). Whether the site is in the operator's scope is the caller's check.
 */
export async function findLiveConsoleSession(db: D1Database, tokenHash: string, now: number, idleSince: number): Promise<ConsoleSessionRow | null> {
  const row = await db.prepare(`SELECT o.id, o.merchant_code, o.username, o.display_name, o.role, o.totp_enabled_at, s.csrf_token, s.enrol_only, s.last_seen_at,
        (SELECT group_concat(merchant_code) FROM console_operator_sites WHERE operator_id = o.id) AS sites
      FROM console_sessions s JOIN console_operators o ON o.id = s.operator_id
      WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ? AND s.last_seen_at > ? AND o.status = 1`)
    .bind(tokenHash, now, idleSince)
    .first<{ id: number; merchant_code: string; username: string; display_name: string; role: string; totp_enabled_at: number | null; csrf_token: string; enrol_only: number; last_seen_at: number; sites: string | null }>();
  return row ? {
    id: row.id, merchantCode: row.merchant_code, username: row.username, displayName: row.display_name, csrfToken: row.csrf_token, role: row.role,
    sites: (row.sites ?? '').split(',').filter(Boolean), totpEnabled: row.totp_enabled_at !== null, enrolOnly: row.enrol_only === 1, lastSeenAt: row.last_seen_at,
  } : null;
}

/** Moves a session's last request to `now` (the idle timeout starts again). */
export async function touchConsoleSession(db: D1Database, tokenHash: string, now: number): Promise<void> {
  await db.prepare(`UPDATE console_sessions SET last_seen_at = ? WHERE token_hash = ? AND revoked_at IS NULL`).bind(now, tokenHash).run();
}

/** Revokes the session of a token hash at `now` (a revoked one stays as it was). */
export async function revokeConsoleSession(db: D1Database, tokenHash: string, now: number): Promise<void> {
  await db.prepare(`UPDATE console_sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL`).bind(now, tokenHash).run();
}

/** An operator's TOTP state: the stored secret (pending or confirmed), whether confirmed, and the last accepted step. */
export async function findTotpState(db: D1Database, operatorId: number): Promise<{ secret: string | null; enabled: boolean; lastStep: number } | null> {
  const row = await db.prepare(`SELECT totp_secret, totp_enabled_at, totp_last_step FROM console_operators WHERE id = ?`)
    .bind(operatorId).first<{ totp_secret: string | null; totp_enabled_at: number | null; totp_last_step: number }>();
  return row ? { secret: row.totp_secret, enabled: row.totp_enabled_at !== null, lastStep: row.totp_last_step } : null;
}

/** Stores a new, not yet confirmed secret (only while no enrolment is confirmed); whether it was stored. */
export async function setPendingTotpSecret(db: D1Database, operatorId: number, secret: string): Promise<boolean> {
  const res = await db.prepare(`UPDATE console_operators SET totp_secret = ? WHERE id = ? AND totp_enabled_at IS NULL`).bind(secret, operatorId).run();
  return res.meta.changes === 1;
}

/**
 * Accepts the TOTP step `step` for the operator unless a code of that step or a later one was already accepted
 * (replay): one atomic statement, so two requests with one code cannot both pass. Whether it was accepted.
 */
export async function acceptTotpStep(db: D1Database, operatorId: number, step: number): Promise<boolean> {
  const res = await db.prepare(`UPDATE console_operators SET totp_last_step = ?1 WHERE id = ?2 AND totp_last_step < ?1`).bind(step, operatorId).run();
  return res.meta.changes === 1;
}

/**
 * Confirms the enrolment at `now` (step `step` accepted), replaces the recovery codes with `codeHashes`, and lets
 * the operator's enrol-only sessions do their role's work; `extra` (the audit row) joins the same batch.
 */
export async function confirmTotp(db: D1Database, operatorId: number, step: number, codeHashes: readonly string[], now: number, extra: readonly D1PreparedStatement[]): Promise<void> {
  await db.batch([
    db.prepare(`UPDATE console_operators SET totp_enabled_at = ?, totp_last_step = ? WHERE id = ?`).bind(now, step, operatorId),
    db.prepare(`DELETE FROM console_recovery_codes WHERE operator_id = ?`).bind(operatorId),
    ...codeHashes.map((hash) => db.prepare(`INSERT INTO console_recovery_codes (operator_id, code_hash) VALUES (?, ?)`).bind(operatorId, hash)),
    db.prepare(`UPDATE console_sessions SET enrol_only = 0 WHERE operator_id = ? AND revoked_at IS NULL`).bind(operatorId),
    ...extra,
  ]);
}

/** Spends an unused recovery code (by hash) at `now`; whether it was there and unused. Atomic. */
export async function spendRecoveryCode(db: D1Database, operatorId: number, codeHash: string, now: number): Promise<boolean> {
  const res = await db.prepare(`UPDATE console_recovery_codes SET used_at = ? WHERE operator_id = ? AND code_hash = ? AND used_at IS NULL`)
    .bind(now, operatorId, codeHash).run();
  return res.meta.changes === 1;
}
