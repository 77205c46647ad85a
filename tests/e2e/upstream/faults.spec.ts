import { expect, test } from '@playwright/test';
import { API_TIMEOUT_MS, FILL_DEADLINE_MS } from '../../../playwright.upstream.config';
import { logIn } from '../account-helpers';
import { hydrateByInteraction } from '../hydration';
import { registerOnPlatform, setFault, standinCount, waitForPlatform } from './standin-helpers';

/**
 * Upstream mode when the platform is slow, down or wrong (docs/upstream-mode.md, "When the platform is slow, down or wrong"): the
 * platform stand-in's fault switch (tests/platform-standin/faults.ts) makes every platform call fail one way at a
 * time; each page then answers within the fill deadline plus a small margin, in HTML, with a clear state — never
 * the platform's raw JSON or error text. The switch is reset after each test, and the next test starts once
 * PlayDeck reaches the platform again (a fault opens the worker's circuit breaker; the upstream config keeps it open
 * for 1 s only, so while a fault lasts the breaker's probes keep meeting it). A forwarded platform page
 * (/m/lotto-h5/…) is not a fill: its bound is the API timeout (UPSTREAM_TIMEOUT_MS) plus the margin.
 */

const DEADLINE_MS = Number(FILL_DEADLINE_MS);
/** What a page may take beyond the fill deadline (worker, build file, a slow shared machine). */
const MARGIN_MS = 1_500;
const FAULTS = ['slow', 'refuse', '500', 'html', 'badjson', 'huge', 'drop'] as const;
const LOTTO_H5 = '/m/lotto-h5/DEMO/standard/games/1001';
const PAGES = ['/m/home', '/m/help', '/m/activity', '/m/gameList', '/m/lottery', LOTTO_H5, '/m/launchGame?gameId=1001&playType=standard'];
/** Words of the stand-in's faulty answers: none may reach the player. */
const PLATFORM_TEXT = /IllegalStateException|Relay\.java|nginx|"title":"cut/;

test.afterEach(async ({ request }) => {
  await setFault(request, { mode: 'off' });
  await waitForPlatform(request);
});

for (const mode of FAULTS) {
  test(`platform fault "${mode}": every page answers HTML within the deadline, without the platform's text`, async ({ request }) => {
    // slow: longer than the fill deadline and than the test's API timeout (UPSTREAM_TIMEOUT_MS 4 s).
    await setFault(request, { mode, delayMs: 5_000, bytes: 12 * 1024 * 1024 });
    for (const path of PAGES) {
      const started = Date.now();
      const answer = await request.get(path, { maxRedirects: 0, timeout: 20_000 });
      const text = await answer.text();
      const took = Date.now() - started;
      const bound = (path === LOTTO_H5 ? Number(API_TIMEOUT_MS) : DEADLINE_MS) + MARGIN_MS;
      expect.soft(took, `${path} took ${took} ms`).toBeLessThan(bound);
      expect(answer.headers()['content-type'], path).toMatch(/^text\/html/);
      expect(text.trimStart().startsWith('<'), `${path} is HTML`).toBe(true);
      // lotto-h5: an HTML answer of the platform (fault "html") is its page and is forwarded as it is.
      if (!(path === LOTTO_H5 && mode === 'html')) expect(text, path).not.toMatch(PLATFORM_TEXT);
      if (path === LOTTO_H5 && mode !== 'html') {
        expect(answer.status(), path).toBe(502);
        expect(text).toContain('data-platform-unavailable');
      }
    }
  });
}

test('help and promotions say the platform failed, with "Try again", and show their content once it is back', async ({ page, request }) => {
  await setFault(request, { mode: 'refuse', paths: '/wps/system/helpCenter,/wps/relay/MCSFE_getListAnnouncements' });
  for (const path of ['/m/help', '/m/activity']) {
    await page.goto(path);
    const failed = page.locator('[data-load-failed]');
    await expect(failed).toBeVisible();
    await expect(failed.getByRole('link', { name: 'Try again' })).toBeVisible();
    await expect(page.locator('.empty-state')).toHaveCount(0);
  }
  await setFault(request, { mode: 'off' });
  await waitForPlatform(request);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.locator('[data-load-failed]')).toHaveCount(0);
});

test("a lottery page of the platform that fails is the site's own page, in the player's language, with customer service", async ({ page, request }) => {
  await setFault(request, { mode: 'drop' });
  const answer = await page.goto(`${LOTTO_H5}?lang=th`);
  expect(answer?.status()).toBe(502);
  const box = page.locator('[data-platform-unavailable]');
  await expect(box).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(box.locator('[data-service-links] a').first()).toHaveAttribute('href', /^https?:\/\//);
  await expect(page.getByText('Loading…')).toHaveCount(0);
  expect(await page.content()).not.toMatch(/"success"|"errorCode"/);
});

const ADD_FAVOURITE = 'POST /wps/relay/MCSFE_addFavoriteGameV2';

for (const mode of ['refuse', 'drop'] as const) {
  test(`a favourite whose answer is lost ("${mode}" after the platform ran it) is added once, and is there after recovery`, async ({ page, request }) => {
    const username = `fv${mode[0]}${Date.now().toString(36)}`.slice(0, 16);
    const password = 'secret123';
    await registerOnPlatform(request, username, password);
    await page.goto('/m/login');
    await logIn(page, { username, password });
    await page.waitForURL('**/m/home');
    await page.goto('/m/gameList?gameType=RNG');
    await hydrateByInteraction(page, 'GameListScreen');

    // The platform adds the favourite, then the connection fails before its answer arrives. The browser's call
    // carries an Idempotency-Key; on a refused connection the worker sends it once more with the same key (the
    // platform answers it again without adding twice), on an answer cut midway it does not send it again.
    const before = await standinCount(request, ADD_FAVOURITE);
    await setFault(request, { mode, applied: true, paths: '/wps/relay/MCSFE_addFavoriteGameV2' });
    await page.getByRole('button', { name: 'Add Lucky Dragon to favourites' }).click();
    await expect.poll(async () => (await standinCount(request, ADD_FAVOURITE)).calls - before.calls).toBe(mode === 'refuse' ? 2 : 1);
    // No answer: the toggle is not shown as done, and no error text of the platform reaches the player.
    await expect(page.getByRole('button', { name: 'Add Lucky Dragon to favourites' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Lucky Dragon to favourites' })).not.toHaveAttribute('aria-busy', 'true');
    expect(await page.content()).not.toMatch(PLATFORM_TEXT);

    // Back: the one favourite the player asked for is there, added once.
    await setFault(request, { mode: 'off' });
    await waitForPlatform(request);
    expect((await standinCount(request, ADD_FAVOURITE)).applied - before.applied).toBe(1);
    await page.goto('/m/fav');
    await expect(page.getByRole('button', { name: 'Lucky Dragon', exact: true })).toBeVisible();
  });
}
