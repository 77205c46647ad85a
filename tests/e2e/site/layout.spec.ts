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

/** Answers the jackpot call with `amount` (decimal currency units), as a site whose pool holds it would. */
async function jackpotAnswer(page: Page, amount: number): Promise<void> {
  await page.route('**/wps/relay/VIS_getJackpot', (route) => route.fulfill({
    contentType: 'application/json',
    body: JSON.stringify({ success: true, value: { amount, currency: 'USD', currencySymbol: '$' }, message: null, errorCode: null }),
  }));
}

test('home shows no made-up jackpot: the real pool once loaded, nothing while it is empty (docs/honest-money.md)', async ({ page }) => {
  await jackpotAnswer(page, 1234.56);
  await page.goto(`${DEMO}/m/home`);
  // Not in the first HTML: the figure is live and only shows once loaded (client:visible over an empty slot).
  const banner = page.locator('.jackpot-banner');
  await page.locator('.home-link[href="/m/lottery"]').scrollIntoViewIfNeeded();
  await expect(banner.locator('.jackpot-amount')).toHaveText('$1,234.56');
  await expect(page.getByText('123,581,220')).toHaveCount(0);

  const empty = await page.context().newPage();
  await jackpotAnswer(empty, 0);
  await empty.goto(`${DEMO}/m/home`);
  await empty.locator('.home-link[href="/m/lottery"]').scrollIntoViewIfNeeded();
  await expect(empty.locator('.jackpot-slot')).toHaveCount(1);
  await expect(empty.locator('.jackpot-banner')).toHaveCount(0);
  await empty.close();
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
