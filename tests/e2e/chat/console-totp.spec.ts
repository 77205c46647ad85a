import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_STATE } from '../../../playwright.config';

/**
 * The operator console's two-factor sign-in (docs/back-office.md "Two-factor sign-in"): an owner made with the
 * operator script signs in, is shown the enrolment (the secret once), confirms it with a code computed here, keeps
 * the recovery codes, and reaches the back office (src/console/App.tsx) with the sign-in form gone; signing in again
 * asks for the code.
 * The account is created with the operator script, so this spec writes to the database from outside.
 */
const OWNER = `owner${Date.now().toString(36)}`;
const PASSWORD = 'console-owner-2026';

const code = (secret: string, at: number) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

test.beforeAll(() => {
  const result = spawnSync('node', ['scripts/operator.ts', 'console-operator', 'DEMO', OWNER, 'Olivia Owner', '--role', 'owner', '--reason', 'browser test'], {
    encoding: 'utf8',
    env: { ...process.env, PLAYDECK_STATE: E2E_STATE, CONSOLE_PASSWORD: PASSWORD },
  });
  expect(result.status, result.stderr + result.stdout).toBe(0);
});

test('an owner enrols TOTP, signs in with a code, and the sign-in form is gone', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/console/');
  const form = page.locator('form#login');
  await page.getByLabel('Username').fill(OWNER);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The role needs a second factor: the enrolment comes first, and the form is gone.
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(form).toBeHidden();
  await page.getByRole('button', { name: 'Show the secret' }).click();
  await expect(page.locator('#enrol-base32')).toHaveText(/^[A-Z2-7]{32}$/);
  const secret = (await page.locator('#enrol-base32').textContent()) ?? '';
  const confirmedAt = Date.now();
  await page.getByLabel('Code from the app').fill(code(secret, confirmedAt));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('#recovery-codes li')).toHaveCount(10);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Olivia Owner' })).toBeVisible();
  await expect(form).toBeHidden();

  // Sign out and in again: the code is asked for after the password; a code of the next step (one not used yet) passes.
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(form).toBeVisible();
  await page.getByLabel('Username').fill(OWNER);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#login-error')).toContainText('Enter the code');
  await page.getByLabel('Authenticator code or recovery code').fill(code(secret, confirmedAt + 30_000));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Olivia Owner' })).toBeVisible();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('dashboard-role')).toHaveText('Role: owner');
});
