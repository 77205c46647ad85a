import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { E2E_STATE } from '../../../playwright.config';
import { registerPlayer } from '../players';
import { consoleUrl, makeConsoleOperator, signInToConsole } from './console-helpers';

/**
 * The back office's "Sign-up and payments" area (docs/back-office.md "Sign-up and payments"): an admin made with the
 * operator script signs in with TOTP, changes the DEMO_BANK deposit method's limits and makes the registration
 * form's e-mail required, each with a reason; the player's deposit page shows the new limits and the registration
 * form the e-mail without "optional"; the audit log shows each change with its before and after. The operator is made
 * with the operator script, so this spec writes to the database from outside and runs with the other outside writers
 * (playwright.config.ts OUTSIDE_WRITERS, `** /console/*.spec.ts`).
 */
/** Puts the demo site's seeded settings back with the operator command, for the specs that run after this one. */
test.afterAll(() => {
  for (const args of [['payment-method', 'DEMO', 'DEMO_BANK', 'min=10.00', 'max=5000.00'], ['registration', 'DEMO', 'email=optional']]) {
    const result = spawnSync('node', ['scripts/operator.ts', ...args], { encoding: 'utf8', env: { ...process.env, PLAYDECK_STATE: E2E_STATE } });
    expect(result.status, result.stderr + result.stdout).toBe(0);
  }
});

test('an admin changes a payment method\'s limits and makes a registration field required; the player\'s pages and the audit log show it', async ({ page, browser }) => {
  test.setTimeout(300_000);
  // A player registered before the change (the form then still takes no e-mail).
  await registerPlayer(page);
  const desk = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const office = await desk.newPage();
  const admin = makeConsoleOperator({ role: 'admin', displayName: 'Ada Admin' });
  await signInToConsole(office, admin);

  // The payment method: minimum 12.50, maximum 900.00.
  await office.goto(consoleUrl('127.0.0.1', '/console/payment-methods'));
  await office.locator('tbody tr', { hasText: 'DEMO_BANK' }).first().click();
  await office.getByLabel('Minimum deposit').fill('12.5');
  await office.getByLabel('Maximum deposit').fill('900');
  await office.getByLabel('Reason (for the audit log)').fill('New PSP contract');
  await office.getByRole('button', { name: 'Save' }).click();
  await expect(office.locator('tbody tr', { hasText: 'DEMO_BANK' }).first()).toContainText('12.50');

  // The registration form: e-mail required.
  await office.goto(consoleUrl('127.0.0.1', '/console/registration-fields'));
  await office.getByRole('row').filter({ has: office.getByRole('cell', { name: 'email', exact: true }) }).click();
  await office.waitForURL('**/console/registration-fields/email');
  await office.getByRole('combobox', { name: /^Rule/ }).click();
  await office.getByRole('option', { name: 'Required', exact: true }).click();
  await office.getByLabel('Reason (for the audit log)').fill('Contact by e-mail');
  await office.getByRole('button', { name: 'Save' }).click();
  await expect(office.getByRole('row').filter({ has: office.getByRole('cell', { name: 'email', exact: true }) })).toContainText('Required');

  // The player's pages (the site's settings are cached for 2 s on the test server).
  await page.waitForTimeout(2_500);
  await page.goto('/m/voucherCenter');
  await expect(page.locator('label', { hasText: 'Bank transfer' }).first()).toContainText('From $12.50 to $900.00');
  const visitor = await browser.newContext();
  const form = await visitor.newPage();
  await form.goto(consoleUrl('127.0.0.1', '/m/register'));
  await expect(form.locator('input[name="email"]')).toBeVisible();
  await expect(form.getByText('E-mail (optional)')).toHaveCount(0);
  await expect(form.getByLabel('E-mail', { exact: true })).toBeVisible();
  await visitor.close();

  // The audit log: both changes, with before, after and the reason.
  await office.goto(consoleUrl('127.0.0.1', '/console/audit'));
  const method = office.locator('tbody tr', { hasText: 'settings.payment_method' }).first();
  await expect(method).toContainText('New PSP contract');
  await expect(method).toContainText('"minMinor":1250');
  await expect(method).toContainText(admin.username);
  const field = office.locator('tbody tr', { hasText: 'settings.registration' }).first();
  await expect(field).toContainText('Contact by e-mail');
  await expect(field).toContainText('"required":false');
  await expect(field).toContainText('"required":true');
  await desk.close();
});
