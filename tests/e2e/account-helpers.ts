import { expect, type Page } from '@playwright/test';
import { E2E_CAPTCHA_ANSWER } from '../../playwright.config';
import { lastSmsCode } from './sms';
import { waitForHydration } from './hydration';

/** A player of the browser tests. */
export interface Player {
  username: string;
  password: string;
  nickname: string;
}

/**
 * Headers that make this test file's browser a client of its own address (CF-Connecting-IP, which the worker reads as
 * the client IP): the per-address limits (SMS sends, failed logins before a captcha, registrations) then count only
 * this file's requests, not those of tests running beside it. Use with `test.use(ownClientAddress())`.
 */
export function ownClientAddress(): { extraHTTPHeaders: Record<string, string> } {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return { extraHTTPHeaders: { 'CF-Connecting-IP': `10.${byte()}.${byte()}.${byte()}` } };
}

/** A player nobody has registered yet in this database. */
export function newPlayer(): Player {
  const id = Date.now().toString(36) + Math.floor(Math.random() * 1296).toString(36);
  return { username: `u${id}`.slice(0, 16), password: `pw${id}9`.slice(0, 20), nickname: `Lucky ${id.slice(-6)}` };
}

/** Fills a field the site's registration settings may leave out; optional fields carry "(optional)" in their name. */
export async function fillIfShown(page: Page, label: string, value: string): Promise<void> {
  const field = page.getByLabel(new RegExp(`^${label}( \\(optional\\))?$`));
  if (await field.isVisible()) await field.fill(value);
}

/** The home page header (player-shell §2 Home header). */
export const header = (page: Page) => page.locator('header.home-header');

/** Registers by username through the registration screen (accounts §2) and waits for home. */
export async function registerByUsername(page: Page, player: Player): Promise<void> {
  await page.goto('/m/register');
  await waitForHydration(page);
  await fillRegistration(page, player);
  await page.locator('#reg-agree').check(); // the consent box starts unticked
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Registered successfully. Welcome!')).toBeVisible();
  await page.waitForURL('**/m/home');
}

/**
 * Fills the open registration screen's username tab for `player`: username, password, and whatever the site's
 * settings show of confirmation, nickname, e-mail and captcha. Leaves the consent box and the submit to the caller.
 */
export async function fillRegistration(page: Page, player: Player): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(player.username);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await fillIfShown(page, 'Confirm password', player.password);
  await fillIfShown(page, 'Nickname', player.nickname);
  await fillIfShown(page, 'E-mail', `${player.username}@example.com`);
  // No mobile number: with REGMOBVERF3 on a typed number needs its SMS code (it is bound only when proven).
  await fillIfShown(page, 'Verification code', E2E_CAPTCHA_ANSWER);
}

/** Fills the password login form (the username with spaces around it: the form trims it) and submits. */
export async function logIn(page: Page, player: Pick<Player, 'username' | 'password'>, captcha?: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(`  ${player.username} `);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  if (captcha !== undefined) await page.getByLabel('Verification code', { exact: true }).fill(captcha);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Ends the browser session the way closing the browser would: the tab's session storage is gone. */
export async function endBrowserSession(page: Page): Promise<void> {
  await page.evaluate(() => sessionStorage.clear());
}

const popupsClosed = new WeakSet<Page>();

/**
 * Closes home's login popups whenever they would cover what the test clicks. They open by themselves half a second
 * after home loads (accounts §4), and only when the popup list holds something this browser has not closed: the
 * suite starts with the demo popups closed (tests/e2e/popups-seen.ts), but the popup content is the site's, shared
 * by every test through the database, so a popup another spec publishes meanwhile opens on any player's home.
 */
export async function closeLoginPopupsWhenShown(page: Page): Promise<void> {
  if (popupsClosed.has(page)) return;
  popupsClosed.add(page);
  await page.addLocatorHandler(page.locator('dialog.popup-list'), async (popup) => {
    await popup.getByRole('button', { name: 'Close' }).first().click();
  });
}

/** Logs out through the home header's confirm dialog (player-shell §4 Logout). */
export async function logOutFromHome(page: Page): Promise<void> {
  await closeLoginPopupsWhenShown(page);
  await page.goto('/m/home');
  await waitForHydration(page);
  await header(page).getByRole('button', { name: 'Log out' }).click();
  // Logout ends by loading /m/home again: wait for that page, not the old one showing its logged-out header.
  await Promise.all([
    page.waitForEvent('framenavigated'),
    page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Confirm' }).click(),
  ]);
  await page.waitForLoadState('load');
  await expect(header(page).getByRole('link', { name: 'Log in' })).toBeVisible();
}

/**
 * Registers on the mobile tab (accounts §2) with the +63 dialling code, filling whatever the site switches ask for:
 * a username (required while REGMOBVERF3 is off, else optional), the password twice (MOBILENUMPASSREG3) and the
 * SMS code from the outbox (REGMOBVERF3). Waits for home.
 */
export async function registerByMobile(page: Page, mobile: string, account: Partial<Pick<Player, 'username' | 'password'>> = {}): Promise<void> {
  await page.goto('/m/register');
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'By mobile number' }).click();
  await page.getByLabel('Country code').selectOption('63');
  await page.getByLabel('Mobile number', { exact: true }).fill(mobile);
  await fillIfShown(page, 'Username', account.username ?? newPlayer().username);
  const password = page.getByLabel('Password', { exact: true });
  if (await password.isVisible()) {
    await password.fill(account.password ?? 'phone123');
    await fillIfShown(page, 'Confirm password', account.password ?? 'phone123');
  }
  const smsCode = page.getByLabel('SMS code', { exact: true });
  if (await smsCode.isVisible()) {
    await page.getByLabel('Verification code', { exact: true }).fill(E2E_CAPTCHA_ANSWER);
    await page.getByRole('button', { name: 'Get code' }).click();
    await expect(page.getByText('The code has been sent.')).toBeVisible();
    await smsCode.fill(lastSmsCode(mobile) ?? '');
  }
  await page.getByLabel('Verification code', { exact: true }).fill(E2E_CAPTCHA_ANSWER);
  await page.locator('#reg-agree').check(); // the consent box starts unticked
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Registered successfully. Welcome!')).toBeVisible();
  await page.waitForURL('**/m/home');
}

/**
 * Deposits `amount` (currency units, as typed) with the demo bank on /m/voucherCenter: skips the first deposit's
 * limit question ("Not now", docs/player-protection.md), confirms on the demo payment page and waits for the
 * "Deposit received" status back on the deposit page.
 */
export async function depositWithDemoBank(page: Page, amount: string): Promise<void> {
  await page.goto('/m/voucherCenter');
  await page.getByLabel('Amount').fill(amount);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Not now' }).click();
  await page.waitForURL('**/pay/demo/**');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await page.waitForURL(/\/m\/voucherCenter\?deposit=\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Deposit received' })).toBeVisible();
}

/** Sets the payment password (6 digits) on /m/member/security with the login password, and waits for "Changes saved.". */
export async function setPaymentPassword(page: Page, loginPassword: string, paymentPassword = '246810'): Promise<void> {
  await page.goto('/m/member/security');
  const region = page.getByRole('region', { name: 'Set payment password' });
  await region.getByLabel('Login password').fill(loginPassword);
  await region.getByLabel('New payment password (6 digits)').fill(paymentPassword);
  await region.getByLabel('Confirm payment password').fill(paymentPassword);
  await region.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'Change payment password' }).getByText('Changes saved.')).toBeVisible();
}

/**
 * Opens /m/withdraw and fills a request of `amount` to the demo payee (Ana Cruz, Demo Bank, 1234567890) with the
 * payment password; the caller confirms the bonus forfeit where asked and sends it.
 */
export async function fillWithdrawal(page: Page, amount: string, paymentPassword = '246810'): Promise<void> {
  await page.goto('/m/withdraw');
  await page.getByLabel('Amount').fill(amount);
  await page.getByLabel('Payee name').fill('Ana Cruz');
  await page.getByLabel('Bank name').fill('Demo Bank');
  await page.getByLabel('Account number').fill('1234567890');
  await page.getByLabel('Payment password', { exact: true }).fill(paymentPassword);
}
