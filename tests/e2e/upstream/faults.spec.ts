import { expect, test, type APIRequestContext } from '@playwright/test';
import { API_TIMEOUT_MS, FILL_DEADLINE_MS, STANDIN_URL } from '../../../playwright.upstream.config';

/**
 * Upstream mode when the platform is slow, down or wrong (README, Upstream mode "When the platform fails"): the
 * platform stand-in's fault switch (tests/platform-standin/faults.ts) makes every platform call fail one way at a
 * time; each page then answers within the fill deadline plus a small margin, in HTML, with a clear state — never
 * the platform's raw JSON or error text. The switch is reset after each test. A forwarded platform page
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

async function setFault(request: APIRequestContext, body: Record<string, unknown>): Promise<void> {
  const answer = await request.post(`${STANDIN_URL}/standin/fault`, { data: body });
  expect(answer.status()).toBe(200);
}

test.afterEach(async ({ request }) => {
  await setFault(request, { mode: 'off' });
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
