import { expect, test } from '@playwright/test';
import { logIn, newPlayer, ownClientAddress } from '../account-helpers';

test.use(ownClientAddress());

/**
 * A deployment without its login secrets answers 503 `encryption_unavailable` (docs/deployment.md "Secrets"); the
 * local server always has keys, so the answer is played by the browser's network layer here. The login form says
 * the service is temporarily unavailable, not that the player did something wrong.
 */
test('the login form says "temporarily unavailable" when the deployment cannot open encrypted logins', async ({ page }) => {
  await page.route('**/wps/playdeck/payloadKey*', (route) => route.fulfill({
    status: 503,
    headers: { 'Retry-After': '300' },
    contentType: 'application/json',
    body: JSON.stringify({ success: false, value: null, message: 'Log-in is temporarily unavailable', errorCode: 'encryption_unavailable' }),
  }));
  await page.goto('/m/login');
  await logIn(page, newPlayer());
  await expect(page.getByRole('alert')).toHaveText('This service is temporarily unavailable. Please try again later.');
});
