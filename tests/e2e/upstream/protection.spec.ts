import { expect, test, type Page } from '@playwright/test';
import { logIn } from '../account-helpers';
import { waitForHydration } from '../hydration';
import { registerOnPlatform } from './standin-helpers';

/** The development-only request header that serves a request as of another moment (worker/lib/clock.ts). */
const TEST_NOW_HEADER = 'X-PlayDeck-Test-Now';
const MINUTE = 60_000;

/** Serves every API call of `page` as of the wall clock plus `offset()` ms (time still passes for the page's timer). */
async function shiftClock(page: Page, offset: () => number): Promise<void> {
  await page.route('**/wps/**', (route) => route.continue({ headers: { ...route.request().headers(), [TEST_NOW_HEADER]: String(Date.now() + offset()) } }));
}

/**
 * Player protection in upstream mode (docs/player-protection.md "Upstream mode"): in front of the platform stand-in, a
 * player logged in through PlayDeck sets a session time limit and a reality check interval (kept by the platform's
 * member id); with the server's clock moved the reality check appears after the interval (time played from the log-in
 * the edge recorded, the net result pointing to the history), and once the session time limit has passed the session
 * ends and the log-in page says why.
 */
test('upstream: a reality check appears after the interval and the session time limit ends the session', async ({ page, request }) => {
  test.setTimeout(120_000);
  const username = `rc${Date.now().toString(36)}`.slice(0, 16);
  const password = 'secret123';
  await registerOnPlatform(request, username, password);

  await page.goto('/m/login');
  await waitForHydration(page);
  await logIn(page, { username, password });
  await page.waitForURL((url) => !url.pathname.startsWith('/m/login'));

  // The limits page is served in front of the platform: deposit and wager limits, and the session time limit.
  await page.goto('/m/member/limits');
  await expect(page.getByRole('heading', { name: 'Session time limit' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loss limit' })).toHaveCount(0);
  await page.getByLabel('Minutes per session').fill('20');
  await page.locator('form').filter({ has: page.getByLabel('Minutes per session') }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('20 minutes per session')).toBeVisible();

  await page.goto('/m/responsibleGambling');
  await expect(page.getByRole('heading', { name: 'Reality checks' })).toBeVisible();
  await page.getByRole('radio', { name: '15 minutes' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  // 15 minutes after the log-in (the server's clock moved): the check shows, on any page, and survives a reload.
  const check = page.getByRole('dialog', { name: 'Reality check' });
  let offset = 15 * MINUTE + 2_000;
  await shiftClock(page, () => offset);
  await page.goto('/m/home');
  await expect(check).toBeVisible();
  await expect(check.getByText(/^You have played for 0 h 1[56] min in this session\.$/)).toBeVisible();
  await expect(check.getByText('Your wins and bets this session are in your game history.')).toBeVisible();
  await expect(check.getByRole('link', { name: 'Game history' })).toBeVisible();
  await expect(check.getByRole('link', { name: 'Transactions' })).toHaveCount(0);
  await page.reload();
  await expect(check).toBeVisible();
  await check.getByRole('button', { name: 'Continue' }).click();
  await expect(check).toHaveCount(0);

  // Past the 20 minutes: the next call ends the session, and the log-in page says why.
  offset = 21 * MINUTE;
  await page.goto('/m/member/home');
  await expect(page.getByText('Your session reached the time limit you set, so you were logged out.')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/m\/login/);
});
