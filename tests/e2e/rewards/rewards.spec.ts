import { spawnSync } from 'node:child_process';
import { devices, expect, test, type Page } from '@playwright/test';
import { E2E_CAPTCHA_ANSWER, E2E_STATE } from '../../../playwright.config';
import { balanceOf, newUsername, registerPlayer, usd, watchForPageErrors } from '../players';

/** Runs the operator script against the test server's database. */
function operator(...args: string[]) {
  return spawnSync('node', ['scripts/operator.ts', ...args], { encoding: 'utf8', env: { ...process.env, PLAYDECK_STATE: E2E_STATE } });
}

/** Registers through an invitation link: the link's code is checked and the invitation field stays hidden. */
async function registerThroughLink(page: Page, link: string): Promise<string> {
  const username = newUsername('f');
  const password = `pw${username}7`.slice(0, 20);
  await page.goto(link);
  const form = page.locator('form:has(input[name="username"])').first();
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="password"]').fill(password);
  for (const [name, value] of [['confirmPassword', password], ['captcha', E2E_CAPTCHA_ANSWER]] as const) {
    const field = form.locator(`input[name="${name}"]`);
    if (await field.isVisible()) await field.fill(value);
  }
  await expect(form.locator('input[name="affiliateCode"]')).toBeHidden();
  await page.locator('#reg-agree').check(); // the consent box starts unticked
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.waitForURL('**/m/home');
  return username;
}

/**
 * Rewards, referrals and agents as a new player on a phone (issue 13): the daily sign-in pays into the balance;
 * a friend registers through the player's invitation link in a second browser, deposits with the demo provider, and
 * the player claims the referral reward in the reward centre; the player applies to become an agent and an
 * operator approves it with `npm run operator -- agent approve`. The operator script writes to the database from
 * outside the server, so this spec runs with the other outside writers.
 */
test('daily sign-in, a referral through the invitation link, and an approved agent application', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const problems = watchForPageErrors(page);
  const player = await registerPlayer(page);

  await page.goto('/m/activity/signIn');
  const before = await balanceOf(page);
  await expect(page.getByText('Current streak: 0')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in today' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Signed in: ${usd(100)} added to your balance.` })).toBeVisible();
  await expect.poll(() => balanceOf(page)).toBe(before + 100);
  await expect(page.getByRole('button', { name: 'Signed in today' })).toBeDisabled();
  await expect(page.getByText('Current streak: 1')).toBeVisible();
  await expect(page.locator('.signin-day.is-today.is-signed')).toHaveCount(1);

  await page.goto('/m/inviteFriends');
  const code = (await page.locator('.invite-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  const link = await page.getByLabel('Registration link').inputValue();
  expect(link).toContain(`/m/register?affiliateCode=${code}`);
  await expect(page.getByText('No friends have registered with your link yet.')).toBeVisible();

  const friendContext = await browser.newContext({ ...devices['Pixel 7'] });
  const friend = await friendContext.newPage();
  await registerThroughLink(friend, link);
  await friend.goto('/m/voucherCenter');
  await friend.getByLabel('Amount').fill('50');
  await friend.getByRole('button', { name: 'Continue to payment' }).click();
  // The first deposit asks for a deposit limit first (docs/player-protection.md).
  await friend.getByRole('button', { name: 'Not now' }).click();
  await friend.waitForURL('**/pay/demo/**');
  await friend.getByRole('button', { name: 'Confirm payment' }).click();
  await friend.waitForURL(/\/m\/voucherCenter\?deposit=\d+$/);
  await expect(friend.getByRole('status').filter({ hasText: 'Deposit received' })).toBeVisible();
  await friendContext.close();

  await page.reload();
  await expect(page.getByText('Reward waiting in the reward centre')).toBeVisible();
  await expect(page.getByText(`Rewards earned: ${usd(500)}`)).toBeVisible();

  await page.goto('/m/rewardCenter');
  const beforeClaim = await balanceOf(page);
  await page.getByRole('button', { name: /^Claim: Friend's first deposit/ }).click();
  await expect(page.getByRole('status').filter({ hasText: `${usd(500)} added to your balance.` })).toBeVisible();
  await expect.poll(() => balanceOf(page)).toBe(beforeClaim + 500);
  await expect(page.getByRole('button', { name: /^Claim/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Claimed' }).getByText(/Daily sign-in, day 1/)).toBeVisible();

  await page.goto('/m/agentRegister');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Check this field.')).toBeVisible();
  await page.getByLabel('Full name').fill('Ana Cruz');
  await page.getByLabel('Phone or e-mail').fill('ana@example.com');
  await page.getByLabel('Website or channel').fill('https://ana.example');
  await page.getByLabel('Expected players per month').fill('40');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Your application was received and is waiting for review.')).toBeVisible();

  const approved = operator('agent', 'approve', 'DEMO', player.username);
  expect(approved.status, approved.stderr).toBe(0);
  expect(approved.stdout).toContain(`is now an agent; affiliate code ${code}`);
  await page.reload();
  await expect(page.getByText('You are an agent.', { exact: false })).toBeVisible();
  await expect(page.locator('.invite-code')).toHaveText(code);
  expect(problems).toEqual([]);
});

/** A 1×1 PNG. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The head icon (issue 13, Member centre: PROFPIC3): a chosen picture is resized, stored and shown in the member centre. */
test('a new player sets a head icon in the member centre', async ({ page }) => {
  test.setTimeout(120_000);
  await registerPlayer(page);
  await page.goto('/m/member/home');
  await page.getByLabel('Change photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(page.getByRole('status').filter({ hasText: 'Photo saved.' })).toBeVisible();
  const icon = page.locator('img.avatar-img');
  await expect(icon).toHaveAttribute('src', /^\/media\/avatar\/DEMO\/[0-9a-f]{64}\.jpg$/);
  await page.reload();
  await expect(page.locator('img.avatar-img')).toHaveJSProperty('naturalWidth', 256);
  await page.getByLabel('Change photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('status').filter({ hasText: 'Choose a PNG or JPG picture.' })).toBeVisible();
});
