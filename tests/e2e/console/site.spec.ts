import { spawnSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { E2E_STATE } from '../../../playwright.config';
import { consoleUrl, makeConsoleOperator, signInToConsole } from './console-helpers';

/**
 * The back office's Site area (docs/back-office.md "Site"): an admin made with the operator script signs in with
 * TOTP, turns the free-trial switch (FREEPLAY3) off with a reason and the player's free-trial page says the site
 * offers none; then sets maintenance on with a reason, the player's pages answer with the maintenance page, and
 * the audit log shows the row with its before, after and reason. Both are put back at the end (through the
 * operator command if the page did not). The test server caches a site's settings for 2 s instead of 30 s
 * (playwright.config.ts). Writes to the database from outside, so it runs with the other outside writers.
 */

/** The operator command on the test server's database. */
function operator(...args: string[]): void {
  const result = spawnSync('node', ['scripts/operator.ts', ...args], { encoding: 'utf8', env: { ...process.env, PLAYDECK_STATE: E2E_STATE } });
  expect(result.status, result.stderr + result.stdout).toBe(0);
}

/** Confirms the open change dialog with a reason. */
async function confirmWith(office: Page, reason: string): Promise<void> {
  const dialog = office.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

test('an admin turns a switch off and sets maintenance with a reason; the player pages and the audit log show it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const desk = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const office = await desk.newPage();
  const admin = makeConsoleOperator({ role: 'admin', displayName: 'Ada Admin' });
  try {
    await signInToConsole(office, admin);
    await office.goto(consoleUrl('127.0.0.1', '/console/site'));
    await expect(office.getByText('Changes reach visitors within 30 seconds')).toBeVisible();

    // A switch: free play off.
    await page.goto('/m/trail');
    await expect(page.getByText('This site offers no free trial.')).toBeHidden();
    const freePlay = office.getByRole('switch', { name: 'FREEPLAY3' }).or(office.getByRole('checkbox', { name: 'FREEPLAY3' }));
    await expect(freePlay).toBeChecked();
    await freePlay.click();
    await confirmWith(office, 'Trial abuse from one network');
    await expect(freePlay).not.toBeChecked();
    await expect(async () => {
      await page.goto('/m/trail');
      await expect(page.getByText('This site offers no free trial.')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    // Maintenance on, with the text every language shows.
    const maintenance = office.getByRole('region', { name: 'Maintenance' });
    await maintenance.getByRole('textbox', { name: 'Maintenance text' }).fill('Back at 03:00 UTC');
    await maintenance.getByRole('button', { name: 'Set text' }).click();
    await confirmWith(office, 'Announced upgrade');
    await expect(maintenance.getByRole('table', { name: 'Maintenance texts' })).toContainText('Back at 03:00 UTC');
    await maintenance.getByRole('button', { name: 'Turn maintenance on' }).click();
    await confirmWith(office, 'Database upgrade');
    await expect(maintenance.getByText('Maintenance ON')).toBeVisible();
    await expect(async () => {
      const res = await page.goto('/m/home');
      expect(res?.status()).toBe(503);
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Under maintenance' })).toBeVisible();
    await expect(page.getByText('Back at 03:00 UTC')).toBeVisible();

    // The audit log: the maintenance row with its reason, before and after.
    await office.goto(consoleUrl('127.0.0.1', '/console/audit'));
    const row = office.locator('tbody tr').filter({ hasText: 'site.maintenance' }).filter({ hasText: 'Database upgrade' }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText(admin.username);
    await expect(row).toContainText('{"on":false}');
    await expect(row).toContainText('{"on":true}');

    // Put back through the page.
    await office.goto(consoleUrl('127.0.0.1', '/console/site'));
    await office.getByRole('region', { name: 'Maintenance' }).getByRole('button', { name: 'Turn maintenance off' }).click();
    await confirmWith(office, 'Upgrade done');
    await expect(office.getByRole('region', { name: 'Maintenance' }).getByText('Maintenance off')).toBeVisible();
  } finally {
    operator('maintenance', 'off', 'DEMO');
    operator('maintenance-text', 'DEMO', 'all', 'none');
    operator('switch', 'DEMO', 'FREEPLAY3', 'on');
    await desk.close();
  }
});
