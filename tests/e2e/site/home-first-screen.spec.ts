import { expect, test, type Page } from '@playwright/test';
import { interact } from '../hydration';
import { registerPlayer } from '../players';

/**
 * Home's first screen without script (issue 9, TBT ≤ 50 ms): a visitor's home loads no island before the player
 * interacts. The first HTML shows the header, the operator's content and the hot games row (written by the edge with
 * the data its island adopts: worker/edge/fills/home.ts); the first interaction hydrates them over that markup with no
 * request for the row, no mismatch and no shift; a tap on a game before that is replayed. A logged-in player's
 * header (balance) hydrates at once.
 */

/** Console errors, page errors and every layout shift (with or without recent input) of the page. */
function watch(page: Page): { errors: string[]; shift: () => Promise<number> } {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (!/^Transition was aborted because of invalid state/.test(error.message)) errors.push(error.message);
  });
  void page.addInitScript(() => {
    const state = window as unknown as { __shift: number };
    state.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.__shift += (entry as PerformanceEntry & { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { errors, shift: () => page.evaluate(() => (window as unknown as { __shift: number }).__shift) };
}

const island = (page: Page, name: string) => page.locator(`astro-island[component-url*="/${name}."]`);

test("a visitor's home shows its first screen before any script and hydrates it on the first interaction, as it was", async ({ page }) => {
  const { errors, shift } = watch(page);
  const scripts: string[] = [];
  const hotCalls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && new URL(request.url()).pathname.startsWith('/_assets/')) scripts.push(request.url());
    if (request.url().includes('GCSGAME_hotGamesV2')) hotCalls.push(request.url());
  });
  await page.goto('/m/home');
  await page.waitForLoadState('networkidle');
  const hot = page.getByRole('region', { name: 'Hot games' });
  await expect(hot.locator('.tile').first()).toBeVisible();
  const tiles = await hot.locator('.tile-name').allTextContents();
  expect(tiles.length).toBeGreaterThan(0);
  await expect(page.locator('header.home-header').getByRole('link', { name: 'Log in' })).toBeVisible();
  for (const name of ['HomeHeader', 'HotGamesRow', 'DownloadBar', 'FloatingService']) await expect(island(page, name)).toHaveAttribute('ssr', '');
  expect(scripts).toEqual([]);

  await interact(page);
  for (const name of ['HomeHeader', 'HotGamesRow', 'DownloadBar', 'FloatingService']) await expect(island(page, name)).not.toHaveAttribute('ssr', '');
  await expect(page.getByRole('complementary', { name: 'App download' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await hot.locator('.tile-name').allTextContents()).toEqual(tiles);
  expect(hotCalls).toEqual([]);
  expect(await shift()).toBeLessThan(0.02);
  expect(errors).toEqual([]);
});

test('a tap on a hot game before the row has hydrated is not lost: the island replays it', async ({ page }) => {
  await page.goto('/m/home');
  await page.waitForLoadState('networkidle');
  const row = island(page, 'HotGamesRow');
  await expect(row).toHaveAttribute('ssr', '');
  await row.locator('.tile-launch').first().click();
  await page.waitForURL((url) => !url.pathname.endsWith('/m/home'));
});

test("a logged-in player's header hydrates at once with the balance, without an interaction", async ({ page }) => {
  await registerPlayer(page);
  // A fresh tab of the same session: the registration's taps left the mouse over the old tab, and Chromium sends a
  // mouseover (an interaction) to whatever lands under a resting mouse.
  // The session lives in the tab's session storage: carry it over.
  const stored = await page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)));
  const home = await page.context().newPage();
  await home.addInitScript((items: Record<string, string>) => {
    for (const [key, value] of Object.entries(items)) sessionStorage.setItem(key, value);
  }, stored);
  const { errors } = watch(home);
  await home.goto('/m/home');
  await expect(island(home, 'HomeHeader')).not.toHaveAttribute('ssr', '');
  await expect(home.locator('header.home-header').getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(island(home, 'HotGamesRow')).toHaveAttribute('ssr', '');
  expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});
