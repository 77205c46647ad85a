import { expect, test } from '@playwright/test';
import { LOTTERY } from '../../platform-standin/shapes';
import { logIn } from '../account-helpers';
import { hydrateByInteraction } from '../hydration';
import { registerOnPlatform } from './standin-helpers';

/**
 * The platform's lottery in upstream mode (playwright.upstream.config.ts): /m/lottery lists the games the platform
 * answers at GET /lgw/games/mobile (platform-contract.md §7.5; the stand-in has six), and a tap opens the
 * platform's own lotto-h5 page through the lottery launcher (§4 /m/lotto-h5/<mui>/<playType>/games/<gameId>?token&
 * merchant&css=<merchant>.css&prize_mode), which the worker forwards to the platform unchanged.
 */

test('the lottery calls of the platform\'s mobile client cross the adapter as plain objects keyed by game', async ({ request }) => {
  const games = await request.get('/lgw/games/mobile');
  expect(games.status()).toBe(200);
  const list = Object.values((await games.json()) as Record<string, { displayName: string }>).map((g) => g.displayName);
  expect(list).toEqual(LOTTERY.map((g) => g.displayName));
  const numeros = await request.get('/lotto/lgw/games/opened/numero');
  expect(numeros.status()).toBe(200);
  expect(Object.keys((await numeros.json()) as Record<string, unknown>)).toHaveLength(LOTTERY.length);
});

test('/m/lottery lists the platform\'s lottery games and opens one in the platform\'s lotto-h5 page', async ({ page, request }) => {
  const username = `lt${Date.now().toString(36)}`.slice(0, 16);
  const password = 'secret123';
  await registerOnPlatform(request, username, password);
  await page.goto('/m/login');
  await logIn(page, { username, password });
  await page.waitForURL('**/m/home');

  await page.goto('/m/lottery');
  await hydrateByInteraction(page, 'LotteryGames');
  for (const game of LOTTERY) await expect(page.getByRole('button', { name: game.displayName, exact: true })).toBeVisible();
  await expect(page.getByText('This site offers no lottery games.')).toHaveCount(0);
  // Grouped by the platform's vendors, as the built-in list is.
  await expect(page.getByRole('heading', { name: 'TCG Lotto VN' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'TCG SEA' })).toBeVisible();

  await page.getByRole('button', { name: 'Hanoi Lottery', exact: true }).click();
  await page.waitForURL(/\/m\/lotto-h5\/demo\/trad\/games\/VNC\?/);
  const heading = page.getByRole('heading', { name: 'Hanoi Lottery' });
  await expect(heading).toBeVisible();
  // The platform's own page (the stand-in's), reached with the session token, the merchant and its style sheet.
  await expect(heading).toHaveAttribute('data-standin-lotto', 'VNC');
  await expect(heading).toHaveAttribute('data-has-token', 'yes');
  await expect(heading).toHaveAttribute('data-merchant', 'DEMO');
  await expect(heading).toHaveAttribute('data-css', 'DEMO.css');
  await expect(heading).not.toHaveAttribute('data-prize-mode', '');
});
