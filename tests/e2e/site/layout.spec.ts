import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT } from '../../../playwright.config';
import { interact } from '../hydration';

/**
 * Pages have their final layout at first paint: parts gated by a site switch are pre-rendered and shown or hidden
 * by the stylesheet from the switches the edge writes into <html data-switches> (src/lib/switchGate.ts), and
 * loading rows have the shape of the rows they become. DEMO has SMS login and free play on; DEMO2 has both off.
 */
const DEMO = `http://127.0.0.1:${E2E_PORT}`;
const DEMO2 = `http://play2.localhost:${E2E_PORT}`;

test.describe('without JavaScript, the login screen already shows what the site offers', () => {
  test.use({ javaScriptEnabled: false });

  test('DEMO: both login tabs and the free-play card', async ({ page }) => {
    await page.goto(`${DEMO}/m/login`);
    await expect(page.getByRole('tab', { name: 'SMS code login' })).toBeVisible();
    await expect(page.getByText('Play with a trial account and play money.')).toBeVisible();
    await expect(page.getByText('Or log in with', { exact: true })).toBeHidden();
  });

  test('DEMO2: no tab strip and no free play', async ({ page }) => {
    await page.goto(`${DEMO2}/m/login`);
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'SMS code login' })).toBeHidden();
    await expect(page.getByText('Play with a trial account and play money.')).toBeHidden();
  });
});

/** Sum of the layout shifts (without recent input) from navigation until the page has settled. */
async function layoutShift(page: Page, url: string): Promise<number> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

test('the login screens and home do not shift while they load', async ({ page }) => {
  expect(await layoutShift(page, `${DEMO}/m/login`)).toBeLessThan(0.02);
  expect(await layoutShift(page, `${DEMO2}/m/login`)).toBeLessThan(0.02);
  expect(await layoutShift(page, `${DEMO}/m/home`)).toBeLessThan(0.02);
});

test('home shows the jackpot from the first paint, growing by 99 to 999 every 5 s', async ({ page }) => {
  await page.clock.install();
  await page.goto(`${DEMO}/m/home`);
  const amount = page.locator('.jackpot-amount');
  await expect(amount).toHaveText(/123,581,220$/);
  const island = page.locator('astro-island', { has: page.locator('.jackpot-banner') });
  // client:visible (below a phone's first screen): scroll to it, then wait for the island to hydrate.
  await amount.scrollIntoViewIfNeeded();
  await expect.poll(async () => {
    await page.clock.runFor(500);
    return island.getAttribute('ssr');
  }).toBeNull();
  const digits = async () => Number((await amount.textContent())?.replace(/\D/g, ''));
  const before = await digits();
  await page.clock.runFor(5000);
  const step = (await digits()) - before;
  expect(step).toBeGreaterThanOrEqual(99);
  expect(step).toBeLessThanOrEqual(999);
});

test("home's floating customer-service button opens the site's CS contact in a new tab", async ({ page }) => {
  await page.goto(`${DEMO}/m/home`);
  // It shows from the player's first interaction (a visitor's home hydrates nothing before: issue 9).
  await interact(page);
  const button = page.getByRole('link', { name: 'Customer service (opens in a new tab)' });
  await expect(button).toHaveAttribute('href', 'https://example.com/playdeck/support');
  await expect(button).toHaveAttribute('target', '_blank');
  await page.goto(`${DEMO2}/m/home`);
  await interact(page);
  await expect(page.getByRole('link', { name: 'Customer service (opens in a new tab)' })).toHaveAttribute('href', 'https://example.com/luckystar/support');
});
