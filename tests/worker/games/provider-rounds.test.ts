import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyCalls } from '../../../contract/calls/history';
import { callDef } from '../catalogue-helpers';
import { call } from '../helpers';
import { createMember, pickGame } from '../fixtures';
import { launchSession, makeProvider, type ProviderStandIn } from './provider-standin';
import { putVendorProvider } from '../../../worker/db/queries/provider-wallet';
import { rawDayCounts, rawGameDays, aggregatedGameDays, aggregatedDayCounts } from '../../../worker/db/queries/reports';
import { aggregateDays } from '../../../worker/services/reports/reports';
import { enrolled } from '../console/console-helpers';
import { MEMBER_PROVIDER_ROUNDS, providerGameJoin } from '../../../worker/db/queries/provider-rounds';

/**
 * Game providers' rounds in the player's game record, the console's player page and the reports
 * (docs/game-providers.md "Provider rounds in the game record and reports"): a stand-in provider plays rounds
 * through the wallet calls, then the record and the report are read.
 */
const DAY = 86_400_000;
let provider: ProviderStandIn;
let game: Awaited<ReturnType<typeof pickGame>>;

beforeAll(async () => {
  provider = await makeProvider();
  // A live-casino vendor's games launch through the provider: its rounds are 'table' rounds of that vendor.
  game = await pickGame(`game_type = 'LIVE'`);
  await putVendorProvider(env.DB, 'DEMO', game.vassalage, provider.code);
});

afterAll(async () => {
  await env.DB.prepare(`DELETE FROM provider_vendors WHERE merchant_code = 'DEMO' AND vassalage = ?`).bind(game.vassalage).run();
});

/** Plays: r1 bet 2 won 5 (settled), r2 bet 1 rolled back (cancelled), r3 bet 3 then 0.50 (open), a rollback of an unknown bet. */
async function playRounds(memberId: number) {
  const { sessionId, playerId } = await launchSession(provider, memberId, { gameKind: 'table' });
  const base = { sessionId, playerId, gameCode: game.game_id, currency: 'USD' };
  const steps: [string, Record<string, string>][] = [
    ['debit', { ...base, transactionId: 'a1', roundId: 'r1', amount: '2.00' }],
    ['credit', { ...base, transactionId: 'a2', roundId: 'r1', amount: '5.00' }],
    ['debit', { ...base, transactionId: 'b1', roundId: 'r2', amount: '1.00' }],
    ['rollback', { sessionId, playerId, transactionId: 'b2', roundId: 'r2', originalTransactionId: 'b1' }],
    ['debit', { ...base, transactionId: 'c1', roundId: 'r3', amount: '3.00' }],
    ['debit', { ...base, transactionId: 'c2', roundId: 'r3', amount: '0.50' }],
    ['rollback', { sessionId, playerId, transactionId: 'd1', roundId: 'r4', originalTransactionId: 'unknown' }],
  ];
  for (const [operation, step] of steps) {
    // Transaction and round ids are the provider's, unique per provider: each member's are its own.
    const body = { ...step, transactionId: `${memberId}-${step.transactionId}`, roundId: `${memberId}-${step.roundId}`,
      ...(step.originalTransactionId ? { originalTransactionId: `${memberId}-${step.originalTransactionId}` } : {}) };
    const res = await provider.post(operation, body);
    expect(res.status, `${operation} ${body.transactionId}`).toBe(200);
  }
}

/** The built-in games' own provider: its wallet rows are left out (its rounds are demo_rounds). */
async function builtInRow(memberId: number, at: number) {
  await env.DB.prepare(
    `INSERT INTO provider_transactions (merchant_code, provider_code, transaction_id, kind, member_id, round_id, game_code, amount_minor, balance_after_minor, created_at)
     VALUES ('DEMO', 'playdeck', ?, 'debit', ?, ?, ?, 700, 0, ?)`,
  ).bind(`pd-${memberId}-${at}`, memberId, `pd-${memberId}`, game.game_id, at).run();
}

describe('provider rounds in the game record', () => {
  it('lists one line per round with stake, refund, win and status, filters them by kind and status, and totals them', async () => {
    const member = await createMember({ balanceMinor: 10_000 });
    await playRounds(member.memberId);
    await builtInRow(member.memberId, Date.now());
    const now = Date.now();
    const period = `startDate=${now - DAY}&endDate=${now + 60_000}`;
    const { status, body } = await callDef(historyCalls.gameHistory, period, { token: member.token });
    expect(status).toBe(200);
    const items = body.value.items;
    expect(items).toHaveLength(3);
    const byStatus = Object.fromEntries(items.map((i) => [i.status, i]));
    const common = { kind: 'table', nodeId: game.node_id, gameName: game.game_name, provider: expect.stringMatching(/^Studio /), freePlay: false };
    expect(byStatus.settled).toMatchObject({ ...common, stake: 2, winAmount: 5, refund: 0, net: 3 });
    expect(byStatus.cancelled).toMatchObject({ ...common, stake: 0, winAmount: 0, refund: 1, net: 0 });
    expect(byStatus.open).toMatchObject({ ...common, stake: 3.5, winAmount: 0, refund: 0, net: -3.5 });
    expect(body.value.totals).toEqual({ count: 3, stake: 5.5, winAmount: 5, net: -0.5 });

    const open = await callDef(historyCalls.gameHistory, `${period}&status=open`, { token: member.token });
    expect(open.body.value.items.map((i) => i.status)).toEqual(['open']);
    const tables = await callDef(historyCalls.gameHistory, `${period}&kind=table`, { token: member.token });
    expect(tables.body.value.totals.count).toBe(3);
    const slots = await callDef(historyCalls.gameHistory, `${period}&kind=slot`, { token: member.token });
    expect(slots.body.value.totals.count).toBe(0);
    // A round belongs to the period of its first bet.
    const later = await callDef(historyCalls.gameHistory, `startDate=${now + 1}&endDate=${now + 60_000}`, { token: member.token });
    expect(later.body.value.totals.count).toBe(0);
  });

  it("shows the rounds in the console player page's game record, marked with the provider", async () => {
    const member = await createMember({ balanceMinor: 10_000 });
    await playRounds(member.memberId);
    const admin = await enrolled('admin');
    const res = await call<{ items: { id: string; provider: string; status: string; stake: number; refund: number }[]; total: number }>(
      `/console/api/players/${member.memberId}/games`, { headers: { Cookie: admin.session.cookie } },
    );
    expect(res.status).toBe(200);
    expect(res.body.value.total).toBe(3);
    for (const item of res.body.value.items) {
      expect(item.id).toMatch(/^provider:table:\d+$/);
      expect(item.provider).toMatch(/^Studio /);
    }
  });
});

describe('provider rounds in the reports', () => {
  it('count rounds, bets, wins and players per day, game kind and vendor, raw and in the daily rows', async () => {
    const member = await createMember({ balanceMinor: 10_000 });
    await playRounds(member.memberId);
    // Move the member's rows to two past days of their own: r3's second bet (c2) and r1's win (a2) the day after.
    const day1 = Date.UTC(2019, 5, 10, 12);
    const day2 = day1 + DAY;
    await env.DB.prepare(
      `UPDATE provider_transactions SET created_at = CASE WHEN transaction_id LIKE '%-c2' OR transaction_id LIKE '%-a2' THEN ?2 ELSE ?1 END WHERE member_id = ?3`,
    ).bind(day1, day2, member.memberId).run();
    await env.DB.prepare(`UPDATE ledger_entries SET created_at = CASE WHEN idempotency_key LIKE '%-c2' OR idempotency_key LIKE '%-a2' THEN ?2 ELSE ?1 END WHERE member_id = ?3`)
      .bind(day1, day2, member.memberId).run();
    await builtInRow(member.memberId, day1);

    const from = Date.UTC(2019, 5, 10);
    const games = await rawGameDays(env.DB, 'DEMO', from, from + 2 * DAY);
    const row = (day: string) => games.find((g) => g.day === day && g.vendor === game.vassalage);
    // Day 1: three rounds (r1, r2, r3), bets 2 + 1 − 1 (rolled back) + 3.
    expect(row('2019-06-10')).toEqual({ day: '2019-06-10', gameKind: 'table', vendor: game.vassalage, rounds: 3, betMinor: 500, winMinor: 0, players: 1 });
    // Day 2: r3's second bet (no new round) and r1's win.
    expect(row('2019-06-11')).toEqual({ day: '2019-06-11', gameKind: 'table', vendor: game.vassalage, rounds: 0, betMinor: 50, winMinor: 500, players: 1 });
    expect(games.filter((g) => g.vendor !== game.vassalage).map((g) => JSON.stringify(g))).toEqual([]);

    // The daily counts (from the ledger) agree with the game rows: GGR = bets − wins on each day.
    const counts = await rawDayCounts(env.DB, 'DEMO', from, from + 2 * DAY);
    expect([counts.get('2019-06-10')?.betMinor, counts.get('2019-06-10')?.winMinor, counts.get('2019-06-10')?.activePlayers]).toEqual([500, 0, 1]);
    expect([counts.get('2019-06-11')?.betMinor, counts.get('2019-06-11')?.winMinor]).toEqual([50, 500]);

    // The scheduled work's daily rows hold the same figures.
    await aggregateDays(env.DB, 'DEMO', ['2019-06-10', '2019-06-11'], Date.now());
    const aggregated = await aggregatedGameDays(env.DB, 'DEMO', '2019-06-10', '2019-06-11');
    expect(aggregated.sort((a, b) => a.day.localeCompare(b.day))).toEqual(games.sort((a, b) => a.day.localeCompare(b.day)));
    const daily = await aggregatedDayCounts(env.DB, 'DEMO', '2019-06-10', '2019-06-11');
    expect(daily.get('2019-06-10')?.betMinor).toBe(500);
  });
});

describe('provider rounds: query plans', () => {
  it("reads a member's rounds by the member and round indexes and a day's rows by the time index, never a whole-table scan", async () => {
    const plan = async (sql: string, ...params: unknown[]) => {
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>();
      return results.map((r) => r.detail);
    };
    const history = await plan(`SELECT * FROM (${MEMBER_PROVIDER_ROUNDS}) pr ${providerGameJoin('pr', 'g')}`, 1, 0, Date.now());
    expect(history.filter((d) => /^SCAN (p|f|e|pg|pv|g)\b/.test(d) && !d.includes('INDEX'))).toEqual([]);
    expect(history.join('\n')).toContain('provider_transactions_by_member');
    expect(history.join('\n')).toContain('provider_transactions_by_round');
  });
});
