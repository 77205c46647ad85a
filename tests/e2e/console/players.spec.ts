import { expect, test } from '@playwright/test';
import { registerPlayer } from '../players';
import { makeConsoleOperator, openConsoleMenu, signInToConsole } from './console-helpers';

/**
 * The back office's Players area (docs/back-office.md "Players"): an owner signs in with TOTP, finds a player who
 * just registered, adjusts the balance (within the site's threshold: applied at once), and sees the adjustment in
 * the player's ledger and its row in the player's audit log. The operator is made with the operator script (an
 * outside writer: tests/e2e/console/ is in OUTSIDE_WRITERS). The back office is desktop first: the operator's screen
 * here is a laptop's.
 */
test.use({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false });

test('an owner finds a player, adjusts the balance and sees the ledger entry and the audit row', async ({ page }) => {
  test.setTimeout(120_000);
  const player = await registerPlayer(page);
  const owner = makeConsoleOperator({ role: 'owner', displayName: 'Fiona Funds' });
  await signInToConsole(page, owner);

  const menu = await openConsoleMenu(page);
  await menu('Players').click();
  await page.waitForURL('**/console/players**');
  await page.getByPlaceholder('Id, user name, e-mail, phone or IP').fill(player.username);
  const row = page.locator('tbody tr', { hasText: player.username });
  await expect(row).toHaveCount(1);
  // The search refreshes the list after typing stops: click again until the player's page opens.
  await expect(async () => {
    await row.getByText(player.username).click();
    await page.waitForURL(/\/console\/players\/\d+\/show/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText(`Player ${player.username}`)).toBeVisible();

  await page.getByRole('button', { name: 'Adjust balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust the balance' });
  await dialog.getByLabel('Amount').fill('12.34');
  await dialog.getByLabel('Reason').fill('Goodwill for a browser test');
  await dialog.getByRole('button', { name: 'Adjust balance' }).click();
  await expect(page.getByText('Balance adjusted')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('tab', { name: 'Ledger' }).click();
  const entry = page.locator('[data-part="ledger"] tbody tr', { hasText: 'adjustment' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('$12.34');

  await page.getByRole('tab', { name: 'Audit' }).click();
  const audit = page.locator('[data-part="audit"] tbody tr', { hasText: 'player.adjust' });
  await expect(audit).toHaveCount(1);
  await expect(audit).toContainText(owner.username);
  await expect(audit).toContainText('Goodwill for a browser test');
});
