import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT } from '../../../playwright.config';
import { interact } from '../hydration';

/**
 * Every site its own brand (issue: per-site branding): the two demo sites, PlayDeck (127.0.0.1) and Lucky Star
 * (play2.localhost), side by side — title, header wordmark, colours, favicon, manifest, the app name of the
 * download bar and the footer line come from each merchant's content (content/demo/<code>/site.json, imported
 * by `npm run db:setup`), are in the first HTML (script off) and stay after hydration (script on, no mismatch).
 */

interface Brand {
  origin: string;
  code: string;
  siteName: string;
  appName: string;
  primary: string;
  footer: string;
}

const BRANDS: Brand[] = [
  {
    origin: `http://127.0.0.1:${E2E_PORT}`, code: 'DEMO', siteName: 'PlayDeck', appName: 'PlayDeck Games', primary: '#7b2ff7',
    footer: 'PlayDeck — play responsibly. 18+ only.',
  },
  {
    origin: `http://play2.localhost:${E2E_PORT}`, code: 'DEMO2', siteName: 'Lucky Star', appName: 'Lucky Star Mobile', primary: '#e52d27',
    footer: 'Lucky Star — play responsibly. 18+ only.',
  },
];

/** Checks what the first HTML already shows of `brand` (works with script on or off). */
async function expectBrand(page: Page, brand: Brand): Promise<void> {
  await expect(page).toHaveTitle(brand.siteName);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-site-name', brand.siteName);
  await expect(html).toHaveAttribute('data-brand-logo', '');
  const logo = page.locator('.home-header .logo');
  await expect(logo).toHaveAttribute('aria-label', brand.siteName);
  await expect(logo.locator('.logo-mark')).toHaveCSS('background-image', new RegExp(`/media/content/${brand.code}/[0-9a-f]{64}\\.svg`));
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim())).toBe(brand.primary);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', brand.primary);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', new RegExp(`^/media/content/${brand.code}/`));
  const footer = page.locator('.site-footer');
  await expect(footer.getByRole('heading', { name: `About ${brand.siteName}` })).toBeVisible();
  await expect(footer.getByText(brand.footer)).toBeVisible();
  await expect(footer.getByText(`© 2023 ${brand.siteName}. All rights reserved.`)).toBeVisible();

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe(`/wps/system/manifest.json?merchantCode=${brand.code}`);
  // Fetched by the page itself (the test's own HTTP client cannot resolve *.localhost names).
  const manifest: unknown = await page.evaluate(async (href) => (await fetch(href)).json(), manifestHref ?? '');
  expect(manifest).toMatchObject({ name: brand.appName, short_name: brand.siteName, theme_color: brand.primary });
}

test.describe('with JavaScript disabled: the first HTML is already the site\'s brand', () => {
  test.use({ javaScriptEnabled: false });

  for (const brand of BRANDS) {
    test(`${brand.siteName}: title, wordmark, colours, favicon, manifest, app name and footer`, async ({ page }) => {
      await page.goto(`${brand.origin}/m/home`);
      await expectBrand(page, brand);
      await page.goto(`${brand.origin}/m/login`);
      await expect(page).toHaveTitle(`Log in · ${brand.siteName}`);
      await expect(page.getByRole('heading', { name: brand.siteName, exact: true })).toBeVisible();
      await page.goto(`${brand.origin}/m/app`);
      await expect(page.getByRole('heading', { name: `Add ${brand.siteName} to your Home Screen (Safari on iPhone)` })).toBeVisible();
    });
  }

  test('the second site names no other brand anywhere in its pages', async ({ page }) => {
    for (const path of ['/m/home', '/m/login', '/m/register', '/m/app']) {
      const answer = await page.goto(`${BRANDS[1]?.origin}${path}`);
      // Everything the edge writes counts, the data blocks served with the page (rules/served.ts: home's vendor
      // mapping and hot games) and the game tiles included: the demo catalogue's studios have names of their own.
      const text = (await answer?.text()) ?? '';
      expect(text, path).toContain('Lucky Star');
      expect(text.match(/PlayDeck/g) ?? [], path).toEqual([]);
    }
  });
});

test.describe('with JavaScript enabled: the brand stays after hydration', () => {
  for (const brand of BRANDS) {
    test(`${brand.siteName}: the same brand after the islands hydrate, the download bar names the app, no hydration error`, async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${brand.origin}/m/home`);
      await expectBrand(page, brand);
      // The download bar is drawn by script from the player's first interaction, once the site's app links are known
      // (Android links on both sites).
      await interact(page);
      await expect(page.locator('.download-bar-text').getByText(`Get the ${brand.appName} app`)).toBeVisible();
      await expect(page.locator('.home-header .logo-text')).toHaveText(brand.siteName);
      expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    });
  }
});
