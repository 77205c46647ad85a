import { expect, test } from '@playwright/test';
import { registerPlayer, watchForPageErrors } from '../players';
import { logIn } from '../account-helpers';
import { waitForHydration } from '../hydration';

/** The development-only request header that serves a request as of another moment (worker/lib/clock.ts). */
const TEST_NOW_HEADER = 'X-PlayDeck-Test-Now';
const HOUR = 3_600_000;

/**
 * Time-out and self-exclusion as a player meets them (docs/player-protection.md "Time-out and self-exclusion", RTS
 * 14): one tap on the responsible-gambling page and a confirmation; logged out at once; the log-in refused with the
 * end date until the end (the server's clock moved for the last step), then allowed.
 */
test('a break logs the player out and refuses log-in with its end date until it ends', async ({ page, context }) => {
  test.setTimeout(180_000);
  const problems = watchForPageErrors(page);
  const player = await registerPlayer(page);

  await page.goto('/m/responsibleGambling');
  await waitForHydration(page);
  const tools = page.getByRole('region', { name: 'Time-out and self-exclusion' });
  await tools.getByRole('group', { name: 'Take a break' }).getByRole('button', { name: '24 hours' }).click();
  // The explicit confirmation says until when and that it cannot be undone; cancelling sends nothing.
  const confirm = tools.getByRole('alertdialog');
  await expect(confirm).toContainText(/cannot log in, deposit or play until .+\. This cannot be undone\./);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await tools.getByRole('group', { name: 'Take a break' }).getByRole('button', { name: '24 hours' }).click();
  await confirm.getByRole('button', { name: 'Yes, start now' }).click();
  await expect(tools.getByRole('status')).toContainText(/^Started\. You have been logged out and cannot log in until .+\.$/);

  // Logged out: the member centre asks for a log-in.
  await page.goto('/m/member/limits');
  await page.waitForURL('**/m/login');
  await waitForHydration(page);
  await logIn(page, player);
  const notice = page.getByRole('alert').filter({ hasText: 'You are taking a break until' });
  await expect(notice).toContainText(/^You are taking a break until .+\. You cannot log in before then\./);
  expect(page.url()).toContain('/m/login');

  // 25 hours later (the server's clock moved) the same log-in opens the account.
  await context.setExtraHTTPHeaders({ [TEST_NOW_HEADER]: String(Date.now() + 25 * HOUR) });
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/m/home');
  expect(problems).toEqual([]);
});

/** A self-exclusion ends every session of the player: another device's session ends on its next call. */
test('a self-exclusion ends the session of another browser on its next page', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const player = await registerPlayer(page);

  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto('/m/login');
  await waitForHydration(second);
  await logIn(second, player);
  await second.waitForURL('**/m/home');

  await page.goto('/m/responsibleGambling');
  await waitForHydration(page);
  const tools = page.getByRole('region', { name: 'Time-out and self-exclusion' });
  await tools.getByRole('group', { name: 'Self-exclude' }).getByRole('button', { name: '6 months' }).click();
  await tools.getByRole('alertdialog').getByRole('button', { name: 'Yes, start now' }).click();
  await expect(tools.getByRole('status')).toContainText('Started.');

  // The other browser's session is over: its next page that needs it sends it to log in, saying why.
  await second.goto('/m/member/limits');
  await second.waitForURL('**/m/login');
  await expect(second.getByText('Please log in first.')).toBeVisible();
  await waitForHydration(second);
  await logIn(second, player);
  await expect(second.getByRole('alert').filter({ hasText: 'Your account is closed by self-exclusion until' })).toBeVisible();
  await other.close();
});
