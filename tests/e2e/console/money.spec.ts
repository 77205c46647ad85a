import { expect, test } from '@playwright/test';
import { registerPlayer } from '../players';
import { depositWithDemoBank, fillWithdrawal, setPaymentPassword } from '../account-helpers';
import { consoleUrl, makeConsoleOperator, signInToConsole } from './console-helpers';

/**
 * The back office's money desk (docs/back-office.md "Money"): a new player deposits 50.00 and asks to withdraw
 * 25.00 (giving up the welcome bonus not yet wagered); a finance operator made with the operator script signs in
 * with TOTP, finds the request in the withdrawal queue with the player's context (balance, deposits, bonuses,
 * account age, accounts sharing the address), approves it, and finds it paid in the history. The operator is made
 * with the operator script, so this spec writes to the database from outside and runs with the other outside writers.
 */
test('a finance operator approves a withdrawal with the player context shown and finds it paid in the history', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const player = await registerPlayer(page);

  await depositWithDemoBank(page, '50');
  await setPaymentPassword(page, player.password);
  await fillWithdrawal(page, '25');
  await page.getByRole('note').filter({ hasText: 'forfeits' }).getByRole('checkbox', { name: 'I understand and give up my bonus' }).check();
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Withdrawal requested.' })).toBeVisible();

  // The finance operator, on a desktop screen of their own.
  const desk = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const office = await desk.newPage();
  const finance = makeConsoleOperator({ role: 'finance', displayName: 'Fiona Finance' });
  await signInToConsole(office, finance);

  await office.goto(consoleUrl('127.0.0.1', '/console/withdrawals'));
  await office.getByRole('textbox', { name: 'Player' }).fill(player.username);
  const row = office.locator('tbody tr').filter({ hasText: player.username }).first();
  await expect(row).toBeVisible();
  // The key figures in the row: the amount and the cash left (25.00 each: 50.00 deposited, 25.00 held), the
  // deposits, the account's age; expanded, the whole context.
  await expect(row).toContainText('$25.00');
  await expect(row).toContainText('$50.00');
  await expect(row).toContainText('0 d');
  await row.getByRole('button', { name: 'Expand', includeHidden: true }).click();
  await expect(office.getByRole('region', { name: 'Player context' })).toContainText(`Player ${player.username}`);

  // The request's page: the payee, the whole context, then the decision.
  await row.getByRole('cell', { name: player.username, exact: true }).click();
  await expect(office.getByText('1234567890')).toBeVisible();
  const context = office.getByRole('region', { name: 'Player context' });
  await expect(context).toContainText(`Player ${player.username}`);
  await expect(context.getByText('Cash balance').locator('..')).toContainText('$25.00');
  await expect(context.getByText('Deposits', { exact: true }).locator('..')).toContainText('1 · $50.00');
  await expect(context.getByText('On hold').locator('..')).toContainText('$25.00');
  await expect(context.getByText('Bonuses received').locator('..')).toContainText('1 · $1,000.00');
  await expect(context.getByText('Account age').locator('..')).toContainText('0 days');
  await expect(context.getByText('Accounts sharing an address', { exact: true })).toBeVisible();

  await office.getByRole('button', { name: 'Approve' }).click();
  const dialog = office.getByRole('dialog');
  await expect(dialog).toContainText('$25.00 is paid out to');
  await dialog.getByLabel('Note (optional)').fill('Payee checked');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(office.getByText(/approved \(paid\)/)).toBeVisible();
  await expect(office.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  await office.getByRole('menuitem', { name: 'Withdrawal history' }).click();
  await office.getByRole('textbox', { name: 'Player' }).fill(player.username);
  const paid = office.locator('tbody tr').filter({ hasText: player.username }).first();
  await expect(paid).toContainText('paid');
  await expect(paid).toContainText(finance.username);
  await desk.close();

  // The player sees it paid.
  await page.reload();
  await expect(page.locator('.record-row').first()).toContainText('Paid');
});
