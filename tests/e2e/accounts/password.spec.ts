import { expect, test, type Page } from '@playwright/test';
import { E2E_CAPTCHA_ANSWER } from '../../../playwright.config';
import { expectNoSeriousA11yViolations } from '../a11y';
import { endBrowserSession, header, logIn, logOutFromHome, newPlayer, ownClientAddress, registerByMobile, registerByUsername } from '../account-helpers';
import { expectLanguage, inLanguage, LANGUAGES, text, type TestLanguage } from '../languages';
import { d1, lastSmsCode, newMobileNum, setSwitch, smsCount, sqlText } from '../sms';

test.use(ownClientAddress());

/** Fills the phone and captcha of /m/forget and asks for a code, reading the page in `lang`. */
async function askForCode(page: Page, mobile: string, lang: TestLanguage = 'EN'): Promise<void> {
  // The number first: the form hydrates on the first interaction, and the country list arrives with it.
  await page.getByLabel(text(lang, 'form.mobileNum'), { exact: true }).fill(mobile);
  await page.getByLabel(text(lang, 'form.countryDialingCode')).selectOption('63');
  await page.getByLabel(text(lang, 'form.captcha'), { exact: true }).fill(E2E_CAPTCHA_ANSWER);
  await page.getByRole('button', { name: text(lang, 'forget.getCode') }).click();
  await expect(page.getByText(text(lang, 'in_sms_send'))).toBeVisible();
}

test.describe('forgot password', () => {
  // Left on for the rest of the run: other flows fill whatever they ask for (tests/e2e/sms.ts setSwitch). The reset
  // by SMS needs a number an SMS code proved at registration (REGMOBVERF3).
  test.beforeAll(() => setSwitch(['MOBILENUMPASSREG3', 'REGMOBVERF3'], true));

  for (const lang of LANGUAGES) {
    test(`a code by SMS sets a new password and logs the player in, with no failed login counted (${lang})`, async ({ page }) => {
      test.setTimeout(150_000);
      const player = newPlayer();
      const mobile = newMobileNum();
      await registerByMobile(page, mobile, player);
      await endBrowserSession(page);

      await page.goto(inLanguage('/m/forget', lang));
      await expectLanguage(page, lang);
      await askForCode(page, mobile, lang);
      const code = lastSmsCode(mobile);
      expect(code).toMatch(/^\d{6}$/);
      const fresh = `${player.password}n`;
      await page.getByLabel(text(lang, 'forget.code'), { exact: true }).fill(code ?? '');
      await page.getByLabel(text(lang, 'password.new'), { exact: true }).fill(fresh);
      await page.getByLabel(text(lang, 'password.confirm'), { exact: true }).fill(fresh);
      await expectNoSeriousA11yViolations(page, `/m/forget (${lang})`);
      await page.getByRole('button', { name: text(lang, 'forget.submit') }).click();
      // The account's user name is not its phone digits: the reset itself logs the player in, no login is guessed
      // (the success text shows for 1.5 s on the way home, which stays in the player's language).
      await expect(page.getByText(text(lang, 'forget.doneLoggedIn'))).toBeVisible();
      await page.waitForURL('**/m/home');
      await expectLanguage(page, lang);
      await expect(header(page).getByRole('button', { name: text(lang, 'header.logout') })).toBeVisible();
      // No failed attempt on the account, so no captcha waits for its next login.
      expect(d1<{ n: number }>(`SELECT COUNT(*) AS n FROM rate_limits WHERE bucket = ${sqlText(`login:acct:DEMO:${player.username.toLowerCase()}`)}`)[0]?.n).toBe(0);
      // The new password works and the old one no longer does (the login form itself is the same in every language).
      if (lang !== 'EN') return;

      await endBrowserSession(page);
      await page.goto('/m/login');
      await logIn(page, { ...player, password: fresh });
      await page.waitForURL('**/m/home');
      await expect(header(page).getByRole('button', { name: 'Log out' })).toBeVisible();

      await endBrowserSession(page);
      await page.goto('/m/login');
      await logIn(page, player);
      await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
    });
  }

  test('a number without an account gets the same answer and no SMS', async ({ page }) => {
    const stranger = newMobileNum();
    await page.goto('/m/forget');
    await askForCode(page, stranger);
    expect(smsCount(stranger)).toBe(0);
    await page.getByLabel('SMS code', { exact: true }).fill('123456');
    await page.getByLabel('New password', { exact: true }).fill('abc123x');
    await page.getByLabel('Confirm new password', { exact: true }).fill('abc123x');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Verification code error.')).toBeVisible();
  });
});

test('change password: equal passwords are refused without a call, a wrong current one is named, success goes home', async ({ page }) => {
  const player = newPlayer();
  await registerByUsername(page, player);
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/wps/member/password/verification')) calls.push(request.method());
  });

  await page.goto('/m/changePsw');
  await page.getByLabel('Current password').fill(player.password);
  await page.getByLabel('New password', { exact: true }).fill(player.password);
  await page.getByLabel('Confirm new password').fill(player.password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('The new password cannot equal the old one.')).toBeVisible();
  expect(calls).toEqual([]);

  const fresh = `${player.password}c`;
  await page.getByLabel('Current password').fill(`${player.password}x`);
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Confirm new password').fill(fresh);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('The current password is wrong.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toBeFocused();

  await page.getByLabel('Current password').fill(player.password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Changes saved' })).toBeVisible();
  await page.waitForURL('**/m/home');

  await logOutFromHome(page);
  await page.goto('/m/login');
  await logIn(page, { ...player, password: fresh });
  await page.waitForURL('**/m/home');
});

test('change password without a session goes to home', async ({ page }) => {
  await page.goto('/m/changePsw');
  await page.waitForURL('**/m/home');
});
