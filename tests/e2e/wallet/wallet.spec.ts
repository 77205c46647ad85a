import { expect, test } from '@playwright/test';
import { balanceOf, registerPlayer, usd } from '../players';

/**
 * A new player deposits with the built-in demo provider (issue 13, Deposit): the deposit page lists the site's
 * methods, the player leaves for the provider's hosted page, confirms, comes back, and the balance shows the
 * credit at once (no 60 s wait).
 */
test('a new player deposits with the demo provider and sees the balance change', async ({ page }) => {
  test.setTimeout(300_000);
  await registerPlayer(page);
  await page.goto('/m/voucherCenter');
  const before = await balanceOf(page);
  await expect(page.getByRole('radio', { name: /Bank transfer \(demo\)/ })).toBeChecked();
  await page.getByLabel('Amount').fill('5');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByText('Enter an amount within the limits.')).toBeVisible();
  await page.getByLabel('Amount').fill('50');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  // The first deposit asks for a deposit limit first (docs/player-protection.md); "Not now" goes on to pay.
  await expect(page.getByRole('heading', { name: 'Set a deposit limit?' })).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
  await page.waitForURL('**/pay/demo/**');
  await expect(page.getByRole('heading', { name: 'Demo payment' })).toBeVisible();
  await expect(page.getByText('USD 50.00')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await page.waitForURL(/\/m\/voucherCenter\?deposit=\d+$/);
  await expect(page.getByRole('status').filter({ hasText: `Deposit received: ${usd(5_000)} was added to your balance.` })).toBeVisible();
  await expect.poll(() => balanceOf(page)).toBe(before + 5_000);
  await page.goto('/m/member/transactions');
  await expect(page.locator('.record-row[data-category="deposit"]').first()).toContainText('+$50.00');
});
