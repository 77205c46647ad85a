import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { lotteryCalls } from '../../src/contract/calls/lottery';
import { envelopeSchema } from '../../src/contract/envelope';
import { wireToMinor } from '../../src/contract/money';
import { verifyDraw } from '../../worker/services/lottery/draw';
import { ensureDraw } from '../../worker/services/lottery/draws';
import { openSlot, slotAt } from '../../worker/services/lottery/schedule';
import { call } from './helpers';
import { createMember } from './fixtures';
import { countOf, dailyGame, drawRow, gateway, lotteryGame } from './lottery-helpers';

type LotteryGamesValue = z.output<typeof lotteryCalls.lotteryGames.value>;
type LotteryGameSheetValue = z.output<typeof lotteryCalls.lotteryGame.value>;
type LotteryDrawsValue = z.output<typeof lotteryCalls.lotteryDraws.value>;

describe('GET /wps/playdeck/lottery/games', () => {
  it('lists every LOTT and ELOTT game of the site with its schedule and the next close time', async () => {
    const { status, body } = await call<LotteryGamesValue>('/wps/playdeck/lottery/games');
    expect(status).toBe(200);
    expect(envelopeSchema(lotteryCalls.lotteryGames.value).safeParse(body).success).toBe(true);
    const configured = await countOf(
      `SELECT COUNT(*) AS n FROM lottery_games lg JOIN games g ON g.node_id = lg.node_id WHERE g.enabled = 1 AND lg.enabled = 1`,
    );
    expect(body.value.list).toHaveLength(configured);
    const now = Date.now();
    expect(Math.abs(body.value.serverTime - now)).toBeLessThan(5_000);
    for (const game of body.value.list) {
      expect(['LOTT', 'ELOTT']).toContain(game.gameType);
      expect(game.nextCloseAt).toBe(game.current.closeAt);
      expect(game.current.openAt).toBeLessThanOrEqual(now);
      expect(game.current.closeAt).toBeGreaterThan(now - 5_000);
      expect(game.current.drawAt - game.current.closeAt).toBe(game.closeBeforeMs);
      expect(wireToMinor(game.minStake)).toBeGreaterThan(0);
      expect(wireToMinor(game.maxStake)).toBeGreaterThanOrEqual(wireToMinor(game.minStake));
    }
    const byVendor = (v: string) => body.value.list.filter((g) => g.vassalage === v);
    expect(new Set(byVendor('TCG').map((g) => g.intervalMs))).toEqual(new Set([86_400_000]));
    expect(new Set(byVendor('TCG_SEA').map((g) => g.intervalMs))).toEqual(new Set([300_000]));
    expect(new Set(byVendor('TCG_LOTTO_VN').map((g) => g.intervalMs))).toEqual(new Set([45_000, 60_000, 180_000, 300_000]));
    expect(byVendor('TCG')[0]?.prizeModes).toEqual(['LOTT', 'ELOTT']);
    expect(byVendor('TCG_SEA')[0]?.prizeModes).toEqual(['SEA']);
    expect(byVendor('TCG_LOTTO_VN')[0]?.prizeModes).toEqual(['ELOTT']);
    const fast = body.value.list.find((g) => g.gameName.endsWith('1 Min'));
    expect(fast?.intervalMs).toBe(60_000);
  });

  it('filters by category, and shows a site only the lottery vendors it offers', async () => {
    const elott = await call<LotteryGamesValue>('/wps/playdeck/lottery/games?gameType=elott');
    expect(elott.body.value.list.every((g) => g.gameType === 'ELOTT')).toBe(true);
    const demo2 = await call<LotteryGamesValue>('http://play2.localhost/wps/playdeck/lottery/games');
    expect(demo2.body.value.list.length).toBeGreaterThan(0);
    expect(new Set(demo2.body.value.list.map((g) => g.vassalage))).toEqual(new Set(['TCG_SEA']));
  });
});

describe('GET /wps/playdeck/lottery/game', () => {
  it('gives the bet types of the game\'s play types and its odds per prize mode', async () => {
    const trad = await dailyGame();
    const { status, body } = await call<LotteryGameSheetValue>(`/wps/playdeck/lottery/game?nodeId=${trad.nodeId}`);
    expect(status).toBe(200);
    expect(envelopeSchema(lotteryCalls.lotteryGame.value).safeParse(body).success).toBe(true);
    expect(wireToMinor(body.value.minStake)).toBe(trad.minStake);
    expect(body.value.playTypes).toEqual(['trad']);
    expect(body.value.betTypes.map((b) => b.betType)).toEqual(['digit', 'pos_big_small', 'pos_odd_even', 'sum_big_small', 'sum_odd_even', 'sum_value']);
    expect(body.value.odds.ELOTT?.digit).toBe(9750);
    expect(body.value.odds.LOTT?.digit).toBe(9700);

    const both = await lotteryGame(`g.lotto_mode = 'Tradition,Entertainment' AND g.vassalage = 'TCG_LOTTO_VN'`);
    const sheet = await call<LotteryGameSheetValue>(`/wps/playdeck/lottery/game?gameId=${both.gameId}`);
    expect(sheet.body.value.nodeId).toBe(both.nodeId);
    expect(sheet.body.value.betTypes.find((b) => b.betType === 'sum_big_small')?.playTypes).toEqual(['trad', 'ent']);
    expect(sheet.body.value.betTypes.map((b) => b.betType)).toContain('dragon_tiger');
  });

  it('answers 404 game_not_found for a game that is not a lottery game of this site', async () => {
    const slot = await env.DB.prepare(`SELECT node_id FROM games WHERE vassalage = 'PD_SLOTS' LIMIT 1`).first<{ node_id: number }>();
    expect((await call(`/wps/playdeck/lottery/game?nodeId=${slot?.node_id}`)).body.errorCode).toBe('game_not_found');
    const tcg = await dailyGame();
    const { status, body } = await call(`http://play2.localhost/wps/playdeck/lottery/game?nodeId=${tcg.nodeId}`);
    expect([status, body.errorCode]).toEqual([404, 'game_not_found']);
  });
});

describe('GET /wps/playdeck/lottery/draws', () => {
  it('publishes the current draw\'s commitment but never its secret, and keeps the same commitment', async () => {
    const game = await dailyGame();
    const first = await call<LotteryDrawsValue>(`/wps/playdeck/lottery/draws?nodeId=${game.nodeId}`);
    expect(first.status).toBe(200);
    expect(envelopeSchema(lotteryCalls.lotteryDraws.value).safeParse(first.body).success).toBe(true);
    const current = first.body.value.current;
    expect(current).toMatchObject({ status: 'open', secret: null, digits: null });
    expect(current.issueNo).toBe(openSlot(game.schedule, first.body.value.serverTime).issueNo);
    const stored = await drawRow(game.nodeId, current.issueNo);
    expect(stored?.commitment).toBe(current.commitment);
    expect(JSON.stringify(first.body)).not.toContain(stored?.secret ?? 'missing');
    const again = await call<LotteryDrawsValue>(`/wps/playdeck/lottery/draws?nodeId=${game.nodeId}`);
    expect(again.body.value.current.commitment).toBe(current.commitment);
  });

  it('lists the last draws newest first, settled, with secrets anyone can verify against the commitments', async () => {
    const game = await lotteryGame(`g.vassalage = 'TCG_LOTTO_VN' AND g.game_name LIKE '% 1 Min'`);
    const now = Date.now();
    const open = openSlot(game.schedule, now);
    const committed: Record<string, string> = {};
    for (let back = 12; back >= 1; back--) {
      const draw = await ensureDraw(env.DB, game.nodeId, slotAt(game.schedule, open.index - back), now - back * 60_000);
      committed[draw.issueNo] = draw.commitment;
    }
    const member = await createMember({ balanceMinor: 0 });
    const { body } = await call<LotteryDrawsValue>(`/wps/playdeck/lottery/draws?nodeId=${game.nodeId}`, { token: member.token });
    const results = body.value.results;
    expect(results).toHaveLength(10);
    expect(results.map((r) => r.drawAt)).toEqual([...results.map((r) => r.drawAt)].sort((a, b) => b - a));
    expect(results[0]?.drawAt).toBeLessThanOrEqual(body.value.serverTime);
    for (const r of results) {
      expect(r.status).toBe('settled');
      expect(r.commitment).toBe(committed[r.issueNo]);
      expect(verifyDraw({ issueNo: r.issueNo, secret: r.secret ?? '', commitment: r.commitment, digits: r.digits ?? [] })).toBe(true);
    }
  });
});

describe('lottery, orders and winner board: malformed input answers 400 with a stable code', () => {
  it.each<[string, string, string, unknown, string]>([
    ['a category that is no lottery', 'GET', '/wps/playdeck/lottery/games?gameType=RNG', undefined, 'request_param_err'],
    ['a game sheet without a game', 'GET', '/wps/playdeck/lottery/game', undefined, 'request_param_err'],
    ['a node id that is not a number', 'GET', '/wps/playdeck/lottery/game?nodeId=abc', undefined, 'request_param_err'],
    ['draws of a negative node id', 'GET', '/wps/playdeck/lottery/draws?nodeId=-1', undefined, 'request_param_err'],
    ['a winner board of more than 20', 'GET', '/wps/game/winners?limitNum=21', undefined, 'request_param_err'],
    ['a winner board of an unknown category', 'GET', '/wps/game/winners?gameCategory=JACKPOT', undefined, 'request_param_err'],
    ['a winner board in an unknown order', 'GET', '/wps/game/winners?sort=luckiest', undefined, 'request_param_err'],
  ])('%s', async (_why, method, path, body, code) => {
    const member = await createMember({ balanceMinor: 10_000 });
    const init = typeof body === 'string'
      ? { method, token: member.token, body, headers: { 'Content-Type': 'application/json' } }
      : { method, token: member.token, ...(body === undefined ? {} : { json: body }) };
    const result = await call(path, init);
    expect([result.status, result.body.errorCode, result.body.success]).toEqual([400, code, false]);
  });

  const slip = { gameId: 'x1', currentNumero: '20260101-0001', prizeModeId: 'LOTT', betCartAmountSum: 10, bettingSlipString: 'digit|1:1|10' };
  it.each<[string, unknown]>([
    ['an empty order', {}],
    ['an order body that is not JSON', '{"gameId":'],
    ['a malformed issue number', { ...slip, currentNumero: 'today' }],
    ['an order without bets', { ...slip, bettingSlipString: '' }],
    ['an order naming no game', { ...slip, gameId: undefined }],
    ['a betCartAmountSum with 3 decimals', { ...slip, betCartAmountSum: 10.001 }],
    ['a betCartAmountSum as text', { ...slip, betCartAmountSum: '10' }],
    ['a prize mode that is no word', { ...slip, prizeModeId: 'L-1' }],
  ])('betting: %s answers the gateway\'s plain 400 request_param_err', async (_why, body) => {
    const member = await createMember({ balanceMinor: 10_000 });
    const init = typeof body === 'string'
      ? { method: 'POST', token: member.token, body, headers: { 'Content-Type': 'application/json' } }
      : { method: 'POST', token: member.token, json: body };
    const result = await gateway('/lgw/orders/betting', init);
    expect([result.status, result.body.errorCode]).toEqual([400, 'request_param_err']);
    expect(result.body).not.toHaveProperty('success');
  });
});
