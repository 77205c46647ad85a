import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from '../hydration';
import { registerPlayer } from '../players';
import { consoleUrl, makeConsoleOperator, signInToConsole } from './console-helpers';

/**
 * Site scope in the back office (docs/back-office.md "The back office app": every call is on the operator's site; a
 * record of another site answers 404). A player of DEMO registers, deposits, asks for a withdrawal and opens a live
 * chat; an operator of DEMO is made (its audit row is on DEMO); an owner of DEMO finds the records (so they exist
 * and have ids). An owner of DEMO2 only, on DEMO2's host, finds none of them — no player, deposit, withdrawal (queue
 * or history), conversation or audit row, and the day's report figures do not move — and each DEMO record's direct
 * address, in the app and in the API, answers not found. Operators are made with the operator script (an outside
 * writer: tests/e2e/console/*.spec.ts are in OUTSIDE_WRITERS).
 */
test.use({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false });

const DEMO2_HOST = 'play2.localhost';
const FIGURES = ['registrations', 'first-depositors', 'deposits', 'withdrawals', 'active-players'] as const;

/** The day's report figures shown on DEMO2's Reports page. */
async function todaysFigures(office: Page): Promise<string[]> {
  await office.goto(consoleUrl(DEMO2_HOST, '/console/reports'));
  await expect(office.getByTestId('report-range')).toHaveText(new Date().toISOString().slice(0, 10));
  const values: string[] = [];
  for (const id of FIGURES) {
    const value = office.getByTestId(`kpi-${id}-value`);
    await expect(value).toHaveText(/\d/);
    values.push((await value.textContent()) ?? '');
  }
  return values;
}

/** react-admin's words for a list with no rows ("No Players found using the current filters.", "No results found."; a site with none at all: "No … yet."). */
const NONE_FOUND = /No \w[\w ]* found using the current filters|No results found|No \w[\w ]* yet\./;

/** Opens a list of DEMO2's back office filtered by `filter` and expects it empty. */
async function expectNoneListed(office: Page, path: string, filter: Record<string, string>): Promise<void> {
  await office.goto(consoleUrl(DEMO2_HOST, `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`));
  await expect(office.getByText(NONE_FOUND)).toBeVisible();
  await expect(office.locator('tbody tr')).toHaveCount(0);
}

test("another site's operator sees none of it", async ({ page, browser }) => {
  test.setTimeout(600_000);
  const otherDesk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const office = await otherDesk.newPage();
  const other = makeConsoleOperator({ role: 'owner', merchant: 'DEMO2', displayName: 'Olivia Other' });
  await signInToConsole(office, other, { host: DEMO2_HOST });
  const figuresBefore = await todaysFigures(office);

  // A player of DEMO: registration, a deposit, a withdrawal request, a live chat.
  const player = await registerPlayer(page);
  await page.goto('/m/voucherCenter');
  await page.getByLabel('Amount').fill('50');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Not now' }).click();
  await page.waitForURL('**/pay/demo/**');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Deposit received' })).toBeVisible();

  await page.goto('/m/member/security');
  const paymentPassword = page.getByRole('region', { name: 'Set payment password' });
  await paymentPassword.getByLabel('Login password').fill(player.password);
  await paymentPassword.getByLabel('New payment password (6 digits)').fill('246810');
  await paymentPassword.getByLabel('Confirm payment password').fill('246810');
  await paymentPassword.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'Change payment password' }).getByText('Changes saved.')).toBeVisible();

  await page.goto('/m/withdraw');
  await page.getByLabel('Amount').fill('25');
  await page.getByLabel('Payee name').fill('Ana Cruz');
  await page.getByLabel('Bank name').fill('Demo Bank');
  await page.getByLabel('Account number').fill('1234567890');
  await page.getByRole('note').filter({ hasText: 'forfeits' }).getByRole('checkbox', { name: 'I understand and give up my bonus' }).check();
  await page.getByLabel('Payment password', { exact: true }).fill('246810');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Withdrawal requested.' })).toBeVisible();

  await page.goto('/m/message');
  await page.getByRole('button', { name: /Live chat/ }).click();
  await page.waitForURL('**/m/liveChat?*');
  await waitForHydration(page);
  await page.getByPlaceholder('Type a message').fill('A question only DEMO may read');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('.chat-line.player .chat-receipt')).toContainText('Delivered');

  // DEMO's own owner finds each record (and its id) through DEMO's console API.
  const homeDesk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const home = await homeDesk.newPage();
  const owner = makeConsoleOperator({ role: 'owner', displayName: 'Hana Home' });
  await signInToConsole(home, owner);
  const demoValue = async <T,>(path: string): Promise<T> => {
    const res = await home.request.get(consoleUrl('127.0.0.1', `/console/api/${path}`));
    expect(res.status(), path).toBe(200);
    return ((await res.json()) as { value: T }).value;
  };
  type Items = { items: { id: number | string; account?: string; username?: string }[] };
  const players = await demoValue<Items>(`players?username=${player.username}`);
  expect(players.items).toHaveLength(1);
  const playerId = players.items[0]!.id;
  const deposits = await demoValue<Items>(`deposits?player=${player.username}`);
  expect(deposits.items).toHaveLength(1);
  const withdrawals = await demoValue<Items>(`withdrawals?view=queue&player=${player.username}`);
  expect(withdrawals.items).toHaveLength(1);
  const withdrawalId = withdrawals.items[0]!.id;
  const conversations = await demoValue<{ items: { id: number | string; account?: string }[] }>('support/conversations');
  const conversation = conversations.items.find((item) => JSON.stringify(item).includes(player.username));
  expect(conversation, 'the DEMO conversation').toBeTruthy();
  await homeDesk.close();

  // DEMO2's owner: no list shows any of it.
  await expectNoneListed(office, '/console/players', { q: player.username });
  await expectNoneListed(office, '/console/deposits', { player: player.username });
  await expectNoneListed(office, '/console/withdrawals', { player: player.username });
  await expectNoneListed(office, '/console/withdrawal-history', { player: player.username });
  await expectNoneListed(office, '/console/audit', { operator: owner.username });
  // The Support page lists the site's conversations once they have loaded (DEMO2 may have none: no list then).
  const listed = office.waitForResponse((res) => res.url().includes('/console/api/support/conversations'));
  await office.goto(consoleUrl(DEMO2_HOST, '/console/support'));
  expect((await listed).status()).toBe(200);
  await expect(office.getByText(player.username)).toHaveCount(0);
  expect(await todaysFigures(office)).toEqual(figuresBefore);

  // Each DEMO record's direct address answers not found: in the app, and in the API.
  await office.goto(consoleUrl(DEMO2_HOST, `/console/players/${playerId}/show`));
  await expect(office.getByText(/not found|does not exist/i).first()).toBeVisible();
  await expect(office.getByText(`Player ${player.username}`)).toHaveCount(0);
  await office.goto(consoleUrl(DEMO2_HOST, `/console/withdrawals/${withdrawalId}/show`));
  await expect(office.getByText(/not found|does not exist/i).first()).toBeVisible();
  await expect(office.getByText('1234567890')).toHaveCount(0);
  for (const path of [
    `players/${playerId}`, `players/${playerId}/ledger`, `players/${playerId}/deposits`, `players/${playerId}/withdrawals`,
    `players/${playerId}/chats`, `players/${playerId}/logins`, `players/${playerId}/audit`, `withdrawals/${withdrawalId}`,
    `support/conversations/${conversation!.id}`, `support/conversations/${conversation!.id}/player`,
  ]) {
    // From the page (on DEMO2's host, with its session cookie): the test runner's own requests cannot resolve play2.localhost.
    expect(await office.evaluate(async (url) => (await fetch(url)).status, `/console/api/${path}`), path).toBe(404);
  }
  await otherDesk.close();
});
