import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../../../playwright.config';

/**
 * The built site's sitemap (docs/edge.md "Crawlers"), request only: it parses as a sitemap, and every address in it
 * answers 200 with a canonical link naming that address; robots.txt of the two demo sites differ. Needs the build,
 * so it runs in the browser tier (the worker tier's tests/worker/site/crawl.test.ts runs before the build).
 */

const SITES = [`http://127.0.0.1:${E2E_PORT}`, `http://play2.localhost:${E2E_PORT}`];

/** The `<loc>` addresses of a sitemap, its XML entities decoded. */
function locations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

test('robots.txt differs per site: each names its own sitemap', async ({ page }) => {
  // Through the browser: it resolves play2.localhost to this machine (the test runner's own requests would not).
  const texts: string[] = [];
  for (const origin of SITES) texts.push((await (await page.goto(`${origin}/robots.txt`))?.text()) ?? '');
  const [one, two] = texts;
  expect(one).toContain(`Sitemap: ${SITES[0]}/sitemap.xml`);
  expect(two).toContain(`Sitemap: ${SITES[1]}/sitemap.xml`);
  expect(one).not.toBe(two);
});

test('every address of the sitemap answers 200 and names itself as canonical', async ({ request }) => {
  test.setTimeout(600_000);
  const answer = await request.get(`${SITES[0]}/sitemap.xml`);
  expect(answer.status()).toBe(200);
  const xml = await answer.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
  expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
  const locs = locations(xml);
  expect(locs.length).toBeGreaterThan(27 * 16);
  expect(locs.some((loc) => loc.includes('/m/activityDetail?id='))).toBe(true);
  expect(locs.some((loc) => loc.includes('/m/helpDetail?p='))).toBe(true);
  const failures: string[] = [];
  const queue = [...locs];
  await Promise.all([0, 1, 2, 3].map(async () => {
    for (let loc = queue.shift(); loc; loc = queue.shift()) {
      const page = await request.get(loc);
      const html = await page.text();
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
      if (page.status() !== 200 || canonical !== loc) failures.push(`${loc}: ${page.status()} canonical ${canonical}`);
    }
  }));
  expect(failures).toEqual([]);
});
