import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { makeConsoleOperator, openConsoleMenu, signInToConsole } from './console-helpers';

/**
 * The back office's Content area (docs/back-office.md "Content"): a content operator makes a banner for the home
 * carousel with its artwork and a French version, previews it in the site's real home page (unpublished: only the
 * preview shows it), publishes it and sees it on the site's home; then deletes it, so the demo site's home is as the
 * other specs know it. The operator is made with the operator script (an outside writer).
 */
test.use({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false });

test('a content operator edits, previews and publishes a banner, and sees it on the home page', async ({ page, context }) => {
  test.setTimeout(120_000);
  const editor = makeConsoleOperator({ role: 'content', displayName: 'Cora Content' });
  await signInToConsole(page, editor);
  const menu = await openConsoleMenu(page);
  await menu('Banners').click();
  await page.waitForURL('**/console/content/banners**');

  const title = `Autumn cup ${Date.now().toString(36)}`;
  await page.getByRole('link', { name: 'Create' }).click();
  await page.waitForURL('**/create');
  await page.getByRole('textbox', { name: 'Slug' }).fill(`e2e-${Date.now().toString(36)}`);
  await page.getByLabel('Place').click();
  await page.getByRole('option', { name: 'Home carousel' }).click();
  await page.getByLabel('Title').fill(`${title}<script>alert(1)</script>`);
  await page.getByLabel('Body (HTML)').fill('<p>Play <b>now</b><img src=x onerror=alert(1)></p>');
  // Artwork: a 750 × 300 picture; the page makes its 360 and 720 px copies and uploads all three.
  const artwork = await sharp({ create: { width: 750, height: 300, channels: 3, background: '#c0392b' } }).png().toBuffer();
  await page.getByTestId('artwork-upload').setInputFiles({ name: 'autumn.png', mimeType: 'image/png', buffer: artwork });
  await expect(page.getByRole('img', { name: 'Image 1' })).toBeVisible();
  await page.getByLabel('Add a language').click();
  await page.getByRole('option', { name: /^FR — / }).click();
  await page.getByLabel('Title').fill(`${title} FR`);
  await page.getByLabel('Reason (for the audit log)').fill('autumn campaign');
  await page.getByRole('button', { name: 'Save' }).click();

  // The saved banner: a draft, its title cleaned of markup.
  await expect(page.getByRole('button', { name: 'Publish' })).toBeVisible();
  await expect(page.getByText('draft', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'EN (default)' }).click();
  await expect(page.getByLabel('Title')).toHaveValue(title);

  // Preview in French: the real home page, in a frame, with the unpublished banner.
  await page.getByLabel('Language', { exact: true }).click();
  await page.getByRole('option', { name: 'FR' }).click();
  await page.getByRole('button', { name: 'Preview' }).click();
  const frame = page.frameLocator('iframe[title="Site preview"]');
  await expect(frame.getByRole('img', { name: `${title} FR` })).toBeVisible();
  await expect(frame.locator('html')).toHaveAttribute('lang', 'fr');
  // Players do not see it yet.
  const player = await context.newPage();
  await player.goto('/m/home');
  await expect(player.locator('[data-fill="m_home"]')).toBeAttached();
  await expect(player.getByRole('img', { name: title })).toHaveCount(0);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await expect(page.getByText('live', { exact: true })).toBeVisible();

  // The site's home shows it (pages keep what they read for SITE_CACHE_SECONDS: 2 s in the tests).
  await expect(async () => {
    await player.goto('/m/home?lang=en');
    await expect(player.getByRole('img', { name: title })).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(player.getByRole('img', { name: title })).toHaveAttribute('srcset', /w=360/);

  // Clean up: the demo home is as the other specs expect it.
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL('**/console/content/banners');
  await expect(async () => {
    await player.goto('/m/home');
    await expect(player.getByRole('img', { name: title })).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});

test('a support agent has no content area', async ({ page }) => {
  const agent = makeConsoleOperator({ role: 'support', displayName: 'Sid Support' });
  await signInToConsole(page, agent);
  const menu = await openConsoleMenu(page);
  await expect(menu('Support')).toBeVisible();
  await expect(menu('Banners')).toHaveCount(0);
  await expect(menu('Applications')).toHaveCount(0);
});
