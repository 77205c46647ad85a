/**
 * The lottery's clock on the player's screen (player-shell §2 /m/lottery, /m/startLottery, /m/lotto-h5): count
 * downs run on the SERVER's clock — the device clock may be minutes off — and the page asks for news more often
 * near a close or a draw. Pure: every function takes the times it reasons about (epoch ms).
 */

/** One reading of the server clock: the offset to add to the device clock, and how long the round trip took. */
export interface ClockSample {
  offsetMs: number;
  roundTripMs: number;
}

/**
 * The offset of one answer carrying `serverTime`: the server read its clock about half way between sending
 * (`sentAt`) and receiving (`receivedAt`), both device times.
 */
export function clockSample(serverTime: number, sentAt: number, receivedAt: number): ClockSample {
  const roundTripMs = Math.max(0, receivedAt - sentAt);
  return { offsetMs: Math.round(serverTime - (sentAt + roundTripMs / 2)), roundTripMs };
}

/**
 * Keeps the better reading: the one with the shorter round trip is the more exact (its midpoint guess can be off
 * by at most half of it). A slow answer never replaces a fast one.
 */
export function betterSample(current: ClockSample | null, next: ClockSample): ClockSample {
  if (!current) return next;
  return next.roundTripMs <= current.roundTripMs ? next : current;
}

/** The server's time now, from the device time and the offset. */
export function serverNow(deviceNow: number, offsetMs: number): number {
  return deviceNow + offsetMs;
}

/** Milliseconds left until `at`, never below 0. */
export function remainingMs(at: number, now: number): number {
  return Math.max(0, at - now);
}

/**
 * A countdown as the screen shows it: mm:ss under an hour, h:mm:ss under a day, else "Nd hh:mm:ss". Whole seconds
 * are rounded up, so 00:00 shows only once the time is really up.
 */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${two(hours)}:${two(minutes)}:${two(seconds)}`;
  if (hours > 0) return `${hours}:${two(minutes)}:${two(seconds)}`;
  return `${two(minutes)}:${two(seconds)}`;
}

/**
 * The close time of the draw taking bets at `now`, from one known close time and the interval: betting on the
 * next draw opens the moment the previous one closes, so a list can keep counting without asking again.
 */
export function upcomingClose(knownCloseAt: number, intervalMs: number, now: number): number {
  if (now < knownCloseAt || intervalMs <= 0) return knownCloseAt;
  return knownCloseAt + (Math.floor((now - knownCloseAt) / intervalMs) + 1) * intervalMs;
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
