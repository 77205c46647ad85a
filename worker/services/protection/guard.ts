/**
 * The limit guard as the money paths use it (docs/player-protection.md "Where the limits are enforced"): the
 * statement to add to a movement's D1 batch, and the refusal the player gets when the guard aborted the batch
 * (nothing was written: the batch is one transaction). Money is integer minor units inside; the refusal's value
 * carries decimal currency units like every answer (docs/design.md, Money).
 */
import { ApiError } from '../../lib/envelope';
import { minorToWire } from '../../../contract/money';
import { LIMIT_PERIODS, PERIOD_MS, remainingOf, type LimitPeriod, type MoneyLimitKind } from '../../../rules/protection';
import { isLimitGuardError, limitGuardStatement, type GuardedMovement } from '../../db/queries/protection-guard';
import { listLimits } from '../../db/queries/protection';
import { builtInUsage, type LimitUsage } from './usage';
import { exclusionRefusal, movementExclusionState } from './exclusion';
import { findAgeRecord } from '../../db/queries/age-confirmation';
import { ageUnconfirmed, ageUnconfirmedRefusal } from '../accounts/age-confirmation';

export { limitGuardStatement, isLimitGuardError, type GuardedMovement };

/** The error codes of a refused movement, by the limit that refused it (contract/errors.ts). */
export const LIMIT_ERROR_CODES = {
  deposit: 'deposit_limit_exceeded',
  loss: 'loss_limit_exceeded',
  wager: 'wager_limit_exceeded',
} as const satisfies Record<MoneyLimitKind, string>;

/**
 * The refusal's value (decimal currency units on the wire): which limit (`kind`, `period`), the limit, how much is
 * left in its window (`remaining`), and when more becomes available (`resetsAt`, epoch ms: the oldest movement
 * counted in the rolling window leaves it then).
 */
export interface LimitRefusalValue {
  kind: MoneyLimitKind;
  period: LimitPeriod;
  limit: number;
  remaining: number;
  resetsAt: number;
}

/**
 * The refusal of a movement of `amountMinor` the guard aborted. A break or self-exclusion in force refuses it first
 * (403 `player_on_break` | `player_self_excluded`, services/protection/exclusion.ts), then an age not yet
 * confirmed where the site requires it (403 `date_of_birth_required`, services/accounts/age-confirmation.ts). Otherwise, among the member's limits of the movement's kinds,
 * the one with the lowest remaining amount that the movement would pass (when several apply, the lowest wins).
 * 409 with `deposit_limit_exceeded` | `loss_limit_exceeded` | `wager_limit_exceeded` and LimitRefusalValue. `usage`:
 * where the use is read (usage.ts; the ledger by default, the edge's record in upstream mode).
 */
export async function limitRefusal(
  db: D1Database, movement: GuardedMovement, amountMinor: number, usage: LimitUsage = builtInUsage(db, movement),
): Promise<ApiError> {
  const excluded = await movementExclusionState(db, movement, movement.now);
  if (excluded) return exclusionRefusal(excluded);
  if (ageUnconfirmed(await findAgeRecord(db, movement.merchantCode, movement.memberId))) return ageUnconfirmedRefusal();
  const limits = (await listLimits(db, movement)).filter(
    (l): l is typeof l & { kind: MoneyLimitKind; period: LimitPeriod } =>
      (movement.kinds as readonly string[]).includes(l.kind) && (LIMIT_PERIODS as readonly string[]).includes(l.period),
  );
  let best: LimitRefusalValue & { remainingMinor: number; passed: boolean } | null = null;
  for (const limit of limits) {
    const use = await usage.windowUse(limit.kind, limit.period, movement.now);
    const remainingMinor = remainingOf(limit.value, use.used);
    const passed = amountMinor > remainingMinor;
    const candidate = {
      kind: limit.kind, period: limit.period, limit: minorToWire(limit.value), remaining: minorToWire(remainingMinor),
      resetsAt: use.oldestAt === null ? movement.now : use.oldestAt + PERIOD_MS[limit.period], remainingMinor, passed,
    };
    if (!best || (candidate.passed && !best.passed) || (candidate.passed === best.passed && remainingMinor < best.remainingMinor)) best = candidate;
  }
  // The limit changed between the refusal and this read: name the movement's first kind, with no figures.
  if (!best) return new ApiError(409, LIMIT_ERROR_CODES[movement.kinds[0] ?? 'wager'], 'A limit you set refuses this movement');
  const { remainingMinor: _r, passed: _p, ...value } = best;
  const periodText = { day: '24 hours', week: '7 days', month: '30 days' }[best.period];
  return new ApiError(409, LIMIT_ERROR_CODES[best.kind],
    `Your ${best.kind} limit per ${periodText} allows ${value.remaining} more until ${new Date(best.resetsAt).toISOString()}`, value);
}

/**
 * Runs `batch` (a movement's D1 batch that includes `limitGuardStatement(db, movement)`); when the guard aborted it,
 * throws the refusal (limitRefusal) instead of the raw error. Other errors pass unchanged.
 */
export async function guarded<T>(db: D1Database, movement: GuardedMovement, amountMinor: number, batch: () => Promise<T>): Promise<T> {
  try {
    return await batch();
  } catch (error) {
    if (isLimitGuardError(error)) throw await limitRefusal(db, movement, amountMinor);
    throw error;
  }
}
