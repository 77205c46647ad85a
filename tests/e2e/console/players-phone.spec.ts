import { expect, test } from '@playwright/test';
import { registerPlayer } from '../players';
import { consoleUrl, makeConsoleOperator, signInToConsole } from './console-helpers';

/**
 * The player page on a phone (docs/back-office.md "Players"; the back office is desktop first, usable on a phone):
 * the app bar stays clear of the page's action buttons, so each one takes a tap — Playwright's actionability check
 * (visible, stable, enabled, and the element itself receives the pointer: nothing covers it). Runs at the Pixel 7
 * size of its project. The operator is made with the operator script (an outside writer: tests/e2e/console/*.spec.ts
 * are in OUTSIDE_WRITERS).
 */
test("a phone's app bar does not cover the player page's actions", async ({ page }) => {
  test.setTimeout(120_000);
  expect(page.viewportSize()!.width).toBeLessThan(600);
  const player = await registerPlayer(page);
  const owner = makeConsoleOperator({ role: 'owner', displayName: 'Pia Phone' });
  await signInToConsole(page, owner);
  const found = await page.request.get(consoleUrl('127.0.0.1', `/console/api/players?username=${player.username}`));
  const playerId = ((await found.json()) as { value: { items: { id: number }[] } }).value.items[0]!.id;

  await page.goto(consoleUrl('127.0.0.1', `/console/players/${playerId}/show`));
  await expect(page.getByText(`Player ${player.username}`).first()).toBeVisible();
  const actions = page.getByRole('toolbar', { name: 'Actions on the player' });
  const header = page.locator('header').first();
  await expect(header).toBeVisible();
  // At the top of the page, the first row of actions starts below the app bar…
  const bar = (await header.boundingBox())!;
  const row = (await actions.getByRole('button').first().boundingBox())!;
  expect(row.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  // The page is no wider than the phone (a wider page is zoomed out, and taps land beside the buttons).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  // …and every action takes a tap (the check fails when another element would receive the pointer).
  for (const name of ['Suspend', 'Close', 'Reset password', 'Send message', 'Add note', 'Adjust balance']) {
    await actions.getByRole('button', { name }).click({ trial: true, timeout: 5_000 });
  }
  await actions.getByRole('button', { name: 'Adjust balance' }).click();
  await expect(page.getByRole('dialog', { name: 'Adjust the balance' })).toBeVisible();
});
