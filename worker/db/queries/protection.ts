/**
 * Player protection settings (migration 0033_protection_limits.sql): the limits a player set with their pending
 * changes and history, each limit's use over its window, and the first-deposit prompt. Keyed by (merchant code,
 * member id). Money values are integer minor units; the session limit is minutes; time is UTC epoch ms.
 */
import { windowStart, type LimitKind, type LimitPeriod, type MoneyLimitKind } from '../../../rules/protection';
import { usageSql } from './protection-guard';

/** A limit's period: a money period, or 'session' for the session time limit. */
export type StoredPeriod = LimitPeriod | 'session';

/** One stored limit with its pending change. */
export interface StoredLimit {
  kind: LimitKind;
  period: StoredPeriod;
  /** In force: minor units (money) or minutes (session). */
  value: number;
  /** A pending increase or removal: the requested value (null = removal), when asked and when it may be confirmed. */
  pending: { value: number | null; requestedAt: number; confirmableAt: number } | null;
  updatedAt: number;
}

interface LimitRow {
  kind: LimitKind;
  period: StoredPeriod;
  limit_value: number;
  pending_value: number | null;
  pending_requested_at: number | null;
  pending_confirmable_at: number | null;
  updated_at: number;
}

function toLimit(row: LimitRow): StoredLimit {
  return {
    kind: row.kind, period: row.period, value: row.limit_value, updatedAt: row.updated_at,
    pending: row.pending_requested_at !== null && row.pending_confirmable_at !== null
      ? { value: row.pending_value, requestedAt: row.pending_requested_at, confirmableAt: row.pending_confirmable_at }
      : null,
  };
}

/** Which member's settings: the site and the member id (members.id in built-in mode). */
export interface ProtectedMember {
  merchantCode: string;
  memberId: number;
}

const LIMIT_COLUMNS = 'kind, period, limit_value, pending_value, pending_requested_at, pending_confirmable_at, updated_at';

/** Every limit of a member (money limits and the session time limit). */
export async function listLimits(db: D1Database, who: ProtectedMember): Promise<StoredLimit[]> {
  const { results } = await db
    .prepare(`SELECT ${LIMIT_COLUMNS} FROM protection_limits WHERE merchant_code = ? AND member_id = ? ORDER BY kind, period`)
    .bind(who.merchantCode, who.memberId)
    .all<LimitRow>();
  return results.map(toLimit);
}

/** One limit of a member, or null. */
export async function findLimit(db: D1Database, who: ProtectedMember, kind: LimitKind, period: StoredPeriod): Promise<StoredLimit | null> {
  const row = await db
    .prepare(`SELECT ${LIMIT_COLUMNS} FROM protection_limits WHERE merchant_code = ? AND member_id = ? AND kind = ? AND period = ?`)
    .bind(who.merchantCode, who.memberId, kind, period)
    .first<LimitRow>();
  return row ? toLimit(row) : null;
}

/** One change of a limit, as the history keeps it. */
export interface LimitHistoryEntry {
  kind: LimitKind;
  period: StoredPeriod;
  action: 'set' | 'increase_requested' | 'removal_requested' | 'confirmed' | 'cancelled';
  oldValue: number | null;
  newValue: number | null;
  at: number;
}

function historyStatement(db: D1Database, who: ProtectedMember, entry: LimitHistoryEntry): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO protection_limit_history (merchant_code, member_id, kind, period, action, old_value, new_value, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
    .bind(who.merchantCode, who.memberId, entry.kind, entry.period, entry.action, entry.oldValue, entry.newValue, entry.at);
}

/** Puts a limit in force at once (new or lower), dropping any pending change; with its history entry. */
export async function putLimitInForce(db: D1Database, who: ProtectedMember, entry: LimitHistoryEntry & { newValue: number }): Promise<void> {
  await db.batch([
    db.prepare(
      `INSERT INTO protection_limits (merchant_code, member_id, kind, period, limit_value, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
       ON CONFLICT (member_id, kind, period, merchant_code) DO UPDATE SET limit_value = ?5, pending_value = NULL,
         pending_requested_at = NULL, pending_confirmable_at = NULL, updated_at = ?6`,
    ).bind(who.merchantCode, who.memberId, entry.kind, entry.period, entry.newValue, entry.at),
    historyStatement(db, who, entry),
  ]);
}

/** Records a pending increase or removal (`entry.newValue` null) that may be confirmed from `confirmableAt`. */
export async function requestLimitChange(db: D1Database, who: ProtectedMember, entry: LimitHistoryEntry, confirmableAt: number): Promise<void> {
  await db.batch([
    db.prepare(
      `UPDATE protection_limits SET pending_value = ?5, pending_requested_at = ?6, pending_confirmable_at = ?7, updated_at = ?6
       WHERE merchant_code = ?1 AND member_id = ?2 AND kind = ?3 AND period = ?4`,
    ).bind(who.merchantCode, who.memberId, entry.kind, entry.period, entry.newValue, entry.at, confirmableAt),
    historyStatement(db, who, entry),
  ]);
}

/** Drops a pending change, keeping the limit in force (history action 'cancelled'). */
export async function cancelLimitChange(db: D1Database, who: ProtectedMember, entry: LimitHistoryEntry): Promise<void> {
  await db.batch([
    db.prepare(
      `UPDATE protection_limits SET pending_value = NULL, pending_requested_at = NULL, pending_confirmable_at = NULL, updated_at = ?5
       WHERE merchant_code = ?1 AND member_id = ?2 AND kind = ?3 AND period = ?4`,
    ).bind(who.merchantCode, who.memberId, entry.kind, entry.period, entry.at),
    historyStatement(db, who, entry),
  ]);
}

/**
 * Applies a confirmed pending change: the requested value in force, or the limit deleted for a removal. Only
 * while the same pending change is still there and its cooling-off has passed (`entry.at` ≥ confirmable time);
 * answers whether it was applied.
 */
export async function applyLimitChange(db: D1Database, who: ProtectedMember, entry: LimitHistoryEntry, requestedAt: number): Promise<boolean> {
  const where = `merchant_code = ?1 AND member_id = ?2 AND kind = ?3 AND period = ?4 AND pending_requested_at = ?5 AND pending_confirmable_at <= ?6`;
  const change = entry.newValue === null
    ? db.prepare(`DELETE FROM protection_limits WHERE ${where}`).bind(who.merchantCode, who.memberId, entry.kind, entry.period, requestedAt, entry.at)
    : db.prepare(`UPDATE protection_limits SET limit_value = pending_value, pending_value = NULL, pending_requested_at = NULL,
        pending_confirmable_at = NULL, updated_at = ?6 WHERE ${where}`).bind(who.merchantCode, who.memberId, entry.kind, entry.period, requestedAt, entry.at);
  const [result] = await db.batch([change]);
  if ((result?.meta.changes ?? 0) === 0) return false;
  await historyStatement(db, who, entry).run();
  return true;
}

/** A member's limit history, newest first (the operator's view). */
export async function limitHistory(db: D1Database, who: ProtectedMember, limit = 100): Promise<LimitHistoryEntry[]> {
  const { results } = await db
    .prepare(`SELECT kind, period, action, old_value, new_value, at FROM protection_limit_history
      WHERE member_id = ? AND merchant_code = ? ORDER BY at DESC, id DESC LIMIT ?`)
    .bind(who.memberId, who.merchantCode, limit)
    .all<{ kind: LimitKind; period: StoredPeriod; action: LimitHistoryEntry['action']; old_value: number | null; new_value: number | null; at: number }>();
  return results.map((r) => ({ kind: r.kind, period: r.period, action: r.action, oldValue: r.old_value, newValue: r.new_value, at: r.at }));
}

/** What a money limit's window holds: the use (minor units) and the oldest counted movement's time (null: none). */
export interface WindowUse {
  used: number;
  oldestAt: number | null;
}

/** The use of one money limit kind over a period's window ending at `now` (nothing in flight counted). */
export async function windowUse(db: D1Database, memberId: number, kind: MoneyLimitKind, period: LimitPeriod, now: number): Promise<WindowUse> {
  const oldest = kind === 'deposit'
    ? `(SELECT MIN(d.created_at) FROM deposits d WHERE d.member_id = ?1 AND d.status IN ('pending', 'credited') AND d.created_at > ?2)`
    : `(SELECT MIN(e.created_at) FROM ledger_entries e WHERE e.member_id = ?1 AND e.kind = 'bet' AND e.created_at > ?2)`;
  const row = await db
    .prepare(`SELECT ${usageSql(kind, '?1', '?2', `''`)} AS used, ${oldest} AS oldest_at`)
    .bind(memberId, windowStart(period, now))
    .first<{ used: number; oldest_at: number | null }>();
  return { used: Math.max(0, row?.used ?? 0), oldestAt: row?.oldest_at ?? null };
}

/** When the member answered the first-deposit prompt to set a deposit limit, or null. */
export async function depositPromptAnsweredAt(db: D1Database, who: ProtectedMember): Promise<number | null> {
  const row = await db
    .prepare(`SELECT deposit_limit_answered_at FROM protection_prompts WHERE member_id = ? AND merchant_code = ?`)
    .bind(who.memberId, who.merchantCode)
    .first<{ deposit_limit_answered_at: number }>();
  return row?.deposit_limit_answered_at ?? null;
}

/** Records that the member answered the first-deposit prompt (the first answer's time is kept). */
export async function answerDepositPrompt(db: D1Database, who: ProtectedMember, now: number): Promise<void> {
  await db
    .prepare(`INSERT INTO protection_prompts (merchant_code, member_id, deposit_limit_answered_at) VALUES (?, ?, ?)
      ON CONFLICT (member_id, merchant_code) DO NOTHING`)
    .bind(who.merchantCode, who.memberId, now)
    .run();
}

/** Whether the member has ever started a deposit (the prompt is asked at the first). */
export async function hasAnyDeposit(db: D1Database, memberId: number): Promise<boolean> {
  const row = await db.prepare(`SELECT 1 AS found FROM deposits WHERE member_id = ? LIMIT 1`).bind(memberId).first<{ found: number }>();
  return row !== null;
}
