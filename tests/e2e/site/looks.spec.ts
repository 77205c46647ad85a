import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerPlayer } from '../players';
import { hydrateByInteraction, waitForHydration } from '../hydration';
import { expectNoSeriousA11yViolations } from '../a11y';

/**
 * What the player sees on a 412 px phone, in English and Arabic (right to left): the home header keeps the site's
 * wordmark inside its box, clear of the log-in buttons; the floating customer-service button leaves home's intro
 * readable; the feedback page never pans sideways; deposit's cards keep their distance; the inbox and live chat are
 * drawn with the site's own controls (no native resize grip, no system-grey buttons, one Back: the header's arrow)
 * and the chat launch carries the site's brand colour (DEMO: #7b2ff7, content/demo/DEMO/site.json).
 */
const LANGUAGES = ['en', 'ar'] as const;
/** The grey Chromium paints an unstyled button with (ButtonFace). */
const SYSTEM_GREY = /^rgb\((239|240), (239|240), (239|240)\)$/;

test.use({ viewport: { width: 412, height: 915 } });

type Box = { left: number; right: number; top: number; bottom: number };
async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not rendered');
  return { left: b.x, right: b.x + b.width, top: b.y, bottom: b.y + b.height };
}
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Width the document is wider than the viewport (0 when it fits). */
const excessWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const lang of LANGUAGES) {
  test(`home (${lang}): the wordmark sits inside its box, beside the log-in buttons; the service button leaves the intro clear`, async ({ page }) => {
    await page.goto(`/m/home?lang=${lang}`);
    await waitForHydration(page);
    const logo = await box(page.locator('.home-header .logo'));
    const mark = await box(page.locator('.home-header .logo-mark'));
    const actions = await box(page.locator('.home-header .hh-actions'));
    const login = await box(page.locator('.home-header a[href="/m/login"]'));
    // The wordmark (DEMO has one) is drawn within the logo link, and neither touches the buttons.
    expect(mark.left).toBeGreaterThanOrEqual(logo.left - 0.5);
    expect(mark.right).toBeLessThanOrEqual(logo.right + 0.5);
    expect(mark.right - mark.left).toBeGreaterThan(28);
    expect(overlaps(logo, actions)).toBe(false);
    expect(overlaps(mark, login)).toBe(false);
    expect(await excessWidth(page)).toBeLessThanOrEqual(0);

    // The floating customer-service button (after the first touch) covers none of the intro's text.
    await hydrateByInteraction(page, 'FloatingService');
    const button = await box(page.locator('.float-service'));
    const lines = await page.locator('.home-intro').evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return [...range.getClientRects()].map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom }));
    });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => overlaps(line, button))).toEqual([]);
  });
}

test('feedback, deposit, inbox and live chat are drawn with the site\'s own styles (en, ar)', async ({ page }) => {
  test.setTimeout(120_000);
  await registerPlayer(page);
  for (const lang of LANGUAGES) {
    // Feedback: never wider than the phone.
    await page.goto(`/m/feedback?lang=${lang}`);
    await expect(page.locator('.feedback-form')).toBeVisible();
    await page.locator('body').dispatchEvent('pointerdown');
    expect(await excessWidth(page), `feedback ${lang}`).toBeLessThanOrEqual(0);

    // Deposit: the balance card clear of the header, the cards apart.
    await page.goto(`/m/voucherCenter?lang=${lang}`);
    const cards = page.locator('main > astro-island > .card');
    await expect(cards.nth(1)).toBeVisible();
    const header = await box(page.locator('.page-header'));
    const balance = await box(cards.nth(0));
    const form = await box(cards.nth(1));
    expect(balance.top - header.bottom).toBeGreaterThanOrEqual(8);
    expect(form.top - balance.bottom).toBeGreaterThanOrEqual(8);

    // Inbox: an opened message's actions are the site's buttons.
    await page.goto(`/m/webEmail?lang=${lang}`);
    await page.locator('.inbox-list button').first().click();
    const message = page.locator('.inbox-message');
    await expect(message).toBeVisible();
    if (lang === 'en') await expectNoSeriousA11yViolations(page, 'inbox message');
    for (const control of [message.locator('.link-button'), message.locator('.btn')]) {
      const style = await control.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, radius: getComputedStyle(el).borderRadius }));
      expect(style.background).not.toMatch(SYSTEM_GREY);
      expect(style.radius).not.toBe('0px');
    }
    await message.locator('.link-button').click();
    await expect(page.locator('.inbox-list')).toBeVisible();
  }

  // Live chat from the message centre: the launch carries the site's colour; the page has one Back (the header's).
  await page.goto('/m/message?lang=en');
  const launch = page.waitForRequest((r) => r.url().includes('/CBS_launchChat'));
  await page.getByRole('button', { name: /Live chat/ }).click();
  expect(new URL((await launch).url()).searchParams.get('headerColor')).toBe('#7b2ff7');
  await page.waitForURL('**/m/liveChat?*');
  const chatUrl = page.url();
  for (const lang of LANGUAGES) {
    await page.goto(chatUrl.replace(/([?&])lang=[A-Za-z]+/, `$1lang=${lang.toUpperCase()}`));
    const composer = page.locator('.chat-form textarea');
    await expect(composer).toBeEnabled();
    const textarea = await composer.evaluate((el) => ({ resize: getComputedStyle(el).resize, radius: getComputedStyle(el).borderRadius }));
    expect(textarea).toEqual({ resize: 'none', radius: '10px' });
    await composer.fill('Hello');
    const send = page.locator('.chat-form button[type="submit"]');
    await expect(send).toBeEnabled();
    expect(await send.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toMatch(SYSTEM_GREY);
    await expect(page.locator('main a[href^="/"]')).toHaveCount(0);
    await expect(page.locator('.page-header .back')).toBeVisible();
    expect(await excessWidth(page), `chat ${lang}`).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, `live chat (${lang})`);
  }
});
