import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../a11y';
import { balanceOf, registerPlayer, usd, watchForPageErrors } from '../players';

/**
 * The lottery on a phone (player-shell §2 /m/lottery, /m/launchGame, /m/lotto-h5, /m/gameRecord): a player opens
 * a 45-second game from the lottery list, bets, retries a lost answer without paying twice, survives a closed draw,
 * cancels a bet before close, sees the result arrive with a checkable secret, and the balance moves by exactly the
 * stakes and the payout.
 */

/** A 45-second TCG_LOTTO_VN game of the demo merchant (Entertainment play, Elott prizes). */
const FAST_GAME = 'Xoso Quick 45 Sec';
/** Sum big / small pays 1.95 × stake in the Elott prize mode (97.5 % return); exactly one of big and small wins. */
const PAYOUT_OF_ONE_DOLLAR = 195;

/** Seconds left on the draw's count-down ("00:37" → 37). */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole('timer').textContent({ timeout: 15_000 })) ?? '';
  const [minutes, seconds] = text.split(':').map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
}

/** Waits, if needed, for a draw with at least `seconds` of betting left; returns its issue number. */
async function drawWithTimeLeft(page: Page, seconds: number): Promise<string> {
  const heading = page.getByRole('heading', { name: /^Draw \d{8}-\d{4}$/ });
  await expect(heading).toBeVisible();
  const issue = (await heading.textContent())!.replace('Draw ', '');
  if (await page.getByRole('timer').isVisible() && (await secondsLeft(page)) >= seconds) return issue;
  await expect(heading).not.toHaveText(`Draw ${issue}`, { timeout: 60_000 });
  return (await heading.textContent())!.replace('Draw ', '');
}

test('a player bets on a 45-second draw: a lost answer is retried once, a closed draw is refused, a bet is cancelled, and the result settles to the cent', async ({ page }) => {
  test.setTimeout(150_000);
  const problems = watchForPageErrors(page);
  await registerPlayer(page);

  // The lottery list counts down on the server clock; a tap goes through /m/launchGame to the lottery page.
  await page.goto('/m/lottery');
  await page.getByRole('button', { name: 'TCG Lotto VN' }).click();
  await expect(page.getByRole('button', { name: FAST_GAME })).toBeVisible();
  await page.getByRole('button', { name: FAST_GAME }).click();
  await page.waitForURL(/\/m\/lotto-h5\/demo\/ent\/games\/\d+\?token=[\w-]+&merchant=DEMO&css=dark&prize_mode=ELOTT$/);
  await expect(page.getByRole('heading', { name: FAST_GAME })).toBeVisible();
  // The page reads the session from session storage and takes the token out of the address bar.
  await expect(page).toHaveURL(/\/m\/lotto-h5\/demo\/ent\/games\/\d+\?merchant=DEMO&css=dark&prize_mode=ELOTT$/);
  const start = await balanceOf(page);
  expect(start).toBe(100_000);

  const issue = await drawWithTimeLeft(page, 22);
  const commitment = (await page.getByRole('region', { name: /^Draw / }).locator('code').textContent())!;
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);

  // Two bets, $1 each: sum big and sum small (exactly one of them wins).
  const slip = page.getByRole('region', { name: 'Bet slip' });
  await slip.getByRole('button', { name: 'Sum big / small' }).click();
  await slip.getByRole('radio', { name: '$1.00' }).check();
  await slip.getByRole('button', { name: /^Big ×1\.95$/ }).click();
  await slip.getByRole('button', { name: /^Small ×1\.95$/ }).click();
  await expect(slip.getByText('Bets: 2 · Total: $2.00 · Best payout: $1.95')).toBeVisible();

  // The first answer is lost after the server placed the order: the slip says the outcome is being checked (not
  // that it failed) and reads the orders and balance again, which show the placed order; a retry sends the same key
  // and pays once.
  const keys: string[] = [];
  const slips: string[] = [];
  await page.route('**/lgw/orders/betting', async (route) => {
    keys.push((await route.request().headerValue('Idempotency-Key')) ?? '');
    slips.push((route.request().postDataJSON() as { bettingSlipString: string }).bettingSlipString);
    await route.fetch();
    await route.abort('connectionreset');
  }, { times: 1 });
  await slip.getByRole('button', { name: 'Place bets ($2.00)' }).click();
  await expect(slip.getByRole('status')).toContainText('We are checking whether it went through');
  await expect(slip.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your bets on this draw' }).getByRole('button', { name: /^Cancel Sum big \/ small/ })).toHaveCount(2);
  await expect.poll(() => balanceOf(page)).toBe(start - 200);
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/lgw/orders/betting')) void request.headerValue('Idempotency-Key').then((key) => keys.push(key ?? ''));
  });
  await slip.getByRole('button', { name: 'Try again' }).click();
  await expect(slip.getByRole('status')).toHaveText(`Bets placed on draw ${issue}.`);
  await expect.poll(() => keys.length).toBe(2);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[0]).toMatch(/^[\w-]{8,64}$/);
  expect(slips[0]).toBe('sum_big_small|big|1;sum_big_small|small|1');
  await expect.poll(() => balanceOf(page)).toBe(start - 200);

  // A draw that closed under the player: nothing is placed, the slip stays for the next try.
  await slip.getByRole('button', { name: 'Dragon / Tiger' }).click();
  await slip.getByRole('button', { name: /^Tie ×/ }).click();
  await page.route('**/lgw/orders/betting', (route) => route.fulfill({
    status: 409, contentType: 'application/json', body: JSON.stringify({ errorCode: 'draw_closed', message: 'closed' }),
  }), { times: 1 });
  await slip.getByRole('button', { name: 'Place bets ($1.00)' }).click();
  await expect(slip.getByRole('alert')).toContainText('closed before your bets arrived. Nothing was placed');
  await expect(slip.getByText('Bets: 1 · Total: $1.00')).toBeVisible();
  await slip.getByRole('button', { name: 'Place bets ($1.00)' }).click();
  await expect(slip.getByRole('status')).toHaveText(/^Bets placed on draw /);
  await expect.poll(() => balanceOf(page)).toBe(start - 300);

  // Cancel the tie before the close: its stake comes back.
  const mine = page.getByRole('region', { name: 'Your bets on this draw' });
  await mine.getByRole('button', { name: 'Cancel Dragon / Tiger · Tie' }).click();
  await expect(mine.getByRole('button', { name: /^Cancel Dragon/ })).toHaveCount(0);
  await expect.poll(() => balanceOf(page)).toBe(start - 200);
  await expect(mine.getByRole('listitem')).toHaveCount(4); // two open bets + the latest two orders

  // The result arrives without a reload: the won order, the wallet, and a result anyone can check.
  await expect(mine.getByText(`Won ${usd(PAYOUT_OF_ONE_DOLLAR)}`)).toBeVisible({ timeout: 75_000 });
  await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBe(start - 200 + PAYOUT_OF_ONE_DOLLAR);
  const result = page.getByRole('region', { name: 'Latest results' }).getByRole('listitem').filter({ hasText: issue });
  await result.getByText('Verify this result').click();
  await expect(result.locator('code').first()).toHaveText(commitment);
  await result.getByRole('button', { name: 'Check it now' }).click();
  await expect(result.getByText('Secret matches the commitment: yes')).toBeVisible();
  await expect(result.getByText(/^Digits from the secret: [\d ]+: yes$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'lotto-h5');

  // The game history has both orders, with the bets and payouts behind "Bets and result".
  await page.goto('/m/gameRecord');
  await page.getByRole('button', { name: 'Lottery', exact: true }).click();
  await page.getByRole('button', { name: 'Settled' }).click();
  const won = page.getByRole('listitem').filter({ hasText: `Won ${usd(PAYOUT_OF_ONE_DOLLAR)}` });
  await expect(won).toHaveCount(1);
  await won.getByRole('button', { name: 'Bets and result' }).click();
  await expect(won.getByRole('table')).toContainText('Sum big / small · Big');
  await expect(won.getByRole('table')).toContainText(usd(PAYOUT_OF_ONE_DOLLAR));
  await expect(won.getByText(/^Result: \d \d \d \d \d$/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancelled' }).click();
  await expect(page.getByText('Cancelled, $1.00 refunded')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'game record');
  expect(problems).toEqual([]);
});

test('a guest sees the lottery and its draws but is sent to log in to bet, launch or see a history', async ({ page }) => {
  const problems = watchForPageErrors(page);
  await page.goto('/m/lottery');
  await expect(page.getByRole('button', { name: FAST_GAME })).toBeVisible();
  await expect(page.getByText(/Betting closes in \d/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/m/lottery');
  await page.getByRole('button', { name: FAST_GAME }).click();
  await page.waitForURL('**/m/login');

  await page.goto('/m/lotto-h5/demo/ent/games/3006?token=not-a-session&merchant=DEMO&css=light&prize_mode=ELOTT');
  await expect(page.getByRole('heading', { name: FAST_GAME })).toBeVisible();
  await expect(page).toHaveURL(/\/m\/lotto-h5\/demo\/ent\/games\/3006\?merchant=DEMO&css=light&prize_mode=ELOTT$/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in to bet' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'lotto-h5 (guest, light)');

  await page.goto('/m/startLottery');
  await expect(page.getByText(/Betting closes in \d/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/m/startLottery');
  await page.goto('/m/gameRecord');
  await page.waitForURL('**/m/login');
  expect(problems).toEqual([]);
});
