/**
 * Breaks and self-exclusions (migration 0037_protection_exclusions.sql; docs/player-protection.md "Time-out and
 * self-exclusion"). Keyed by (merchant code, member id) like the limits (members.id in built-in mode, the platform's
 * member id in upstream mode). Rows are only added (never shortened or deleted); a reopening request is the one
 * update. Time is UTC epoch ms.
 */
import { REOPEN_WAIT_MS, type ExclusionKind, type ExclusionRecord } from '../../../rules/exclusion.ts';
import type { ProtectedMember } from './protection';

/** One stored break or self-exclusion with who set it. */
export interface StoredExclusion extends ExclusionRecord {
  id: number;
  setBy: 'player' | 'operator';
  operator: string | null;
  reason: string;
}

interface ExclusionRow {
  id: number;
  kind: ExclusionKind;
  started_at: number;
  ends_at: number | null;
  set_by: 'player' | 'operator';
  operator: string | null;
  reason: string;
  reopen_requested_at: number | null;
}

const toExclusion = (row: ExclusionRow): StoredExclusion => ({
  id: row.id, kind: row.kind, startedAt: row.started_at, endsAt: row.ends_at, setBy: row.set_by, operator: row.operator,
  reason: row.reason, reopenRequestedAt: row.reopen_requested_at,
});

/** Every break and self-exclusion of a member, oldest first (the history the operator sees). */
export async function listExclusions(db: D1Database, who: ProtectedMember): Promise<StoredExclusion[]> {
  const { results } = await db
    .prepare(`SELECT id, kind, started_at, ends_at, set_by, operator, reason, reopen_requested_at FROM protection_exclusions
      WHERE member_id = ? AND merchant_code = ? ORDER BY started_at, id`)
    .bind(who.memberId, who.merchantCode)
    .all<ExclusionRow>();
  return results.map(toExclusion);
}

/** A new break or self-exclusion to store. */
export interface NewExclusion {
  kind: ExclusionKind;
  startedAt: number;
  endsAt: number | null;
  setBy: 'player' | 'operator';
  operator?: string | null;
  reason?: string;
}

/** The insert of a new break or self-exclusion, for the caller's batch (ending the member's sessions with it). */
export function insertExclusionStatement(db: D1Database, who: ProtectedMember, row: NewExclusion): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO protection_exclusions (merchant_code, member_id, kind, started_at, ends_at, set_by, operator, reason)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
    .bind(who.merchantCode, who.memberId, row.kind, row.startedAt, row.endsAt, row.setBy, row.operator ?? null, row.reason ?? '');
}

/**
 * Records the player's request to reopen after their self-exclusions ended: every ended, not yet reopened
 * self-exclusion of the member gets `reopen_requested_at = now`. Answers how many rows it marked.
 */
export async function requestReopen(db: D1Database, who: ProtectedMember, now: number): Promise<number> {
  const result = await db
    .prepare(`UPDATE protection_exclusions SET reopen_requested_at = ?1
      WHERE member_id = ?2 AND merchant_code = ?3 AND kind = 'self_exclusion' AND ends_at IS NOT NULL AND ends_at <= ?1
        AND reopen_requested_at IS NULL`)
    .bind(now, who.memberId, who.merchantCode)
    .run();
  return result.meta.changes ?? 0;
}

/**
 * SQL truth value: the member (`member`, `merchant`: SQL expressions of members.id and the site code) is blocked at
 * `now` (an SQL expression, epoch ms) by a break or self-exclusion — the rule of rules/exclusion.ts exclusionBlock,
 * for a statement inside a money batch (worker/db/queries/protection-guard.ts). A row's start is not compared with
 * `now`: a movement whose clock was read just before the exclusion was written is still refused when its batch runs
 * after it, so no bet placed in parallel passes once the exclusion is stored.
 */
export function exclusionInForceSql(member: string, merchant: string, now: string): string {
  return `EXISTS (SELECT 1 FROM protection_exclusions x WHERE x.member_id = ${member} AND x.merchant_code = ${merchant}
    AND ((x.kind = 'break' AND x.ends_at > ${now})
      OR (x.kind = 'self_exclusion' AND (x.ends_at IS NULL OR x.ends_at > ${now} OR x.reopen_requested_at IS NULL
        OR x.reopen_requested_at < x.ends_at OR x.reopen_requested_at + ${REOPEN_WAIT_MS} > ${now}))))`;
}

/**
 * SQL truth value: a message created at `createdAt` (SQL expression, epoch ms) falls inside a break or
 * self-exclusion of the member — from its start to its end, and for a self-exclusion until its account opens again
 * (24 hours after the reopening request; without one, for good). The inbox leaves out the broadcasts of those times
 * (worker/db/queries/inbox.ts): marketing sent while a player was blocked never reaches them, also not afterwards.
 */
export function sentWhileExcludedSql(member: string, merchant: string, createdAt: string): string {
  return `EXISTS (SELECT 1 FROM protection_exclusions x WHERE x.member_id = ${member} AND x.merchant_code = ${merchant}
    AND ${createdAt} >= x.started_at
    AND ${createdAt} < CASE WHEN x.kind = 'break' THEN x.ends_at
      WHEN x.ends_at IS NULL OR x.reopen_requested_at IS NULL OR x.reopen_requested_at < x.ends_at THEN ${Number.MAX_SAFE_INTEGER}
      ELSE x.reopen_requested_at + ${REOPEN_WAIT_MS} END)`;
}

/**
 * The statements that end every session of a member at `now`, for the batch that stores their break or
 * self-exclusion (one transaction): the sessions (revoked, so the next call of any tab answers 401 and a live
 * chat's room closes its sockets: migration 0025), the remember-me tokens (revoked), the social log-in codes not yet
 * exchanged (used up), and the chat tickets not yet used (deleted: the built-in chat's and the external chat's).
 */
export function endMemberSessionsStatements(db: D1Database, memberId: number, now: number): D1PreparedStatement[] {
  return [
    db.prepare(`UPDATE sessions SET revoked_at = ?1 WHERE member_id = ?2 AND revoked_at IS NULL`).bind(now, memberId),
    db.prepare(`UPDATE remember_tokens SET revoked_at = ?1 WHERE member_id = ?2 AND revoked_at IS NULL`).bind(now, memberId),
    db.prepare(`UPDATE session_exchange_codes SET used_at = ?1 WHERE member_id = ?2 AND used_at IS NULL`).bind(now, memberId),
    db.prepare(`DELETE FROM chat_tickets WHERE role = 'player' AND author_id = ?1`).bind(memberId),
    db.prepare(`DELETE FROM external_chat_tickets WHERE member_id = ?1`).bind(memberId),
  ];
}

/** Live sessions of a member (the tests and the operator see that an exclusion ended them all). */
export async function countLiveSessions(db: D1Database, memberId: number): Promise<number> {
  const row = await db.prepare(`SELECT COUNT(*) AS n FROM sessions WHERE member_id = ? AND revoked_at IS NULL`).bind(memberId).first<{ n: number }>();
  return row?.n ?? 0;
}
