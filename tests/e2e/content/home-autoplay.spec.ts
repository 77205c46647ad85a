import { expect, test, type Page } from '@playwright/test';

/**
 * Home's banner carousel plays for a visitor who has not touched the page (issue 23; accounts §9, player-shell §9:
 * a step every 5000 ms, looped above one banner): the page's small script steps the edge's slides before any
 * island loads, in the page's direction (left-to-right and right-to-left), and Swiper takes over on the slide on
 * screen with the same cadence when the player first interacts (src/lib/bannerAutoplay.ts). Motion nobody sees
 * stops: the banners, the notice strip and the winner board stand still while off screen.
 */

/** The banner titles in the edge's order (before Swiper, which may reorder the slides for its loop). */
async function bannerTitles(page: Page): Promise<string[]> {
  return page.locator('.home-banners .swiper-slide img').evaluateAll((images) => images.map((img) => img.getAttribute('alt') ?? ''));
}

/** The title of the banner that fills the carousel's box now (whatever moves the slides: the page script or Swiper). */
async function shownBanner(page: Page): Promise<string | null> {
  return page.locator('.home-banners').evaluate((section) => {
    const box = section.getBoundingClientRect();
    const slide = Array.from(section.querySelectorAll('.swiper-slide')).find((s) => Math.abs(s.getBoundingClientRect().left - box.left) < 2);
    return slide?.querySelector('img')?.getAttribute('alt') ?? null;
  });
}

/**
 * Moves the page's clock on in 100 ms slices until the banner on screen changes (the first step comes 5000 ms after
 * the page started, whose moment the test clock does not pin down), so later steps can be timed from it.
 */
async function runToNextStep(page: Page, shown: string): Promise<void> {
  for (let slice = 0; slice < 60; slice += 1) {
    await page.clock.runFor(100);
    if ((await shownBanner(page)) !== shown) return;
  }
  throw new Error(`the banner ${shown} stayed for 6 s`);
}

for (const lang of ['en', 'ar'] as const) {
  test.describe(`${lang.toUpperCase()} home`, () => {
    test('the banners advance every 5000 ms with no interaction, looped, and keep going', async ({ page }) => {
      // Slides change without sliding (reduced motion), so the test clock alone decides when a step happens.
      // The page script is inlined: the page's policy must allow it (a refusal is a console error).
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.clock.install({ time: new Date('2026-06-01T10:00:00Z') });
      await page.clock.pauseAt(new Date('2026-06-01T10:00:01Z'));
      await page.goto(`/m/home?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      const titles = await bannerTitles(page);
      expect(titles.length).toBeGreaterThan(1);
      await expect.poll(() => shownBanner(page)).toBe(titles[0]);
      await runToNextStep(page, titles[0]!);
      expect(await shownBanner(page)).toBe(titles[1]);
      // Two full rounds: every 5000 ms the next banner, after the last the first again.
      for (let step = 2; step <= titles.length * 2 + 1; step += 1) {
        await page.clock.runFor(4900);
        expect(await shownBanner(page)).toBe(titles[(step - 1) % titles.length]);
        await page.clock.runFor(100);
        await expect.poll(() => shownBanner(page)).toBe(titles[step % titles.length]);
        await expect(page.locator('.home-banners .swiper-pagination-bullet-active')).toHaveCount(1);
      }
      // No island was started for it: no React, no Swiper.
      await expect(page.locator('.home-banners')).not.toHaveClass(/swiper-initialized/);
      expect(problems).toEqual([]);
    });

    test('each banner slides in from the side the page reads towards, the first after the last too', async ({ browser }) => {
      // A slide takes 100 s here (a style the page's policy would refuse, hence bypassCSP), so it can be seen mid-way.
      const context = await browser.newContext({ bypassCSP: true, viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await page.clock.install({ time: new Date('2026-06-01T10:00:00Z') });
      await page.clock.pauseAt(new Date('2026-06-01T10:00:01Z'));
      await page.goto(`/m/home?lang=${lang}`);
      await page.addStyleTag({ content: '.home-banners .swiper-wrapper { transition-duration: 100s !important; }' });
      const titles = await bannerTitles(page);
      const rtl = lang === 'ar';
      for (let step = 1; step <= titles.length; step += 1) {
        await page.clock.runFor(step === 1 ? 5000 : 4700);
        const incoming = titles[step % titles.length]!;
        // Mid-slide, the incoming banner is still partly beside the carousel: on the right in EN, on the left in AR.
        const offset = await page.locator('.home-banners').evaluate((section, title) => {
          const wrapper = section.querySelector('.swiper-wrapper')!;
          const running = wrapper.getAnimations();
          for (const animation of running) {
            animation.pause();
            animation.currentTime = 10_000;
          }
          const slide = section.querySelector(`img[alt="${CSS.escape(title)}"]`)!.closest('.swiper-slide')!;
          const offset = slide.getBoundingClientRect().left - section.getBoundingClientRect().left;
          for (const animation of running) animation.finish();
          return { offset, running: running.length, width: section.getBoundingClientRect().width };
        }, incoming);
        expect(offset.running, `step ${step} slides`).toBe(1);
        if (rtl) expect(offset.offset, `step ${step} from the left`).toBeLessThan(-offset.width / 2);
        else expect(offset.offset, `step ${step} from the right`).toBeGreaterThan(offset.width / 2);
        // The step is over (the loop's placement settles after the slide's 300 ms).
        await page.clock.runFor(300);
        await expect.poll(() => shownBanner(page)).toBe(incoming);
      }
      await context.close();
    });

    test('Swiper takes over on the banner on screen, with the same cadence and one timer', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.clock.install({ time: new Date('2026-06-01T10:00:00Z') });
      await page.clock.pauseAt(new Date('2026-06-01T10:00:01Z'));
      await page.goto(`/m/home?lang=${lang}`);
      const titles = await bannerTitles(page);
      await expect.poll(() => shownBanner(page)).toBe(titles[0]);
      await runToNextStep(page, titles[0]!);
      await page.clock.runFor(5000);
      await expect.poll(() => shownBanner(page)).toBe(titles[2]);
      // 2000 ms into the third banner's 5000, the player touches the page: the island starts Swiper.
      await page.clock.runFor(2000);
      await page.locator('.home-intro').click();
      await expect(page.locator('.home-banners.swiper-initialized')).toBeVisible();
      await expect(page.locator('.home-banners .swiper-slide-active img')).toHaveAttribute('alt', titles[2]!);
      expect(await shownBanner(page)).toBe(titles[2]);
      // The next step when the page script's would have come (3000 ms on, to within the 100 ms slice), and exactly
      // one step per 5000 ms after.
      await page.clock.runFor(2800);
      expect(await shownBanner(page)).toBe(titles[2]);
      await page.clock.runFor(200);
      await expect.poll(() => shownBanner(page)).toBe(titles[3 % titles.length]);
      for (let step = 4; step <= titles.length + 2; step += 1) {
        await page.clock.runFor(4900);
        expect(await shownBanner(page)).toBe(titles[(step - 1) % titles.length]);
        await page.clock.runFor(100);
        await expect.poll(() => shownBanner(page)).toBe(titles[step % titles.length]);
      }
      await expect(page.locator('.home-banners .swiper-pagination-bullet')).toHaveCount(titles.length);
    });

    test('the banners and the notice strip stand still while off screen', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.clock.install({ time: new Date('2026-06-01T10:00:00Z') });
      await page.clock.pauseAt(new Date('2026-06-01T10:00:01Z'));
      await page.goto(`/m/home?lang=${lang}`);
      const titles = await bannerTitles(page);
      await page.clock.runFor(1000);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(page.locator('.home-marquee')).toHaveClass(/is-offscreen/);
      await page.clock.runFor(20_000);
      expect(await shownBanner(page)).toBe(titles[0]);
      // Back on screen: a full 5000 ms for the banner shown, then the next.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.locator('.home-marquee')).not.toHaveClass(/is-offscreen/);
      await page.clock.runFor(4900);
      expect(await shownBanner(page)).toBe(titles[0]);
      await page.clock.runFor(100);
      await expect.poll(() => shownBanner(page)).toBe(titles[1]);
    });
  });
}

test('the winner board scrolls only while it is on screen', async ({ page }) => {
  // Ten wins, so the board scrolls (it does above three: src/lib/winnerBoard.ts); the answer's envelope stays the server's.
  await page.route('**/wps/relay/GCSGAME_getRankList*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { value?: unknown };
    body.value = {
      list: Array.from({ length: 10 }, (_, i) => ({
        vo: { gameName: `Slot ${i}`, customerName: `p***${i}`, winAmount: '12.50', gameId: String(1000 + i), nodeId: 1000 + i, vendor: 'DEMO', notAuto: true, gameType: 'RNG', wonAt: 0 },
      })),
    };
    await route.fulfill({ response, json: body });
  });
  await page.goto('/m/home');
  const board = page.locator('.winner-window');
  const playState = () => page.locator('.winner-list').evaluate((list) => list.getAnimations().map((a) => a.playState));
  await board.scrollIntoViewIfNeeded();
  await expect(board).toHaveClass(/is-scrolling/);
  await expect(board).not.toHaveClass(/is-paused/);
  expect(await playState()).toEqual(['running']);
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await board.boundingBox())!;
  expect(box.y, 'the board is below the first screen').toBeGreaterThan(page.viewportSize()!.height);
  await expect(board).toHaveClass(/is-paused/);
  expect(await playState()).toEqual(['paused']);
  await board.scrollIntoViewIfNeeded();
  await expect(board).not.toHaveClass(/is-paused/);
  expect(await playState()).toEqual(['running']);
});
