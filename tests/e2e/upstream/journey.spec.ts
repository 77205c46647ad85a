import { expect, test, type Page } from '@playwright/test';
import { STANDIN_CAPTCHA_ANSWER, STANDIN_URL } from '../../../playwright.upstream.config';
import { PLAYDECK_CLIENT_HEADER, PLAYDECK_CLIENT_VALUE } from '../../../contract/headers';
import { decryptServicePath } from '../../../worker/services/crypto/legacy-crypto';
import { SERVICE_LINKS } from '../../platform-standin/shapes';
import { logIn, logOutFromHome } from '../account-helpers';
import { hydrateByInteraction, waitForHydration } from '../hydration';
import { registerOnPlatform } from './standin-helpers';

/**
 * The UPSTREAM JOURNEY (playwright.upstream.config.ts): PlayDeck in upstream mode in front of the platform
 * stand-in, which speaks only platform-contract.md (bare token, one Merchant header, legacy DES/RSA bodies on
 * the encrypted calls, envelope with errorCode, decimal money, DES-encrypted service paths). The browser
 * uses PlayDeck's pages; every API call it makes crosses the upstream adapter.
 */

const balance = (page: Page) => page.getByRole('group', { name: 'Balance' });

test('the adapter answers as the platform would, with what the worker keeps for itself', async ({ request }) => {
  // Customer-service paths arrive DES-encrypted from the platform: they leave plain for PlayDeck's own browser (its
  // X-PlayDeck-Client header, contract/headers.ts) and encrypted, as the platform sent them, for its own clients.
  const servicePaths = async (headers: Record<string, string>) => {
    const status = await request.get('/wps/v2/system/status?device=MOBILE', { headers });
    expect(status.status()).toBe(200);
    const value = (await status.json()) as { value: { info: { customerService: { path: string }[] } } };
    return value.value.info.customerService.map((cs) => cs.path);
  };
  expect(await servicePaths({ [PLAYDECK_CLIENT_HEADER]: PLAYDECK_CLIENT_VALUE })).toEqual([SERVICE_LINKS.CS, SERVICE_LINKS.LINE]);
  const encrypted = await servicePaths({});
  expect(encrypted).not.toContain(SERVICE_LINKS.CS);
  expect(encrypted.map(decryptServicePath)).toEqual([SERVICE_LINKS.CS, SERVICE_LINKS.LINE]);
  // The payload key is the worker's own; other PlayDeck extensions are off in front of the platform.
  expect((await request.get('/wps/playdeck/payloadKey')).status()).toBe(200);
  const extension = await request.get('/wps/playdeck/catalogue/demo');
  expect(extension.status()).toBe(404);
  expect(((await extension.json()) as { errorCode: string }).errorCode).toBe('function.not.available');
  // A Bearer token from another tool is passed on bare (the platform refuses Bearer): an unknown token stays unknown.
  const member = await request.get('/wps/member/info', { headers: { Authorization: 'Bearer sti0000000000000000000000' } });
  expect(((await member.json()) as { errorCode: string }).errorCode).toBe('user.or.token.invalid');
});

test('upstream journey: browse, search, log in with a captcha after a failure, member and message centres, favourite, launch, balance, change password, log out', async ({ page, request }) => {
  const username = `up${Date.now().toString(36)}`.slice(0, 16);
  const password = 'secret123';
  await registerOnPlatform(request, username, password);

  // Browse the platform's catalogue through PlayDeck's game list.
  await page.goto('/m/gameList?gameType=RNG');
  await hydrateByInteraction(page, 'GameListScreen');
  await expect(page.getByRole('button', { name: 'Lucky Dragon', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Golden Reels', exact: true })).toBeVisible();

  // Search.
  const search = page.getByRole('searchbox');
  await search.fill('  dragon ');
  await search.press('Enter');
  await expect(page.getByRole('button', { name: 'Lucky Dragon', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fortune Tiger', exact: true })).toHaveCount(0);

  // A wrong password: the platform asks for the captcha; with it the login goes through (sealed → legacy).
  await page.goto('/m/login');
  await logIn(page, { username, password: 'wrong-pass9' });
  const captcha = page.getByLabel('Verification code', { exact: true });
  await expect(captcha).toBeVisible();
  await expect(page.getByRole('img', { name: /Verification code image/ })).toBeVisible();
  await logIn(page, { username, password }, STANDIN_CAPTCHA_ANSWER);
  await page.waitForURL('**/m/home');
  await expect(page.getByRole('link', { name: new RegExp(username) })).toBeVisible();

  // Balance in decimal currency units from the platform's wallet.
  await expect(balance(page)).toContainText('$100.00');

  // The member centre: the platform's consolidated settings carry no switches (they come from its status answer)
  // and their mobileTemplate mem_cen "1" chooses the new template: the profile card and the shortcut tiles.
  await page.goto('/m/member/home');
  await waitForHydration(page, 'MemberHome');
  await expect(page.locator('.member-centre[data-template="new"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: username })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link', { name: 'Deposit' })).toBeVisible();
  await expect(balance(page)).toContainText('$100.00');

  // The message centre: its rows from the platform's status answer (the service link decrypted); live chat by
  // CBS3, which the platform's whitelabel tree does not name, so the site's own switch (on) decides.
  await page.goto('/m/message');
  await waitForHydration(page, 'MessageCentre');
  await expect(page.getByRole('link', { name: 'Announcements' })).toHaveAttribute('href', '/m/notice');
  await expect(page.getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', '/m/webEmail');
  await expect(page.getByRole('link', { name: /Affiliate service/ })).toHaveAttribute('href', SERVICE_LINKS.CS);
  await expect(page.getByRole('button', { name: 'Live chat' })).toBeVisible();

  // Favourite a game, find it under /m/fav.
  await page.goto('/m/gameList?gameType=RNG');
  await page.getByRole('button', { name: 'Add Lucky Dragon to favourites' }).click();
  await expect(page.getByRole('button', { name: 'Remove Lucky Dragon from favourites' })).toBeVisible();
  await page.goto('/m/fav');
  await expect(page.getByRole('button', { name: 'Lucky Dragon', exact: true })).toBeVisible();

  // Launch it: the platform answers its own game URL and the browser goes there.
  await page.getByRole('button', { name: 'Lucky Dragon', exact: true }).click();
  await page.waitForURL(`${STANDIN_URL}/standin/game/101**`);
  await expect(page.getByRole('heading', { name: 'Lucky Dragon' })).toBeVisible();

  // Change the password (sealed → legacy), then log out and back in with the new one.
  const fresh = 'secret456';
  await page.goto('/m/changePsw');
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Confirm new password').fill(fresh);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Changes saved' })).toBeVisible();
  await page.waitForURL('**/m/home');

  await logOutFromHome(page);
  expect(await page.evaluate(() => sessionStorage.getItem('MC_SESSION_INFO'))).toBeNull();
  await page.goto('/m/login');
  await logIn(page, { username, password: fresh });
  await page.waitForURL('**/m/home');
});

test('game centre in front of the platform: categories from its vendor game types, a type’s games, filter by vendor', async ({ page }) => {
  // The lobby lists the platform's game types (vendor game types: a map of game type → vendor codes, §2) with the
  // counts of its vendor lanes (§7.3), never an endless "Loading…".
  await page.goto('/m/gameCenter');
  const slots = page.getByRole('link', { name: /^Slots/ });
  await expect(slots).toBeVisible();
  await expect(slots).toContainText('Games: 4 · Providers: 2');
  await expect(page.getByRole('link', { name: /^Live casino/ })).toContainText('Games: 2 · Providers: 1');
  await expect(page.getByText('Loading…')).toHaveCount(0);

  // One game type: the stand-in's RNG games.
  await slots.click();
  await page.waitForURL('**/m/gameCenter?gameType=RNG');
  for (const name of ['Lucky Dragon', 'Fortune Tiger', 'Mahjong Ways', 'Golden Reels']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Speed Baccarat', exact: true })).toHaveCount(0);

  // Its game list with the vendor filter: the providers are named from the lanes' cards and filter by vendor code.
  await page.goto('/m/gameList?gameType=RNG');
  await hydrateByInteraction(page, 'GameListScreen');
  const provider = page.getByLabel('Provider');
  await expect(provider.locator('option')).toHaveText(['All providers', 'PG Soft', 'JDB']);
  await provider.selectOption({ label: 'JDB' });
  await expect(page.getByRole('button', { name: 'Golden Reels', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lucky Dragon', exact: true })).toHaveCount(0);
  await provider.selectOption({ label: 'PG Soft' });
  await expect(page.getByRole('button', { name: 'Lucky Dragon', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Golden Reels', exact: true })).toHaveCount(0);
});
