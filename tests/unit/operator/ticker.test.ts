import { describe, expect, it } from 'vitest';
import { idleTickReport, MINUTE_MS, msUntilNextMinute, scheduledUrl, startTicker, tickerEnabled, type TickerDeps } from '../../../scripts/ticker';

/** A clock and timer queue the test advances by hand; `triggered` lists the minutes the ticker asked for. */
function fakeWorld(start: number, trigger: (t: number) => Promise<void> = async () => {}) {
  let now = start;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const triggered: number[] = [];
  const logged: string[] = [];
  const deps: TickerDeps = {
    now: () => now,
    setTimeout: (fn, ms) => {
      timers.push({ at: now + ms, fn, id: ++ids });
      return ids;
    },
    clearTimeout: (id) => {
      timers = timers.filter((t) => t.id !== id);
    },
    trigger: (t) => {
      triggered.push(t);
      return trigger(t);
    },
    log: (line) => logged.push(line),
  };
  /** Moves the clock to `to`, firing due timers in order (each at its own time, plus `late` ms). */
  const advance = async (to: number, late = 0) => {
    await new Promise((resolve) => setImmediate(resolve));
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > to) break;
      timers.shift();
      now = next.at + late;
      next.fn();
      await new Promise((resolve) => setImmediate(resolve));
    }
    now = to;
  };
  return { deps, advance, triggered, logged, pending: () => timers.length };
}

const T0 = Date.UTC(2026, 10, 28, 12, 0, 0);

describe('local Cron Trigger: timing', () => {
  it('waits until the start of the next minute', () => {
    expect(msUntilNextMinute(T0)).toBe(MINUTE_MS);
    expect(msUntilNextMinute(T0 + 1)).toBe(MINUTE_MS - 1);
    expect(msUntilNextMinute(T0 + 59_999)).toBe(1);
  });

  it('fires once at the start of every minute, for that minute, and stops', async () => {
    const world = fakeWorld(T0 + 12_345);
    const ticker = startTicker(world.deps);
    await world.advance(T0 + 59_999);
    expect(world.triggered).toEqual([]);
    await world.advance(T0 + 3 * MINUTE_MS + 30_000);
    expect(world.triggered).toEqual([T0 + MINUTE_MS, T0 + 2 * MINUTE_MS, T0 + 3 * MINUTE_MS]);
    ticker.stop();
    expect(world.pending()).toBe(0);
    await world.advance(T0 + 10 * MINUTE_MS);
    expect(world.triggered).toHaveLength(3);
  });

  it('keeps to the minute when its timer fires a little late', async () => {
    const world = fakeWorld(T0);
    startTicker(world.deps);
    await world.advance(T0 + 5 * MINUTE_MS + 1000, 700);
    expect(world.triggered).toEqual([1, 2, 3, 4, 5].map((m) => T0 + m * MINUTE_MS));
  });

  it('skips a minute while the last tick still runs, and reports failures once the server has answered', async () => {
    let release: () => void = () => {};
    const answers = [
      () => Promise.reject(new Error('fetch failed')), // still starting: not reported
      () => new Promise<void>((resolve) => { release = resolve; }), // a slow tick
      () => Promise.reject(new Error('500 exception')),
    ];
    const world = fakeWorld(T0, () => answers.shift()?.() ?? Promise.resolve());
    startTicker(world.deps);
    await world.advance(T0 + 3 * MINUTE_MS);
    expect(world.triggered).toEqual([T0 + MINUTE_MS, T0 + 2 * MINUTE_MS]);
    expect(world.logged).toEqual([]);
    release();
    await world.advance(T0 + 4 * MINUTE_MS);
    expect(world.triggered).toEqual([T0 + MINUTE_MS, T0 + 2 * MINUTE_MS, T0 + 4 * MINUTE_MS]);
    expect(world.logged).toEqual([`Scheduled work of ${new Date(T0 + 4 * MINUTE_MS).toISOString()} failed: 500 exception`]);
  });
});

describe('local Cron Trigger: switch, URL and log', () => {
  it.each([[undefined, true], ['', true], ['on', true], ['off', false], ['OFF', false], ['0', false], ['false', false], ['no', false]])(
    'PLAYDECK_TICKER=%s → %s', (value, on) => {
      expect(tickerEnabled({ PLAYDECK_TICKER: value })).toBe(on);
    },
  );

  it('asks the local runtime for the scheduled event of the minute', () => {
    expect(scheduledUrl('http://127.0.0.1:8787', T0)).toBe(`http://127.0.0.1:8787/cdn-cgi/local/scheduled?cron=*%20*%20*%20*%20*&time=${T0}`);
  });

  it('leaves out only the reports of ticks that did nothing for anyone', () => {
    expect(idleTickReport('lottery tick: {"drawsCreated":0,"drawsPruned":0,"drawsSettled":0,"betsSettled":0,"wins":0,"paidMinor":0,"complete":true}')).toBe(true);
    expect(idleTickReport('\u001b[2mpayments tick: {"depositsExpired":0,"withdrawalsSettled":0}\u001b[0m')).toBe(true);
    expect(idleTickReport('payments tick: {"depositsExpired":0,"withdrawalsSettled":1}')).toBe(false);
    // The draws' own bookkeeping happens every minute: nobody played.
    expect(idleTickReport('lottery tick: {"drawsCreated":21,"drawsPruned":3,"drawsSettled":21,"betsSettled":0,"wins":0,"paidMinor":0,"complete":true}')).toBe(true);
    expect(idleTickReport('lottery tick: {"drawsCreated":21,"drawsPruned":0,"drawsSettled":21,"betsSettled":4,"wins":1,"paidMinor":1950,"complete":true}')).toBe(false);
    expect(idleTickReport('lottery tick: {broken')).toBe(false);
    expect(idleTickReport('[wrangler:info] GET /m/home 200 OK (5ms)')).toBe(false);
  });
});
