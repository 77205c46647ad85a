import { defineConfig, devices } from '@playwright/test';

/**
 * The UPSTREAM JOURNEY: PlayDeck in upstream mode (UPSTREAM_API_URL set) in front of the platform stand-in
 * (tests/platform-standin), both started here. Run by `npm run test:e2e` after the main browser tests, or alone
 * with `npm run test:e2e:upstream` (after `npm run build`). Ports: E2E_UPSTREAM_PORT (PlayDeck, default 8791)
 * and STANDIN_PORT (the stand-in, default 8792), so it runs beside the main suite's 8790.
 */
const PORT = Number(process.env.E2E_UPSTREAM_PORT ?? 8791);
const STANDIN_PORT = Number(process.env.STANDIN_PORT ?? 8792);
const STATE = `.wrangler/e2e-upstream-state-${PORT}`;

/** Where the stand-in listens (the specs register players on it directly and read its game pages). */
export const STANDIN_URL = `http://127.0.0.1:${STANDIN_PORT}`;
/** How long the edge waits for a page fill's platform call (UPSTREAM_FILL_DEADLINE_MS; the fault tests' bound). */
export const FILL_DEADLINE_MS = '2000';
/** How long the worker waits for any platform call (UPSTREAM_TIMEOUT_MS): the bound of a forwarded platform page. */
export const API_TIMEOUT_MS = '4000';
/**
 * How long the breaker stays open (UPSTREAM_BREAKER_OPEN_MS) after UPSTREAM_BREAKER_FAILURES (5, the default) failed
 * calls in a row: short, so the fault tests open it again and again while a fault lasts (each probe meets the fault
 * anew) and the tests after a fault see the platform back within seconds (faults.spec.ts waits for that).
 */
export const BREAKER_OPEN_MS = '1000';
/** The stand-in's captcha answer, given to it by environment only (it never reveals it over HTTP). */
export const STANDIN_CAPTCHA_ANSWER = '5819';

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
};

export default defineConfig({
  testDir: 'tests/e2e/upstream',
  forbidOnly: true,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [{ name: 'upstream-pixel-7', use: { ...devices['Pixel 7'], launchOptions: chromium } }],
  webServer: [
    {
      command: `node tests/platform-standin/server.ts --port ${STANDIN_PORT}`,
      url: `${STANDIN_URL}/standin/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { STANDIN_CAPTCHA_ANSWER },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The local database only routes hosts to sites (merchant codes, switches): accounts and games live upstream.
      command: `rm -rf ${STATE} && npm run db:setup && node scripts/serve.ts --port ${PORT}`,
      url: `http://127.0.0.1:${PORT}/m/home`,
      timeout: 120_000,
      reuseExistingServer: false,
      // The fault tests (faults.spec.ts) need short deadlines: page fills give up after 2 s, API calls after 4 s; an
      // open breaker refuses calls for 1 s only.
      env: {
        PLAYDECK_STATE: STATE, UPSTREAM_API_URL: STANDIN_URL, SITE_CACHE_SECONDS: '2',
        UPSTREAM_FILL_DEADLINE_MS: FILL_DEADLINE_MS, UPSTREAM_TIMEOUT_MS: API_TIMEOUT_MS,
        UPSTREAM_BREAKER_FAILURES: '5', UPSTREAM_BREAKER_OPEN_MS: BREAKER_OPEN_MS,
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
