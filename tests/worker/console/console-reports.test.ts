import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../worker/index';
import { aggregateDays, refreshReports, siteReport } from '../../../worker/services/reports/reports';
import { consoleReport } from '../../../contract/calls/console-reports';
import { DAY_MS } from '../../../rules/reports';
import { call, parseWire } from '../helpers';
import { enrolled, makeOperator, signIn, totpCode } from './console-helpers';
import { deposit, ledger, lotteryOrder, member, paidWithdrawal, reportGames, round } from './report-fixtures';

const A = Date.UTC(2020, 2, 1);
const B = A + DAY_MS;
const H = 3_600_000;
const app = createApp();

/** The report call as the page makes it, on a host, with a session cookie; the answer's wire value. */
async function report(cookie: string, from: string, to: string, host = '127.0.0.1') {
  const res = await call(`http://${host}/console/api/reports?from=${from}&to=${to}`, { headers: { Cookie: cookie } });
  return { status: res.status, errorCode: res.body.errorCode, value: res.body.success ? parseWire(consoleReport, res.body.value) : null };
}

/** A plain GET (the CSV is not an envelope). */
async function getText(path: string, cookie: string) {
  const ctx = createExecutionContext();
  const res = await app.request(`http://127.0.0.1${path}`, { headers: { Cookie: cookie } }, env, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, type: res.headers.get('Content-Type'), disposition: res.headers.get('Content-Disposition'), text };
}

let games: Awaited<ReturnType<typeof reportGames>>;

// The scenario (expected figures in the tests below): day A = 2020-03-01, day B = 2020-03-02 (UTC).
beforeAll(async () => {
  games = await reportGames();
  const p1 = await member('DEMO', A + H);
  const p2 = await member('DEMO', A + 2 * H);
  const trial = await member('DEMO', A + 3 * H, 4);
  const p3 = await member('DEMO', B + H);
  await deposit('DEMO', p1, 10_000, A + 4 * H);
  await ledger(p1, A + 4 * H + 1, [{ amountMinor: 500, kind: 'welcome_bonus', reference: 'registration', idempotencyKey: 'welcome', balance: 'bonus', wageringMinor: 15_000 }]);
  await ledger(p2, A + 2 * H + 1, [{ amountMinor: 500, kind: 'welcome_bonus', reference: 'registration', idempotencyKey: 'welcome', balance: 'bonus', wageringMinor: 15_000 }]);
  await round(p1, games.slot.nodeId, 'slot', 1_000, 2_500, A + 5 * H);
  // p2 has no cash: the whole stake is bonus money, and counts.
  await round(p2, games.slot.nodeId, 'crash', 400, 0, A + 6 * H);
  // A trial account's play money is no figure.
  await ledger(trial, A + 3 * H, [{ amountMinor: 1_000, kind: 'trial_credit', reference: 'trial', idempotencyKey: 'trial' }]);
  await round(trial, games.slot.nodeId, 'slot', 300, 0, A + 7 * H);
  await deposit('DEMO', p1, 5_000, B + H);
  await deposit('DEMO', p2, 2_000, B + 2 * H);
  await lotteryOrder('DEMO', p1, games.lottery.nodeId, 300, 594, B + 3 * H, B + 4 * H);
  await paidWithdrawal('DEMO', p1, 3_000, B + 5 * H, B + 6 * H);
  await ledger(p1, B + 5 * H, [{ amountMinor: 0, kind: 'bonus_forfeit', reference: 'withdraw', idempotencyKey: 'withdraw:forfeit', balance: 'forfeit' }]);
  await deposit('DEMO', p3, 1_000, B + DAY_MS - 1);
  // Another site, the same days: none of it may show on DEMO.
  const other = await member('DEMO2', A + H);
  await deposit('DEMO2', other, 99_900, A + 2 * H);
  await round(other, games.slot.nodeId, 'slot', 5_000, 0, A + 3 * H);
});

const dayA = {
  day: '2020-03-01', registrations: 2, firstDepositors: 1, depositCount: 1, deposits: 100, withdrawalCount: 0, withdrawals: 0,
  bets: 14, wins: 25, ggr: -11, bonusCost: 10, ngr: -21, activePlayers: 2,
};
const dayB = {
  day: '2020-03-02', registrations: 1, firstDepositors: 2, depositCount: 3, deposits: 80, withdrawalCount: 1, withdrawals: 30,
  bets: 3, wins: 5.94, ggr: -2.94, bonusCost: -5, ngr: 2.06, activePlayers: 1,
};

describe('reports (docs/back-office.md "Reports")', () => {
  it('a seeded scenario gives exact figures per day, game kind and vendor, and totals', async () => {
    const owner = await enrolled('finance');
    const r = await report(owner.session.cookie, '2020-03-01', '2020-03-03');
    expect(r.status).toBe(200);
    expect(r.value!.days).toEqual([dayA, dayB, { ...dayA, day: '2020-03-03', registrations: 0, firstDepositors: 0, depositCount: 0, deposits: 0, bets: 0, wins: 0, ggr: 0, bonusCost: 0, ngr: 0, activePlayers: 0 }]);
    expect(r.value!.totals).toEqual({
      registrations: 3, firstDepositors: 3, depositCount: 4, deposits: 180, withdrawalCount: 1, withdrawals: 30, bets: 17, wins: 30.94,
      ggr: -13.94, bonusCost: 5, ngr: -18.94, activePlayersPerDay: 1, activePlayersPeak: 2,
    });
    expect(r.value!.gameDays).toEqual([
      { day: '2020-03-01', gameKind: 'crash', vendor: games.slot.vendor, rounds: 1, bets: 4, wins: 0, players: 1 },
      { day: '2020-03-01', gameKind: 'slot', vendor: games.slot.vendor, rounds: 1, bets: 10, wins: 25, players: 1 },
      { day: '2020-03-02', gameKind: 'lottery', vendor: games.lottery.vendor, rounds: 1, bets: 3, wins: 5.94, players: 1 },
    ]);
    expect(r.value!.gameKinds.map((g) => [g.key, g.rounds, g.bets, g.wins, g.ggr])).toEqual([
      ['slot', 1, 10, 25, -15], ['crash', 1, 4, 0, 4], ['lottery', 1, 3, 5.94, -2.94],
    ]);
    expect(r.value!).toMatchObject({ currency: 'USD', timeZone: 'UTC', source: { aggregatedDays: 0, rawDays: 3 } });
  });

  it('the pre-aggregated daily rows give exactly what the raw query gives, and are used for closed days', async () => {
    const now = Date.now();
    const raw = await siteReport(env.DB, 'DEMO', '2020-03-01', '2020-03-02', now, false);
    expect(await aggregateDays(env.DB, 'DEMO', ['2020-02-29', '2020-03-01', '2020-03-02'], now)).toBe(3);
    const aggregated = await siteReport(env.DB, 'DEMO', '2020-03-01', '2020-03-02', now);
    expect(aggregated.source).toEqual({ aggregatedDays: 2, rawDays: 0 });
    expect({ ...aggregated, source: null }).toEqual({ ...raw, source: null });
    // A range reaching past the aggregated days counts the rest raw.
    const mixed = await siteReport(env.DB, 'DEMO', '2020-02-28', '2020-03-03', now);
    expect(mixed.source).toEqual({ aggregatedDays: 3, rawDays: 2 });
    expect(mixed.totals).toEqual({ ...raw.totals, activePlayersPerDay: 0.6 });
  });

  it("the scheduled work aggregates each site's closed days up to yesterday, once", async () => {
    const now = Date.UTC(2020, 2, 3, 0, 10);
    const sites = await env.DB.prepare(`SELECT COUNT(*) AS n FROM merchants`).first<{ n: number }>();
    await env.DB.prepare(`DELETE FROM report_daily`).run();
    await env.DB.prepare(`UPDATE merchants SET created_at = ?`).bind(A).run();
    expect(await refreshReports(env.DB, now)).toBe(2 * sites!.n);
    expect(await refreshReports(env.DB, now)).toBe(0);
    const row = await env.DB.prepare(`SELECT bet_minor, win_minor, bonus_cost_minor FROM report_daily WHERE merchant_code = 'DEMO' AND day = '2020-03-02'`).first();
    expect(row).toEqual({ bet_minor: 300, win_minor: 594, bonus_cost_minor: -500 });
  });

  it("another site's figures never mix: DEMO2's operator sees DEMO2's only", async () => {
    const op = await enrolled('owner', 'DEMO', ['DEMO2']);
    const login = await signIn(op.username, { host: 'play2.localhost', code: totpCode(op.secret, Date.now() + 30_000) });
    const r = await report(login.cookie, '2020-03-01', '2020-03-02', 'play2.localhost');
    expect(r.status).toBe(200);
    expect(r.value!.days[0]).toMatchObject({ registrations: 1, depositCount: 1, deposits: 999, bets: 50, wins: 0, activePlayers: 1 });
    expect(r.value!.totals.deposits).toBe(999);
    // A DEMO session on DEMO2's host is refused.
    const demoOwner = await enrolled('owner');
    expect((await report(demoOwner.session.cookie, '2020-03-01', '2020-03-02', 'play2.localhost')).errorCode).toBe('console_site_forbidden');
  });

  it('refuses support (403), no session (401), a bad range (400) and answers 404 in upstream mode', async () => {
    const support = await signIn(await makeOperator('support'));
    expect(await report(support.cookie, '2020-03-01', '2020-03-02')).toMatchObject({ status: 403, errorCode: 'console_role_forbidden' });
    expect(await report('', '2020-03-01', '2020-03-02')).toMatchObject({ status: 401 });
    const owner = await enrolled('admin');
    for (const [from, to] of [['2020-03-02', '2020-03-01'], ['2020-02-30', '2020-03-01'], ['2019-01-01', '2020-03-01']]) {
      expect(await report(owner.session.cookie, from!, to!), `${from}..${to}`).toMatchObject({ status: 400, errorCode: 'report_range_invalid' });
    }
    expect(await report(owner.session.cookie, 'yesterday', '2020-03-01')).toMatchObject({ status: 400, errorCode: 'request_param_err' });
    const upstream = await call('/console/api/reports?from=2020-03-01&to=2020-03-01', {
      headers: { Cookie: owner.session.cookie }, env: { UPSTREAM_API_URL: 'http://upstream.invalid' },
    });
    expect(upstream.status).toBe(404);
  });

  it('exports the days and the games as CSV', async () => {
    const owner = await enrolled('owner');
    const days = await getText('/console/api/reports/csv?from=2020-03-01&to=2020-03-02', owner.session.cookie);
    expect(days.status).toBe(200);
    expect(days.type).toContain('text/csv');
    expect(days.disposition).toContain('report-DEMO-days-2020-03-01-2020-03-02.csv');
    expect(days.text.split('\r\n')).toEqual([
      'day,registrations,first_depositors,deposits,deposit_amount,withdrawals_paid,withdrawal_amount,bets,wins,ggr,bonus_cost,ngr,active_players',
      '2020-03-01,2,1,1,100.00,0,0.00,14.00,25.00,-11.00,10.00,-21.00,2',
      '2020-03-02,1,2,3,80.00,1,30.00,3.00,5.94,-2.94,-5.00,2.06,1',
      '',
    ]);
    const gamesCsv = await getText('/console/api/reports/csv?from=2020-03-02&to=2020-03-02&table=games', owner.session.cookie);
    expect(gamesCsv.text).toBe(`day,game_kind,vendor,rounds,bets,wins,ggr,players\r\n2020-03-02,lottery,${games.lottery.vendor},1,3.00,5.94,-2.94,1\r\n`);
    const support = await signIn(await makeOperator('support'));
    expect((await getText('/console/api/reports/csv?from=2020-03-01&to=2020-03-02', support.cookie)).status).toBe(403);
  });
});
