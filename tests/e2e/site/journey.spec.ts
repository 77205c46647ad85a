import { expect, test, type Page } from '@playwright/test';
import { E2E_CAPTCHA_ANSWER } from '../../../playwright.config';
import { expectNoSeriousA11yViolations } from '../a11y';

/**
 * The foundation journey on a phone: a new player opens the site, browses games from the database,
 * registers, sees the balance, favourites a game, launches it, plays the demo slot on the real wallet and
 * logs out — and a guest who tries to favourite or launch is sent to log in (player-shell §2, §4).
 */

/** Fails the test on any Content-Security-Policy violation or uncaught page error. */
function watchForPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

function newUsername(): string {
  return `j${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(0, 16);
}

const balance = (page: Page) => page.getByRole('group', { name: 'Balance' });
/** The launch buttons of the game tiles on the page (each named by its game). */
const tileButtons = (page: Page) =>
  page.getByRole('main').getByRole('listitem').getByRole('button', { name: /^(?!(Add|Remove) .+ (to|from) favourites$)/ });
/** Parses "$1,234.56" into minor units. */
const minorOf = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

test('a guest browses games but is sent to log in to favourite or launch one', async ({ page }) => {
  const problems = watchForPageErrors(page);
  await page.goto('/m/home');
  const menu = page.getByRole('navigation', { name: /game categories/i });
  await expect(menu).toBeVisible();
  const favouriteToggle = page.getByRole('button', { name: /^Add .+ to favourites$/ }).first();
  await expect(favouriteToggle).toBeVisible();

  await favouriteToggle.click();
  await expect(page.getByText('Please log in first.')).toBeVisible();
  await page.waitForURL('**/m/login');

  await page.goto('/m/gameList?gameType=RNG');
  const firstTile = tileButtons(page).first();
  await expect(firstTile).toBeVisible();
  await firstTile.click();
  await page.waitForURL('**/m/login');
  expect(problems).toEqual([]);
});

test('a new player registers, pages and searches games, favourites one, plays it on the real wallet and logs out', async ({ page }) => {
  const problems = watchForPageErrors(page);
  const username = newUsername();
  const password = `pw${username}7`.slice(0, 20);

  await page.goto('/m/home');
  await page.getByRole('link', { name: 'Register' }).first().click();
  await page.waitForURL('**/m/register');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByLabel('Verification code', { exact: true }).fill(E2E_CAPTCHA_ANSWER);
  await page.locator('#reg-agree').check(); // the consent box starts unticked
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.waitForURL('**/m/home');
  await expect(page.getByRole('link', { name: new RegExp(username) })).toBeVisible();
  await expect(balance(page)).toContainText('$1,000.00');

  // Game list: 9 per page, "page / total", more games appends, search is trimmed and resets paging.
  await page.goto('/m/gameList?gameType=RNG');
  const indicator = page.getByText(/^1 \/ \d+$/);
  await expect(indicator).toBeVisible();
  const tiles = page.getByRole('main').getByRole('listitem');
  await expect(tiles).toHaveCount(9);
  await page.getByRole('button', { name: 'More games' }).click();
  await expect(tiles).toHaveCount(18);
  await expect(page.getByText(/^2 \/ \d+$/)).toBeVisible();

  // The demo catalogue's second RNG game is a slot (the first, an arcade game, opens the crash demo of its kind).
  const firstName = ((await tileButtons(page).nth(1).textContent()) ?? '').trim();
  expect(firstName).not.toBe('');
  const search = page.getByRole('searchbox');
  await search.fill(`  ${firstName.toUpperCase()}  `);
  await search.press('Enter');
  await expect(page.getByText(/^1 \/ 1$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'More games' })).toBeDisabled();
  await expect(page.getByRole('button', { name: new RegExp(escapeRegExp(firstName), 'i') }).first()).toBeVisible();

  // Favourite it, then find it under /m/fav.
  await page.getByRole('button', { name: `Add ${firstName} to favourites` }).click();
  await expect(page.getByText('Changes saved')).toBeVisible({ timeout: 6000 });
  await expect(page.getByRole('button', { name: `Remove ${firstName} from favourites` })).toBeVisible();
  await page.goto('/m/fav');
  await expect(page.getByRole('button', { name: firstName, exact: true })).toBeVisible();

  // Launch it: the demo vendor's slot, on the real wallet.
  await page.getByRole('button', { name: firstName, exact: true }).click();
  await page.waitForURL(/\/play\/slot\?nodeId=\d+/);
  const slotBalance = page.getByLabel('Balance', { exact: true });
  await expect(slotBalance).toHaveText('$1,000.00');
  await page.getByRole('radio', { name: '$5.00' }).check();
  await page.getByRole('button', { name: 'Spin' }).click();
  await expect(page.getByText(/^(You won .+!|No win this time\.)$/)).toBeVisible({ timeout: 10_000 });
  const win = minorOf((await page.getByLabel('Win', { exact: true }).textContent()) ?? '');
  await expect(slotBalance).toHaveText(`$${((100_000 - 500 + win) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  await expectNoSeriousA11yViolations(page, 'demo slot');

  // Log out through the confirm dialog.
  await page.goto('/m/home');
  await page.getByRole('button', { name: 'Log out' }).click();
  // Logout ends on a freshly loaded /m/home (the header shows "Log in" a moment before that load starts).
  const reloaded = page.waitForEvent('load');
  await page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Confirm' }).click();
  await reloaded;
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('MC_SESSION_INFO'))).toBeNull();
  expect(problems).toEqual([]);
});

test('the journey pages have no serious accessibility violations', async ({ page }) => {
  for (const path of ['/m/gameList?gameType=RNG', '/m/fav', '/m/lotto-h5/demo/trad/games/1001?merchant=DEMO&prize_mode=LOTT']) {
    await page.goto(path);
    await expectNoSeriousA11yViolations(page, path);
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
