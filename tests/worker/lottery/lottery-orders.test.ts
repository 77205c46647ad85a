import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { lotteryCalls } from '../../../contract/calls/lottery';
import { gatewayErrorSchema } from '../../../contract/envelope';
import { minorToWire, wireToMinor } from '../../../contract/money';
import { placeOrder } from '../../../worker/services/lottery/orders';
import { balanceOf, createMember, withVendorMaintenance } from '../fixtures';
import { call } from '../helpers';
import { closedDraw, countOf, dailyGame, entGame, ledgerOf, newKey, openDraw, placeBet, postOrder } from '../lottery-helpers';

const digitBet = (digit: number, stakeMinor: number) => ({ betType: 'digit', selection: { position: 1, digit }, stakeMinor });

/** Sets a game's free-play support (0: supported; guest and trial accounts may play it). */
const setSupportPlay = (nodeId: number, value: number) =>
  env.DB.prepare(`UPDATE games SET support_play = ? WHERE node_id = ?`).bind(value, nodeId).run();

describe('POST /lgw/orders/betting: placing', () => {
  it('debits exactly the total stake, with one ledger row, the order and its bets', async () => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 50_000 });
    const draw = await openDraw(game);
    const key = newKey();
    const { status, body } = await postOrder(member.token, {
      nodeId: game.nodeId, issueNo: draw.issueNo, prizeMode: 'ELOTT', idempotencyKey: key,
      items: [digitBet(7, 1000), { betType: 'sum_big_small', selection: { pick: 'big' }, stakeMinor: 2500 }],
    });
    expect(status).toBe(200);
    expect(lotteryCalls.betting.value.safeParse(body).success).toBe(true);
    expect(body.replayed).toBe(false);
    expect(wireToMinor(body.balance)).toBe(46_500);
    expect(body.balance).toBe(465);
    expect(await balanceOf(member.memberId)).toBe(46_500);
    expect(await ledgerOf(member.memberId)).toEqual([{
      amount_minor: -3500, balance_after_minor: 46_500, kind: 'bet', reference: `lottery:order:${key}`, idempotency_key: `lottery:order:${key}`,
    }]);
    const order = body.order;
    expect(order).toMatchObject({ nodeId: game.nodeId, gameId: game.gameId, issueNo: draw.issueNo, prizeMode: 'ELOTT', status: 'open', payout: 0 });
    expect(wireToMinor(order.totalStake)).toBe(3500);
    expect(order.subOrders.map((s) => [s.betType, wireToMinor(s.stake), s.oddsMilli, s.status])).toEqual([
      ['digit', 1000, 9750, 'open'], ['sum_big_small', 2500, 1950, 'open'],
    ]);
    expect(order.draw).toMatchObject({ issueNo: draw.issueNo, status: 'open', secret: null, digits: null });
    expect(order.draw.commitment).toMatch(/^[0-9a-f]{64}$/);
  });

  it('finds the game by the launcher\'s gameId as well', async () => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 5_000 });
    const { status, body } = await postOrder(member.token, {
      gameId: game.gameId, issueNo: (await openDraw(game)).issueNo, prizeMode: 'lott', idempotencyKey: newKey(), items: [digitBet(1, 1000)],
    });
    expect(status).toBe(200);
    expect(body.order).toMatchObject({ nodeId: game.nodeId, prizeMode: 'LOTT' });
  });

  it('lets a trial member bet with play money on a game that supports free play', async () => {
    const game = await entGame(1);
    await setSupportPlay(game.nodeId, 0);
    try {
      const member = await createMember({ type: 4, balanceMinor: 20_000 });
      const { status, body } = await postOrder(member.token, {
        nodeId: game.nodeId, issueNo: (await openDraw(game, 3_000)).issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(),
        items: [{ betType: 'dragon_tiger', selection: { pick: 'tie' }, stakeMinor: 500 }],
      });
      expect(status).toBe(200);
      expect(wireToMinor(body.balance)).toBe(19_500);
    } finally {
      await setSupportPlay(game.nodeId, 1);
    }
  });

  it('refuses a trial member\'s order on a game whose launch refuses trial accounts (one rule: 403 free_reject), moving no money', async () => {
    const game = await entGame(2);
    await setSupportPlay(game.nodeId, 1);
    const member = await createMember({ type: 4, balanceMinor: 20_000 });
    const launch = await call(`/wps/game/launchGame?launchMode=LOTT&nodeId=${game.nodeId}`, { token: member.token });
    expect(launch.status).toBe(403);
    const order = await postOrder(member.token, {
      nodeId: game.nodeId, issueNo: (await openDraw(game, 3_000)).issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(),
      items: [{ betType: 'dragon_tiger', selection: { pick: 'tie' }, stakeMinor: 500 }],
    });
    expect(order.status).toBe(403);
    expect(order.body.errorCode).toBe('free_reject');
    expect(launch.body.errorCode).toBe(order.body.errorCode);
    expect(await ledgerOf(member.memberId)).toEqual(expect.not.arrayContaining([expect.objectContaining({ kind: 'bet' })]));
  });

  it('changes nothing when retried with the same key, and returns the first order', async () => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 10_000 });
    const order = { nodeId: game.nodeId, issueNo: (await openDraw(game)).issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: [digitBet(3, 1000)] };
    const first = await postOrder(member.token, order);
    const again = await Promise.all([postOrder(member.token, order), postOrder(member.token, order)]);
    for (const retry of again) {
      expect(retry.status).toBe(200);
      expect(retry.body.replayed).toBe(true);
      expect(retry.body.order.orderId).toBe(first.body.order.orderId);
    }
    expect(await balanceOf(member.memberId)).toBe(9_000);
    expect(await ledgerOf(member.memberId)).toHaveLength(1);
    expect(await countOf(`SELECT COUNT(*) AS n FROM lottery_orders WHERE member_id = ?`, member.memberId)).toBe(1);
  });

  it('answers 409 idempotency_conflict when a key is reused for a different order', async () => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 10_000 });
    const order = { nodeId: game.nodeId, issueNo: (await openDraw(game)).issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: [digitBet(3, 1000)] };
    await postOrder(member.token, order);
    const other = await postOrder(member.token, { ...order, items: [digitBet(4, 1000)] });
    expect([other.status, other.body.errorCode]).toEqual([409, 'idempotency_conflict']);
    expect(await balanceOf(member.memberId)).toBe(9_000);
  });

  it('refuses a bet after the draw closed with 409 draw_closed and moves no money', async () => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 10_000 });
    const { status, body } = await postOrder(member.token, {
      nodeId: game.nodeId, issueNo: closedDraw(game).issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: [digitBet(3, 1000)],
    });
    expect([status, body.errorCode]).toEqual([409, 'draw_closed']);
    expect(await balanceOf(member.memberId)).toBe(10_000);
    expect(await ledgerOf(member.memberId)).toHaveLength(0);
  });

  it('refuses at the very millisecond of the close', async () => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 10_000 });
    const draw = await openDraw(game);
    const input = { nodeId: game.nodeId, issueNo: draw.issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: [digitBet(3, 1000)] };
    const owner = { memberId: member.memberId, merchantCode: 'DEMO', realMember: true };
    await expect(placeOrder(env.DB, owner, input, draw.closeAt)).rejects.toMatchObject({ status: 409, errorCode: 'draw_closed' });
    await placeOrder(env.DB, owner, input, draw.closeAt - 1);
    expect(await balanceOf(member.memberId)).toBe(9_000);
  });

  it('the database itself refuses an order stamped at or after the close, or on a revealed draw', async () => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 10_000 });
    const draw = await openDraw(game);
    await placeOrder(env.DB, { memberId: member.memberId, merchantCode: 'DEMO', realMember: true },
      { nodeId: game.nodeId, issueNo: draw.issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: [digitBet(3, 1000)] }, Date.now());
    const drawId = (await env.DB.prepare(`SELECT id FROM lottery_draws WHERE node_id = ? AND issue_no = ?`).bind(game.nodeId, draw.issueNo).first<{ id: number }>())?.id ?? 0;
    const insert = (createdAt: number) => env.DB.prepare(
      `INSERT INTO lottery_orders (member_id, merchant_code, node_id, draw_id, issue_no, prize_mode, total_stake_minor, idempotency_key, request_hash, created_at)
       VALUES (?, 'DEMO', ?, ?, ?, 'ELOTT', 1000, ?, 'x', ?)`,
    ).bind(member.memberId, game.nodeId, drawId, draw.issueNo, newKey(), createdAt).run();
    await expect(insert(draw.closeAt)).rejects.toThrow(/lottery_draw_closed/);
    await env.DB.prepare(`UPDATE lottery_draws SET status = 'drawing' WHERE id = ?`).bind(drawId).run();
    try {
      await expect(insert(draw.closeAt - 60_000)).rejects.toThrow(/lottery_draw_closed/);
    } finally {
      await env.DB.prepare(`UPDATE lottery_draws SET status = 'open' WHERE id = ?`).bind(drawId).run();
    }
  });

  it.each<[string, (g: Awaited<ReturnType<typeof dailyGame>>) => Record<string, unknown>, number, string]>([
    ['a draw not open yet', (g) => ({ currentNumero: nextIssue(g) }), 409, 'draw_not_open'],
    ['an issue that is not on the schedule', () => ({ currentNumero: '20260230-0001' }), 404, 'draw_not_found'],
    ['an unknown game', () => ({ gameId: 'no-such-game' }), 404, 'game_not_found'],
    ['a prize mode the game does not offer', () => ({ prizeModeId: 'SEA' }), 400, 'invalid_prize_mode'],
    ['an unknown bet type', () => ({ bettingSlipString: 'jackpot|x|10' }), 400, 'invalid_bet'],
    ['an Entertainment bet on a Tradition game', () => ({ bettingSlipString: 'dragon_tiger|tie|10' }), 400, 'invalid_bet'],
    ['a selection out of range', () => ({ bettingSlipString: 'digit|6:1|10' }), 400, 'invalid_bet'],
    ['a malformed slip entry', () => ({ bettingSlipString: 'digit|1-1|10' }), 400, 'invalid_bet'],
    ['51 bets in one slip', () => ({ bettingSlipString: Array(51).fill('digit|1:1|10').join(';'), betCartAmountSum: 510 }), 400, 'invalid_bet'],
    ['a stake below the game\'s minimum bet', (g) => ({ bettingSlipString: `digit|1:1|${minorToWire(g.minStake - 1)}`, betCartAmountSum: minorToWire(g.minStake - 1) }), 400, 'invalid_stake'],
    ['a stake with more than 2 decimals', () => ({ bettingSlipString: 'digit|1:1|10.005' }), 400, 'invalid_stake'],
    ['a negative stake', () => ({ bettingSlipString: 'digit|1:1|-10', betCartAmountSum: -10 }), 400, 'invalid_stake'],
    ['a betCartAmountSum that is not the sum of the stakes', () => ({ betCartAmountSum: 10.01 }), 400, 'invalid_stake'],
    ['a chase order (PlayDeck has no chasing)', () => ({ chase: true }), 400, 'function.not.available'],
    ['a quick chase', () => ({ quickChase: 1 }), 400, 'function.not.available'],
    ['a stake larger than the balance', () => ({ bettingSlipString: 'digit|1:1|200', betCartAmountSum: 200 }), 409, 'insufficient_balance'],
  ])('refuses %s', async (_why, change, status, code) => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 10_000 });
    const base = { gameId: game.gameId, currentNumero: (await openDraw(game)).issueNo, prizeModeId: 'ELOTT', betCartAmountSum: 10, bettingSlipString: 'digit|1:1|10' };
    const result = await placeBet(member.token, { ...base, ...change(game) }, newKey());
    expect([result.status, result.body.errorCode]).toEqual([status, code]);
    expect(gatewayErrorSchema.safeParse(result.body).success).toBe(true);
    expect(await balanceOf(member.memberId)).toBe(10_000);
  });

  it('names the refused slip entry in value.index', async () => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 10_000 });
    const result = await placeBet(member.token, {
      gameId: game.gameId, currentNumero: (await openDraw(game)).issueNo, prizeModeId: 'ELOTT', betCartAmountSum: 20,
      bettingSlipString: 'digit|1:1|10;digit|1:x|10',
    }, newKey());
    expect([result.status, result.body.errorCode, result.body.value]).toEqual([400, 'invalid_bet', { index: 1 }]);
  });

  it('refuses a malformed Idempotency-Key with 400 request_param_err; without one every call is a new order', async () => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 10_000 });
    const body = { gameId: game.gameId, currentNumero: (await openDraw(game)).issueNo, prizeModeId: 'ELOTT', betCartAmountSum: 10, bettingSlipString: 'digit|1:1|10' };
    const bad = await placeBet(member.token, body, 'short');
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'request_param_err']);
    const one = await placeBet(member.token, body);
    const two = await placeBet(member.token, body);
    expect([one.status, two.status, one.body.replayed, two.body.replayed]).toEqual([200, 200, false, false]);
    expect(await balanceOf(member.memberId)).toBe(8_000);
  });

  it('refuses with 409 vendor_maintenance while the vendor is in maintenance', async () => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 10_000 });
    const issueNo = (await openDraw(game)).issueNo;
    const result = await withVendorMaintenance('TCG', () => postOrder(member.token, {
      nodeId: game.nodeId, issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: [digitBet(1, 1000)],
    }));
    expect([result.status, result.body.errorCode]).toEqual([409, 'vendor_maintenance']);
  });

  it('needs a session, and answers the gateway\'s plain { errorCode } (no envelope)', async () => {
    const result = await placeBet('', {});
    expect([result.status, result.body.errorCode]).toEqual([401, 'customer.not.login']);
    expect(gatewayErrorSchema.safeParse(result.body).success).toBe(true);
    expect(result.body).not.toHaveProperty('success');
  });
});

function nextIssue(game: Awaited<ReturnType<typeof dailyGame>>): string {
  const open = closedDraw(game);
  const { intervalMs } = game.schedule;
  const dayAfter = new Date(open.drawAt + 2 * intervalMs);
  return `${dayAfter.toISOString().slice(0, 10).replace(/-/g, '')}-0001`;
}

