import { expect, test, type Page } from '@playwright/test';
import { endBrowserSession, header, newPlayer, ownClientAddress, registerByUsername } from '../account-helpers';

test.use(ownClientAddress());

/**
 * Holds the login form's island code until `release` is called, so what the test does happens before the island
 * hydrates (client:interaction, src/directives/interaction.ts), as on a slow phone.
 */
async function holdLoginIsland(page: Page): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_assets\/LoginForm\.[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

const loginIsland = (page: Page) => page.locator('astro-island[component-url*="LoginForm"]');

test.describe('the login form before it hydrates (client:interaction)', () => {
  test('the first HTML carries the whole form, live but not yet hydrated', async ({ page }) => {
    await page.goto('/m/login');
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeEnabled();
    // Nothing hydrates it until the player does something.
    await page.waitForTimeout(500);
    await expect(loginIsland(page)).toHaveAttribute('ssr', '');
  });

  test('typed before hydration and submitted with Enter: the login goes through with what was typed', async ({ page }) => {
    const player = newPlayer();
    await registerByUsername(page, player);
    await endBrowserSession(page);

    const release = await holdLoginIsland(page);
    await page.goto('/m/login');
    await page.getByLabel('Username', { exact: true }).fill(player.username);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(loginIsland(page)).toHaveAttribute('ssr', '');
    release();
    await page.waitForURL('**/m/home');
    // The header shows the member once its island has their session (slow on a loaded runner).
    await expect(header(page).getByRole('link', { name: new RegExp(player.nickname) })).toBeVisible({ timeout: 20_000 });
  });

  test('typed and ticked before hydration, then a tap on Log in: the login goes through and is remembered', async ({ page }) => {
    const player = newPlayer();
    await registerByUsername(page, player);
    await endBrowserSession(page);

    const release = await holdLoginIsland(page);
    await page.goto('/m/login');
    await page.getByLabel('Username', { exact: true }).fill(player.username);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(loginIsland(page)).toHaveAttribute('ssr', '');
    release();
    await page.waitForURL('**/m/home');
    // The header shows the member once its island has their session (slow on a loaded runner).
    await expect(header(page).getByRole('link', { name: new RegExp(player.nickname) })).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('autoLogin'))).toBe('1');
  });

  test('a wrong password typed before hydration shows the refusal, and the typed username stays in the form', async ({ page }) => {
    const player = newPlayer();
    await registerByUsername(page, player);
    await endBrowserSession(page);

    const release = await holdLoginIsland(page);
    await page.goto('/m/login');
    await page.getByLabel('Username', { exact: true }).fill(player.username);
    await page.getByLabel('Password', { exact: true }).fill(`${player.password}x`);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    release();
    await expect(page.locator('.form-error')).not.toBeEmpty();
    await expect(loginIsland(page)).not.toHaveAttribute('ssr', '');
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(player.username);
    await expect(page).toHaveURL(/\/m\/login/);
  });
});
