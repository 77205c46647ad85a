import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../a11y';
import { registerPlayer, watchForPageErrors } from '../players';
import { hydrateByInteraction } from '../hydration';
import { expectLanguage, inLanguage, LANGUAGES, text } from '../languages';

/**
 * The game area on a phone (player-shell §2 Game list screen, game centre, providers, hot, home blocks; §4 Game
 * launch, Favourite toggle, Paging): search, filters including hot and recent, paging, favourites, and every launch
 * path — the demo slot, a LOTT game through /m/launchGame to the lottery page, a TCG_SEA game in the SEA prize mode
 * and a TCG_LOTTO_VN game at its vendor's lobby.
 */

/** The launch button of a game tile (its name is exactly the game's name). */
const tile = (page: Page, name: string | RegExp) => page.getByRole('main').getByRole('button', { name, exact: typeof name === 'string' });
/** The launch buttons of every game tile on the page. */
const tiles = (page: Page) =>
  page.getByRole('main').getByRole('listitem').getByRole('button', { name: /^(?!(Add|Remove) .+ (to|from) favourites$)/ });

/** Every address the tab visits from now on (the launcher replaces itself, so history alone misses it). */
function visited(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

test('a guest browses the game centre, providers, hot games and the hot filter; recent games ask to log in', async ({ page }) => {
  const problems = watchForPageErrors(page);
  await page.goto('/m/home');
  const hot = page.getByRole('region', { name: 'Hot games' });
  await expect(hot.getByRole('listitem').first()).toBeVisible();
  await expect(hot.getByRole('link', { name: 'View all Hot games' })).toHaveAttribute('href', '/m/hot');

  await page.goto('/m/gameCenter');
  const menu = page.getByRole('navigation', { name: 'Game categories' }).getByRole('button');
  await expect(menu.nth(0)).toHaveText('All games');
  await expect(menu.nth(1)).toHaveText('Local games');
  await expect(menu.nth(2)).toHaveText('Lottery');
  await menu.nth(2).click();
  await page.waitForURL('**/m/gameCenter?gameType=LOTT');
  await expect(tiles(page).first()).toBeVisible();

  await page.goto('/m/providers?vassalage=PD_SLOTS');
  await expect(page.getByRole('link', { name: /Orbit Originals/ })).toHaveAttribute('href', '/m/gameList?gameType=RNG&vassalage=PD_SLOTS');
  await page.goto('/m/slotsCenter');
  await expect(page.getByRole('link', { name: /Nebula/ })).toBeVisible();
  await page.goto('/m/hot');
  await expect(tiles(page).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/m/hot');

  await page.goto('/m/gameList?gameType=RNG');
  await hydrateByInteraction(page, 'GameListScreen');
  await expect(tiles(page)).toHaveCount(9);
  const hotList = page.waitForRequest((r) => r.url().includes('/wps/relay/GCSGAME_gameList') && r.url().includes('gameClassify=hot'));
  await page.getByRole('button', { name: 'Hot', exact: true }).click();
  await hotList;
  await expect(page.getByText(/^1 \/ \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Recent', exact: true }).click();
  await expect(page.getByText('Log in to see the games you played recently.')).toBeVisible();
  expect(problems).toEqual([]);
});

test('a member searches, pages, favourites and launches games by every path, and finds them under recent', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = watchForPageErrors(page);
  await registerPlayer(page);
  const urls = visited(page);

  // Search (trimmed), paging, favourite.
  await page.goto('/m/gameList?gameType=RNG&vassalage=PD_SLOTS');
  await hydrateByInteraction(page, 'GameListScreen');
  await expect(tiles(page)).toHaveCount(9);
  await page.getByRole('button', { name: 'More games' }).click();
  await expect(tiles(page)).toHaveCount(18);
  await expect(page.getByText(/^2 \/ \d+$/)).toBeVisible();
  const slot = ((await tiles(page).nth(10).textContent()) ?? '').trim();
  await page.getByRole('searchbox').fill(`  ${slot.toLowerCase()} `);
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByText(/^1 \/ 1$/)).toBeVisible();
  await page.getByRole('button', { name: `Add ${slot} to favourites` }).click();
  await expect(page.getByRole('button', { name: `Remove ${slot} from favourites` })).toBeVisible({ timeout: 6000 });

  // The generic launcher opens the demo of the game's own kind (a slot, the card table, crash or the shooter).
  await tile(page, slot).click();
  await page.waitForURL(/\/play\/(slot|table|crash|shooter)\?nodeId=\d+$/);

  // LOTT (TCG): the launcher opens the lottery page in the mapping's prize mode, without the token in the address.
  await page.goto('/m/gameList?gameType=LOTT');
  await hydrateByInteraction(page, 'GameListScreen');
  await page.getByRole('searchbox').fill('Hanoi');
  await page.getByRole('searchbox').press('Enter');
  await tile(page, 'Hanoi Lottery').click();
  await page.waitForURL(/\/m\/lotto-h5\/demo\/trad\/games\/\d+\?merchant=DEMO&css=dark&prize_mode=ELOTT$/);
  expect(urls.some((u) => /\/m\/launchGame\?playType=trad&gameId=\d+&gameGroupId=HANOI&prize_mode=ELOTT$/.test(u))).toBe(true);
  await expect(page.getByRole('heading', { name: 'Hanoi Lottery' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bet slip' }).getByRole('button', { name: 'Digit', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await page.waitForURL('**/m/game'); // "otherwise to /m/game", which shows home

  // TCG_SEA: prize mode SEA.
  await page.goto('/m/gameList?gameType=LOTT');
  await hydrateByInteraction(page, 'GameListScreen');
  await page.getByRole('searchbox').fill('Thai Government');
  await page.getByRole('searchbox').press('Enter');
  await tile(page, 'Thai Government Jackpot').click();
  await page.waitForURL(/\/m\/lotto-h5\/demo\/trad\/games\/\d+\?.*prize_mode=SEA$/);
  await expect(page.getByText('TCG SEA Lottery · South-East Asia prizes')).toBeVisible();

  // TCG_LOTTO_VN: ELOTT lists vendor tiles; the game opens at the vendor's lobby.
  await page.goto('/m/gameList?gameType=ELOTT');
  await hydrateByInteraction(page, 'GameListScreen');
  await page.getByRole('link', { name: /TCG Lotto VN/ }).click();
  await page.waitForURL('**/m/gameList?gameType=ELOTT&vassalage=TCG_LOTTO_VN');
  const fast = ((await tiles(page).first().textContent()) ?? '').trim();
  await tiles(page).first().click();
  await page.waitForURL(/\/m\/lotto-h5\/demo\/(ent|trad)\/games\/\d+\?.*prize_mode=ELOTT$/);
  expect(urls.some((u) => u.includes('/m/launchGame?') && u.includes('code=lobby'))).toBe(true);
  await expect(page.getByRole('heading', { name: fast })).toBeVisible();
  const lobby = page.getByRole('navigation', { name: 'More from TCG Lotto VN' });
  const other = ((await lobby.getByRole('link').first().textContent()) ?? '').trim();
  await lobby.getByRole('link', { name: other, exact: true }).click();
  await expect(page.getByRole('heading', { name: other, exact: true })).toBeVisible();

  // Recent: the member's launches of the type, latest first.
  await page.goto('/m/gameList?gameType=LOTT');
  await hydrateByInteraction(page, 'GameListScreen');
  await page.getByRole('button', { name: 'Recent', exact: true }).click();
  await expect(tiles(page)).toHaveText(['Thai Government Jackpot', 'Hanoi Lottery']);
  await page.goto('/m/gameList?gameType=RNG');
  await hydrateByInteraction(page, 'GameListScreen');
  await page.getByRole('button', { name: 'Recent', exact: true }).click();
  await expect(tiles(page)).toHaveText([slot]);
  await page.getByRole('button', { name: 'Favourites', exact: true }).click();
  await expect(tiles(page)).toHaveText([slot]);

  // From home the launcher's close button returns home (pageBack).
  await page.goto('/m/home');
  // The home game browser hydrates when it comes into view (below the operator's banners and videos): scroll to it.
  const categories = page.getByRole('navigation', { name: 'Game categories' });
  await categories.scrollIntoViewIfNeeded();
  await categories.getByRole('button', { name: 'Lottery', exact: true }).click();
  await page.getByRole('region', { name: 'Lottery' }).getByRole('listitem').getByRole('button').first().click();
  await page.waitForURL(/\/m\/lotto-h5\//);
  expect(urls.some((u) => u.includes('/m/launchGame?') && u.includes('pageBack=home'))).toBe(true);
  await page.getByRole('button', { name: 'Close' }).click();
  await page.waitForURL('**/m/home');
  expect(problems).toEqual([]);
});

for (const lang of LANGUAGES) {
  test(`a member without favourites sees only the empty state on /m/fav, without paging (${lang})`, async ({ page }) => {
    const problems = watchForPageErrors(page);
    await registerPlayer(page);
    await page.goto(inLanguage('/m/fav', lang));
    await expectLanguage(page, lang);
    await expect(page.getByText(text(lang, 'fav.empty'))).toBeVisible();
    await expect(page.getByRole('link', { name: text(lang, 'fav.browse') })).toBeVisible();
    await expect(page.locator('.page-indicator')).toHaveCount(0);
    await expect(page.getByRole('button', { name: text(lang, 'games.more') })).toHaveCount(0);
    expect(problems).toEqual([]);
  });
}
