import { spawnSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT, E2E_STATE } from '../../../playwright.config';
import { expectNoSeriousA11yViolations } from '../a11y';

/**
 * White-label sites and status gating in the browser: the demo site (127.0.0.1) and the second demo site
 * "Lucky Star" (play2.localhost) differ as their switches say; an operator's maintenance switch and region
 * list gate the second site's pages with the maintenance (503) and restricted (451) pages.
 * These tests change DEMO2's state, so they run one after another.
 */
test.describe.configure({ mode: 'serial' });

const DEMO = `http://127.0.0.1:${E2E_PORT}`;
const DEMO2 = `http://play2.localhost:${E2E_PORT}`;

/** Runs the operator script against the test server's local database. */
function operator(...args: string[]): void {
  const result = spawnSync('node', ['scripts/operator.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, PLAYDECK_STATE: E2E_STATE },
  });
  expect(result.status, result.stderr + result.stdout).toBe(0);
}

/** Reloads until the page answers `status` (the test server caches site settings for SITE_CACHE_SECONDS = 2 s). */
async function expectStatusSoon(page: Page, url: string, status: number, headers: Record<string, string> = {}): Promise<void> {
  await page.setExtraHTTPHeaders(headers);
  await expect
    .poll(async () => (await page.goto(url))?.status(), { timeout: 20_000, intervals: [500, 1000, 2000] })
    .toBe(status);
}

/** Opens a site's home page; the answer tells whether that site's switches have been loaded yet. */
async function openSite(page: Page, origin: string): Promise<() => boolean> {
  let loaded = false;
  page.on('response', (r) => {
    if (r.url().startsWith(origin) && r.url().includes('/wps/system/settings/consolidated') && r.ok()) loaded = true;
  });
  await page.goto(`${origin}/m/home`);
  return () => loaded;
}

/** Opens the side menu, waits for the site's switches, and answers how many "Live chat" entries it lists (CBS3). */
async function liveChatEntries(page: Page, settingsLoaded: () => boolean): Promise<number> {
  await page.getByRole('button', { name: 'Open menu' }).first().click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByText('FAQ', { exact: true })).toBeVisible();
  await expect.poll(settingsLoaded).toBe(true);
  return menu.getByText('Live chat', { exact: true }).count();
}

/**
 * A gate page (503, 451) on a 412 px phone: the site's wordmark (DEMO2 "Lucky Star"), the icon drawn inline (no
 * emoji a phone may lack), and the site's customer-service links the page tells the player to use.
 */
async function expectLogoAndService(page: Page): Promise<void> {
  const logo = page.locator('.gate-logo');
  await expect(logo).toBeVisible();
  await expect(logo).toContainText('Lucky Star');
  expect(await logo.locator('.logo-mark').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('url(');
  await expect(page.locator('svg.gate-icon')).toBeVisible();
  expect(await page.locator('.gate').textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
  const links = page.locator('[data-service-links] a');
  await expect(links.first()).toBeVisible();
  await expect(links.first()).toHaveAttribute('href', 'https://example.com/luckystar/support');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
}

test('the two demo sites differ as their switches say: theme, live chat and free play', async ({ page }) => {
  const demoLoaded = await openSite(page, DEMO);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await liveChatEntries(page, demoLoaded)).toBe(1);

  const demo2Loaded = await openSite(page, DEMO2);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await liveChatEntries(page, demo2Loaded)).toBe(0);

  const settings = await page.evaluate(async () => (await (await fetch('/wps/system/settings/consolidated')).json()) as {
    value: { merchantCode: string; currencySymbol: string; switches: Record<string, boolean> };
  });
  expect(settings.value.merchantCode).toBe('DEMO2');
  expect(settings.value.currencySymbol).toBe('₱');
  expect(settings.value.switches.FREEPLAY3).toBe(false);
  const freePlay = await page.evaluate(async () => {
    const r = await fetch('/wps/session/login/freeplay', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"moduleId":"FREEPLAY3"}' });
    return { status: r.status, code: ((await r.json()) as { errorCode: string }).errorCode };
  });
  expect(freePlay).toEqual({ status: 403, code: 'function.not.available' });
});

test('a restricted region sees the restricted page with its IP (451); others still see the site', async ({ page }) => {
  operator('regions', 'DEMO2', 'XX');
  try {
    await expectStatusSoon(page, `${DEMO2}/m/home`, 451, { 'CF-IPCountry': 'XX' });
    await expect(page.getByRole('heading', { name: 'Not available in your region' })).toBeVisible();
    await expect(page.locator('[data-client-ip]')).toHaveText('127.0.0.1');
    await expectLogoAndService(page);
    await page.setExtraHTTPHeaders({ 'CF-IPCountry': 'PH' });
    expect((await page.goto(`${DEMO2}/m/home`))?.status()).toBe(200);
  } finally {
    operator('regions', 'DEMO2', 'none');
  }
});

test('maintenance answers every page with the maintenance page (503, Retry-After) until it is switched off', async ({ page }) => {
  // Each operator command opens the local database in a process of its own (well under a second; more on a loaded machine).
  test.setTimeout(180_000);
  operator('maintenance', 'on', 'DEMO2');
  try {
    await expectStatusSoon(page, `${DEMO2}/m/login`, 503);
    await expect(page.getByRole('heading', { name: 'Under maintenance' })).toBeVisible();
    await expectLogoAndService(page);
    // The operator's text: in Arabic for Arabic readers, the built-in translated text elsewhere until one is set.
    operator('maintenance-text', 'DEMO2', 'ar', 'نعود بعد ساعة.');
    await expect.poll(async () => {
      await page.goto(`${DEMO2}/m/home?lang=ar`);
      return page.locator('[data-maintenance-text]').textContent();
    }, { timeout: 20_000 }).toBe('نعود بعد ساعة.');
    await expectLogoAndService(page);
    await page.goto(`${DEMO2}/m/home?lang=en`);
    await expect(page.locator('[data-maintenance-text]')).toHaveText('We are upgrading the site to serve you better. Please come back in a few minutes.');
    operator('maintenance-text', 'DEMO2', 'all', 'Back at 03:00 UTC.');
    await expect.poll(async () => {
      await page.goto(`${DEMO2}/m/home?lang=en`);
      return page.locator('[data-maintenance-text]').textContent();
    }, { timeout: 20_000 }).toBe('Back at 03:00 UTC.');
    const response = await page.goto(`${DEMO2}/m/home`);
    expect(response?.status()).toBe(503);
    expect(Number(response?.headers()['retry-after'])).toBeGreaterThan(0);
    // The other site is not affected.
    expect((await page.goto(`${DEMO}/m/home`))?.status()).toBe(200);
  } finally {
    operator('maintenance-text', 'DEMO2', 'ar', 'none');
    operator('maintenance-text', 'DEMO2', 'all', 'none');
    operator('maintenance', 'off', 'DEMO2');
  }
  await expectStatusSoon(page, `${DEMO2}/m/home`, 200);
});
