import { expect, test, type Page } from '@playwright/test';
import { registerPlayer, watchForPageErrors } from '../players';
import { expectNoSeriousA11yViolations } from '../a11y';

// accounts §2 Promotions list and Help centre, §5 Activity apply, with the demo content imported by `npm run db:seed`:
// the edge writes the operator's content into the first HTML (worker/edge/fills/content.ts).

/** A 1×1 PNG (the server checks the image by its bytes). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test.describe('help centre without script', () => {
  test.use({ javaScriptEnabled: false });

  test("shows the site's help in EN and in Chinese, with the footer strip, and opens what tag and c name", async ({ page }) => {
    await page.goto('/m/help?lang=en');
    const sections = page.locator('[data-fill="help"] details.help-section');
    await expect(sections.locator('summary h2')).toHaveText(['Account', 'Deposits and withdrawals', 'Promotions', 'Responsible gaming']);
    await expect(page.locator('.help-strip').getByRole('link', { name: 'Deposits and withdrawals' })).toHaveAttribute('href', '/m/help?p=1');
    await expect(page.getByText('The minimum deposit is $10.')).toBeHidden();

    await page.goto('/m/help?lang=en&tag=deposit&c=0');
    await expect(page.getByText('The minimum deposit is $10.')).toBeVisible();
    await page.goto('/m/help?lang=en&p=0&c=1');
    await expect(page.locator('details[data-selected] summary')).toHaveText('I forgot my password');

    await page.goto('/m/help?lang=cn');
    await expect(page.locator('[data-fill="help"] summary h2')).toHaveText(['账户', '存款和取款']);
    await page.goto('/m/help?lang=cn&p=1');
    await expect(page.getByText('存款即时到账；取款在24小时内处理。')).toBeVisible();
  });

  test('helpDetail shows the chosen item, and the list of topics without a choice', async ({ page }) => {
    await page.goto('/m/helpDetail?p=0&c=1&lang=en');
    await expect(page.getByRole('heading', { level: 2, name: 'I forgot my password' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the help centre' })).toHaveAttribute('href', '/m/help?p=0');
    await page.goto('/m/helpDetail?tag=deposit&lang=en');
    await expect(page.getByRole('heading', { level: 2, name: 'Deposits and withdrawals' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Minimum amounts' })).toHaveAttribute('href', '/m/helpDetail?p=1&c=0');
    await page.goto('/m/helpDetail?lang=en');
    await expect(page.getByRole('navigation', { name: 'Help topics' }).first().getByRole('link')).toHaveCount(4);
  });

  test("lists the site's promotions from the server", async ({ page }) => {
    await page.goto('/m/activity?lang=en');
    const cards = page.locator('.promo-card');
    await expect(cards.getByRole('heading', { level: 2 })).toContainText([
      'Welcome bonus', 'Daily sign-in', 'Invite friends', 'Weekend slots tournament', 'Christmas cup',
    ]);
    await expect(cards.first().locator('img.promo-image')).toHaveAttribute('src', /^\/media\/content\//);
    await expect(cards.first().locator('.promo-label')).toHaveText('New');
  });
});

/** Opens a promotion's detail from the list by its title. */
async function openPromotion(page: Page, title: RegExp): Promise<void> {
  await page.goto('/m/activity');
  await page.locator('.promo-card').filter({ has: page.getByRole('heading', { name: title }) }).getByRole('link', { name: 'More' }).click();
  await page.waitForURL(/\/m\/activityDetail\?id=\d+/);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

test('a member applies to a promotion with a remark and a png image and sees applying', async ({ page }) => {
  const errors = watchForPageErrors(page);
  await registerPlayer(page);
  await openPromotion(page, /Weekend slots tournament/);
  const remark = page.getByRole('textbox', { name: 'Remark' });
  await remark.fill('My player id is on the leaderboard.');
  await expect(page.getByText('35/140')).toBeVisible();
  await page.getByLabel(/Images/).setInputFiles([{ name: 'proof.gif', mimeType: 'image/gif', buffer: PNG }]);
  await expect(page.getByRole('alert')).toHaveText('Images must be png or jpg files.');
  await page.getByLabel(/Images/).setInputFiles([{ name: 'proof.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(page.getByText('proof.png')).toBeVisible();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('.promo-status')).toHaveText('Applying');
  await expect(remark).toBeHidden();
  await page.reload();
  await expect(page.locator('.promo-status')).toHaveText('Applying');
  expect(errors).toEqual([]);
});

test('a visitor reads a promotion and is asked to log in to apply', async ({ page }) => {
  await openPromotion(page, /Welcome bonus/);
  await expect(page.getByText('Make your first deposit')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in to apply' })).toHaveAttribute('href', '/m/login');
  await expect(page.getByRole('textbox', { name: 'Remark' })).toHaveCount(0);
});

test('tag, p and c on the help page open and show the right entry (with script)', async ({ page }) => {
  await page.goto('/m/help?tag=deposit&c=0');
  await expect(page.getByText('The minimum deposit is $10.')).toBeInViewport();
});

test('the filled help and promotion pages have no serious accessibility violations', async ({ page }) => {
  await openPromotion(page, /Weekend slots tournament/);
  const detail = new URL(page.url()).pathname + new URL(page.url()).search;
  for (const path of ['/m/help?tag=deposit&c=0', '/m/helpDetail?p=0&c=1', '/m/helpDetail', '/m/activity', detail]) {
    await page.goto(path);
    await expectNoSeriousA11yViolations(page, path);
  }
});
