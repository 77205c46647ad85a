import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT } from '../../../playwright.config';
import { accentInk, readableTextOn } from '../../../rules/contrast';
import { expectNoSeriousA11yViolations } from '../a11y';

/**
 * The site's accent colour on its buttons and links (docs/seo.md "The brand's accent"): the demo sites' site.json
 * set `accentColor` (DEMO #ffc83d on the dark theme, DEMO2 "Lucky Star" #ffd700 on the light theme). The primary
 * button is filled with the accent and its text is black or white, whichever reads; links are the accent where it
 * reads on the theme's backgrounds, else the accent darkened (light) or lightened (dark); axe finds no contrast
 * failure in either theme.
 */
const SITES = [
  { name: 'DEMO', origin: `http://127.0.0.1:${E2E_PORT}`, accent: '#ffc83d', theme: 'dark' as const },
  { name: 'DEMO2', origin: `http://play2.localhost:${E2E_PORT}`, accent: '#ffd700', theme: 'light' as const },
];

/** `#rrggbb` as the browser's computed `rgb(r, g, b)`. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** The computed colour and background of the first element `selector` matches. */
const colours = (page: Page, selector: string) => page.locator(selector).first().evaluate((element) => {
  const style = getComputedStyle(element);
  return { color: style.color, background: style.backgroundColor };
});

for (const site of SITES) {
  test(`${site.name}: the primary button and links wear the site's accent, readable in both themes`, async ({ page }) => {
    await page.goto(`${site.origin}/m/login`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', site.theme);
    const button = await colours(page, 'form .btn-primary');
    expect(button.background).toBe(rgb(site.accent));
    expect(button.color).toBe(rgb(readableTextOn(site.accent)));
    const link = await colours(page, 'a[href="/m/forget"]');
    expect(link.color).toBe(rgb(accentInk(site.accent, site.theme)));
    await expectNoSeriousA11yViolations(page, `${site.name} /m/login (${site.theme})`);

    // The player may switch the theme on the page: the other theme's ink, the same filled button.
    const other = site.theme === 'dark' ? 'light' : 'dark';
    await page.evaluate((theme) => document.documentElement.setAttribute('data-theme', theme), other);
    expect((await colours(page, 'a[href="/m/forget"]')).color).toBe(rgb(accentInk(site.accent, other)));
    expect((await colours(page, 'form .btn-primary')).background).toBe(rgb(site.accent));
    await expectNoSeriousA11yViolations(page, `${site.name} /m/login (${other})`);
  });
}

test('DEMO2: the light theme darkens the gold accent for links, which reads on its backgrounds', async ({ page }) => {
  // #ffd700 on #f4f6fb is about 1.4:1: as a link colour it would fail; the edge writes a darker ink.
  expect(accentInk('#ffd700', 'light')).not.toBe('#ffd700');
  await page.goto(`http://play2.localhost:${E2E_PORT}/m/help`);
  const link = page.locator('main a[href^="/m/helpDetail"]').first();
  await expect(link).toHaveCSS('color', rgb(accentInk('#ffd700', 'light')));
  await expectNoSeriousA11yViolations(page, 'DEMO2 /m/help');
});
