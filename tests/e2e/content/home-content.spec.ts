import { devices, expect, test, type Page } from '@playwright/test';
import { registerPlayer } from '../players';

/**
 * The home page's operator content (issue 11; accounts-and-communication §2 Announcement popup, Home announcement
 * bar and banners, §4 Popup; player-shell §2 Home): the demo merchant's banners, notice titles and video banner are
 * in the first HTML, the carousel steps every 5000 ms, taps follow linkages, and the login popups show by type.
 */

/** The banner the carousel shows now (its image's alt text is the banner's title). */
const activeBanner = (page: Page) => page.locator('.home-banners .swiper-slide-active img');

test('banners, notice titles and the video banner are in the first HTML, sized before any script', async ({ browser }) => {
  const context = await browser.newContext({ ...devices['Pixel 7'], javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/m/home');
  const slides = page.locator('.home-banners .swiper-slide');
  expect(await slides.count()).toBeGreaterThan(1);
  const first = slides.first().locator('img');
  await expect(first).toBeVisible();
  await expect(first).toHaveAttribute('alt', 'Welcome bonus');
  const box = (await page.locator('.home-banners').boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(2.5, 1);
  await expect(page.locator('.home-marquee a').first()).toHaveAttribute('href', '/m/notice?index=0');
  await expect(page.locator('.home-videos [data-video]')).toHaveAttribute('data-video', /youtube\.com\/watch/);
  await expect(page.locator('.home-locals a').first()).toHaveAttribute('href', '/m/gameCenter?type=LOCAL');
  await context.close();
});

test('the banner carousel advances every 5000 ms, looped', async ({ page }) => {
  // Without the slide animation (reduced motion): its end is an animation event the test clock does not drive.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The page's clock stands still until the test moves it.
  await page.clock.install({ time: new Date('2026-06-01T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-06-01T10:00:01Z'));
  await page.goto('/m/home');
  await expect(page.locator('.home-banners .swiper-slide img').first()).toBeVisible();
  // The carousel's code arrives with the first interaction; its first step comes 5000 ms after the page started.
  await page.locator('.home-intro').click();
  await expect(page.locator('.home-banners.swiper-initialized')).toBeVisible();
  await expect(activeBanner(page)).toHaveAttribute('alt', 'Welcome bonus');
  await page.clock.runFor(5000);
  await expect(activeBanner(page)).toHaveAttribute('alt', 'Lottery every 5 minutes');
  await page.clock.runFor(5000);
  await expect(activeBanner(page)).toHaveAttribute('alt', 'Weekend slots tournament');
  await page.clock.runFor(10_000);
  // Looped: after the last banner comes the first again.
  await expect(activeBanner(page)).toHaveAttribute('alt', 'Welcome bonus');
  await expect(page.locator('.home-banners .swiper-pagination-bullet')).toHaveCount(4);
});

test('a banner tap follows its linkage (a promotion opens its detail)', async ({ page }) => {
  await page.goto('/m/home');
  await page.locator('.home-banners .swiper-slide').first().getByRole('link').click();
  await page.waitForURL(/\/m\/activityDetail\?id=\d+$/);
});

test('a marquee title opens /m/notice at its index', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await registerPlayer(page);
  await page.locator('.home-marquee').getByRole('link', { name: '12 new slots this week' }).click();
  await page.waitForURL('**/m/notice?index=1');
  await expect(page.getByRole('button', { name: /12 new slots this week/ })).toHaveAttribute('aria-expanded', 'true');
});

test('the video banner opens its embed in a popup, and only then', async ({ page }) => {
  await page.route('https://www.youtube.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>video</title>' }));
  await page.goto('/m/home');
  await expect(page.locator('iframe.video-frame')).toHaveCount(0);
  await page.getByRole('button', { name: 'How to play' }).click();
  const frame = page.locator('dialog.video-dialog iframe.video-frame');
  await expect(frame).toHaveAttribute('src', 'https://www.youtube.com/embed/aqz-KE-bpKQ?autoplay=0&rel=0&enablejsapi=1&modestbranding=1&html5=1');
  await page.locator('dialog.video-dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.locator('iframe.video-frame')).toHaveCount(0);
});

test.describe('login popups', () => {
  // Without the suite's "popups already seen" state (playwright.config.ts).
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a guest gets the guest popups (type B), closes them, and they stay closed until something new', async ({ page }) => {
    await page.goto('/m/home');
    // The page's content starts with the first interaction.
    await page.locator('.home-intro').click();
    const popup = page.locator('dialog.popup-list');
    await expect(popup).toBeVisible({ timeout: 15_000 });
    await expect(popup.getByRole('button', { name: /Register and claim your welcome bonus/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(popup.locator('time').first()).toHaveText(/^\d{4}\/\d{2}\/\d{2}$/);
    await expect(popup.getByText('Weekend slots tournament is live')).toHaveCount(0);
    await expect(popup.getByRole('button', { name: 'Go to the reward centre' })).toHaveCount(0);
    await popup.getByRole('button', { name: 'Close' }).first().click();
    await expect(popup).toBeHidden();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('popupB')))!)).toMatchObject({ show: false });
    await page.reload();
    // A tap starts the page's content at once; the closed list stays closed.
    await page.locator('.home-intro').click();
    await page.waitForTimeout(1500);
    await expect(popup).toBeHidden();
  });

  test('a new member gets the member and first-login popups, steps through them and reaches the reward centre', async ({ page }) => {
    await registerPlayer(page);
    const popup = page.locator('dialog.popup-list');
    await expect(popup).toBeVisible({ timeout: 15_000 });
    const first = popup.getByRole('button', { name: /Welcome to PlayDeck!/ });
    await expect(popup.getByRole('button', { name: /Weekend slots tournament is live/ })).toBeVisible();
    await expect(popup.getByText('Register and claim your welcome bonus')).toHaveCount(0);
    // The list plays by itself (5000 ms) until the player touches it: open the first one.
    if ((await first.getAttribute('aria-expanded')) !== 'true') await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(popup.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await popup.getByRole('button', { name: 'Next' }).click();
    await expect(popup.getByRole('button', { name: /Weekend slots tournament is live/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(popup.getByRole('button', { name: 'Next' })).toBeDisabled();
    await popup.getByRole('button', { name: 'Go to the reward centre' }).click();
    await page.waitForURL('**/m/rewardCenter');
  });
});
