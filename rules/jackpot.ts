/**
 * The home jackpot banner (player-shell §1: "The home jackpot banner shows a made-up ticking amount: it starts at
 * 123581220 and adds a random amount between 99 and 999 every 5000 ms"). The amount is decorative, not money
 * anyone holds: it is shown as a whole number with the site's currency symbol and the language's grouping
 * (123,581,220), since the spec gives it without decimals. Pure.
 */
import { formatWholeMoney } from './format';

/** Where the amount starts on every page load. */
export const JACKPOT_START = 123_581_220;
/** How often it grows. */
export const JACKPOT_TICK_MS = 5000;
/** Smallest and largest step, both included. */
export const JACKPOT_STEP_MIN = 99;
export const JACKPOT_STEP_MAX = 999;

/** The next amount: `current` plus a step from 99 to 999 chosen by `random` (a number in [0, 1), e.g. Math.random()). */
export function nextJackpot(current: number, random: number): number {
  const unit = Math.min(Math.max(random, 0), 1 - Number.EPSILON);
  return current + JACKPOT_STEP_MIN + Math.floor(unit * (JACKPOT_STEP_MAX - JACKPOT_STEP_MIN + 1));
}

/** The amount for the screen: the whole number with the site's currency, as `locale` writes money (rules/format.ts). */
export function formatJackpot(amount: number, symbol: string, locale: string): string {
  return formatWholeMoney(amount, symbol, locale);
}
