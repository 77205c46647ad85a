import { expect, test, type Page } from '@playwright/test';
import { hydrateByInteraction, waitForHydration } from '../hydration';

/**
 * Issue 9: the list pages carry their first page of results in the first HTML (the edge writes it,
 * worker/edge/fills/list.ts), so they show without script and the largest paint does not wait for it; with script
 * the island hydrates over that markup without a mismatch and without asking for the list again — on the player's
 * first interaction, not at load (a tap before is replayed), while the lottery's count-downs tick without React.
 */

const tiles = (page: Page) => page.locator('.game-grid .tile-name');

/** Every tile's name holds `name` (the list is filtered by it), and there is at least one. */
async function expectFilteredBy(page: Page, name: string): Promise<void> {
  await expect(tiles(page).first()).toBeVisible();
  for (const text of await tiles(page).allTextContents()) expect(text.toLowerCase()).toContain(name.toLowerCase());
}

/** Console errors and uncaught page errors (a hydration mismatch shows as one), and the list calls, from now on. */
function watch(page: Page, isListCall: (url: URL) => boolean): { errors: string[]; lists: string[] } {
  const seen = { errors: [] as string[], lists: [] as string[] };
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text());
  });
  page.on('pageerror', (error) => seen.errors.push(error.message));
  page.on('request', (request) => {
    if (isListCall(new URL(request.url()))) seen.lists.push(request.url());
  });
  return seen;
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('/m/gameList?gameType=RNG shows its first nine games, the first row asked for first', async ({ page }) => {
    await page.goto('/m/gameList?gameType=RNG');
    await expect(page.getByRole('heading', { name: 'Slots', level: 2 })).toBeVisible();
    await expect(tiles(page)).toHaveCount(9);
    await expect(page.getByText(/^1 \/ \d+$/)).toBeVisible();
    const icons = page.locator('.game-grid img');
    await expect(icons.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(icons.first()).toHaveAttribute('width', '160');
    await expect(icons.nth(8)).toHaveAttribute('loading', 'lazy');
  });

  test('/m/lottery shows the draws grouped by provider and type, each with its art and the time left', async ({ page }) => {
    await page.goto('/m/lottery');
    const sections = page.locator('.lotto-list-section');
    expect(await sections.count()).toBeGreaterThan(0);
    await expect(sections.first().getByRole('heading', { level: 2 })).toBeVisible();
    await expect(sections.first().getByRole('heading', { level: 3 }).first()).toHaveText(/^(Lottery|Fast lottery) \(\d+\)$/);
    const cards = page.locator('.lotto-card');
    expect(await cards.count()).toBeGreaterThan(3);
    await expect(cards.first().locator('img.lotto-art')).toHaveAttribute('src', /^\/icons\/game\/\d+\.svg$/);
    await expect(cards.first().locator('.lotto-timer')).toHaveText(/^(\d+d )?(\d+:)?\d\d:\d\d$/);
    await expect(page.getByText('Loading')).toHaveCount(0);
  });

  test('a search sent with Enter is the plain form submit: it lands on the same category, filtered by the name', async ({ page }) => {
    await page.goto('/m/gameList?gameType=RNG');
    const name = ((await tiles(page).nth(4).textContent()) ?? '').trim();
    await page.getByRole('searchbox').fill(` ${name} `);
    await page.getByRole('searchbox').press('Enter');
    await page.waitForURL((url) => url.searchParams.get('gameType') === 'RNG' && url.searchParams.get('gameName')?.trim() === name);
    await expect(page.getByRole('heading', { name: 'Slots', level: 2 })).toBeVisible();
    await expectFilteredBy(page, name);
    await expect(page.getByRole('searchbox')).toHaveValue(name);
  });
});

test.describe('with JavaScript enabled', () => {
  test('/m/gameList hydrates over the first page: no console error, the list not asked for again', async ({ page }) => {
    const { errors, lists } = watch(page, (url) => url.pathname === '/wps/relay/GCSGAME_gameList');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/m/gameList?gameType=RNG');
    const first = await tiles(page).allTextContents();
    expect(first).toHaveLength(9);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    // Everything shows, and React is not loaded before the player interacts.
    await expect(page.locator('astro-island[component-url*="GameListScreen"]')).toHaveAttribute('ssr', '');
    expect(scripts.filter((path) => /react|GameListScreen/.test(path))).toEqual([]);
    // The first tap hydrates the island and is replayed: the next page appends.
    await page.getByRole('button', { name: 'More games' }).click();
    await expect(tiles(page)).toHaveCount(18);
    await expect(tiles(page).first()).toHaveText(first[0]!);
    expect(lists, 'only the second page was asked for').toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('/m/gameList opens a searched address filtered, and the island goes on from there', async ({ page }) => {
    const { errors } = watch(page, () => false);
    await page.goto('/m/gameList?gameType=RNG');
    const name = ((await tiles(page).nth(2).textContent()) ?? '').trim();
    await page.goto(`/m/gameList?gameType=RNG&gameName=${encodeURIComponent(name)}`);
    await expectFilteredBy(page, name);
    const filtered = await tiles(page).allTextContents();
    await hydrateByInteraction(page, 'GameListScreen');
    await expect(page.getByRole('searchbox')).toHaveValue(name);
    await expect(tiles(page)).toHaveText(filtered);
    // Clearing the search lists the whole category again, and the address follows.
    await page.getByRole('searchbox').fill('');
    await page.getByRole('searchbox').press('Enter');
    await expect(tiles(page)).toHaveCount(9);
    await expect(page).toHaveURL(/\/m\/gameList\?gameType=RNG$/);
    expect(errors).toEqual([]);
  });
});

test('/m/lottery hydrates over the draws: no console error, the list not asked for again, the count-down runs', async ({ page }) => {
  const { errors, lists } = watch(page, (url) => url.pathname === '/lgw/games');
  await page.goto('/m/lottery');
  const names = await page.locator('.lotto-row').allTextContents();
  expect(names.length).toBeGreaterThan(3);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  // Before any interaction the island has not hydrated, and the page's own small script runs the count-downs.
  const island = page.locator('astro-island[component-url*="LotteryGames"]');
  await expect(island).toHaveAttribute('ssr', '');
  const timer = page.locator('.lotto-timer').first();
  const before = await timer.textContent();
  await expect(timer).not.toHaveText(before ?? '', { timeout: 5000 });
  // The first tap (a provider chip) hydrates the island and is replayed; the count-downs go on.
  const chips = page.getByRole('group', { name: 'Provider' }).getByRole('button');
  await chips.nth(1).click();
  await expect(island).not.toHaveAttribute('ssr', '');
  await expect(chips.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.lotto-list-section')).toHaveCount(1);
  const after = await timer.textContent();
  await expect(timer).not.toHaveText(after ?? '', { timeout: 5000 });
  await expect(timer).toHaveText(/^(\d+d )?(\d+:)?\d\d:\d\d$/);
  expect(lists, 'the list came with the page').toEqual([]);
  expect(errors).toEqual([]);
});
