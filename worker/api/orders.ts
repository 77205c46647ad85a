import { Hono } from 'hono';
import type { AppEnv } from '../env';
import type { LotteryOrderListValue } from '../../src/api/types';
import { ApiError, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { findOrder, pageOrders } from '../db/queries/lottery-orders';
import { requireMember } from '../services/auth-context';
import { memberOnly } from '../services/member-only';
import { cancelSubOrders, orderDetail, placeOrder } from '../services/lottery/orders';
import { cancelBody, orderDetailQuery, orderListQuery, placeOrderBody } from '../services/lottery/params';
import { orderView } from '../services/lottery/views';

/**
 * Router for /lgw/orders (player-shell §7 "/lgw/orders, /lgw/orders/detail, /lgw/orders/suborders/cancel"): the
 * member's lottery orders. Every route needs a session (401 `not_logged_in` / `session_expired`); trial members
 * bet with their play money. Money minor units, times epoch ms.
 */
export const ordersRouter = new Hono<AppEnv>()
  /**
   * POST / `{ nodeId | gameId, issueNo, prizeMode, idempotencyKey, items: [{ betType, selection, stakeMinor }] }`
   * → LotteryPlaceOrderValue. Debits the total stake with the order in one transaction; a retry with the same key
   * and body returns the first order (`replayed: true`). Errors: 400 `invalid_input`, `invalid_prize_mode`,
   * `invalid_bet`, `invalid_stake` (value `{ index }`); 404 `game_not_found`, `draw_not_found`; 409 `draw_closed`,
   * `draw_not_open`, `insufficient_balance`, `idempotency_conflict`, `vendor_maintenance`.
   */
  .post('/', memberOnly, valid('json', placeOrderBody), async (c) => {
    const member = requireMember(c);
    const value = await placeOrder(c.env.DB, { memberId: member.memberId, merchantCode: c.var.merchant.code }, c.req.valid('json'), Date.now());
    return ok(c, value);
  })
  /**
   * GET /?status&nodeId&from&to&pageNo&pageSize → LotteryOrderListValue: the member's orders, newest first;
   * pageNum echoes pageNo, totalPages is 0 when nothing matches. 400 `invalid_input`.
   */
  .get('/', memberOnly, valid('query', orderListQuery), async (c) => {
    const member = requireMember(c);
    const q = c.req.valid('query');
    const { orders, total } = await pageOrders(c.env.DB, member.memberId, { status: q.status, nodeId: q.nodeId, from: q.from, to: q.to }, q);
    const value: LotteryOrderListValue = { content: orders.map(orderView), pageNum: q.pageNo, totalPages: Math.ceil(total / q.pageSize), total };
    return ok(c, value);
  })
  /** GET /detail?orderId → LotteryOrderDetail. 404 `order_not_found` (also for another member's order). */
  .get('/detail', memberOnly, valid('query', orderDetailQuery), async (c) => {
    const member = requireMember(c);
    const order = await findOrder(c.env.DB, member.memberId, c.req.valid('query').orderId);
    if (!order) throw new ApiError(404, 'order_not_found', 'No such order');
    return ok(c, await orderDetail(c.env.DB, order, Date.now()));
  })
  /**
   * POST /suborders/cancel `{ subOrderIds }` → LotteryCancelValue: cancels the bets and refunds their stakes in
   * one transaction, before their draw closes. 404 `suborder_not_found`; 409 `draw_closed`.
   */
  .post('/suborders/cancel', memberOnly, valid('json', cancelBody), async (c) => {
    const member = requireMember(c);
    const value = await cancelSubOrders(c.env.DB, { memberId: member.memberId, merchantCode: c.var.merchant.code },
      c.req.valid('json').subOrderIds, Date.now());
    return ok(c, value);
  });
