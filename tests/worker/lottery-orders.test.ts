import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { LotteryCancelValue, LotteryOrderDetail, LotteryOrderListValue } from '../../src/api/types';
import { cancelSubOrders, placeOrder } from '../../worker/services/lottery/orders';
import { ApiError } from '../../worker/lib/envelope';
import { call } from './helpers';
import { balanceOf, createMember, withVendorMaintenance } from './fixtures';
import { closedDraw, countOf, dailyGame, entGame, ledgerOf, newKey, openDraw, postOrder } from './lottery-helpers';

const digitBet = (digit: number, stakeMinor: number) => ({ betType: 'digit', selection: { position: 1, digit }, stakeMinor });

describe('POST /lgw/orders: placing', () => {
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
    expect(body.value.replayed).toBe(false);
    expect(body.value.balanceMinor).toBe(46_500);
    expect(await balanceOf(member.memberId)).toBe(46_500);
    expect(await ledgerOf(member.memberId)).toEqual([{
      amount_minor: -3500, balance_after_minor: 46_500, kind: 'bet', reference: `lottery:order:${key}`, idempotency_key: `lottery:order:${key}`,
    }]);
    const order = body.value.order;
    expect(order).toMatchObject({ nodeId: game.nodeId, issueNo: draw.issueNo, prizeMode: 'ELOTT', status: 'open', totalStakeMinor: 3500, payoutMinor: 0 });
    expect(order.subOrders.map((s) => [s.betType, s.stakeMinor, s.oddsMilli, s.status])).toEqual([
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
    expect(body.value.order).toMatchObject({ nodeId: game.nodeId, prizeMode: 'LOTT' });
  });

  it('lets a trial member bet with play money', async () => {
    const game = await entGame();
    const member = await createMember({ type: 4, balanceMinor: 20_000 });
    const { status, body } = await postOrder(member.token, {
      nodeId: game.nodeId, issueNo: (await openDraw(game, 3_000)).issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(),
      items: [{ betType: 'dragon_tiger', selection: { pick: 'tie' }, stakeMinor: 500 }],
    });
    expect(status).toBe(200);
    expect(body.value.balanceMinor).toBe(19_500);
  });

  it('changes nothing when retried with the same key, and returns the first order', async () => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 10_000 });
    const order = { nodeId: game.nodeId, issueNo: (await openDraw(game)).issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: [digitBet(3, 1000)] };
    const first = await postOrder(member.token, order);
    const again = await Promise.all([postOrder(member.token, order), postOrder(member.token, order)]);
    for (const retry of again) {
      expect(retry.status).toBe(200);
      expect(retry.body.value.replayed).toBe(true);
      expect(retry.body.value.order.orderId).toBe(first.body.value.order.orderId);
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
    const owner = { memberId: member.memberId, merchantCode: 'DEMO' };
    await expect(placeOrder(env.DB, owner, input, draw.closeAt)).rejects.toMatchObject({ status: 409, errorCode: 'draw_closed' });
    await placeOrder(env.DB, owner, input, draw.closeAt - 1);
    expect(await balanceOf(member.memberId)).toBe(9_000);
  });

  it('the database itself refuses an order stamped at or after the close, or on a revealed draw', async () => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 10_000 });
    const draw = await openDraw(game);
    await placeOrder(env.DB, { memberId: member.memberId, merchantCode: 'DEMO' },
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
    ['a draw not open yet', (g) => ({ issueNo: nextIssue(g) }), 409, 'draw_not_open'],
    ['an issue that is not on the schedule', () => ({ issueNo: '20260230-0001' }), 404, 'draw_not_found'],
    ['an unknown game', () => ({ nodeId: 999_999 }), 404, 'game_not_found'],
    ['a prize mode the game does not offer', () => ({ prizeMode: 'SEA' }), 400, 'invalid_prize_mode'],
    ['an unknown bet type', () => ({ items: [{ betType: 'jackpot', selection: {}, stakeMinor: 1000 }] }), 400, 'invalid_bet'],
    ['an Entertainment bet on a Tradition game', () => ({ items: [{ betType: 'dragon_tiger', selection: { pick: 'tie' }, stakeMinor: 1000 }] }), 400, 'invalid_bet'],
    ['a stake below the game\'s minimum bet', (g) => ({ items: [digitBet(1, g.minStake - 1)] }), 400, 'invalid_stake'],
    ['a fractional stake', () => ({ items: [digitBet(1, 1000.5)] }), 400, 'invalid_stake'],
    ['a stake larger than the balance', () => ({ items: [digitBet(1, 20_000)] }), 409, 'insufficient_balance'],
  ])('refuses %s', async (_why, change, status, code) => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 10_000 });
    const base = { nodeId: game.nodeId, issueNo: (await openDraw(game)).issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: [digitBet(1, 1000)] };
    const result = await postOrder(member.token, { ...base, ...change(game) });
    expect([result.status, result.body.errorCode]).toEqual([status, code]);
    expect(await balanceOf(member.memberId)).toBe(10_000);
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

  it('needs a session', async () => {
    const result = await call('/lgw/orders', { method: 'POST', json: {} });
    expect([result.status, result.body.errorCode]).toEqual([401, 'customer.not.login']);
  });
});

function nextIssue(game: Awaited<ReturnType<typeof dailyGame>>): string {
  const open = closedDraw(game);
  const { intervalMs } = game.schedule;
  const dayAfter = new Date(open.drawAt + 2 * intervalMs);
  return `${dayAfter.toISOString().slice(0, 10).replace(/-/g, '')}-0001`;
}

describe('GET /lgw/orders and /lgw/orders/detail', () => {
  it('lists the member\'s orders newest first with filters and paging, and shows one in detail', async () => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 100_000 });
    const stranger = await createMember({ balanceMinor: 100_000 });
    const issueNo = (await openDraw(game)).issueNo;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const placed = await postOrder(member.token, { nodeId: game.nodeId, issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: [digitBet(i, 1000)] });
      ids.push(placed.body.value.order.orderId);
    }
    await postOrder(stranger.token, { nodeId: game.nodeId, issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: [digitBet(1, 1000)] });

    const page1 = await call<LotteryOrderListValue>('/lgw/orders?pageNo=1&pageSize=2', { token: member.token });
    expect(page1.status).toBe(200);
    expect(page1.body.value).toMatchObject({ pageNum: 1, totalPages: 3, total: 5 });
    expect(page1.body.value.content.map((o) => o.orderId)).toEqual([ids[4], ids[3]]);
    const page3 = await call<LotteryOrderListValue>('/lgw/orders?pageNo=3&pageSize=2', { token: member.token });
    expect(page3.body.value.content.map((o) => o.orderId)).toEqual([ids[0]]);

    const filtered = await call<LotteryOrderListValue>(`/lgw/orders?status=open&nodeId=${game.nodeId}&from=0&to=${Date.now() + 1000}`, { token: member.token });
    expect(filtered.body.value.total).toBe(5);
    expect((await call<LotteryOrderListValue>('/lgw/orders?status=settled', { token: member.token })).body.value).toMatchObject({ total: 0, totalPages: 0 });
    expect((await call<LotteryOrderListValue>('/lgw/orders?from=0&to=1', { token: member.token })).body.value.total).toBe(0);

    const detail = await call<LotteryOrderDetail>(`/lgw/orders/detail?orderId=${ids[2]}`, { token: member.token });
    expect(detail.status).toBe(200);
    expect(detail.body.value.subOrders).toEqual([expect.objectContaining({ betType: 'digit', selection: { position: 1, digit: 2 }, stakeMinor: 1000 })]);
    const theirs = await call(`/lgw/orders/detail?orderId=${ids[2]}`, { token: stranger.token });
    expect([theirs.status, theirs.body.errorCode]).toEqual([404, 'order_not_found']);
  });
});

describe('POST /lgw/orders/suborders/cancel', () => {
  async function placed() {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 10_000 });
    const draw = await openDraw(game);
    const { body } = await postOrder(member.token, {
      nodeId: game.nodeId, issueNo: draw.issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: [digitBet(1, 1000), digitBet(2, 3000)],
    });
    return { game, member, draw, order: body.value.order };
  }

  it('cancels a bet before the close and refunds its stake in the same transaction', async () => {
    const { member, order } = await placed();
    const first = order.subOrders[0]?.subOrderId ?? 0;
    const { status, body } = await call<LotteryCancelValue>('/lgw/orders/suborders/cancel', { method: 'POST', token: member.token, json: { subOrderIds: [first] } });
    expect(status).toBe(200);
    expect(body.value.balanceMinor).toBe(7_000);
    expect(body.value.orders[0]).toMatchObject({ status: 'open', refundMinor: 1000 });
    expect(body.value.orders[0]?.subOrders.map((s) => s.status)).toEqual(['cancelled', 'open']);
    const refund = (await ledgerOf(member.memberId)).at(-1);
    expect(refund).toMatchObject({ amount_minor: 1000, kind: 'refund', idempotency_key: `lottery:refund:${first}`, balance_after_minor: 7_000 });

    // A retry refunds nothing twice; cancelling the last bet cancels the order.
    await call('/lgw/orders/suborders/cancel', { method: 'POST', token: member.token, json: { subOrderIds: [first] } });
    const all = await call<LotteryCancelValue>('/lgw/orders/suborders/cancel', {
      method: 'POST', token: member.token, json: { subOrderIds: order.subOrders.map((s) => s.subOrderId) },
    });
    expect(all.body.value.orders[0]).toMatchObject({ status: 'cancelled', refundMinor: 4000 });
    expect(await balanceOf(member.memberId)).toBe(10_000);
    expect((await ledgerOf(member.memberId)).filter((r) => r.kind === 'refund')).toHaveLength(2);
  });

  it('refuses after the close with 409 draw_closed and refunds nothing', async () => {
    const { member, order, draw } = await placed();
    const ids = order.subOrders.map((s) => s.subOrderId);
    const late = cancelSubOrders(env.DB, { memberId: member.memberId, merchantCode: 'DEMO' }, ids, draw.closeAt);
    await expect(late).rejects.toBeInstanceOf(ApiError);
    await expect(late).rejects.toMatchObject({ status: 409, errorCode: 'draw_closed' });
    expect(await balanceOf(member.memberId)).toBe(6_000);
  });

  it('the database itself refuses a cancellation stamped at or after the close', async () => {
    const { order, draw } = await placed();
    const id = order.subOrders[0]?.subOrderId ?? 0;
    const update = env.DB.prepare(`UPDATE lottery_sub_orders SET status = 'cancelled', closed_at = ? WHERE id = ?`).bind(draw.closeAt, id).run();
    await expect(update).rejects.toThrow(/lottery_draw_closed/);
  });

  it.each<[string, (ids: number[]) => unknown, number, string]>([
    ['an unknown bet', () => ({ subOrderIds: [987_654_321] }), 404, 'suborder_not_found'],
    ['no ids', () => ({ subOrderIds: [] }), 400, 'request_param_err'],
    ['ids as text', (ids) => ({ subOrderIds: ids.map(String) }), 400, 'request_param_err'],
  ])('refuses %s', async (_why, body, status, code) => {
    const { member, order } = await placed();
    const result = await call('/lgw/orders/suborders/cancel', { method: 'POST', token: member.token, json: body(order.subOrders.map((s) => s.subOrderId)) });
    expect([result.status, result.body.errorCode]).toEqual([status, code]);
    expect(await balanceOf(member.memberId)).toBe(6_000);
  });

  it('refuses to cancel another member\'s bet', async () => {
    const { order } = await placed();
    const stranger = await createMember({ balanceMinor: 0 });
    const result = await call('/lgw/orders/suborders/cancel', { method: 'POST', token: stranger.token, json: { subOrderIds: [order.subOrders[0]?.subOrderId] } });
    expect([result.status, result.body.errorCode]).toEqual([404, 'suborder_not_found']);
  });
});
