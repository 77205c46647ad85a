import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { minorOf, registerPlayer, watchForPageErrors } from '../players';
import { d1 } from '../sms';
import { formatMoney } from '../../../rules/format';

/** The development-only request header that serves a request as of another moment (worker/lib/clock.ts). */
const TEST_NOW_HEADER = 'X-PlayDeck-Test-Now';
const MINUTE = 60_000;

/**
 * Serves every API call of `page` as of the wall clock plus `offset()` ms (a moving test clock: the reality check's
 * timer and its second reading see time pass, as they would in production).
 */
async function shiftClock(page: Page, offset: () => number): Promise<void> {
  await page.route('**/wps/**', (route) => route.continue({ headers: { ...route.request().headers(), [TEST_NOW_HEADER]: String(Date.now() + offset()) } }));
}

/**
 * Opens the site's first enabled demo slot, spins once at $1.00 and answers the win in minor units (the session's
 * net result is that win less the 100 staked); both tests of this file start their play with it.
 */
async function spinDemoSlot(page: Page): Promise<number> {
  const [slot] = d1<{ node_id: number }>(`SELECT node_id FROM games WHERE vassalage = 'PD_SLOTS' AND enabled = 1 ORDER BY node_id LIMIT 1`);
  await page.goto(`/play/slot?nodeId=${slot!.node_id}`);
  await page.getByRole('radio', { name: '$1.00' }).check();
  await page.getByRole('button', { name: 'Spin' }).click();
  await expect(page.getByText(/^(You won .+!|No win this time\.)$/)).toBeVisible({ timeout: 10_000 });
  return minorOf((await page.getByLabel('Win', { exact: true }).textContent()) ?? '');
}

/**
 * Reality checks (docs/player-protection.md "Reality checks", RTS 13): the player chooses 15 minutes on the
 * responsible-gambling page, plays the demo slot, and with the server's clock moved the check appears inside the game
 * page with the time played and the session's net result; "continue" holds across a reload, the next check arrives
 * by the page's timer one interval later, and "log out" ends the session.
 */
test('a reality check shows inside the game page, survives reloads and leads to log out', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchForPageErrors(page);
  await registerPlayer(page);

  await page.goto('/m/responsibleGambling');
  await expect(page.getByRole('heading', { name: 'Reality checks' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '60 minutes' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Off' })).toHaveCount(0);
  await page.getByRole('radio', { name: '15 minutes' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  // One spin on the demo slot: the session's net result is its win less its stake.
  const win = await spinDemoSlot(page);
  const check = page.getByRole('dialog', { name: 'Reality check' });
  await expect(check).toHaveCount(0);

  // 15 minutes later (the server's clock moved): the check shows on the game page.
  let offset = 15 * MINUTE + 2_000;
  await shiftClock(page, () => offset);
  await page.reload();
  await expect(check).toBeVisible();
  await expect(check.getByText(/^You have played for 0 h 1[56] min in this session\.$/)).toBeVisible();
  await expect(check.getByText(`Net result this session (wins − bets): ${formatMoney(win - 100, '$', 'en')}`)).toBeVisible();
  await expect(check.getByRole('link', { name: 'Game history' })).toHaveAttribute('href', '/m/gameRecord');
  await check.getByRole('button', { name: 'Continue' }).click();
  await expect(check).toHaveCount(0);

  // A reload does not restart the clock nor bring the answered check back.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Spin' })).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(check).toHaveCount(0);

  // The next check is one interval after "continue": the page's timer shows it when due, without a reload.
  offset = 30 * MINUTE - 3_000;
  await page.reload();
  await expect(page.getByRole('button', { name: 'Spin' })).toBeVisible();
  await expect(check).toBeVisible({ timeout: 15_000 });
  await page.unrouteAll(); // the moved clock has done its part; logging out runs on the wall clock
  const reloaded = page.waitForURL('**/m/home');
  await check.getByRole('button', { name: 'Log out' }).click();
  await reloaded;
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  expect(problems).toEqual([]);
});

/**
 * Activity statements (docs/player-protection.md "Statements"): the member centre asks for the monthly review, the
 * statement page shows the period's figures and downloads them as CSV; once viewed, the prompt is gone this month.
 */
test('the member centre prompts for the monthly statement, which shows the play and downloads as CSV', async ({ page }) => {
  test.setTimeout(120_000);
  await registerPlayer(page);
  const win = await spinDemoSlot(page);

  await page.goto('/m/member/home');
  await page.getByRole('link', { name: 'Your monthly activity statement is ready: review it' }).click();
  await page.waitForURL('**/m/member/statement');
  const figures = page.getByRole('region', { name: /^Period: / });
  await expect(figures.getByRole('definition').nth(3)).toHaveText('$1.00');
  await expect(figures.getByRole('definition').nth(4)).toHaveText(formatMoney(win, '$', 'en'));

  const download = page.waitForEvent('download');
  await figures.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv).toContain('Bets,1.00,$\r\n');
  expect(csv).toContain(`Net result,${((win - 100) / 100).toFixed(2)},$\r\n`);

  await page.goto('/m/member/home');
  await expect(page.getByRole('link', { name: 'Activity statement' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your monthly activity statement is ready: review it' })).toHaveCount(0);
});
