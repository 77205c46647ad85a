import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { lotteryCalls } from '../../../contract/calls/lottery';
import { gatewayErrorSchema } from '../../../contract/envelope';
import { wireToMinor } from '../../../contract/money';
import { cancelSubOrders } from '../../../worker/services/lottery/orders';
import { ApiError } from '../../../worker/lib/envelope';
import { balanceOf, createMember } from '../fixtures';
import { dailyGame, gateway, ledgerOf, newKey, openDraw, postOrder } from '../lottery-helpers';

const digitBet = (digit: number, stakeMinor: number) => ({ betType: 'digit', selection: { position: 1, digit }, stakeMinor });

type SearchValue = z.output<typeof lotteryCalls.orderSearch.value>;
type DetailValue = z.output<typeof lotteryCalls.orderDetail.value>;
type InfoValue = z.output<typeof lotteryCalls.orderInfo.value>;
type CancelValue = z.output<typeof lotteryCalls.cancelOrders.value>;

const search = (token: string, body: unknown) => gateway<SearchValue>('/lgw/orders', { method: 'POST', token, json: body });
const cancel = (token: string, body: unknown) => gateway<CancelValue>('/lgw/orders/suborders/cancel', { method: 'PUT', token, json: body });

describe('POST /lgw/orders (search), GET /lgw/orders/today, GET /lgw/orders/detail/{id}[/info]', () => {
  it('lists the member\'s orders newest first with filters and pages from 0, and shows one in detail', async () => {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 100_000 });
    const stranger = await createMember({ balanceMinor: 100_000 });
    const issueNo = (await openDraw(game)).issueNo;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const placed = await postOrder(member.token, { nodeId: game.nodeId, issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: [digitBet(i, 1000)] });
      ids.push(placed.body.order.orderId);
    }
    await postOrder(stranger.token, { nodeId: game.nodeId, issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: [digitBet(1, 1000)] });

    const page0 = await search(member.token, { page: 0, size: 2 });
    expect(page0.status).toBe(200);
    expect(lotteryCalls.orderSearch.value.safeParse(page0.body).success).toBe(true);
    expect(page0.body.orders).toMatchObject({ number: 0, size: 2, totalPages: 3, totalElements: 5 });
    expect(page0.body.orders.content.map((o) => o.orderId)).toEqual([ids[4], ids[3]]);
    expect(wireToMinor(page0.body.orders.content[0]?.totalStake ?? -1)).toBe(1000);
    const page2 = await search(member.token, { page: 2, size: 2 });
    expect(page2.body.orders.content.map((o) => o.orderId)).toEqual([ids[0]]);

    const filtered = await search(member.token, {
      orderStatus: 'open', gameId: game.gameId, numero: issueNo, startDate: 0, endDate: Date.now() + 1000,
      orderNumber: '', chasingOrder: false, chasingStatus: '', page: 0, size: 20,
    });
    expect(filtered.body.orders.totalElements).toBe(5);
    expect((await search(member.token, { orderStatus: 'settled' })).body.orders).toMatchObject({ totalElements: 0, totalPages: 0 });
    expect((await search(member.token, { startDate: 0, endDate: 1 })).body.orders.totalElements).toBe(0);
    expect((await search(member.token, { chasingOrder: true })).body.orders.totalElements).toBe(0);
    const byNumber = await search(member.token, { orderNumber: String(ids[2]) });
    expect(byNumber.body.orders.content.map((o) => o.orderNumber)).toEqual([String(ids[2])]);

    const today = await gateway<SearchValue>(`/lgw/orders/today?gameId=${game.gameId}&page=0&size=50`, { token: member.token });
    expect(today.status).toBe(200);
    expect(lotteryCalls.todayOrders.value.safeParse(today.body).success).toBe(true);
    expect(today.body.orders.content.map((o) => o.orderId)).toEqual([...ids].reverse());

    const detail = await gateway<DetailValue>(`/lgw/orders/detail/${ids[2]}`, { token: member.token });
    expect(detail.status).toBe(200);
    expect(lotteryCalls.orderDetail.value.safeParse(detail.body).success).toBe(true);
    expect(detail.body.subOrders).toEqual([expect.objectContaining({ betType: 'digit', selection: { position: 1, digit: 2 }, stake: 10 })]);
    expect(wireToMinor(detail.body.subOrders[0]?.stake ?? -1)).toBe(1000);
    const theirs = await gateway(`/lgw/orders/detail/${ids[2]}`, { token: stranger.token });
    expect([theirs.status, theirs.body.errorCode]).toEqual([404, 'order_not_found']);
    expect(gatewayErrorSchema.safeParse(theirs.body).success).toBe(true);

    const info = await gateway<InfoValue>(`/lgw/orders/detail/${ids[2]}/info?page=0&size=10`, { token: member.token });
    expect(info.status).toBe(200);
    expect(lotteryCalls.orderInfo.value.safeParse(info.body).success).toBe(true);
    expect(info.body.orderDetails).toMatchObject({ totalElements: 1, totalPages: 1, number: 0, size: 10 });
    const infoTheirs = await gateway(`/lgw/orders/detail/${ids[2]}/info`, { token: stranger.token });
    expect([infoTheirs.status, infoTheirs.body.errorCode]).toEqual([404, 'order_not_found']);
  });

  it.each<[string, string, string, unknown]>([
    ['a search page size of 0', 'POST', '/lgw/orders', { size: 0 }],
    ['a search with a negative page', 'POST', '/lgw/orders', { page: -1 }],
    ['an unknown order status', 'POST', '/lgw/orders', { orderStatus: 'won' }],
    ['a date range that ends before it starts', 'POST', '/lgw/orders', { startDate: 5, endDate: 1 }],
    ['a malformed numero', 'POST', '/lgw/orders', { numero: 'today' }],
    ['a search body that is not JSON', 'POST', '/lgw/orders', '{"page":'],
    ['today\'s orders of size 101', 'GET', '/lgw/orders/today?size=101', undefined],
    ['a detail of a non-numeric order id', 'GET', '/lgw/orders/detail/x', undefined],
    ['the bets of a non-numeric order id', 'GET', '/lgw/orders/detail/x/info', undefined],
    ['a cancel that is not an array', 'PUT', '/lgw/orders/suborders/cancel', { subOrderIds: [1] }],
  ])('answers 400 request_param_err for %s', async (_why, method, path, body) => {
    const member = await createMember({ balanceMinor: 0 });
    const init = typeof body === 'string'
      ? { method, token: member.token, body, headers: { 'Content-Type': 'application/json' } }
      : { method, token: member.token, ...(body === undefined ? {} : { json: body }) };
    const result = await gateway(path, init);
    expect([result.status, result.body.errorCode]).toEqual([400, 'request_param_err']);
    expect(result.body).not.toHaveProperty('success');
  });

  it.each([
    ['POST', '/lgw/orders'], ['GET', '/lgw/orders/today'], ['GET', '/lgw/orders/detail/1'], ['GET', '/lgw/orders/detail/1/info'],
    ['PUT', '/lgw/orders/suborders/cancel'],
  ])('%s %s needs a session (401 customer.not.login, plain body)', async (method, path) => {
    const result = await gateway(path, { method, ...(method === 'GET' ? {} : { json: [1] }) });
    expect([result.status, result.body.errorCode]).toEqual([401, 'customer.not.login']);
  });

  it('answers a bad token with 401 user.or.token.invalid', async () => {
    const result = await gateway('/lgw/orders/today', { token: 'not-a-token' });
    expect([result.status, result.body.errorCode]).toEqual([401, 'user.or.token.invalid']);
  });
});

describe('PUT /lgw/orders/suborders/cancel', () => {
  async function placed() {
    const game = await dailyGame();
    const member = await createMember({ balanceMinor: 10_000 });
    const draw = await openDraw(game);
    const { body } = await postOrder(member.token, {
      nodeId: game.nodeId, issueNo: draw.issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: [digitBet(1, 1000), digitBet(2, 3000)],
    });
    return { game, member, draw, order: body.order };
  }

  it('cancels a bet before the close and refunds its stake in the same transaction', async () => {
    const { member, order } = await placed();
    const first = order.subOrders[0]?.subOrderId ?? 0;
    const { status, body } = await cancel(member.token, [first]);
    expect(status).toBe(200);
    expect(lotteryCalls.cancelOrders.value.safeParse(body).success).toBe(true);
    expect(wireToMinor(body.balance)).toBe(7_000);
    expect(body.orders[0]).toMatchObject({ status: 'open' });
    expect(wireToMinor(body.orders[0]?.refund ?? -1)).toBe(1000);
    expect(body.orders[0]?.subOrders.map((s) => s.status)).toEqual(['cancelled', 'open']);
    const refund = (await ledgerOf(member.memberId)).at(-1);
    expect(refund).toMatchObject({ amount_minor: 1000, kind: 'refund', idempotency_key: `lottery:refund:${first}`, balance_after_minor: 7_000 });

    // A retry refunds nothing twice; cancelling the last bet cancels the order.
    await cancel(member.token, [first]);
    const all = await cancel(member.token, order.subOrders.map((s) => s.subOrderId));
    expect(all.body.orders[0]).toMatchObject({ status: 'cancelled' });
    expect(wireToMinor(all.body.orders[0]?.refund ?? -1)).toBe(4000);
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
    ['an unknown bet', () => [987_654_321], 404, 'suborder_not_found'],
    ['no ids', () => [], 400, 'request_param_err'],
    ['ids as text', (ids) => ids.map(String), 400, 'request_param_err'],
    ['the old object body', (ids) => ({ subOrderIds: ids }), 400, 'request_param_err'],
  ])('refuses %s', async (_why, body, status, code) => {
    const { member, order } = await placed();
    const result = await cancel(member.token, body(order.subOrders.map((s) => s.subOrderId)));
    expect([result.status, result.body.errorCode]).toEqual([status, code]);
    expect(await balanceOf(member.memberId)).toBe(6_000);
  });

  it('refuses to cancel another member\'s bet', async () => {
    const { order } = await placed();
    const stranger = await createMember({ balanceMinor: 0 });
    const result = await cancel(stranger.token, [order.subOrders[0]?.subOrderId]);
    expect([result.status, result.body.errorCode]).toEqual([404, 'suborder_not_found']);
  });
});
