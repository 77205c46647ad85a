import { expect, test } from '@playwright/test';
import { registerPlayer } from '../players';
import { makeConsoleOperator, openConsoleMenu, signInToConsole } from './console-helpers';

/**
 * The back office's Reports (docs/back-office.md "Reports"): a finance operator signs in with the two-factor
 * enrolment, opens today's report, and a registration the test makes on the site shows in today's figures; the
 * CSV download carries the range; a support agent has no Reports in the menu. Operators are made with the operator
 * script (an outside writer: tests/e2e/console/*.spec.ts are in OUTSIDE_WRITERS, so nothing else writes meanwhile).
 */
test("a finance operator reads today's report, and a registration made now is counted", async ({ page }) => {
  test.setTimeout(120_000);
  const finance = makeConsoleOperator({ role: 'finance', displayName: 'Fiona Finance' });
  await signInToConsole(page, finance);
  const menu = await openConsoleMenu(page);
  await menu('Reports').click();
  await page.waitForURL('**/console/reports');

  const today = new Date().toISOString().slice(0, 10);
  await expect(page.getByTestId('report-range')).toHaveText(today);
  const registrations = page.getByTestId('kpi-registrations-value');
  await expect(registrations).toHaveText(/^\d[\d,]*$/);
  const before = Number((await registrations.textContent())!.replace(/,/g, ''));
  for (const kpi of ['deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'bonus-cost', 'ngr', 'active-players', 'first-depositors']) {
    await expect(page.getByTestId(`kpi-${kpi}`)).toBeVisible();
  }
  await expect(page.getByTestId('report-kinds')).toBeVisible();
  await expect(page.getByTestId('report-vendors')).toBeVisible();
  await expect(page.getByRole('link', { name: 'CSV by day' })).toHaveAttribute('href', `/console/api/reports/csv?from=${today}&to=${today}&table=days`);

  // A player registers on the site now; today's report, asked again, counts them.
  const site = await page.context().newPage();
  await registerPlayer(site);
  await site.close();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(registrations).toHaveText(String(before + 1));

  // A longer range draws the day charts.
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page.getByTestId('report-range')).toContainText(today);
  await expect(page.getByTestId('report-charts').locator('.recharts-surface').first()).toBeVisible();
  await expect(page.getByTestId('report-days').locator('tbody tr')).toHaveCount(7);
});

test('a support agent has no Reports', async ({ page }) => {
  const agent = makeConsoleOperator({ role: 'support', displayName: 'Sid Support' });
  await signInToConsole(page, agent);
  const menu = await openConsoleMenu(page);
  await expect(menu('Support')).toBeVisible();
  await expect(menu('Reports')).toHaveCount(0);
});
