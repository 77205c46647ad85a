/**
 * The clock of a request (docs/player-protection.md "Testing with a moved clock"). Production reads the wall clock.
 * In local development only (APP_ENV=development: the local scripts and the test tiers), a request may carry
 * `X-PlayDeck-Test-Now: <epoch ms>` and is then served as of that moment by the calls that read this clock (the
 * protection calls and the session time limit), so tests can pass the 24 hours of a limit's cooling-off or a
 * session's time limit without waiting.
 */

/** The request header naming the moment a development request is served at (epoch ms). */
export const TEST_NOW_HEADER = 'X-PlayDeck-Test-Now';

/**
 * Now (UTC epoch ms) for a request: `headerValue` (the TEST_NOW_HEADER) when `appEnv` is 'development' and the value
 * is a safe non-negative integer, else `Date.now()`.
 */
export function clockNow(appEnv: string | undefined, headerValue: string | undefined): number {
  if (appEnv === 'development' && headerValue !== undefined && /^\d{1,16}$/.test(headerValue)) {
    const moved = Number(headerValue);
    if (Number.isSafeInteger(moved)) return moved;
  }
  return Date.now();
}
