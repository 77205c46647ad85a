import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './hydration';

/**
 * Issue 9: the list pages carry their first page of results in the first HTML (the edge writes it,
 * worker/edge/list-fill.ts), so they show without script and the largest paint does not wait for it; with script
 * the island hydrates over that markup without a mismatch and without asking for the list again.
 */

const tiles = (page: Page) => page.locator('.game-grid .tile-name');

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
});

test.describe('with JavaScript enabled', () => {
  test('/m/gameList hydrates over the first page: no console error, the list not asked for again', async ({ page }) => {
    const { errors, lists } = watch(page, (url) => url.pathname === '/wps/relay/GCSGAME_gameList');
    await page.goto('/m/gameList?gameType=RNG');
    const first = await tiles(page).allTextContents();
    expect(first).toHaveLength(9);
    await waitForHydration(page, 'GameListScreen');
    await page.waitForLoadState('networkidle');
    await expect(tiles(page)).toHaveText(first);
    expect(lists, 'the first page came with the page').toEqual([]);
    // The island took over: the next page appends.
    await page.getByRole('button', { name: 'More games' }).click();
    await expect(tiles(page)).toHaveCount(18);
    expect(lists).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

test('/m/lottery hydrates over the draws: no console error, the list not asked for again, the count-down runs', async ({ page }) => {
  const { errors, lists } = watch(page, (url) => url.pathname === '/lgw/games');
  await page.goto('/m/lottery');
  const names = await page.locator('.lotto-row').allTextContents();
  expect(names.length).toBeGreaterThan(3);
  await waitForHydration(page, 'LotteryGames');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.lotto-row')).toHaveText(names);
  const timer = page.locator('.lotto-timer').first();
  const before = await timer.textContent();
  await expect(timer).not.toHaveText(before ?? '', { timeout: 5000 });
  expect(lists, 'the list came with the page').toEqual([]);
  expect(errors).toEqual([]);
});
