import { expect, test, type Page } from '@playwright/test';

/**
 * /m/app, the app download page (player-shell §2 /m/app and Download prompts, §4, §8): the edge writes the site's
 * links into the first HTML (worker/edge/fills/app.ts), so they work without script and nothing moves when the
 * frame's islands hydrate; the profile link keeps its 4-second notice before the download.
 */
const SEEDED = 'https://example.com/playdeck/download';
const IOS_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1';

/** Sums the layout shifts the page records from now on (read with `shifted`). */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shifted = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });

  test("the site's Android, iOS and profile links are in the page", async ({ page }) => {
    await page.goto('/m/app');
    await expect(page.getByRole('link', { name: 'Download for Android' })).toHaveAttribute('href', `${SEEDED}/playdeck.apk`);
    await expect(page.getByRole('link', { name: /Download for iPhone/ })).toHaveAttribute('href', `${SEEDED}/ios`);
    await expect(page.getByRole('link', { name: /Install the iPhone profile/ })).toHaveAttribute('href', `${SEEDED}/playdeck.mobileconfig`);
    await expect(page.getByText('Please use Safari for download App.')).toHaveCount(0);
  });
});

test('loads no island at first; nothing shifts and nothing errs when the frame hydrates on the first tap', async ({ page }) => {
  await watchShifts(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/m/app');
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual(['/theme.js']);
  await page.getByRole('heading', { name: 'Download links' }).click();
  await expect(page.locator('astro-island[component-url*="SideMenu"]')).not.toHaveAttribute('ssr', '');
  await page.waitForTimeout(300);
  expect(await shifted(page)).toBeLessThanOrEqual(0.001);
  expect(errors).toEqual([]);
});

test('the profile link shows the 4-second notice, then opens the profile', async ({ page }) => {
  await page.route(`${SEEDED}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'profile' }));
  await page.goto('/m/app');
  const started = Date.now();
  await page.getByRole('link', { name: /Install the iPhone profile/ }).click();
  await expect(page.locator('[data-app-notice]')).toHaveText('The profile downloads next. Then open Settings to install it.');
  await expect(page).toHaveURL('/m/app');
  await page.waitForURL(`${SEEDED}/playdeck.mobileconfig`, { timeout: 8000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(3900);
});

test.describe('iPhone outside Safari', () => {
  test.use({ userAgent: IOS_CHROME });

  test('says to use Safari, and the profile tap only repeats it', async ({ page }) => {
    await page.goto('/m/app');
    await expect(page.getByRole('note').filter({ hasText: 'Please use Safari for download App.' })).toBeVisible();
    await page.getByRole('link', { name: /Install the iPhone profile/ }).click();
    await expect(page.locator('[data-app-notice]')).toHaveText('Please use Safari for download App.');
    await page.waitForTimeout(4500);
    await expect(page).toHaveURL('/m/app');
  });
});
