/**
 * Count-downs on the SERVER's clock (player-shell §2 /m/lottery, /m/startLottery, /m/lotto-h5): the device clock may
 * be minutes off, so a count-down adds the offset of a server-clock reading to the device time. Pure and small: the
 * lottery page's plain ticker (src/lib/countdownTicker.ts, run before and after hydration) and the islands share it
 * (astro.config.mjs keeps it in the small page-rules chunk, not the app chunk). Times are epoch ms.
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

/** A game's count-down text at `now`: the time left to the close of the draw taking bets then. */
export function countdownText(knownCloseAt: number, intervalMs: number, now: number): string {
  return formatCountdown(remainingMs(upcomingClose(knownCloseAt, intervalMs, now), now));
}

/**
 * The device times at which the page was asked for and its first byte arrived (the server read its clock in
 * between, just before answering); the navigation's start and now where the browser does not say.
 */
export function pageRoundTrip(): { sentAt: number; receivedAt: number } {
  const now = Date.now();
  if (typeof performance === 'undefined') return { sentAt: now, receivedAt: now };
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  const origin = performance.timeOrigin;
  if (entry && entry.responseStart > 0) return { sentAt: Math.round(origin + entry.requestStart), receivedAt: Math.round(origin + entry.responseStart) };
  return { sentAt: Math.round(origin), receivedAt: now };
}

/**
 * Window event by which the lottery list's store tells the page's count-down ticker a new server-clock offset
 * (`detail`: offset in ms) each time it reads the list; the ticker starts with it where the edge did not write the list.
 */
export const SERVER_CLOCK_EVENT = 'playdeck:serverClock';
