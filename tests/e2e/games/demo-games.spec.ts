import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../a11y';
import { minorOf, registerPlayer, usd, watchForPageErrors } from '../players';
import { expectLanguage, inLanguage, LANGUAGES, text } from '../languages';
import { d1 } from '../sms';

/**
 * Games that match their kind, and the game history (issue 13): a new player opens a live casino game, which
 * launches the demo vendor's card table (dragon tiger), plays a round on the real wallet, reads the title's info
 * (its computed return to player), checks it with the revealed seeds, then finds the round in the game history with the period's totals and verifies it there too.
 */
test('a new player plays a card table round, verifies it, and finds it in the game history', async ({ page }) => {
  test.setTimeout(150_000);
  const problems = watchForPageErrors(page);
  await registerPlayer(page);

  await page.goto('/m/gameList?gameType=LIVE');
  const first = page.getByRole('main').getByRole('listitem').getByRole('button', { name: /^(?!(Add|Remove) .+ (to|from) favourites$)/ }).first();
  const gameName = ((await first.textContent()) ?? '').trim();
  await first.click();
  await page.waitForURL(/\/play\/table\?nodeId=\d+/);
  await expect(page.getByRole('heading', { name: gameName })).toBeVisible();
  const balance = page.getByLabel('Balance', { exact: true });
  await expect(balance).toHaveText('$1,000.00');

  await page.getByRole('radio', { name: 'Tiger' }).check();
  await page.getByRole('radio', { name: '$1.00' }).check();
  await page.getByRole('button', { name: 'Deal' }).click();
  const result = page.getByText(/^(You won \$[\d.,]+!|No win this time\.)$/);
  await expect(result).toBeVisible();
  const won = (await result.textContent())?.startsWith('You won') ? minorOf((await result.textContent()) ?? '') : 0;
  await expect(balance).toHaveText(usd(100_000 - 100 + won));
  // The title's own info: its rules and computed return to player (docs/games.md "Demo titles and their configurations").
  await page.getByText('Game info', { exact: true }).click();
  await expect(page.getByText('Return to player: 96.15 %', { exact: true })).toBeVisible();
  await page.getByText('Provably fair').click();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Verified: the seed matches its hash and gives this result.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'demo card table');

  await page.goto('/m/gameRecord');
  await page.getByRole('button', { name: 'Card table' }).click();
  const line = page.getByRole('listitem').filter({ hasText: gameName });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(`Stake $1.00 · Win ${usd(won)} · Net ${won - 100 < 0 ? '-' : ''}${usd(Math.abs(won - 100))}`);
  const totals = page.getByRole('definition');
  await expect(totals.first()).toHaveText('$1.00');
  await line.getByRole('button', { name: 'Round details' }).click();
  await expect(line.getByText(/^Dragon .+ · Tiger .+ · Your bet: Tiger$/)).toBeVisible();
  await line.getByRole('button', { name: 'Verify' }).click();
  await expect(line.getByText('Verified: the seed matches its hash and gives this result.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'game history');
  expect(problems).toEqual([]);
});

for (const lang of LANGUAGES) {
  test(`the demo slot offers free play where the game supports it (supportPlay 0), as the other demo games (${lang})`, async ({ page }) => {
    const problems = watchForPageErrors(page);
    const [free] = d1<{ node_id: number }>(`SELECT node_id FROM games WHERE vassalage = 'PD_SLOTS' AND support_play = 0 AND enabled = 1 ORDER BY node_id LIMIT 1`);
    expect(free).toBeTruthy();
    await registerPlayer(page);
    await page.goto(inLanguage(`/play/slot?nodeId=${free!.node_id}&freePlay=1`, lang));
    await expectLanguage(page, lang);
    const balance = page.getByLabel(text(lang, 'wallet.balance'), { exact: true });
    const spin = page.getByRole('button', { name: text(lang, 'slot.spin') });
    const freeRound = page.getByText(text(lang, 'demo.freeRound'));
    // The new player's $1,000.00, written the language's way.
    if (lang === 'EN') await expect(balance).toHaveText('$1,000.00');
    else await expect(balance).toHaveText(/\d/);
    const before = await balance.textContent();
    await expect(page.getByRole('radio', { name: text(lang, 'demo.mode.free') })).toBeChecked();
    // The title's own reels (3 or 5) and its info panel with the paytable and the computed return to player.
    expect([3, 5]).toContain(await page.getByRole('list', { name: text(lang, 'slot.reels') }).getByRole('listitem').count());
    await page.getByText(text(lang, 'demo.info'), { exact: true }).click();
    await expect(page.getByText(/9[4-7]\.\d\d/).first()).toBeVisible();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await spin.click();
    await expect(freeRound).toBeVisible();
    await expect(balance).toHaveText(before!);
    await page.getByRole('radio', { name: text(lang, 'demo.mode.real') }).check();
    await spin.click();
    await expect(freeRound).toBeHidden();
    await expectNoSeriousA11yViolations(page, `demo slot with free play (${lang})`);
    expect(problems).toEqual([]);
  });
}
