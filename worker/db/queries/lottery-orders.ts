/** Queries of `lottery_orders` and their bets, `lottery_sub_orders`. */
import type { PricedBet } from '../../model/lottery/pricing';
import { selectionText } from '../../model/lottery/bets';
import type { PrizeMode } from '../../model/lottery/odds';
import type { Order, OrderStatus, SubOrder, SubOrderStatus } from '../../model/lottery/model';

interface OrderRow {
  id: number;
  member_id: number;
  node_id: number;
  game_id: string;
  game_name: string;
  draw_id: number;
  issue_no: string;
  prize_mode: PrizeMode;
  status: OrderStatus;
  total_stake_minor: number;
  payout_minor: number;
  refund_minor: number;
  created_at: number;
  settled_at: number | null;
  draw_at: number;
  close_at: number;
  request_hash: string;
}

interface SubOrderRow {
  id: number;
  order_id: number;
  draw_id: number;
  member_id: number;
  bet_type: string;
  selection: string;
  stake_minor: number;
  odds_milli: number;
  status: SubOrderStatus;
  payout_minor: number;
  closed_at: number | null;
}

function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    memberId: row.member_id,
    nodeId: row.node_id,
    gameId: row.game_id,
    gameName: row.game_name,
    drawId: row.draw_id,
    issueNo: row.issue_no,
    prizeMode: row.prize_mode,
    status: row.status,
    totalStakeMinor: row.total_stake_minor,
    payoutMinor: row.payout_minor,
    refundMinor: row.refund_minor,
    createdAt: row.created_at,
    settledAt: row.settled_at,
    drawAt: row.draw_at,
    closeAt: row.close_at,
    requestHash: row.request_hash,
  };
}

function toSubOrder(row: SubOrderRow): SubOrder {
  let selection: Record<string, string | number>;
  try {
    selection = JSON.parse(row.selection) as Record<string, string | number>;
  } catch {
    // Written by selectionText, so never expected; an empty selection makes the settlement runner stop loudly.
    selection = {};
  }
  return {
    id: row.id,
    orderId: row.order_id,
    drawId: row.draw_id,
    memberId: row.member_id,
    betType: row.bet_type,
    selection,
    stakeMinor: row.stake_minor,
    oddsMilli: row.odds_milli,
    status: row.status,
    payoutMinor: row.payout_minor,
    closedAt: row.closed_at,
  };
}

const SELECT_ORDER = `SELECT o.*, g.game_id, g.game_name, d.draw_at, d.close_at
  FROM lottery_orders o JOIN games g ON g.node_id = o.node_id JOIN lottery_draws d ON d.id = o.draw_id`;

/** What a new order row holds. */
export interface NewOrder {
  memberId: number;
  merchantCode: string;
  nodeId: number;
  drawId: number;
  issueNo: string;
  prizeMode: PrizeMode;
  totalStakeMinor: number;
  idempotencyKey: string;
  requestHash: string;
  createdAt: number;
}

/** The INSERT of an order, unexecuted (it runs in the batch that debits the stake). */
export function insertOrderStatement(db: D1Database, order: NewOrder): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO lottery_orders (member_id, merchant_code, node_id, draw_id, issue_no, prize_mode, total_stake_minor,
         idempotency_key, request_hash, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(order.memberId, order.merchantCode, order.nodeId, order.drawId, order.issueNo, order.prizeMode,
      order.totalStakeMinor, order.idempotencyKey, order.requestHash, order.createdAt);
}

/** The INSERT of one bet of the order inserted earlier in the same batch (found by its idempotency key). */
export function insertSubOrderStatement(db: D1Database, order: NewOrder, bet: PricedBet): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO lottery_sub_orders (order_id, draw_id, member_id, bet_type, selection, stake_minor, odds_milli)
       VALUES ((SELECT id FROM lottery_orders WHERE member_id = ?1 AND idempotency_key = ?2), ?3, ?1, ?4, ?5, ?6, ?7)`,
    )
    .bind(order.memberId, order.idempotencyKey, order.drawId, bet.bet.betType, selectionText(bet.bet), bet.stakeMinor, bet.oddsMilli);
}

/** The member's order placed with this idempotency key, or null. */
export async function findOrderByKey(db: D1Database, memberId: number, idempotencyKey: string): Promise<Order | null> {
  const row = await db.prepare(`${SELECT_ORDER} WHERE o.member_id = ? AND o.idempotency_key = ?`).bind(memberId, idempotencyKey).first<OrderRow>();
  return row ? toOrder(row) : null;
}

/** The member's order by id, or null (another member's order is null too). */
export async function findOrder(db: D1Database, memberId: number, orderId: number): Promise<Order | null> {
  const row = await db.prepare(`${SELECT_ORDER} WHERE o.member_id = ? AND o.id = ?`).bind(memberId, orderId).first<OrderRow>();
  return row ? toOrder(row) : null;
}

/** Filters of the order list; every field optional, combined with AND. Times epoch ms, `to` exclusive. */
export interface OrderFilter {
  status?: OrderStatus | undefined;
  nodeId?: number | undefined;
  /** The game's launcher id (games.game_id). */
  gameId?: string | undefined;
  orderId?: number | undefined;
  issueNo?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** One page of the member's orders, newest first (ties by id, so pages never overlap). `pageNo` from 1. */
export async function pageOrders(
  db: D1Database,
  memberId: number,
  filter: OrderFilter,
  page: { pageNo: number; pageSize: number },
): Promise<{ orders: Order[]; total: number }> {
  let where = 'WHERE o.member_id = ?';
  const params: (string | number)[] = [memberId];
  if (filter.status !== undefined) { where += ' AND o.status = ?'; params.push(filter.status); }
  if (filter.nodeId !== undefined) { where += ' AND o.node_id = ?'; params.push(filter.nodeId); }
  if (filter.gameId !== undefined) { where += ' AND o.node_id IN (SELECT node_id FROM games WHERE game_id = ?)'; params.push(filter.gameId); }
  if (filter.orderId !== undefined) { where += ' AND o.id = ?'; params.push(filter.orderId); }
  if (filter.issueNo !== undefined) { where += ' AND o.issue_no = ?'; params.push(filter.issueNo); }
  if (filter.from !== undefined) { where += ' AND o.created_at >= ?'; params.push(filter.from); }
  if (filter.to !== undefined) { where += ' AND o.created_at < ?'; params.push(filter.to); }
  const [count, rows] = await db.batch<unknown>([
    db.prepare(`SELECT COUNT(*) AS n FROM lottery_orders o ${where}`).bind(...params),
    db.prepare(`${SELECT_ORDER} ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT ? OFFSET ?`)
      .bind(...params, page.pageSize, (page.pageNo - 1) * page.pageSize),
  ]);
  const total = (count?.results[0] as { n: number } | undefined)?.n ?? 0;
  return { orders: ((rows?.results ?? []) as OrderRow[]).map(toOrder), total };
}

/** The bets of these orders, by order then id. */
export async function listSubOrders(db: D1Database, orderIds: readonly number[]): Promise<SubOrder[]> {
  if (orderIds.length === 0) return [];
  const { results } = await db
    .prepare(`SELECT * FROM lottery_sub_orders WHERE order_id IN (SELECT value FROM json_each(?)) ORDER BY order_id, id`)
    .bind(JSON.stringify(orderIds))
    .all<SubOrderRow>();
  return results.map(toSubOrder);
}

/** The member's bets with these ids (others' bets and unknown ids are left out). */
export async function findMemberSubOrders(db: D1Database, memberId: number, ids: readonly number[]): Promise<SubOrder[]> {
  const { results } = await db
    .prepare(`SELECT * FROM lottery_sub_orders WHERE member_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id`)
    .bind(memberId, JSON.stringify(ids))
    .all<SubOrderRow>();
  return results.map(toSubOrder);
}

/** Open bets of a draw, lowest id first: the settlement runner's work list. */
export async function listOpenSubOrders(db: D1Database, drawId: number, limit: number): Promise<SubOrder[]> {
  const { results } = await db
    .prepare(`SELECT * FROM lottery_sub_orders WHERE draw_id = ? AND status = 'open' ORDER BY id LIMIT ?`)
    .bind(drawId, limit)
    .all<SubOrderRow>();
  return results.map(toSubOrder);
}

/** Which of these draws still have open bets. */
export async function drawsWithOpenBets(db: D1Database, drawIds: readonly number[]): Promise<Set<number>> {
  if (drawIds.length === 0) return new Set();
  const { results } = await db
    .prepare(`SELECT DISTINCT draw_id FROM lottery_sub_orders WHERE status = 'open' AND draw_id IN (SELECT value FROM json_each(?))`)
    .bind(JSON.stringify(drawIds))
    .all<{ draw_id: number }>();
  return new Set(results.map((r) => r.draw_id));
}

/**
 * The UPDATE that closes one bet (won with its payout, lost, or cancelled). It names the bet by id only, so
 * when the bet was already closed the trigger `lottery_sub_orders_close_once` fails the whole batch — and with
 * it any money the batch would have moved.
 */
export function closeSubOrderStatement(
  db: D1Database,
  subOrderId: number,
  status: Exclude<SubOrderStatus, 'open'>,
  payoutMinor: number,
  now: number,
): D1PreparedStatement {
  return db
    .prepare(`UPDATE lottery_sub_orders SET status = ?, payout_minor = ?, closed_at = ? WHERE id = ?`)
    .bind(status, payoutMinor, now, subOrderId);
}

/** Marks still-open bets lost (no money moves, so already-closed ones are simply skipped). */
export function markLostStatement(db: D1Database, subOrderIds: readonly number[], now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE lottery_sub_orders SET status = 'lost', payout_minor = 0, closed_at = ?
       WHERE id IN (SELECT value FROM json_each(?)) AND status = 'open'`,
    )
    .bind(now, JSON.stringify(subOrderIds));
}

/**
 * Recomputes the totals and status of orders from their bets: payout = Σ won payouts, refund = Σ cancelled
 * stakes; status open while any bet is open, else cancelled when every bet was cancelled, else settled.
 * Scope: one order, or every still-open order of a draw.
 */
export function refreshOrdersStatement(db: D1Database, scope: { orderId: number } | { drawId: number }, now: number): D1PreparedStatement {
  const [where, id] = 'orderId' in scope ? ['id = ?2', scope.orderId] : [`draw_id = ?2 AND status = 'open'`, scope.drawId];
  return db
    .prepare(
      `UPDATE lottery_orders SET
         payout_minor = (SELECT COALESCE(SUM(s.payout_minor), 0) FROM lottery_sub_orders s WHERE s.order_id = lottery_orders.id AND s.status = 'won'),
         refund_minor = (SELECT COALESCE(SUM(s.stake_minor), 0) FROM lottery_sub_orders s WHERE s.order_id = lottery_orders.id AND s.status = 'cancelled'),
         status = CASE
           WHEN EXISTS (SELECT 1 FROM lottery_sub_orders s WHERE s.order_id = lottery_orders.id AND s.status = 'open') THEN 'open'
           WHEN EXISTS (SELECT 1 FROM lottery_sub_orders s WHERE s.order_id = lottery_orders.id AND s.status IN ('won', 'lost')) THEN 'settled'
           ELSE 'cancelled' END,
         settled_at = CASE
           WHEN EXISTS (SELECT 1 FROM lottery_sub_orders s WHERE s.order_id = lottery_orders.id AND s.status = 'open') THEN NULL
           ELSE COALESCE(settled_at, ?1) END
       WHERE ${where}`,
    )
    .bind(now, id);
}

/**
 * How many orders each lottery game (node id) took on a site since `since` (epoch ms): the ranking of the popular
 * lotteries (api/lottery-gateway.ts GET /lgw/games/popular). Games without orders are absent.
 */
export async function countOrdersByGameSince(db: D1Database, merchantCode: string, since: number): Promise<Map<number, number>> {
  const { results } = await db
    .prepare('SELECT node_id, COUNT(*) AS orders FROM lottery_orders WHERE merchant_code = ? AND created_at >= ? GROUP BY node_id')
    .bind(merchantCode, since)
    .all<{ node_id: number; orders: number }>();
  return new Map(results.map((r) => [r.node_id, r.orders]));
}

/**
 * The ledger key of each order's stake debit (`lottery:order:<idempotency key>`, services/lottery/orders.ts), by
 * order id: a refund or win is split between cash and bonus as its order's stake was (docs/honest-money.md).
 */
export async function orderStakeKeys(db: D1Database, orderIds: number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const { results } = await db
    .prepare(`SELECT id, idempotency_key FROM lottery_orders WHERE id IN (SELECT value FROM json_each(?))`)
    .bind(JSON.stringify(orderIds))
    .all<{ id: number; idempotency_key: string }>();
  return new Map(results.map((r) => [r.id, `lottery:order:${r.idempotency_key}`]));
}
