import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerPlayer, watchForPageErrors } from '../players';

/**
 * The operator's words in every language (docs/operator-guide.md, "Content in several languages"): the demo merchant's notices,
 * banners and promotions have Arabic versions (content/demo/DEMO/announcements/AR), its payment methods Arabic
 * names; a language without a version (French) reads the site's default, English. Every operator or player text
 * is isolated in its own direction (`dir="auto"` or `<bdi>`, computed `unicode-bidi: isolate`), so "12 new slots
 * this week" keeps its number in front on an Arabic page.
 */

const NOTICE_AR = '12 لعبة سلوت جديدة هذا الأسبوع';
const NOTICE_EN = '12 new slots this week';
const PROMO_AR = 'مكافأة الترحيب: 100% على إيداعك الأول';
const PROMO_EN = 'Welcome bonus: 100% on your first deposit';

/** The element's computed `unicode-bidi` and its `dir` attribute (a `<bdi>` needs none). */
async function bidiOf(element: Locator): Promise<{ unicodeBidi: string; dir: string | null; tag: string }> {
  return element.evaluate((el) => ({ unicodeBidi: getComputedStyle(el).unicodeBidi, dir: el.getAttribute('dir'), tag: el.tagName.toLowerCase() }));
}

/** Every one of `elements` (at least one) is bidi-isolated: `dir="auto"` or a `<bdi>`, computed as isolate. */
async function expectIsolated(elements: Locator): Promise<void> {
  await expect(elements.first()).toBeAttached();
  for (const element of await elements.all()) {
    const bidi = await bidiOf(element);
    expect(bidi.unicodeBidi).toBe('isolate');
    expect(bidi.tag === 'bdi' || bidi.dir === 'auto').toBe(true);
  }
}

const marqueeTitles = (page: Page) => page.locator('.home-marquee .marquee-run:not([aria-hidden]) a');

test('an Arabic player reads the Arabic notices, banners and promotions, isolated (AR)', async ({ page }) => {
  const problems = watchForPageErrors(page);
  await page.goto('/m/home?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(marqueeTitles(page).filter({ hasText: NOTICE_AR })).toHaveCount(1);
  await expect(marqueeTitles(page).filter({ hasText: NOTICE_EN })).toHaveCount(0);
  await expectIsolated(marqueeTitles(page));
  await expect(page.locator('.home-banners .swiper-slide img').first()).toHaveAttribute('alt', 'مكافأة الترحيب');

  await page.goto('/m/activity?lang=ar');
  const card = page.locator('.promo-card').filter({ hasText: PROMO_AR });
  await expect(card).toHaveCount(1);
  await expect(card.locator('.promo-label')).toHaveText('جديد');
  await expectIsolated(page.locator('.promo-card h2, .promo-card .promo-label, .promo-card .promo-excerpt'));
  await card.locator('.promo-more').click();
  await page.waitForURL(/\/m\/activityDetail\?id=\d+/);
  await expect(page.locator('.promo-detail h2')).toHaveText(PROMO_AR);
  await expectIsolated(page.locator('.promo-detail h2, .promo-detail .rich'));

  await page.goto('/m/help?lang=ar');
  await expectIsolated(page.locator('.help-section summary h2, .help-section > .rich, .help-strip a'));
  expect(problems).toEqual([]);
});

test('a French player, whose language has no version, reads the English default (fallback)', async ({ page }) => {
  await page.goto('/m/home?lang=fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(marqueeTitles(page).filter({ hasText: NOTICE_EN })).toHaveCount(1);
  await expect(page.locator('.home-banners .swiper-slide img').first()).toHaveAttribute('alt', 'Welcome bonus');
  await page.goto('/m/activity?lang=fr');
  await expect(page.locator('.promo-card h2').filter({ hasText: PROMO_EN })).toHaveCount(1);
});

test('English stays English, isolated too (EN)', async ({ page }) => {
  await page.goto('/m/home?lang=en');
  await expect(marqueeTitles(page).filter({ hasText: NOTICE_EN })).toHaveCount(1);
  await expectIsolated(marqueeTitles(page));
  await page.goto('/m/activity');
  await expect(page.locator('.promo-card h2').filter({ hasText: PROMO_EN })).toHaveCount(1);
});

test("a member's notices, payment methods, inbox and chat in Arabic, each text isolated (AR)", async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchForPageErrors(page);
  await registerPlayer(page);

  // Notices: the Arabic title opens its Arabic body.
  await page.goto('/m/notice?lang=ar');
  const notice = page.locator('.notice-title').filter({ hasText: NOTICE_AR });
  await expect(notice).toHaveCount(1);
  await expectIsolated(page.locator('.notice-title'));
  await notice.click();
  await expect(page.locator('.notice-body').first()).toContainText('اكتشف الإصدارات الجديدة');
  await expectIsolated(page.locator('.notice-body'));

  // Payment method names.
  await page.goto('/m/voucherCenter?lang=ar');
  const method = page.locator('.choice-group label span[dir]').filter({ hasText: 'تحويل بنكي (تجريبي)' });
  await expect(method).toHaveCount(1);
  await expectIsolated(method);

  // Inbox (the welcome message): the list's titles and the open message.
  await page.goto('/m/webEmail?lang=ar');
  await expectIsolated(page.locator('.inbox-title'));
  await page.locator('.inbox-list button').first().click();
  await expectIsolated(page.locator('#inbox-open-title, .inbox-message .rich-text'));

  // Live chat: a mixed-script message is isolated, and the composer takes the writer's direction.
  await page.goto('/m/message?lang=en');
  await page.getByRole('button', { name: /Live chat/ }).click();
  await page.waitForURL('**/m/liveChat?*');
  await page.getByPlaceholder('Type a message').fill('12 رسالة new?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('.chat-line.player .chat-text')).toHaveText('12 رسالة new?');
  // The line shows at once, before the server stores it: reload only once it is delivered (or read), else the
  // reloaded history may not hold it yet.
  await expect(page.locator('.chat-line.player .chat-receipt')).toHaveText(/Delivered|Read/, { timeout: 30_000 });
  const arabicChat = new URL(page.url());
  arabicChat.searchParams.set('lang', 'ar');
  await page.goto(arabicChat.toString());
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The reloaded page asks for a new ticket and reads the history over a new socket: room for a busy machine.
  await expect(page.locator('.chat-line.player .chat-text').first()).toBeAttached({ timeout: 30_000 });
  await expectIsolated(page.locator('.chat-line.player .chat-text'));
  await expect(page.locator('#chat-text')).toHaveAttribute('dir', 'auto');
  expect(problems).toEqual([]);
});

test('game names on tiles and in the lottery list are isolated (AR)', async ({ page }) => {
  await page.goto('/m/gameList?gameType=RNG&lang=ar');
  await expectIsolated(page.locator('.game-grid .tile-name'));
  await expectIsolated(page.locator('.game-grid .tile-vendor'));
  await page.goto('/m/lottery?lang=ar');
  await expectIsolated(page.locator('.lotto-row bdi'));
});

test.describe('the login popups', () => {
  // Without the suite's "popups already seen" state (playwright.config.ts).
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a guest reads the guest popup in Arabic, title and body isolated (AR)', async ({ page }) => {
    await page.goto('/m/home?lang=ar');
    // The page's content starts with the first interaction.
    await page.locator('.home-intro').click();
    const popup = page.locator('dialog.popup-list');
    await expect(popup).toBeVisible({ timeout: 15_000 });
    await expect(popup.locator('.popup-item-title').filter({ hasText: 'سجّل واحصل على مكافأة الترحيب' })).toHaveCount(1);
    await expectIsolated(popup.locator('.popup-item-title, .popup-item-body'));
  });
});
