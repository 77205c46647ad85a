/**
 * Serves the built site and API locally with `wrangler dev` in development mode on 127.0.0.1:8787 (PORT or --port
 * choose another port). Passes TEST_CAPTCHA_ANSWER, UPSTREAM_API_URL, UPSTREAM_MEDIA_ORIGINS, the upstream deadlines,
 * breaker and limits (UPSTREAM_*), LEGACY_ENCRYPTION, REGISTER_LIMIT_PER_HOUR, CONSOLE_LOGIN_LIMIT_PER_IP and SITE_CACHE_SECONDS through from the
 * environment, and PLAYDECK_STATE (a folder) to keep a separate local database, e.g. for end-to-end tests.
 * Like production (docs/local-development.md):
 *   - the worker's Cron Trigger runs every minute (scripts/ticker.ts) unless PLAYDECK_TICKER=off;
 *   - the log leaves out what only alarms: the `Request.cf` object is not fetched from the network (the worker
 *     reads none of it; offline the fetch failed with a stack trace), wrangler's "scheduled Workers are not
 *     triggered" warning gives way to one line saying how scheduled work runs here, and the ticks that did nothing
 *     are not printed (ticker.ts `idleTickReport`). Every other line of wrangler passes through unchanged.
 * Usage: node scripts/serve.ts [--port 8787]
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { idleTickReport, scheduledUrl, startTicker, tickerEnabled } from './ticker.ts';

const portFlag = process.argv.indexOf('--port');
const port = portFlag > 0 ? process.argv[portFlag + 1] : (process.env.PORT ?? '8787');
const origin = `http://127.0.0.1:${port}`;
const args = ['dev', '-c', 'wrangler.jsonc', '--ip', '127.0.0.1', '--port', String(port), '--var', 'APP_ENV:development'];
for (const name of ['TEST_CAPTCHA_ANSWER', 'UPSTREAM_API_URL', 'UPSTREAM_MEDIA_ORIGINS', 'UPSTREAM_FILL_DEADLINE_MS', 'UPSTREAM_TIMEOUT_MS', 'UPSTREAM_BREAKER_FAILURES', 'UPSTREAM_BREAKER_OPEN_MS', 'UPSTREAM_MAX_ANSWER_BYTES', 'UPSTREAM_MAX_PAGE_BYTES', 'LEGACY_ENCRYPTION', 'REGISTER_LIMIT_PER_HOUR', 'CONSOLE_LOGIN_LIMIT_PER_IP', 'SITE_CACHE_SECONDS']) {
  const value = process.env[name];
  if (value) args.push('--var', `${name}:${value}`);
}
// Game providers' keys (docs/game-providers.md "Operator commands"): each PROVIDER_SECRET_* of the environment.
for (const [name, value] of Object.entries(process.env)) {
  if (/^PROVIDER_SECRET_[A-Z0-9_]+$/.test(name) && value) args.push('--var', `${name}:${value}`);
}
if (process.env.PLAYDECK_STATE) args.push('--persist-to', process.env.PLAYDECK_STATE);
// Scheduled events are triggered here (the ticker, or by hand); this also ends wrangler's warning that they are not.
args.push('--test-scheduled', '--show-interactive-dev-session=false');

const ticking = tickerEnabled(process.env);
console.log(ticking
  ? 'Scheduled work (lottery draws, payouts, deposit expiry): the worker\'s Cron Trigger runs at the start of every minute, as in production (PLAYDECK_TICKER=off stops it).'
  : `Scheduled work (lottery draws, payouts, deposit expiry) runs only when asked (PLAYDECK_TICKER=off): curl "${origin}/cdn-cgi/local/scheduled"`);

const child = spawn('wrangler', args, {
  stdio: ['inherit', 'pipe', 'pipe'],
  env: {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? 'false',
    // wrangler's colours, as if it wrote to the terminal itself.
    ...(process.stdout.isTTY && process.env.FORCE_COLOR === undefined ? { FORCE_COLOR: '1' } : {}),
  },
});

/** Passes wrangler's output on line by line, without the idle tick reports. */
function relay(from: Readable, to: Writable): void {
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
    if (!idleTickReport(line)) to.write(`${line}\n`);
  });
}
relay(child.stdout, process.stdout);
relay(child.stderr, process.stderr);

const ticker = ticking
  ? startTicker({
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    trigger: async (scheduledTime) => {
      const response = await fetch(scheduledUrl(origin, scheduledTime), { signal: AbortSignal.timeout(55_000) });
      const outcome = await response.text();
      if (!response.ok) throw new Error(`${response.status} ${outcome}`);
    },
    log: (line) => console.error(line),
  })
  : null;

const stop = (): void => {
  ticker?.stop();
  child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('close', (code) => {
  ticker?.stop();
  process.exit(code ?? 0);
});
