import { expect, test } from '@playwright/test';
import { STANDIN_URL } from '../../../playwright.upstream.config';
import { STANDIN_BANNER, STANDIN_NOTICE } from '../../platform-standin/shapes';

/**
 * Upstream mode, home (player-shell §2 Home; accounts §2 Home announcement bar and banners): the edge fills the home
 * from the platform's announcement list, so the stand-in's banner and notice are in the first HTML, and the banner's
 * artwork — on the platform's own address — is allowed by the page's image policy and loads.
 */
test("the first HTML of /m/home carries the platform's banner and notice, and its artwork loads", async ({ page, request }) => {
  const html = await (await request.get('/m/home')).text();
  expect(html).toContain(`<img src="${STANDIN_URL}${STANDIN_BANNER.image}" alt="${STANDIN_BANNER.title}"`);
  expect(html).toContain(`>${STANDIN_NOTICE.title}</a>`);
  expect(html).toMatch(new RegExp(`img-src 'self' data: ${STANDIN_URL.replace(/[.]/g, '\\.')}[;" ]`));

  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await page.goto('/m/home');
  const banner = page.getByRole('img', { name: STANDIN_BANNER.title }).first();
  await expect(banner).toBeVisible();
  await expect.poll(() => banner.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
  expect(blocked).toEqual([]);
});
