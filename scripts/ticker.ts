/**
 * The local Cron Trigger of `npm start` (scripts/serve.ts; docs/local-development.md "Scheduled work"): `wrangler dev`
 * does not fire the worker's Cron Triggers, so this ticker asks the local runtime to run the worker's `scheduled`
 * handler (worker/index.ts: the lottery's tick, then the payments tick) at the start of every minute, as
 * wrangler.jsonc's `"* * * * *"` trigger does in production. An approved withdrawal is then paid, and a due draw
 * settled, within the minute the operator commands promise.
 *   - The trigger is the runtime's scheduled-event endpoint, `/cdn-cgi/local/scheduled?cron=…&time=…` (the event's
 *     `scheduledTime` is the minute it stands for, in ms since the epoch).
 *   - A tick still running when the next minute starts is not doubled: that minute is skipped.
 *   - Until the server has answered once (it is still starting), a failed tick is not reported; afterwards each
 *     failure prints one line and the ticker carries on.
 * PLAYDECK_TICKER=off turns it off (the browser tests and benchmarks do, so nothing changes the data behind their
 * backs); the scheduled handler can then still be run by hand with the curl line serve.ts prints.
 */

/** Minutes, as the Cron Trigger counts them (ms). */
export const MINUTE_MS = 60_000;
/** The cron expression of wrangler.jsonc `triggers.crons` that the ticker stands in for. */
export const EVERY_MINUTE = '* * * * *';

/** Milliseconds from `now` (ms since the epoch) to the start of the next minute (1 … 60 000). */
export function msUntilNextMinute(now: number): number {
  return MINUTE_MS - (((now % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
}

/** False when PLAYDECK_TICKER is `off`, `0`, `false` or `no` (any case); on otherwise, unset included. */
export function tickerEnabled(env: Readonly<Record<string, string | undefined>>): boolean {
  return !/^(off|0|false|no)$/i.test(env.PLAYDECK_TICKER?.trim() ?? '');
}

/** The URL that runs the worker's scheduled handler once on the local server at `origin`, for the minute `scheduledTime`. */
export function scheduledUrl(origin: string, scheduledTime: number): string {
  return `${origin}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(EVERY_MINUTE)}&time=${scheduledTime}`;
}

/** What the ticker needs from its surroundings (the real ones in scripts/serve.ts, fakes in tests). */
export interface TickerDeps {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** Runs the scheduled handler for the minute `scheduledTime`; rejects when it could not or the handler failed. */
  trigger: (scheduledTime: number) => Promise<void>;
  /** Prints one line. */
  log: (line: string) => void;
}

/** Starts ticking at the next minute; `stop` ends it (a tick under way finishes). */
export function startTicker(deps: TickerDeps): { stop: () => void } {
  let handle: unknown;
  let stopped = false;
  let running = false;
  let answered = false;
  const schedule = (delay: number) => {
    if (!stopped) handle = deps.setTimeout(tick, Math.max(0, delay));
  };
  const tick = () => {
    // The minute this tick stands for: the nearest start of a minute (a timer may fire a moment early or late).
    const now = deps.now();
    const scheduledTime = Math.round(now / MINUTE_MS) * MINUTE_MS;
    schedule(scheduledTime + MINUTE_MS - now);
    if (running) return;
    running = true;
    deps.trigger(scheduledTime).then(
      () => {
        answered = true;
      },
      (error: unknown) => {
        if (answered) deps.log(`Scheduled work of ${new Date(scheduledTime).toISOString()} failed: ${error instanceof Error ? error.message : String(error)}`);
      },
    ).finally(() => {
      running = false;
    });
  };
  schedule(msUntilNextMinute(deps.now()));
  return {
    stop: () => {
      stopped = true;
      deps.clearTimeout(handle);
    },
  };
}

/** Colour and style escape sequences of a terminal line. */
// eslint-disable-next-line no-control-regex -- finding escape sequences is this pattern's purpose
const ANSI_STYLE = /\u001b\[[0-9;]*m/g;
/** The worker's report of one tick (worker/services/lottery/cron.ts, worker/index.ts): `<part> tick: {JSON}`. */
const TICK_REPORT = /^(lottery|payments) tick: (\{.*\})\s*$/;

/**
 * Counts of a tick report that change every minute on their own: the lottery keeps its next draws committed and
 * settles (or later drops) the draws nobody bet on, whether or not anyone plays.
 */
const ROUTINE_COUNTS: ReadonlySet<string> = new Set(['drawsCreated', 'drawsSettled', 'drawsPruned']);

/**
 * True for a line of the server's log that reports a tick which did nothing for anyone (every count 0 but the
 * draws' own bookkeeping, ROUTINE_COUNTS): printed every minute by the ticker's ticks, it would bury the requests'
 * lines, so scripts/serve.ts leaves it out. A tick that settled bets, paid a win, expired a deposit or finished a
 * withdrawal is kept, as is every other line.
 */
export function idleTickReport(line: string): boolean {
  const match = TICK_REPORT.exec(line.replace(ANSI_STYLE, ''));
  if (!match) return false;
  try {
    const report = JSON.parse(match[2]!) as Record<string, unknown>;
    return Object.entries(report).every(([name, value]) => typeof value !== 'number' || value === 0 || ROUTINE_COUNTS.has(name));
  } catch {
    return false;
  }
}
