import { expect, test, type Page } from '@playwright/test';
import { E2E_PORT } from '../../../playwright.config';
import { hydrateByInteraction } from '../hydration';

/**
 * A page opened over plain http on a name that is not localhost (a LAN address, a test host) is no secure context:
 * the browser offers no Web Crypto, so the login and registration cannot be sealed (src/stores/kit/environment.ts
 * `canSeal`). Both forms say so at their top and their submit is off, instead of doing nothing when tapped.
 */

/** An origin that is not localhost, over http. */
const INSECURE_ORIGIN = `http://playdeck.test:${E2E_PORT}`;
const NOTE = /unencrypted connection \(http\)/;

/**
 * Opens `path` of the test server as if it were served at INSECURE_ORIGIN: every request the page makes there is
 * answered with the test server's own answer from 127.0.0.1 (no name to resolve; the server sees its usual host,
 * so the demo site answers), while the browser treats the page as the insecure origin it asked for.
 */
async function openOverPlainHttp(page: Page, path: string): Promise<void> {
  await page.route(`${INSECURE_ORIGIN}/**`, async (route) => {
    const asked = new URL(route.request().url());
    const response = await route.fetch({ url: `http://127.0.0.1:${E2E_PORT}${asked.pathname}${asked.search}` });
    await route.fulfill({ response });
  });
  await page.goto(`${INSECURE_ORIGIN}${path}`);
  expect(await page.evaluate(() => ({ secure: isSecureContext, subtle: typeof globalThis.crypto?.subtle }))).toEqual({ secure: false, subtle: 'undefined' });
}

// Requests the page still has under way when a test ends are dropped with their routes.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('the login form over plain http off localhost says the password cannot be protected, and cannot be sent', async ({ page }) => {
  await openOverPlainHttp(page, '/m/login');
  await hydrateByInteraction(page, 'LoginForm');
  const form = page.locator('#login-panel');
  await expect(form.getByRole('alert').filter({ hasText: NOTE })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Log in', exact: true })).toBeDisabled();
});

test('the registration form over plain http off localhost says so too, and cannot be sent', async ({ page }) => {
  await openOverPlainHttp(page, '/m/register');
  await hydrateByInteraction(page, 'RegisterForm');
  const form = page.locator('#register-panel');
  await expect(form.getByRole('alert').filter({ hasText: NOTE })).toBeVisible();
  // Off even with the consent given (the box starts unticked, and Register waits for it anyway).
  await page.locator('#reg-agree').check();
  await expect(form.getByRole('button', { name: 'Register', exact: true })).toBeDisabled();
});

test('on 127.0.0.1 (a secure context) neither form shows the note', async ({ page }) => {
  await page.goto('/m/register');
  await hydrateByInteraction(page, 'RegisterForm');
  await page.locator('#reg-agree').check();
  await expect(page.locator('#register-panel').getByRole('button', { name: 'Register', exact: true })).toBeEnabled();
  await page.goto('/m/login');
  await hydrateByInteraction(page, 'LoginForm');
  await expect(page.locator('#login-panel').getByRole('button', { name: 'Log in', exact: true })).toBeEnabled();
  await expect(page.getByText(NOTE)).toHaveCount(0);
});
