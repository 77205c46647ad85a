import { z } from 'zod';
import { CallRouter } from './call-router';
import { lotteryCalls } from '../../contract/calls/lottery';
import { IDEMPOTENCY_HEADER } from '../../contract/calls/lottery-shapes';
import { ApiError, encodeAsListed } from '../lib/envelope';
import { plain } from '../lib/answer';
import { valid } from '../lib/validate';
import { findOrder, listSubOrders, pageOrders, type OrderFilter } from '../db/queries/lottery-orders';
import { REAL_MEMBER_TYPES, requireMember } from '../middleware/auth-context';
import { memberOnly } from '../middleware/member-only';
import { bettingOrder } from '../services/lottery/betting';
import { cancelSubOrders, orderDetail, placeOrder } from '../services/lottery/orders';
import { orderView, subOrderView } from '../services/lottery/views';

const DAY_MS = 86_400_000;

/** Path parameter `name`: a positive whole number. */
const idParam = (name: string) => z.object({
  [name]: z.string().regex(/^\d{1,16}$/, 'Expected an id').transform(Number).pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
});

/** A Spring-page-like page (`number` from 0) of `items` out of `total`. */
function page<T>(items: T[], total: number, number: number, size: number) {
  return { content: items, totalPages: Math.ceil(total / size), totalElements: total, number, size };
}

/** One page of the member's orders as the gateway answers them: `{ orders: page }`. */
async function ordersPage(db: D1Database, memberId: number, filter: OrderFilter, number: number, size: number) {
  const { orders, total } = await pageOrders(db, memberId, filter, { pageNo: number + 1, pageSize: size });
  return { orders: page(orders.map(orderView), total, number, size) };
}

/**
 * Router for /lgw/orders (platform-contract.md §4; calls in contract/calls/lottery.ts): the member's lottery
 * orders. Plain JSON answers; errors `{ errorCode, message, value? }` with a 4xx status for a client's mistake
 * (never the platform's 500: worker/lib/gateway.ts). Every route needs a session (401 `customer.not.login` /
 * `user.or.token.invalid`); trial members bet with their play money. Money DECIMAL currency units on the wire,
 * minor units inside; times epoch ms.
 */
export const ordersRouter = new CallRouter('/lgw/orders')
  /**
   * POST / — the search (lotteryCalls.orderSearch): `{ startDate, endDate (exclusive), orderStatus, gameId,
   * orderNumber, chasingOrder, numero, chasingStatus, page (from 0), size }` → `{ orders: { content, totalPages,
   * totalElements, number, size } }`, newest first. No chase orders exist, so `chasingOrder: true` finds none.
   * 400 `request_param_err`.
   */
  .serve(lotteryCalls.orderSearch, memberOnly, async (c) => {
    const member = requireMember(c);
    const q = c.req.valid('json');
    if (q.chasingOrder === true) return plain(c, encodeAsListed(lotteryCalls.orderSearch, { orders: page([], 0, q.page, q.size) }));
    const filter: OrderFilter = {
      status: q.orderStatus, gameId: q.gameId, orderId: q.orderNumber === undefined ? undefined : Number(q.orderNumber),
      issueNo: q.numero, from: q.startDate, to: q.endDate,
    };
    return plain(c, encodeAsListed(lotteryCalls.orderSearch, await ordersPage(c.env.DB, member.memberId, filter, q.page, q.size)));
  })
  /**
   * GET /today?gameId&page&size (lotteryCalls.todayOrders) → the search's page of the orders placed since 00:00
   * UTC today. 400 `request_param_err`.
   */
  .serve(lotteryCalls.todayOrders, memberOnly, async (c) => {
    const member = requireMember(c);
    const q = c.req.valid('query');
    const now = Date.now();
    const from = now - (now % DAY_MS);
    return plain(c, encodeAsListed(lotteryCalls.todayOrders, await ordersPage(c.env.DB, member.memberId, { gameId: q.gameId, from }, q.page, q.size)));
  })
  /**
   * GET /detail/{orderMasterId}/info?page&size (lotteryCalls.orderInfo) → `{ orderDetails: page of bets }`, by id.
   * 404 `order_not_found` (also for another member's order); 400 `request_param_err`.
   */
  .serve(lotteryCalls.orderInfo, memberOnly, valid('param', idParam('orderMasterId')), async (c) => {
    const member = requireMember(c);
    const order = await findOrder(c.env.DB, member.memberId, c.req.valid('param').orderMasterId as number);
    if (!order) throw new ApiError(404, 'order_not_found', 'No such order');
    const { page: number, size } = c.req.valid('query');
    const subs = await listSubOrders(c.env.DB, [order.id]);
    return plain(c, encodeAsListed(lotteryCalls.orderInfo, { orderDetails: page(subs.slice(number * size, (number + 1) * size).map(subOrderView), subs.length, number, size) }));
  })
  /**
   * GET /detail/{orderId} (lotteryCalls.orderDetail) → the order with its bets and its draw. 404 `order_not_found`
   * (also for another member's order); 400 `request_param_err`.
   */
  .serve(lotteryCalls.orderDetail, memberOnly, valid('param', idParam('orderId')), async (c) => {
    const member = requireMember(c);
    const order = await findOrder(c.env.DB, member.memberId, c.req.valid('param').orderId as number);
    if (!order) throw new ApiError(404, 'order_not_found', 'No such order');
    return plain(c, encodeAsListed(lotteryCalls.orderDetail, await orderDetail(c.env.DB, order, Date.now())));
  })
  /**
   * PUT /suborders/cancel, body a JSON array of bet ids (lotteryCalls.cancelOrders) → `{ orders, balance }`:
   * cancels the bets and refunds their stakes in one transaction, before their draw closes; a retry refunds nothing
   * twice. 404 `suborder_not_found`; 409 `draw_closed`; 400 `request_param_err`.
   */
  .serve(lotteryCalls.cancelOrders, memberOnly, async (c) => {
    const member = requireMember(c);
    return plain(c, encodeAsListed(lotteryCalls.cancelOrders, await cancelSubOrders(c.env.DB, { memberId: member.memberId, merchantCode: c.var.merchant.code }, c.req.valid('json'), Date.now())));
  })
  /**
   * POST /betting (lotteryCalls.betting) `{ gameId, currentNumero, betCartAmountSum, prizeModeId,
   * bettingSlipString, … }` + `Idempotency-Key` header → `{ order, balance, replayed }`. Debits the total stake
   * with the order in one transaction; a retry with the same key and order returns the first order (`replayed:
   * true`) and moves no money. Errors: 400 `request_param_err`, `function.not.available`, `invalid_prize_mode`,
   * `invalid_bet`, `invalid_stake` (value `{ index }`); 404 `game_not_found`, `draw_not_found`; 409 `draw_closed`,
   * `draw_not_open`, `insufficient_balance`, `idempotency_conflict`, `vendor_maintenance`; 403 `free_reject` for a
   * guest or trial account on a game whose launch refuses it (services/launch.ts assertMayPlay).
   */
  .serve(lotteryCalls.betting, memberOnly, async (c) => {
    const member = requireMember(c);
    const input = bettingOrder(c.req.valid('json'), c.req.header(IDEMPOTENCY_HEADER), () => `auto-${crypto.randomUUID()}`);
    return plain(c, encodeAsListed(lotteryCalls.betting, await placeOrder(
      c.env.DB,
      { memberId: member.memberId, merchantCode: c.var.merchant.code, realMember: REAL_MEMBER_TYPES.includes(member.type) },
      input,
      Date.now(),
    )));
  });
