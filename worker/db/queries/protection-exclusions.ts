/**
 * Breaks and self-exclusions (migration 0037_protection_exclusions.sql; docs/player-protection.md "Time-out and
 * self-exclusion"). Keyed by (merchant code, member id) like the limits (members.id in built-in mode, the platform's
 * member id in upstream mode). Rows are only added (never shortened or deleted); a reopening request is the one
 * update. Time is UTC epoch ms.
 */
import type { ExclusionKind, ExclusionRecord } from '../../../rules/exclusion';
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
