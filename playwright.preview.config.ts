import { defineConfig, devices } from '@playwright/test';

/**
 * The smoke project of the browser suite against a deployed site (docs/testing.md: tests on preview deployments):
 * `PLAYDECK_BASE_URL=https://… npm run test:preview`. No server is started: the specs of tests/e2e/preview/ read
 * the site at PLAYDECK_BASE_URL as a visitor, then register one throwaway player to log in, launch a game, read the
 * lottery list and, where the site offers the demo payment provider, deposit. The local suite (playwright.config.ts)
 * never runs these specs.
 *
 * Environment: PLAYDECK_BASE_URL (required; the site's origin), PLAYDECK_CAPTCHA_ANSWER (the answer a deployment
 * with TEST_CAPTCHA_ANSWER accepts, default `e2e-pass`; only typed where the site shows a captcha), CHROMIUM_PATH.
 */
const base = process.env.PLAYDECK_BASE_URL?.trim().replace(/\/+$/, '');
if (!base || !/^https?:\/\/[^/]+/.test(base)) {
  throw new Error('PLAYDECK_BASE_URL must name the deployed site, e.g. PLAYDECK_BASE_URL=https://preview.example npm run test:preview');
}

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
};

export default defineConfig({
  testDir: 'tests/e2e/preview',
  forbidOnly: true,
  // One player at a time against a shared deployment; a retry absorbs a slow first answer of a cold deployment.
  fullyParallel: false,
  workers: 1,
  retries: 1,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: { baseURL: base, trace: 'retain-on-failure', launchOptions: chromium },
  projects: [{ name: 'preview-smoke', use: { ...devices['Pixel 7'], launchOptions: chromium } }],
});
