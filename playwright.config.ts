import { spawnSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';

/** E2E_PORT lets two checkouts run their browser tests side by side. */
const PORT = Number(process.env.E2E_PORT ?? 8790);
const STATE = `.wrangler/e2e-state-${PORT}`;
/** Port and local database folder of the test server (tests that operate the sites need them). */
export const E2E_PORT = PORT;
export const E2E_STATE = STATE;
/** Captcha answer accepted in local development so browser tests can pass captchas (docs/testing.md). */
export const E2E_CAPTCHA_ANSWER = 'e2e-pass';

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
};

/**
 * Specs that change the database from outside the server (the operator script, `wrangler d1 execute`): while
 * another process writes to the local SQLite file, the server's own writes fail at once with SQLITE_BUSY (local
 * D1 does not wait for the lock), so these run after all the others, one at a time. Reading from outside
 * (the SMS outbox) is safe: the database is in WAL mode.
 */
const OUTSIDE_WRITERS = ['**/sites.spec.ts', '**/register-paths.spec.ts', '**/login-paths.spec.ts', '**/wallet-withdraw.spec.ts', '**/conversations.spec.ts', '**/console-totp.spec.ts', '**/console/*.spec.ts', '**/agent-contract.spec.ts', '**/rewards.spec.ts', '**/xss.spec.ts', '**/age-check.spec.ts'];
/**
 * Browser tests start with the demo sites' login popups already closed, as a returning player has them
 * (tests/e2e/popups-seen.ts), so a popup does not cover the page under test; the popup tests start without it.
 */
const POPUPS_SEEN = JSON.parse(spawnSync(process.execPath, ['tests/e2e/popups-seen.ts', String(PORT)], { encoding: 'utf8' }).stdout || '{"cookies":[],"origins":[]}') as {
  cookies: []; origins: { origin: string; localStorage: { name: string; value: string }[] }[];
};
const phone = { ...devices['Pixel 7'], launchOptions: chromium, storageState: POPUPS_SEEN };
/**
 * tests/e2e/upstream/ runs against PlayDeck in upstream mode with its own servers (playwright.upstream.config.ts).
 * A regular expression, not a glob: patterns match the absolute path, which may itself contain "upstream".
 */
const UPSTREAM_SPECS = /[\\/]tests[\\/]e2e[\\/]upstream[\\/]/;
/**
 * tests/e2e/preview/ is the smoke project run against a deployed site (playwright.preview.config.ts,
 * `npm run test:preview`), never against this server.
 */
const PREVIEW_SPECS = /[\\/]tests[\\/]e2e[\\/]preview[\\/]/;
/** The first-HTML snapshot spec: compared against the seeded sites as they start (docs/edge.md "The first HTML holds"). */
const FIRST_HTML = '**/site/first-html.spec.ts';

/**
 * End-to-end tests on phone profiles against the built site served by `wrangler dev` with a fresh local
 * database (migrated and seeded like `npm start`).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: true,
  // Tests are independent (each registers its own players), so two run at once: one per core.
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    // The first-HTML snapshots (tests/e2e/site/first-html.spec.ts) are taken of the freshly seeded sites, before any
    // other test turns a switch on or adds content: they run first, and everything else after them.
    { name: 'first-html', testMatch: FIRST_HTML, use: phone },
    { name: 'pixel-7', testIgnore: [...OUTSIDE_WRITERS, UPSTREAM_SPECS, PREVIEW_SPECS, FIRST_HTML], dependencies: ['first-html'], use: phone },
    { name: 'pixel-7-db-writers', testMatch: OUTSIDE_WRITERS, dependencies: ['pixel-7'], workers: 1, use: phone },
  ],
  webServer: {
    command: `rm -rf ${STATE} && npm run db:setup && node scripts/serve.ts --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/m/home`,
    timeout: 300_000,
    reuseExistingServer: false,
    // Every browser test registers (and every back-office spec signs in) from 127.0.0.1, so those per-IP limits are
    // raised for this server only;
    // operator changes (maintenance, regions) reach the pages within 2 s instead of 30 s; no minute ticker
    // (scripts/ticker.ts): draws and payouts change only when a test makes them.
    env: { PLAYDECK_STATE: STATE, TEST_CAPTCHA_ANSWER: E2E_CAPTCHA_ANSWER, REGISTER_LIMIT_PER_HOUR: '500', CONSOLE_LOGIN_LIMIT_PER_IP: '500', SITE_CACHE_SECONDS: '2', PLAYDECK_TICKER: 'off' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
