/**
 * The player's limits (docs/player-protection.md, UKGC RTS 12): deposit, loss and wager limits per rolling 24 hours,
 * 7 days and 30 days, and the session time limit. A new or lower limit is in force at once; a higher one or a removal
 * waits 24 hours of cooling-off and then the player's confirmation, the old limit holding meanwhile. Money values are
 * integer minor units, the session limit minutes, time UTC epoch ms (`now` is the request's clock).
 */
import { ApiError } from '../../lib/envelope';
import {
  COOLING_OFF_MS, LIMIT_PERIODS, MONEY_LIMIT_KINDS, PERIOD_MS, confirmable, limitChange, remainingOf,
  type LimitPeriod, type MoneyLimitKind,
} from '../../../rules/protection';
import {
  answerDepositPrompt, applyLimitChange, cancelLimitChange, depositPromptAnsweredAt, findLimit, listLimits,
  putLimitInForce, requestLimitChange, type ProtectedMember, type StoredLimit, type StoredPeriod,
} from '../../db/queries/protection';
import { builtInUsage, type LimitUsage } from './usage';

/** A pending increase or removal as the player sees it. */
export interface PendingChange {
  /** The requested value (null: removal). */
  value: number | null;
  requestedAt: number;
  /** From when the player may confirm it (requestedAt + 24 hours). */
  confirmableAt: number;
}

/** One money limit as the player sees it (minor units). */
export interface MoneyLimitView {
  kind: MoneyLimitKind;
  period: LimitPeriod;
  limit: number;
  used: number;
  remaining: number;
  /** When the oldest movement counted in the window leaves it (more becomes available), or null with none. */
  resetsAt: number | null;
  pending: PendingChange | null;
}

/** The session time limit as the player sees it. */
export interface SessionLimitView {
  minutes: number;
  pending: PendingChange | null;
}

/** Everything the limits page shows. */
export interface LimitsView {
  limits: MoneyLimitView[];
  session: SessionLimitView | null;
  /** True when the first deposit should ask for a deposit limit (no deposit yet, no deposit limit, not answered). */
  depositPrompt: boolean;
  /** The server's clock of this answer (epoch ms): pending changes are confirmable when now ≥ confirmableAt. */
  now: number;
  /** The site's currency symbol. */
  currencySymbol: string;
  /** The money limit kinds offered (all in built-in mode; upstream mode: deposit and wager, usage.ts). */
  kinds: MoneyLimitKind[];
}

function pendingOf(limit: StoredLimit): PendingChange | null {
  return limit.pending ? { value: limit.pending.value, requestedAt: limit.pending.requestedAt, confirmableAt: limit.pending.confirmableAt } : null;
}

function isMoneyLimit(limit: StoredLimit): limit is StoredLimit & { kind: MoneyLimitKind; period: LimitPeriod } {
  return (MONEY_LIMIT_KINDS as readonly string[]).includes(limit.kind) && (LIMIT_PERIODS as readonly string[]).includes(limit.period);
}

/**
 * The member's limits with what is used and left of each money limit at `now`, and whether to prompt at the first
 * deposit. `usage` is where the use is read (usage.ts: the ledger in built-in mode, the edge's record upstream); a
 * stored limit of a kind the source does not offer is left out.
 */
export async function limitsView(
  db: D1Database, who: ProtectedMember, now: number, currencySymbol = '', usage: LimitUsage = builtInUsage(db, who),
): Promise<LimitsView> {
  const stored = await listLimits(db, who);
  const limits: MoneyLimitView[] = [];
  for (const limit of stored.filter(isMoneyLimit).filter((l) => usage.kinds.includes(l.kind))) {
    const use = await usage.windowUse(limit.kind, limit.period, now);
    limits.push({
      kind: limit.kind, period: limit.period, limit: limit.value, used: use.used, remaining: remainingOf(limit.value, use.used),
      resetsAt: use.oldestAt === null ? null : use.oldestAt + PERIOD_MS[limit.period], pending: pendingOf(limit),
    });
  }
  limits.sort((a, b) => MONEY_LIMIT_KINDS.indexOf(a.kind) - MONEY_LIMIT_KINDS.indexOf(b.kind) || LIMIT_PERIODS.indexOf(a.period) - LIMIT_PERIODS.indexOf(b.period));
  const sessionLimit = stored.find((l) => l.kind === 'session');
  const hasDepositLimit = limits.some((l) => l.kind === 'deposit');
  const depositPrompt = !hasDepositLimit && (await depositPromptAnsweredAt(db, who)) === null && (await usage.promptsAtFirstDeposit());
  return {
    limits,
    session: sessionLimit ? { minutes: sessionLimit.value, pending: pendingOf(sessionLimit) } : null,
    depositPrompt,
    now,
    currencySymbol,
    kinds: [...usage.kinds],
  };
}

/** What a change did: in force at once, waiting for cooling-off, or nothing new. */
export type LimitChangeOutcome = 'in_force' | 'pending' | 'unchanged';

/**
 * Sets, lowers, raises or removes (`value` null) one limit. Rules (RTS 12; docs/player-protection.md): a new or
 * lower limit is in force at once and drops any pending change; a higher one or a removal is recorded as pending,
 * confirmable 24 hours later (the limit in force stays); the same value as in force drops a pending change. Every
 * change is written to the history. Setting a deposit limit also answers the first-deposit prompt.
 */
export async function changeLimit(
  db: D1Database, who: ProtectedMember, kind: MoneyLimitKind | 'session', period: StoredPeriod, value: number | null, now: number,
): Promise<LimitChangeOutcome> {
  const current = await findLimit(db, who, kind, period);
  const change = limitChange(current?.value ?? null, value);
  if (kind === 'deposit') await answerDepositPrompt(db, who, now);
  if (change === 'immediate' && value !== null) {
    await putLimitInForce(db, who, { kind, period, action: 'set', oldValue: current?.value ?? null, newValue: value, at: now });
    return 'in_force';
  }
  if (change === 'unchanged' || !current) {
    if (current?.pending) await cancelLimitChange(db, who, { kind, period, action: 'cancelled', oldValue: current.value, newValue: current.pending.value, at: now });
    return 'unchanged';
  }
  const action = value === null ? 'removal_requested' : 'increase_requested';
  await requestLimitChange(db, who, { kind, period, action, oldValue: current.value, newValue: value, at: now }, now + COOLING_OFF_MS);
  return 'pending';
}

/**
 * Confirms a pending increase or removal once its cooling-off has passed: the requested value is then in force (or
 * the limit removed). 409 `no_pending_change` when none is pending; 409 `limit_not_confirmable` (value
 * `{ confirmableAt }`) before its time.
 */
export async function confirmLimit(db: D1Database, who: ProtectedMember, kind: MoneyLimitKind | 'session', period: StoredPeriod, now: number): Promise<void> {
  const current = await findLimit(db, who, kind, period);
  if (!current?.pending) throw new ApiError(409, 'no_pending_change', 'This limit has no pending change to confirm');
  const pending = current.pending;
  if (!confirmable(pending.confirmableAt, now)) {
    throw new ApiError(409, 'limit_not_confirmable', 'The 24 hours of cooling-off have not passed yet', { confirmableAt: pending.confirmableAt });
  }
  const applied = await applyLimitChange(db, who, { kind, period, action: 'confirmed', oldValue: current.value, newValue: pending.value, at: now }, pending.requestedAt);
  if (!applied) throw new ApiError(409, 'no_pending_change', 'This limit has no pending change to confirm');
}

/** Records the player's "not now" to the first-deposit prompt (it is not asked again). */
export async function declineDepositPrompt(db: D1Database, who: ProtectedMember, now: number): Promise<void> {
  await answerDepositPrompt(db, who, now);
}
