/**
 * Settles the lottery of the local database now: starts the worker locally (no HTTP port of the app's own),
 * fires its Cron Trigger once — commit the upcoming draws, settle every draw whose time has passed, drop old
 * idle draws — and stops. The worker prints what the tick did.
 *   npm run lottery:settle
 * PLAYDECK_STATE selects another local state folder (default .wrangler/state), as for scripts/d1.ts.
 */
import { mkdirSync } from 'node:fs';
import { unstable_dev } from 'wrangler';

process.env.WRANGLER_SEND_METRICS = 'false';
// The worker serves the built site too; an empty folder is enough for a tick.
mkdirSync('dist/client', { recursive: true });

const worker = await unstable_dev('worker/index.ts', {
  config: 'wrangler.jsonc',
  ip: '127.0.0.1',
  port: 0,
  logLevel: 'log',
  ...(process.env.PLAYDECK_STATE ? { persistTo: process.env.PLAYDECK_STATE } : {}),
  experimental: { testScheduled: true, disableExperimentalWarning: true, disableDevRegistry: true },
});
try {
  const response = await worker.fetch('/__scheduled?cron=*+*+*+*+*');
  const text = await response.text();
  if (!response.ok) throw new Error(`the lottery tick failed: ${response.status} ${text}`);
  console.log('Lottery settled.');
} finally {
  await worker.stop();
}
