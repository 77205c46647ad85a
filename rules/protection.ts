/**
 * Player protection limits (docs/player-protection.md): which limits exist, their rolling periods, and the rule
 * that decides whether a change takes effect at once or waits for cooling-off. Pure; the worker and the browser
 * both use it. Money values are integer minor units; the session limit is in minutes; time is UTC epoch ms.
 */

import { LIMIT_PERIODS, MONEY_LIMIT_KINDS, SESSION_LIMIT_MINUTES } from '../contract/protection-kinds';

export { LIMIT_PERIODS, MONEY_LIMIT_KINDS, SESSION_LIMIT_MINUTES };

/** A money limit's kind. */
export type MoneyLimitKind = (typeof MONEY_LIMIT_KINDS)[number];
/** Every limit kind, the session time limit included. */
export type LimitKind = MoneyLimitKind | 'session';

/** A money limit's period. */
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

export const HOUR_MS = 60 * 60 * 1000;
/** Length of each rolling period (ms): the window of a check at `now` is (now − length, now]. */
export const PERIOD_MS: Readonly<Record<LimitPeriod, number>> = { day: 24 * HOUR_MS, week: 7 * 24 * HOUR_MS, month: 30 * 24 * HOUR_MS };

/** Cooling-off before an increase or removal can be confirmed: 24 hours (docs/player-protection.md). */
export const COOLING_OFF_MS = 24 * HOUR_MS;

/** The start (exclusive) of a period's window for a check at `now`. */
export function windowStart(period: LimitPeriod, now: number): number {
  return now - PERIOD_MS[period];
}

/** How a requested change of a limit is applied. */
export type LimitChange =
  /** a new limit or a lower one: in force at once (any pending increase or removal is dropped) */
  | 'immediate'
  /** a higher limit or a removal: waits for cooling-off, then the player's confirmation */
  | 'cooling_off'
  /** the same limit as in force: nothing changes except that a pending change is dropped */
  | 'unchanged';

/**
 * Whether changing a limit from `current` (null: none) to `requested` (null: remove it) takes effect at once
 * (RTS 12: a decrease at once, an increase or removal only after cooling-off).
 */
export function limitChange(current: number | null, requested: number | null): LimitChange {
  if (current === null) return requested === null ? 'unchanged' : 'immediate';
  if (requested === null) return 'cooling_off';
  if (requested < current) return 'immediate';
  return requested === current ? 'unchanged' : 'cooling_off';
}

/** True when a pending change may be confirmed at `now` (its cooling-off has passed). */
export function confirmable(confirmableAt: number | null, now: number): boolean {
  return confirmableAt !== null && now >= confirmableAt;
}

/** The remaining amount of a limit given what was used in its window (never below 0). */
export function remainingOf(limit: number, used: number): number {
  return Math.max(0, limit - used);
}
