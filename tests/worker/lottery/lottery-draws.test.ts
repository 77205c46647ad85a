import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { lotteryCalls } from '../../../contract/calls/lottery';
import { envelopeSchema, gatewayErrorSchema } from '../../../contract/envelope';
import { wireToMinor } from '../../../contract/money';
import { verifyDraw } from '../../../worker/model/lottery/draw';
import { ensureDraw } from '../../../worker/services/lottery/draws';
import { openSlot, slotAt } from '../../../worker/model/lottery/schedule';
import { call } from '../helpers';
import { createMember } from '../fixtures';
import { countOf, dailyGame, drawRow, gateway, lotteryGame } from '../lottery-helpers';

type LotteryGamesValue = z.output<typeof lotteryCalls.lotteryGameList.value>;
type LotteryGameSheetValue = z.output<typeof lotteryCalls.gameSetting.value>;
type LotteryDrawsValue = z.output<typeof lotteryCalls.lotteryDraws.value>;

describe('GET /lgw/games', () => {
  it('lists every LOTT and ELOTT game of the site with its schedule and the next close time', async () => {
    const { status, body } = await gateway<LotteryGamesValue>('/lgw/games');
    expect(status).toBe(200);
    expect(lotteryCalls.lotteryGameList.value.safeParse(body).success).toBe(true);
    const configured = await countOf(
      `SELECT COUNT(*) AS n FROM lottery_games lg JOIN games g ON g.node_id = lg.node_id WHERE g.enabled = 1 AND lg.enabled = 1`,
    );
    expect(body.list).toHaveLength(configured);
    const now = Date.now();
    expect(Math.abs(body.serverTime - now)).toBeLessThan(5_000);
    for (const game of body.list) {
      expect(['LOTT', 'ELOTT']).toContain(game.gameType);
      expect(game.nextCloseAt).toBe(game.current.closeAt);
      expect(game.current.openAt).toBeLessThanOrEqual(now);
      expect(game.current.closeAt).toBeGreaterThan(now - 5_000);
      expect(game.current.drawAt - game.current.closeAt).toBe(game.closeBeforeMs);
      expect(wireToMinor(game.minStake)).toBeGreaterThan(0);
      expect(wireToMinor(game.maxStake)).toBeGreaterThanOrEqual(wireToMinor(game.minStake));
    }
    const byVendor = (v: string) => body.list.filter((g) => g.vassalage === v);
    expect(new Set(byVendor('TCG').map((g) => g.intervalMs))).toEqual(new Set([86_400_000]));
    expect(new Set(byVendor('TCG_SEA').map((g) => g.intervalMs))).toEqual(new Set([300_000]));
    expect(new Set(byVendor('TCG_LOTTO_VN').map((g) => g.intervalMs))).toEqual(new Set([45_000, 60_000, 180_000, 300_000]));
    expect(byVendor('TCG')[0]?.prizeModes).toEqual(['LOTT', 'ELOTT']);
    expect(byVendor('TCG_SEA')[0]?.prizeModes).toEqual(['SEA']);
    expect(byVendor('TCG_LOTTO_VN')[0]?.prizeModes).toEqual(['ELOTT']);
    const fast = body.list.find((g) => g.gameName.endsWith('1 Min'));
    expect(fast?.intervalMs).toBe(60_000);
  });

  it('filters by category, and shows a site only the lottery vendors it offers', async () => {
    const elott = await gateway<LotteryGamesValue>('/lgw/games?gameType=elott');
    expect(elott.body.list.every((g) => g.gameType === 'ELOTT')).toBe(true);
    const demo2 = await gateway<LotteryGamesValue>('http://play2.localhost/lgw/games');
    expect(demo2.body.list.length).toBeGreaterThan(0);
    expect(new Set(demo2.body.list.map((g) => g.vassalage))).toEqual(new Set(['TCG_SEA']));
  });
});

describe('GET /lgw/games/{gameId}/setting', () => {
  it('gives the bet types of the game\'s play types and its odds per prize mode', async () => {
    const trad = await dailyGame();
    const { status, body } = await gateway<LotteryGameSheetValue>(`/lgw/games/${trad.gameId}/setting`);
    expect(status).toBe(200);
    expect(lotteryCalls.gameSetting.value.safeParse(body).success).toBe(true);
    expect(wireToMinor(body.minStake)).toBe(trad.minStake);
    expect(body.playTypes).toEqual(['trad']);
    expect(body.betTypes.map((b) => b.betType)).toEqual(['digit', 'pos_big_small', 'pos_odd_even', 'sum_big_small', 'sum_odd_even', 'sum_value']);
    expect(body.odds.ELOTT?.digit).toBe(9750);
    expect(body.odds.LOTT?.digit).toBe(9700);

    const both = await lotteryGame(`g.lotto_mode = 'Tradition,Entertainment' AND g.vassalage = 'TCG_LOTTO_VN'`);
    const sheet = await gateway<LotteryGameSheetValue>(`/lgw/games/${both.gameId}/setting`);
    expect(sheet.body.nodeId).toBe(both.nodeId);
    expect(sheet.body.betTypes.find((b) => b.betType === 'sum_big_small')?.playTypes).toEqual(['trad', 'ent']);
    expect(sheet.body.betTypes.map((b) => b.betType)).toContain('dragon_tiger');
  });

  it('answers 404 game_not_found for a game that is not a lottery game of this site', async () => {
    const slot = await env.DB.prepare(`SELECT game_id FROM games WHERE vassalage = 'PD_SLOTS' LIMIT 1`).first<{ game_id: string }>();
    expect((await gateway(`/lgw/games/${slot?.game_id}/setting`)).body.errorCode).toBe('game_not_found');
    const tcg = await dailyGame();
    const { status, body } = await gateway(`http://play2.localhost/lgw/games/${tcg.gameId}/setting`);
    expect([status, body.errorCode]).toEqual([404, 'game_not_found']);
    expect(gatewayErrorSchema.safeParse(body).success).toBe(true);
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

describe('GET /lgw/draw/{gameId} and GET /lgw/numeros/near', () => {
  it('pages the past draws newest first with their verifiable secrets, and names the current and previous draw', async () => {
    const game = await lotteryGame(`g.vassalage = 'TCG_LOTTO_VN' AND g.game_name LIKE '% 3 Min'`);
    const now = Date.now();
    const open = openSlot(game.schedule, now);
    // Six past slots: the newest closed slot may not be drawn yet (its draw time can lie a little after bets close),
    // so at least five of them have a time that has passed.
    for (let back = 6; back >= 1; back--) await ensureDraw(env.DB, game.nodeId, slotAt(game.schedule, open.index - back), now - back * 180_000);
    await ensureDraw(env.DB, game.nodeId, open, now);
    const page0 = await gateway<z.output<typeof lotteryCalls.drawHistory.value>>(`/lgw/draw/${game.gameId}?page=0&size=2`);
    expect(page0.status).toBe(200);
    expect(lotteryCalls.drawHistory.value.safeParse(page0.body).success).toBe(true);
    expect(page0.body.draws).toMatchObject({ number: 0, size: 2 });
    expect(page0.body.draws.totalElements).toBeGreaterThanOrEqual(5);
    const [newest, older] = page0.body.draws.content;
    expect(newest?.drawAt).toBeLessThanOrEqual(Date.now());
    expect(older?.drawAt ?? 0).toBeLessThan(newest?.drawAt ?? 0);
    for (const d of page0.body.draws.content) {
      expect(verifyDraw({ issueNo: d.issueNo, secret: d.secret ?? '', commitment: d.commitment, digits: d.digits ?? [] })).toBe(true);
    }
    const page1 = await gateway<z.output<typeof lotteryCalls.drawHistory.value>>(`/lgw/draw/${game.gameId}?page=1&size=2`);
    expect(page1.body.draws.content[0]?.drawAt ?? Infinity).toBeLessThan(older?.drawAt ?? 0);

    const near = await gateway<z.output<typeof lotteryCalls.nearNumeros.value>>(`/lgw/numeros/near?gameId=${game.gameId}`);
    expect(near.status).toBe(200);
    expect(lotteryCalls.nearNumeros.value.safeParse(near.body).success).toBe(true);
    expect(near.body.current).toMatchObject({ issueNo: openSlot(game.schedule, near.body.serverTime).issueNo, secret: null, digits: null });
    expect(near.body.previous?.issueNo).toBe(slotAt(game.schedule, openSlot(game.schedule, near.body.serverTime).index - 1).issueNo);
    expect(JSON.stringify(near.body.current)).not.toContain((await drawRow(game.nodeId, near.body.current.issueNo))?.secret ?? 'missing');
  });

  it.each(['/lgw/draw/no-such-game', '/lgw/numeros/near?gameId=no-such-game'])('%s answers 404 game_not_found', async (path) => {
    const { status, body } = await gateway(path);
    expect([status, body.errorCode]).toEqual([404, 'game_not_found']);
    expect(gatewayErrorSchema.safeParse(body).success).toBe(true);
  });
});

describe('lottery, orders and winner board: malformed input answers 400 with a stable code', () => {
  it.each<[string, string, string, unknown, string]>([
    ['draws without a game', 'GET', '/wps/playdeck/lottery/draws', undefined, 'request_param_err'],
    ['a node id that is not a number', 'GET', '/wps/playdeck/lottery/draws?nodeId=abc', undefined, 'request_param_err'],
    ['draws of a negative node id', 'GET', '/wps/playdeck/lottery/draws?nodeId=-1', undefined, 'request_param_err'],
    ['a winner board of more than 20', 'GET', '/wps/relay/GCSGAME_getRankList?limitNum=21', undefined, 'request_param_err'],
    ['a winner board of an unknown category', 'GET', '/wps/relay/GCSGAME_getRankList?gameCategory=JACKPOT', undefined, 'request_param_err'],
    ['a winner board in an unknown order', 'GET', '/wps/relay/GCSGAME_getRankList?sort=luckiest', undefined, 'request_param_err'],
  ])('%s', async (_why, method, path, body, code) => {
    const member = await createMember({ balanceMinor: 10_000 });
    const init = typeof body === 'string'
      ? { method, token: member.token, body, headers: { 'Content-Type': 'application/json' } }
      : { method, token: member.token, ...(body === undefined ? {} : { json: body }) };
    const result = await call(path, init);
    expect([result.status, result.body.errorCode, result.body.success]).toEqual([400, code, false]);
  });

  it.each<[string, string]>([
    ['a category that is no lottery', '/lgw/games?gameType=RNG'],
    ['a setting of a malformed game id', '/lgw/games/bad%21id/setting'],
    ['a draw page of size 0', '/lgw/draw/G1?size=0'],
    ['a negative draw page', '/lgw/draw/G1?page=-1'],
    ['near numeros without a game', '/lgw/numeros/near'],
  ])('gateway read: %s answers the plain 400 request_param_err', async (_why, path) => {
    const result = await gateway(path);
    expect([result.status, result.body.errorCode]).toEqual([400, 'request_param_err']);
    expect(result.body).not.toHaveProperty('success');
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
