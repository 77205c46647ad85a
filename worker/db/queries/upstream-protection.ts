/**
 * The edge's record of the platform's sessions and of the deposits and lottery bets it forwarded (migration
 * 0044_upstream_protection.sql; docs/player-protection.md "Upstream mode"). Keyed by (merchant code, the PLATFORM's
 * member id). Money is integer minor units, time UTC epoch ms; tokens are kept only as their hash.
 */
import { PERIOD_MS, windowStart, type LimitPeriod } from '../../../rules/protection';
import type { ProtectedMember, WindowUse } from './protection';

/** Why the edge ended a platform session. */
export type UpstreamEndReason = 'logout' | 'session_time_limit' | 'excluded';

/** One platform session as the edge keeps it, with what each call checks. */
export interface UpstreamSession extends ProtectedMember {
  tokenHash: string;
  /** The platform's account type (0, 1, 2 real accounts; 4 free play). */
  memberType: number;
  startedAt: number;
  identifiedAt: number;
  realityCheckAckedAt: number | null;
  endedAt: number | null;
  endReason: UpstreamEndReason | null;
  /** The session time limit in force for the member (minutes), or null. */
  sessionLimitMinutes: number | null;
  /** The member has a break or self-exclusion row that has started (the exact rule is rules/exclusion.ts). */
  hasExclusions: boolean;
}

interface SessionRow {
  token_hash: string;
  merchant_code: string;
  member_id: number;
  member_type: number;
  started_at: number;
  identified_at: number;
  reality_check_acked_at: number | null;
  ended_at: number | null;
  end_reason: UpstreamEndReason | null;
  session_limit: number | null;
  has_exclusions: number;
}

/**
 * The session of a token hash on a site, with the member's session time limit and whether any of their breaks or
 * self-exclusions has started at `now` (one read per call), or null when the edge has not seen the token.
 */
export async function findUpstreamSession(db: D1Database, tokenHash: string, merchantCode: string, now: number): Promise<UpstreamSession | null> {
  const row = await db
    .prepare(`SELECT s.token_hash, s.merchant_code, s.member_id, s.member_type, s.started_at, s.identified_at,
        s.reality_check_acked_at, s.ended_at, s.end_reason,
        (SELECT l.limit_value FROM protection_limits l WHERE l.merchant_code = s.merchant_code AND l.member_id = s.member_id
          AND l.kind = 'session' AND l.period = 'session') AS session_limit,
        EXISTS (SELECT 1 FROM protection_exclusions e WHERE e.member_id = s.member_id AND e.merchant_code = s.merchant_code
          AND e.started_at <= ?3) AS has_exclusions
      FROM upstream_sessions s WHERE s.token_hash = ?1 AND s.merchant_code = ?2`)
    .bind(tokenHash, merchantCode, now)
    .first<SessionRow>();
  if (!row) return null;
  return {
    tokenHash: row.token_hash, merchantCode: row.merchant_code, memberId: row.member_id, memberType: row.member_type,
    startedAt: row.started_at, identifiedAt: row.identified_at, realityCheckAckedAt: row.reality_check_acked_at,
    endedAt: row.ended_at, endReason: row.end_reason, sessionLimitMinutes: row.session_limit, hasExclusions: row.has_exclusions === 1,
  };
}

/**
 * Records a session the platform just confirmed (its log-in answer, or its member-info answer for a token the edge
 * had not seen): a new token starts at `now`; a known one keeps its start and gets `identified_at = now` (a token
 * that now names another member is a new session).
 */
export async function recordUpstreamSession(
  db: D1Database, tokenHash: string, who: ProtectedMember, memberType: number, now: number,
): Promise<void> {
  await db
    .prepare(`INSERT INTO upstream_sessions (token_hash, merchant_code, member_id, member_type, started_at, identified_at)
      VALUES (?1, ?2, ?3, ?4, ?5, ?5)
      ON CONFLICT (token_hash) DO UPDATE SET identified_at = ?5, member_type = ?4,
        started_at = CASE WHEN member_id = ?3 AND merchant_code = ?2 THEN started_at ELSE ?5 END,
        reality_check_acked_at = CASE WHEN member_id = ?3 AND merchant_code = ?2 THEN reality_check_acked_at END,
        ended_at = CASE WHEN member_id = ?3 AND merchant_code = ?2 THEN ended_at END,
        end_reason = CASE WHEN member_id = ?3 AND merchant_code = ?2 THEN end_reason END,
        member_id = ?3, merchant_code = ?2`)
    .bind(tokenHash, who.merchantCode, who.memberId, memberType, now)
    .run();
}

/** Ends one session at the edge (the first end is kept). */
export async function endUpstreamSession(db: D1Database, tokenHash: string, reason: UpstreamEndReason, now: number): Promise<void> {
  await db
    .prepare(`UPDATE upstream_sessions SET ended_at = ?2, end_reason = ?3 WHERE token_hash = ?1 AND ended_at IS NULL`)
    .bind(tokenHash, now, reason)
    .run();
}

/**
 * Ends every live session of a member at the edge (a break or self-exclusion ends them all, RTS 14): their next call
 * through the edge is refused. Answers how many were ended.
 */
export async function endMemberUpstreamSessions(db: D1Database, who: ProtectedMember, reason: UpstreamEndReason, now: number): Promise<number> {
  const result = await db
    .prepare(`UPDATE upstream_sessions SET ended_at = ?3, end_reason = ?4 WHERE member_id = ?1 AND merchant_code = ?2 AND ended_at IS NULL`)
    .bind(who.memberId, who.merchantCode, now, reason)
    .run();
  return result.meta.changes ?? 0;
}

/** Records "continue" on the session's reality check at `now`. */
export async function acknowledgeUpstreamRealityCheck(db: D1Database, tokenHash: string, now: number): Promise<void> {
  await db.prepare(`UPDATE upstream_sessions SET reality_check_acked_at = ? WHERE token_hash = ?`).bind(now, tokenHash).run();
}

/** The kinds of movement the edge records, and the money limit each counts toward. */
export type UpstreamMovementKind = 'deposit' | 'bet';
const LIMIT_OF_MOVEMENT = { deposit: 'deposit', bet: 'wager' } as const;

/** SQL of the use of the movements of `kind` for member ?1 on site ?2 after the window start `start` (minor units). */
function movementUseSql(kind: UpstreamMovementKind, start: string): string {
  return `(SELECT COALESCE(SUM(m.amount_minor), 0) FROM upstream_movements m WHERE m.member_id = ?1 AND m.merchant_code = ?2
    AND m.kind = '${kind}' AND m.created_at > ${start})`;
}

/** A movement about to be forwarded. */
export interface NewUpstreamMovement {
  kind: UpstreamMovementKind;
  amountMinor: number;
  path: string;
  idempotencyKey: string | null;
  now: number;
}

/**
 * Records a movement as 'pending' and, in the same batch (one transaction), the limit guard: the member's limits of
 * the movement's kind (deposit limits for a deposit, wager limits for a bet) over their rolling windows, the movement
 * counted. The batch aborts with `protection_limit_exceeded` (db/queries/protection-guard.ts isLimitGuardError)
 * when any is passed, so parallel calls cannot race past a limit. A movement with an Idempotency-Key already recorded
 * is not recorded again: answers that movement's id (a retry), else the new one's.
 */
export async function reserveUpstreamMovement(db: D1Database, who: ProtectedMember, movement: NewUpstreamMovement): Promise<number> {
  if (movement.idempotencyKey) {
    const kept = await db
      .prepare(`SELECT id FROM upstream_movements WHERE merchant_code = ? AND member_id = ? AND kind = ? AND idempotency_key = ?`)
      .bind(who.merchantCode, who.memberId, movement.kind, movement.idempotencyKey)
      .first<{ id: number }>();
    if (kept) return kept.id;
  }
  const limitKind = LIMIT_OF_MOVEMENT[movement.kind];
  const start = `CASE l.period WHEN 'day' THEN ?3 WHEN 'week' THEN ?4 ELSE ?5 END`;
  const [inserted] = await db.batch<{ id: number }>([
    db.prepare(`INSERT INTO upstream_movements (merchant_code, member_id, kind, amount_minor, path, status, idempotency_key, created_at)
        VALUES (?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING id`)
      .bind(who.merchantCode, who.memberId, movement.kind, movement.amountMinor, movement.path, movement.idempotencyKey, movement.now),
    db.prepare(`INSERT INTO protection_guard (member_id, over)
        SELECT ?1, EXISTS (SELECT 1 FROM protection_limits l WHERE l.merchant_code = ?2 AND l.member_id = ?1
          AND l.kind = '${limitKind}' AND ${movementUseSql(movement.kind, start)} > l.limit_value)`)
      .bind(who.memberId, who.merchantCode, movement.now - PERIOD_MS.day, movement.now - PERIOD_MS.week, movement.now - PERIOD_MS.month),
  ]);
  const id = inserted?.results[0]?.id;
  if (id === undefined) throw new Error('upstream movement not recorded');
  return id;
}

/** The platform took the movement: it counts for good. */
export async function acceptUpstreamMovement(db: D1Database, id: number): Promise<void> {
  await db.prepare(`UPDATE upstream_movements SET status = 'accepted' WHERE id = ?`).bind(id).run();
}

/** The platform refused the movement (or it was never sent): it moved no money and is dropped. */
export async function dropUpstreamMovement(db: D1Database, id: number): Promise<void> {
  await db.prepare(`DELETE FROM upstream_movements WHERE id = ?`).bind(id).run();
}

/** The use of one limit kind (deposit: deposits; wager: bets) over a period's window ending at `now`. */
export async function upstreamWindowUse(
  db: D1Database, who: ProtectedMember, kind: UpstreamMovementKind, period: LimitPeriod, now: number,
): Promise<WindowUse> {
  const row = await db
    .prepare(`SELECT ${movementUseSql(kind, '?3')} AS used, (SELECT MIN(m.created_at) FROM upstream_movements m WHERE m.member_id = ?1
        AND m.merchant_code = ?2 AND m.kind = '${kind}' AND m.created_at > ?3) AS oldest_at`)
    .bind(who.memberId, who.merchantCode, windowStart(period, now))
    .first<{ used: number; oldest_at: number | null }>();
  return { used: Math.max(0, row?.used ?? 0), oldestAt: row?.oldest_at ?? null };
}
