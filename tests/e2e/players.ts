import { expect, type Page } from '@playwright/test';
import { E2E_CAPTCHA_ANSWER } from '../../playwright.config';
import { waitForHydration } from './hydration';

/** A registered test player. */
export interface Player {
  username: string;
  password: string;
}

/** A fresh username (16 characters at most). */
export function newUsername(prefix = 'g'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(0, 16);
}

/**
 * Registers a new player through /m/register (username form) and waits for home. Fields are found by their form
 * names, so label or layout changes of the registration screen do not matter here.
 */
export async function registerPlayer(page: Page): Promise<Player> {
  const player = { username: newUsername(), password: '' };
  player.password = `pw${player.username}7`.slice(0, 20);
  await page.goto('/m/register');
  await waitForHydration(page);
  const form = page.locator('form:has(input[name="username"])').first();
  await form.locator('input[name="username"]').fill(player.username);
  await form.locator('input[name="password"]').fill(player.password);
  const optional: [string, string][] = [['confirmPassword', player.password], ['captcha', E2E_CAPTCHA_ANSWER]];
  for (const [name, value] of optional) {
    const field = form.locator(`input[name="${name}"]`);
    if (await field.isVisible()) await field.fill(value);
  }
  await page.locator('#reg-agree').check(); // the consent box starts unticked
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.waitForURL('**/m/home');
  return player;
}

/** Collects Content-Security-Policy violations and uncaught page errors; the test expects none at its end. */
export function watchForPageErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  // A skipped cross-document view transition counts too: public/theme.js handles its rejections on every page.
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Parses "$1,234.56" into minor units. */
export const minorOf = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

/** "$1,234.56" for minor units (the demo merchant's USD). */
export const usd = (minor: number) => `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The balance the balance widget shows, in minor units (waits until it is not masked). */
export async function balanceOf(page: Page): Promise<number> {
  const value = page.getByRole('group', { name: 'Balance' }).locator('output');
  await expect(value).toHaveText(/\d/);
  return minorOf((await value.textContent()) ?? '');
}
