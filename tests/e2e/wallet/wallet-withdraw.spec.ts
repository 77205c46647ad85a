import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { E2E_STATE } from '../../../playwright.config';
import { balanceOf, registerPlayer } from '../players';

/**
 * A new player deposits, sets a payment password in the security page and requests a withdrawal, which puts the
 * amount on hold; an operator approves it with `npm run operator -- withdrawal approve <id>`; the player sees it paid
 * (issue 13, Withdraw). The welcome bonus is bonus money (docs/honest-money.md): only the deposited cash can be
 * withdrawn, and the screen warns that a request forfeits the bonus not yet wagered until the player confirms.
 * The operator script writes to the database from outside the server, so this spec runs with the other outside
 * writers, one at a time.
 */
test('a withdrawal request is held, approved by an operator and shown paid', async ({ page }) => {
  test.setTimeout(300_000);
  const player = await registerPlayer(page);

  await page.goto('/m/voucherCenter');
  await page.getByLabel('Amount').fill('50');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  // The first deposit asks for a deposit limit first (docs/player-protection.md); "Not now" goes on to pay.
  await page.getByRole('button', { name: 'Not now' }).click();
  await page.waitForURL('**/pay/demo/**');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await page.waitForURL(/\/m\/voucherCenter\?deposit=\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Deposit received' })).toBeVisible();

  await page.goto('/m/member/security');
  const paymentPassword = page.getByRole('region', { name: 'Set payment password' });
  await paymentPassword.getByLabel('Login password').fill(player.password);
  await paymentPassword.getByLabel('New payment password (6 digits)').fill('246810');
  await paymentPassword.getByLabel('Confirm payment password').fill('246810');
  await paymentPassword.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'Change payment password' }).getByText('Changes saved.')).toBeVisible();

  await page.goto('/m/withdraw');
  const before = await balanceOf(page);
  await page.getByLabel('Amount').fill('25');
  await page.getByLabel('Payee name').fill('Ana Cruz');
  await page.getByLabel('Bank name').fill('Demo Bank');
  await page.getByLabel('Account number').fill('1234567890');
  await page.getByLabel('Payment password', { exact: true }).fill('246810');
  // The welcome bonus is not wagered yet: the screen shows it and warns; the request waits for the confirmation.
  await expect(page.getByText('Available balance')).toBeVisible();
  const warning = page.getByRole('note').filter({ hasText: 'Requesting a withdrawal now forfeits it.' });
  await expect(warning).toContainText('$1,000.00');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Tick the box to confirm you give up your bonus' })).toBeVisible();
  await warning.getByRole('checkbox', { name: 'I understand and give up my bonus' }).check();
  await page.getByLabel('Payment password', { exact: true }).fill('246810');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Withdrawal requested.' })).toBeVisible();
  // The hold and the forfeited bonus (100,000 minor units) both leave the playable balance.
  await expect.poll(() => balanceOf(page)).toBe(before - 2_500 - 100_000);
  await expect(page.getByRole('note').filter({ hasText: 'forfeits' })).toHaveCount(0);
  const row = page.locator('.record-row').first();
  await expect(row).toContainText('Waiting for approval');
  await expect(row).toContainText('****7890');

  const listed = spawnSync('node', ['scripts/operator.ts', 'withdrawals', 'DEMO'], { encoding: 'utf8', env: { ...process.env, PLAYDECK_STATE: E2E_STATE } });
  expect(listed.status, listed.stderr).toBe(0);
  const id = new RegExp(`#(\\d+)\\s+DEMO\\s+${player.username}\\s`, 'i').exec(listed.stdout)?.[1];
  expect(id, listed.stdout).toBeTruthy();
  const approved = spawnSync('node', ['scripts/operator.ts', 'withdrawal', 'approve', id ?? ''], { encoding: 'utf8', env: { ...process.env, PLAYDECK_STATE: E2E_STATE } });
  expect(approved.status, approved.stderr).toBe(0);
  expect(approved.stdout).toContain('approved');

  await page.reload();
  await expect(page.locator('.record-row').first()).toContainText('Paid');
  expect(await balanceOf(page)).toBe(before - 2_500 - 100_000);
});
