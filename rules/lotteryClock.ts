/**
 * The lottery's clock on the player's screen (player-shell §2 /m/lottery, /m/startLottery, /m/lotto-h5): count
 * downs run on the SERVER's clock — the device clock may be minutes off — and the page asks for news more often
 * near a close or a draw. Pure: every function takes the times it reasons about (epoch ms).
 */

export { clockSample, countdownText, formatCountdown, remainingMs, serverNow, upcomingClose, type ClockSample } from './countdown';
import type { ClockSample } from './countdown';

/**
 * Keeps the better reading: the one with the shorter round trip is the more exact (its midpoint guess can be off
 * by at most half of it). A slow answer never replaces a fast one.
 */
export function betterSample(current: ClockSample | null, next: ClockSample): ClockSample {
  if (!current) return next;
  return next.roundTripMs <= current.roundTripMs ? next : current;
}

/** Shortest and longest wait between two reads of a game's draws. */
export const POLL_MIN_MS = 1000;
export const POLL_MAX_MS = 15_000;
/** Read a little after a close or draw time, so the server has moved on when asked. */
export const POLL_GRACE_MS = 400;
/** While a result is awaited, ask at least this often. */
export const POLL_AWAITING_MS = 2500;

/**
 * When to read the draws next: "poll draws every few seconds near draw time". While a result is awaited (a
 * draw has closed and its digits are not in yet), just after its draw time and then every 2.5 s at most;
 * otherwise just after the current draw closes, and at least every 15 s so other players' news shows.
 */
export function nextPollDelay(now: number, current: { closeAt: number }, awaitingDrawAt: number | null): number {
  const clamp = (ms: number, max: number) => Math.min(max, Math.max(POLL_MIN_MS, ms));
  if (awaitingDrawAt !== null) return clamp(awaitingDrawAt - now + POLL_GRACE_MS, POLL_AWAITING_MS);
  return clamp(current.closeAt - now + POLL_GRACE_MS, POLL_MAX_MS);
}
