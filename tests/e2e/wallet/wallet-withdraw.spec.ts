import { spawnSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { E2E_STATE } from '../../../playwright.config';
import { balanceOf, registerPlayer } from '../players';
import { depositWithDemoBank, fillWithdrawal, setPaymentPassword } from '../account-helpers';

/**
 * A new player deposits, sets a payment password in the security page and requests a withdrawal, which puts the
 * amount on hold; an operator approves it with `npm run operator -- withdrawal approve <id>`; the player sees it paid
 * (issue 13, Withdraw). The welcome bonus is bonus money (docs/honest-money.md): only the deposited cash can be
 * withdrawn, and the screen warns that a request forfeits the bonus not yet wagered until the player confirms.
 * The operator script writes to the database from outside the server, so this spec runs with the other outside
 * writers, one at a time. The steps before the request are tests/e2e/account-helpers.ts's, shared with the back
 * office's money spec.
 */
test('a withdrawal request is held, approved by an operator and shown paid', async ({ page }) => {
  test.setTimeout(300_000);
  const player = await registerPlayer(page);

  await depositWithDemoBank(page, '50');
  await setPaymentPassword(page, player.password);

  await page.goto('/m/withdraw');
  const before = await balanceOf(page);
  await fillWithdrawal(page, '25');
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
