import { expect, test } from '@playwright/test';
import { balanceOf, registerPlayer } from '../players';

/** The development-only request header that serves a request as of another moment (worker/lib/clock.ts). */
const TEST_NOW_HEADER = 'X-PlayDeck-Test-Now';
const HOUR = 3_600_000;

/**
 * Deposit limits as a player meets them (docs/player-protection.md, RTS 12): asked at the first deposit (never a
 * pre-filled amount), refused past the limit with what is left, lowered at once on the limits page, raised only after
 * 24 hours of cooling-off and a confirmation (the server's clock moved for the last step).
 */
test('a deposit limit set at the first deposit refuses more, lowers at once and waits 24 hours to rise', async ({ page, context }) => {
  test.setTimeout(240_000);
  await registerPlayer(page);

  // Home's footer leads to the limits page in one tap.
  await page.goto('/m/home');
  await expect(page.getByRole('link', { name: 'Set your limits' })).toHaveAttribute('href', '/m/member/limits');

  // The first deposit asks for a deposit limit; the amount is empty.
  await page.goto('/m/voucherCenter');
  const before = await balanceOf(page);
  await page.getByLabel('Amount').fill('50');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { name: 'Set a deposit limit?' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Per 24 hours' })).toBeChecked();
  await expect(page.getByLabel('Deposit limit', { exact: true })).toHaveValue('');
  await page.getByLabel('Deposit limit', { exact: true }).fill('30');
  await page.getByRole('button', { name: 'Set limit' }).click();

  // The deposit of 50 goes on and is refused: which limit, what is left, when more is available; nothing taken.
  await expect(page.getByRole('alert').filter({ hasText: 'This deposit would pass your deposit limit per 24 hours: $30.00 left, more from' })).toBeVisible();
  expect(await balanceOf(page)).toBe(before);

  // 20 is within the limit: paid on the provider's page.
  await page.getByLabel('Amount').fill('20');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL('**/pay/demo/**');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await page.waitForURL(/\/m\/voucherCenter\?deposit=\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Deposit received' })).toBeVisible();

  // One tap from the deposit page to the limits page, where the limit shows what is used and left.
  await page.getByRole('link', { name: 'Set your limits' }).click();
  await page.waitForURL('**/m/member/limits');
  const daily = page.getByRole('region', { name: 'Deposit limit' }).getByRole('form', { name: 'Per 24 hours' });
  await expect(daily.getByText('Limit $30.00: $20.00 used, $10.00 left.')).toBeVisible();

  // Lower: in force at once.
  await daily.getByLabel('New limit').fill('25');
  await daily.getByRole('button', { name: 'Save' }).click();
  await expect(daily.getByText('Saved. The limit applies now.')).toBeVisible();
  await expect(daily.getByText('Limit $25.00: $20.00 used, $5.00 left.')).toBeVisible();

  // Raise: pending for 24 hours, the old limit holds, nothing to confirm yet.
  await daily.getByLabel('New limit').fill('100');
  await daily.getByRole('button', { name: 'Save' }).click();
  await expect(daily.getByText(/^Requested\. The current limit stays for 24 hours/)).toBeVisible();
  await expect(daily.getByText(/^Change to \$100\.00 requested\. You can confirm it from /)).toBeVisible();
  await expect(daily.getByText('Limit $25.00: $20.00 used, $5.00 left.')).toBeVisible();
  await expect(daily.getByRole('button', { name: 'Confirm change' })).toHaveCount(0);

  // 25 hours later (the server's clock moved): the change can be confirmed, and then it is in force.
  await context.setExtraHTTPHeaders({ [TEST_NOW_HEADER]: String(Date.now() + 25 * HOUR) });
  await page.reload();
  // By the moved clock the session has lasted 25 hours, so the reality check (docs/player-protection.md) asks first.
  const check = page.getByRole('dialog', { name: 'Reality check' });
  await check.getByRole('button', { name: 'Continue' }).click();
  await expect(check).toHaveCount(0);
  await daily.getByRole('button', { name: 'Confirm change' }).click();
  await expect(daily.getByText('Limit $100.00: $0.00 used, $100.00 left.')).toBeVisible();
});
