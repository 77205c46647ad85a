import { expect, test } from '@playwright/test';
import { E2E_CAPTCHA_ANSWER } from '../../../playwright.config';
import { waitForHydration } from '../hydration';
import { registerPlayer, watchForPageErrors } from '../players';

// accounts §2 /m/notice and Feedback screen, with the demo content imported by `npm run db:seed`.
test.describe('operator content on a phone', () => {
  test("a member reads the site's announcements, opened at the tapped index; opening marks it read", async ({ page }) => {
    const errors = watchForPageErrors(page);
    await registerPlayer(page);
    // Each read is one mark-as-read call; the two of this test may go out together (one 150 ms batch) or apart.
    let marks = 0;
    page.on('response', (r) => {
      if (r.url().includes('MCSFE_markAnnouncementAsRead')) marks += 1;
    });
    await page.goto('/m/notice?index=1');
    const items = page.locator('.notice-item');
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText('Scheduled maintenance');
    const second = items.nth(1);
    await expect(second.getByRole('button')).toHaveAttribute('aria-expanded', 'true');
    await expect(second).not.toHaveClass(/unread/);
    await expect(second.locator('.notice-body a[href="/m/gameCenter"]')).toBeVisible();
    await expect(items.first()).toHaveClass(/unread/);
    // The server hears of reads at most every 150 ms (accounts §9): wait for both calls' answers before reloading.
    await items.first().getByRole('button').click();
    await expect(items.first()).not.toHaveClass(/unread/);
    await expect.poll(() => marks).toBe(2);
    // The server heard of it: a reload keeps both read.
    await page.reload();
    await expect(page.locator('.notice-item.unread')).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('a member sends feedback: type picker, n/200 counter, captcha, Sent successfully', async ({ page }) => {
    await registerPlayer(page);
    await page.goto('/m/feedback');
    // The form is pre-rendered: a tap before its island has hydrated would do nothing (Astro drops `ssr` then).
    await waitForHydration(page, 'FeedbackForm');
    const confirm = page.getByRole('button', { name: 'Confirm' });
    await expect(confirm).toBeDisabled();
    await page.getByRole('button', { name: 'Choose a question type' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Withdrawal issues' }).click();
    await expect(page.locator('.field-button')).toHaveText('Withdrawal issues');
    await expect(page.getByRole('dialog')).toBeHidden();
    const text = page.getByRole('textbox', { name: 'Describe the problem' });
    await text.fill('Too short');
    await expect(page.getByText('9/200')).toBeVisible();
    await page.getByLabel('Verification code', { exact: true }).fill(E2E_CAPTCHA_ANSWER);
    await confirm.click();
    await expect(page.getByRole('alert')).toHaveText('Please write at least 20 characters.');
    await text.fill('My withdrawal has been pending for two days now.');
    await page.getByLabel('Verification code', { exact: true }).fill(E2E_CAPTCHA_ANSWER);
    await confirm.click();
    await expect(page.locator('.form-success')).toHaveText('Sent successfully');
    await expect(text).toHaveValue('');
  });
});
