/**
 * The limit guard of the money paths (migration 0033_protection_limits.sql, docs/player-protection.md "Where the
 * limits are enforced"): one statement a money path adds to the D1 batch (one transaction) of its movement, after
 * the movement's own rows. It computes, inside that transaction, each limit's use over its rolling window with the
 * movement already counted and inserts one row into `protection_guard`, whose trigger aborts the whole batch with
 * `protection_limit_exceeded` when any limit is passed (and otherwise drops the row). Parallel deposits or bets
 * therefore cannot race past a limit: D1 runs batches one at a time, and each sees the ones before it. A break or
 * self-exclusion in force (migration 0037; docs/player-protection.md "Time-out and self-exclusion") aborts it the
 * same way, so no movement passes once an exclusion is stored, whatever the order of the requests. So does a real
 * player without a date of birth on a site that requires it (a social-login registration not yet age-confirmed,
 * worker/db/queries/age-confirmation.ts; docs/honest-money.md "Age check and consent").
 */
import { PERIOD_MS, type LimitPeriod, type MoneyLimitKind } from '../../../rules/protection';
import { exclusionInForceSql } from './protection-exclusions';
import { ageUnconfirmedSql } from './age-confirmation';

/** The text D1 reports when the guard refused a batch (the trigger's RAISE message). */
export const LIMIT_GUARD_ERROR = 'protection_limit_exceeded';

/** Ledger kinds of a wager (bets, less refunded bets) and of a loss (bets − wins, less refunds). */
const WAGER_KINDS = `'bet', 'refund'`;
const LOSS_KINDS = `'bet', 'win', 'refund'`;

/**
 * SQL of one limit kind's use in a window, in minor units: `?member` the member id, `start` an SQL expression of
 * the window's exclusive start, `?exclude` a ledger reference whose win is not counted (the movement's own outcome:
 * a bet is judged on its stake, never on whether it won). Deposits count while pending or credited (an expired or
 * failed order took no money). A ledger entry's money is its cash and its bonus part together (migration 0034:
 * a stake is paid cash first, then bonus money; docs/honest-money.md), so a bet paid with bonus money counts too.
 */
export function usageSql(kind: MoneyLimitKind, member: string, start: string, exclude: string): string {
  if (kind === 'deposit') {
    return `(SELECT COALESCE(SUM(d.amount_minor), 0) FROM deposits d WHERE d.member_id = ${member}
      AND d.status IN ('pending', 'credited') AND d.created_at > ${start})`;
  }
  const kinds = kind === 'wager' ? WAGER_KINDS : LOSS_KINDS;
  return `(SELECT COALESCE(-SUM(e.amount_minor + e.bonus_amount_minor), 0) FROM ledger_entries e WHERE e.member_id = ${member}
    AND e.kind IN (${kinds}) AND e.created_at > ${start} AND NOT (e.kind = 'win' AND e.reference = ${exclude}))`;
}

/** SQL of a limit row's window start, from the three bound starts ?3 (day), ?4 (week), ?5 (month). */
const START_OF_ROW = `CASE l.period WHEN 'day' THEN ?3 WHEN 'week' THEN ?4 ELSE ?5 END`;

/** What one guarded movement is. */
export interface GuardedMovement {
  merchantCode: string;
  memberId: number;
  /** The limit kinds the movement counts toward: ['deposit'] for a deposit, ['loss', 'wager'] for a bet. */
  kinds: readonly MoneyLimitKind[];
  /** The movement's ledger reference (a bet's round or order); '' for a deposit. */
  reference: string;
  /** The movement's time (epoch ms): the windows end here. */
  now: number;
}

/** The window starts bound as ?3, ?4, ?5. */
function starts(now: number): [number, number, number] {
  const of = (p: LimitPeriod) => now - PERIOD_MS[p];
  return [of('day'), of('week'), of('month')];
}

/**
 * The guard statement of one movement, unexecuted: the caller appends it to its batch after the movement's own
 * statements (ledger entries, the deposit row). The batch then fails with an error whose message contains
 * LIMIT_GUARD_ERROR when, counting the movement, any of the member's limits of `kinds` is passed, or when the member
 * is on a break or self-excluded at the movement's time, or has not confirmed the age the site requires
 * (worker/services/protection/guard.ts tells which).
 */
export function limitGuardStatement(db: D1Database, movement: GuardedMovement): D1PreparedStatement {
  const cases = movement.kinds.map((kind) => `WHEN '${kind}' THEN ${usageSql(kind, '?2', START_OF_ROW, '?7')}`).join(' ');
  const kindList = movement.kinds.map((kind) => `'${kind}'`).join(', ');
  return db
    .prepare(
      `INSERT INTO protection_guard (member_id, over)
       SELECT ?2, EXISTS (SELECT 1 FROM protection_limits l
         WHERE l.merchant_code = ?1 AND l.member_id = ?2 AND l.kind IN (${kindList})
           AND (CASE l.kind ${cases} ELSE 0 END) > l.limit_value)
         OR ${exclusionInForceSql('?2', '?1', '?6')}
         OR ${ageUnconfirmedSql('?2', '?1')}`,
    )
    // ?7 appears only where a ledger kind is summed; D1 refuses a binding the statement does not use.
    .bind(movement.merchantCode, movement.memberId, ...starts(movement.now), movement.now,
      ...(movement.kinds.some((k) => k !== 'deposit') ? [movement.reference] : []));
}

/** True when a batch failed because the limit guard refused it. */
export function isLimitGuardError(error: unknown): boolean {
  return String(error instanceof Error ? error.message : error).includes(LIMIT_GUARD_ERROR);
}
