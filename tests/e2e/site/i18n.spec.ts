import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../a11y';
import { waitForHydration } from '../hydration';

const en = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, string>;
const locales = new Map<string, Record<string, string>>();

/**
 * A key's text in a language as the site shows it: the locale's text, else EN (docs/design.md, Languages), with the
 * site's name where the text names it (`{site}`: the demo site DEMO is PlayDeck).
 */
function text(code: string, key: string): string {
  if (!locales.has(code)) {
    const file = `locales/${code.toLowerCase()}.json`;
    locales.set(code, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {});
  }
  return (locales.get(code)![key] || en[key]!).replaceAll('{site}', 'PlayDeck');
}

/** Expects the page on screen to be the `code` variant: lang, dir, data block, title and footer menu text. */
async function expectLanguage(page: Page, code: string, tag: string, dir: 'ltr' | 'rtl'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', tag);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
  expect(JSON.parse((await page.locator('#pd-locale').textContent()) ?? '{}')).toMatchObject({ language: code, tag, dir });
  await expect(page).toHaveTitle(text(code, 'app.name'));
  const nav = page.getByRole('navigation', { name: text(code, 'nav.main') });
  await expect(nav.getByRole('link', { name: text(code, 'nav.home') })).toBeVisible();
  await expect(page.locator('.home-intro')).toHaveText(text(code, 'home.intro'));
}

/** Picks a language in the side menu's language picker (accounts §2), speaking the page's current language. */
async function pickLanguage(page: Page, from: string, nativeName: string): Promise<void> {
  await waitForHydration(page);
  await page.locator('header.home-header').getByRole('button', { name: text(from, 'menu.open') }).click();
  const menu = page.getByRole('dialog', { name: text(from, 'menu.title') });
  await menu.getByRole('button', { name: new RegExp(text(from, 'language.label')) }).click();
  const picker = page.getByRole('dialog', { name: text(from, 'language.choose') });
  await Promise.all([page.waitForEvent('load'), picker.getByRole('button', { name: nativeName }).click()]);
}

test('the picker switches to Japanese and then Arabic; text, lang and dir change and survive a reload', async ({ page, context }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/m/home');
  await expectLanguage(page, 'EN', 'en', 'ltr');

  await pickLanguage(page, 'EN', '日本語');
  await expectLanguage(page, 'JA', 'ja', 'ltr');
  expect(text('JA', 'home.intro')).not.toBe(en['home.intro']);
  await page.reload();
  await expectLanguage(page, 'JA', 'ja', 'ltr');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('JA');

  await pickLanguage(page, 'JA', 'العربية');
  await expectLanguage(page, 'AR', 'ar', 'rtl');
  await page.goto('/m/home');
  await expectLanguage(page, 'AR', 'ar', 'rtl');
  expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('AR');
  expect(problems, 'no CSP violation and no hydration mismatch').toEqual([]);
});

test('?lang=th selects Thai, and the choice stays for the next pages', async ({ page }) => {
  await page.goto('/m/login?lang=th');
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('TH', 'title.login'));
  await expect(page).toHaveTitle(`${text('TH', 'title.login')} · ${text('TH', 'app.name')}`);
  // Absolute on the address asked for (the edge writes them so; the build has them site-relative).
  await expect(page.locator('link[rel="alternate"][hreflang="th"]')).toHaveAttribute('href', new URL('/m/login?lang=th', page.url()).href);
  await expect(page.locator('link[rel="alternate"]')).toHaveCount(28);
  await page.goto('/m/home');
  await expectLanguage(page, 'TH', 'th', 'ltr');
});

test.describe('a first visit with a Vietnamese browser', () => {
  test.use({ locale: 'vi-VN', extraHTTPHeaders: { 'Accept-Language': 'vi-VN,vi;q=0.9,en;q=0.5' } });

  test('gets Vietnamese pages', async ({ page }) => {
    await page.goto('/m/home');
    await expectLanguage(page, 'VI', 'vi', 'ltr');
  });
});

test('a right-to-left page passes the accessibility check and puts the side menu on the right', async ({ page }) => {
  await page.goto('/m/help?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('AR', 'title.help'));
  await expectNoSeriousA11yViolations(page, '/m/help?lang=ar');
  await page.locator('header.page-header').getByRole('button', { name: text('AR', 'menu.open') }).click();
  const menu = page.getByRole('dialog', { name: text('AR', 'menu.title') });
  await expect(menu).toBeVisible();
  await expect.poll(async () => {
    const box = await menu.boundingBox();
    return box ? Math.round(box.x + box.width) : 0;
  }).toBe(page.viewportSize()!.width);
});
