import { expect, test } from '@playwright/test';
import { makeConsoleOperator, openConsoleMenu, signInToConsole } from './console-helpers';

/**
 * The back office's shell (docs/back-office.md "The back office app"): an owner signs in with the two-factor
 * enrolment, sees the dashboard (name, role, site, the other site's back office) and finds the sign-in's and the
 * enrolment's rows in the audit log; a deep link loads the app; a support agent sees no audit log in the menu. Operators are made with the
 * operator script (an outside writer).
 */
test('an owner signs in with TOTP, sees the dashboard and the audit log', async ({ page }) => {
  test.setTimeout(90_000);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text());
  });
  const owner = makeConsoleOperator({ role: 'owner', displayName: 'Olga Owner', sites: ['DEMO2'] });
  await signInToConsole(page, owner);
  // MUI's styles arrive as style elements carrying the policy's nonce (no 'unsafe-inline'), and none is refused.
  expect(await page.locator('style[data-emotion]').count()).toBeGreaterThan(0);
  await expect(page.locator('header').first()).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(page.getByTestId('dashboard-role')).toHaveText('Role: owner');
  await expect(page.getByTestId('dashboard-site')).toContainText('Site: ');
  await expect(page.getByRole('navigation', { name: 'Your other sites' }).getByRole('link')).toHaveAttribute('href', /^http:\/\/play2\.localhost:\d+\/console\/$/);
  await expect(page.locator('form#login')).toHaveCount(0);

  const menu = await openConsoleMenu(page);
  await menu('Audit log').click();
  await page.waitForURL('**/console/audit**');
  await page.getByRole('textbox', { name: 'Operator' }).fill(owner.username);
  // The sign-in's row and the enrolment's.
  await expect(page.locator('tbody tr', { hasText: 'operator.sign_in' })).toHaveCount(1);
  const row = page.locator('tbody tr', { hasText: 'operator.totp_enrol' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(owner.username);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', new RegExp(`/console/api/audit\\.csv\\?operator=${owner.username}`));

  // A deep link loads the app on that page (the session is the cookie).
  await page.goto('/console/audit');
  await expect(page.getByRole('columnheader', { name: 'Action' })).toBeVisible();
  expect(refused).toEqual([]);
});

test('a support agent does not see the audit log', async ({ page }) => {
  const agent = makeConsoleOperator({ role: 'support', displayName: 'Sam Support' });
  await signInToConsole(page, agent);
  await expect(page.getByTestId('dashboard-role')).toHaveText('Role: support');
  const menu = await openConsoleMenu(page);
  await expect(menu('Live chat')).toBeVisible();
  await expect(menu('Audit log')).toHaveCount(0);
});
