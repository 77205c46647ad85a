/**
 * Placing and cancelling lottery orders (platform-contract.md §4 POST /lgw/orders/betting, PUT
 * /lgw/orders/suborders/cancel). Every money movement is one D1 batch with the rows it pays for, so money and
 * bets exist together or not at all. Answers are the calls' values with money in integer minor units (the routes
 * encode them: worker/lib/envelope.ts encodeValue).
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { ApiError } from '../../lib/envelope';
import { assertMayPlay } from '../games/launch';
import { findDrawsByIds } from '../../db/queries/lottery-draws';
import { findLotteryGame } from '../../db/queries/lottery-games';
import {
  closeSubOrderStatement, findMemberSubOrders, findOrder, findOrderByKey, insertOrderStatement, insertSubOrderStatement,
  listSubOrders, orderStakeKeys, refreshOrdersStatement, type NewOrder,
} from '../../db/queries/lottery-orders';
import type { Order } from '../../model/lottery/model';
import { getBalance, ledgerStatements } from '../ledger/ledger';
import { isLimitGuardError, limitGuardStatement, limitRefusal, type GuardedMovement } from '../protection/guard';
import { loadBonusRules, stakeChange } from '../wallet/bonus-rules';
import { classifyBatchError } from './batch-errors';
import { ensureDraw } from './draws';
import { priceItems, type OrderItemInput } from '../../model/lottery/pricing';
import { slotByIssue } from '../../model/lottery/schedule';
import { orderDetailView, type LotteryOrderDetail } from './views';

/** The betting answer: the placed order (or, for a retried key, the first one), the balance (minor units), and whether it was a replay. */
export interface PlacedOrder {
  order: LotteryOrderDetail;
  balance: number;
  replayed: boolean;
}

/** The cancel answer: the orders touched, after the refunds, and the balance (minor units). */
export interface CancelledBets {
  orders: LotteryOrderDetail[];
  balance: number;
}

/** Who places or cancels. */
export interface OrderMember {
  memberId: number;
  merchantCode: string;
}

/** Who places an order: also whether the account is real (type 0, 1, 2), for the launch's rule (assertMayPlay). */
export interface BettingMember extends OrderMember {
  realMember: boolean;
}

/** An order to place, from the betting call (items are checked here, bet by bet; stakes minor units). */
export interface PlaceOrderInput {
  nodeId?: number | undefined;
  gameId?: string | undefined;
  issueNo: string;
  prizeMode: string;
  idempotencyKey: string;
  items: OrderItemInput[];
}

/** SHA-256 of the request as sent: a retry with the same key must send the same order. */
function requestHash(input: PlaceOrderInput): string {
  const canonical = JSON.stringify([
    input.nodeId ?? null, input.gameId ?? null, input.issueNo, input.prizeMode,
    input.items.map((i) => [i.betType, i.selection, i.stakeMinor]),
  ]);
  return bytesToHex(sha256(new TextEncoder().encode(canonical)));
}

/** The order with its bets and draw, as the API shows it at `now`. */
export async function orderDetail(db: D1Database, order: Order, now: number): Promise<LotteryOrderDetail> {
  const [subs, draws] = await Promise.all([listSubOrders(db, [order.id]), findDrawsByIds(db, [order.drawId])]);
  const draw = draws[0];
  if (!draw) throw new Error(`draw of order ${order.id} missing`);
  return orderDetailView(order, subs, draw, now);
}

/** The answer to a retried key: the first order when the request is the same, else 409 `idempotency_conflict`. */
async function replay(db: D1Database, order: Order, hash: string, memberId: number, now: number): Promise<PlacedOrder> {
  if (order.requestHash !== hash) {
    throw new ApiError(409, 'idempotency_conflict', 'This idempotency key was used for a different order');
  }
  return { order: await orderDetail(db, order, now), balance: await getBalance(db, memberId), replayed: true };
}

/**
 * Places an order: validates it, makes sure its draw exists (committed), then inserts the order and its bets
 * and debits the total stake (ledger kind 'bet', key `lottery:order:<idempotencyKey>`) in one batch.
 * Errors: 404 `game_not_found`, `draw_not_found` (issue not on the game's schedule), `wallet_not_found`;
 * 400 `invalid_prize_mode`, `invalid_bet`, `invalid_stake`; 409 `draw_closed` (at or after close, also when
 * the batch lands after close), `draw_not_open` (a later draw), `vendor_maintenance`, `insufficient_balance`,
 * `idempotency_conflict`, `loss_limit_exceeded` | `wager_limit_exceeded` (the stake would pass a limit the player
 * set: checked in the same batch, docs/player-protection.md); 403 `free_reject` for a guest or trial account (`realMember` false) on a game whose
 * launch refuses it (services/launch.ts assertMayPlay, the launch's own rule). A retry with the same key and body returns the first order and moves no money.
 */
export async function placeOrder(db: D1Database, member: BettingMember, input: PlaceOrderInput, now: number): Promise<PlacedOrder> {
  const hash = requestHash(input);
  const earlier = await findOrderByKey(db, member.memberId, input.idempotencyKey);
  if (earlier) return replay(db, earlier, hash, member.memberId, now);

  const key = input.nodeId !== undefined ? { nodeId: input.nodeId } : { gameId: input.gameId ?? '' };
  const game = await findLotteryGame(db, member.merchantCode, key);
  if (!game) throw new ApiError(404, 'game_not_found', 'No such lottery game on this site');
  assertMayPlay(member.realMember, game);
  const { prizeMode, bets } = priceItems(game, input.prizeMode, input.items);

  const slot = slotByIssue(game.schedule, input.issueNo);
  if (!slot) throw new ApiError(404, 'draw_not_found', 'No draw of this game has that issue number');
  if (now >= slot.closeAt) throw new ApiError(409, 'draw_closed', 'Betting on this draw has closed');
  if (now < slot.openAt) throw new ApiError(409, 'draw_not_open', 'Betting on this draw has not opened yet');
  const draw = await ensureDraw(db, game.nodeId, slot, now);

  const totalStakeMinor = bets.reduce((sum, b) => sum + b.stakeMinor, 0);
  if (!Number.isSafeInteger(totalStakeMinor)) throw new ApiError(400, 'invalid_stake', 'The total stake is too large');
  const order: NewOrder = {
    memberId: member.memberId, merchantCode: member.merchantCode, nodeId: game.nodeId, drawId: draw.id,
    issueNo: slot.issueNo, prizeMode, totalStakeMinor, idempotencyKey: input.idempotencyKey, requestHash: hash, createdAt: now,
  };
  const reference = `lottery:order:${input.idempotencyKey}`;
  const movement: GuardedMovement = { merchantCode: member.merchantCode, memberId: member.memberId, kinds: ['loss', 'wager'], reference, now };
  try {
    // The order goes first: its trigger refuses a closed draw before the debit can report a low balance.
    await db.batch([
      insertOrderStatement(db, order),
      ...bets.map((bet) => insertSubOrderStatement(db, order, bet)),
      ...ledgerStatements(db, member.memberId, [
        stakeChange(await loadBonusRules(db, member.merchantCode), 'lottery', { stakeMinor: totalStakeMinor, reference, idempotencyKey: reference }),
      ], now),
      // Last: the stake counts toward the player's loss and wager limits in this same transaction.
      limitGuardStatement(db, movement),
    ]);
  } catch (error) {
    if (isLimitGuardError(error)) throw await limitRefusal(db, movement, totalStakeMinor);
    const failure = classifyBatchError(error);
    if (failure === 'draw_closed') throw new ApiError(409, 'draw_closed', 'Betting on this draw has closed');
    if (failure === 'insufficient_balance') throw new ApiError(409, 'insufficient_balance', 'The wallet balance is too low for this order');
    if (failure === 'no_wallet') throw new ApiError(404, 'wallet_not_found', 'The member has no wallet');
    const raced = failure === 'duplicate' ? await findOrderByKey(db, member.memberId, input.idempotencyKey) : null;
    if (raced) return replay(db, raced, hash, member.memberId, now);
    throw error;
  }
  const placed = await findOrderByKey(db, member.memberId, input.idempotencyKey);
  if (!placed) throw new Error('lottery order missing after its batch');
  return { order: await orderDetail(db, placed, now), balance: await getBalance(db, member.memberId), replayed: false };
}

/**
 * Cancels bets before their draw closes, refunding each stake (ledger kind 'refund', key
 * `lottery:refund:<subOrderId>`) in the same batch as the status change and the order totals. Bets already
 * cancelled are skipped, so a retry is harmless. Errors: 404 `suborder_not_found` (unknown or another member's);
 * 409 `draw_closed` (a bet is settled, or its draw closed — also when that happens while the batch runs).
 */
export async function cancelSubOrders(db: D1Database, member: OrderMember, subOrderIds: number[], now: number): Promise<CancelledBets> {
  const ids = [...new Set(subOrderIds)];
  const subs = await findMemberSubOrders(db, member.memberId, ids);
  if (subs.length !== ids.length) throw new ApiError(404, 'suborder_not_found', 'No such bet among your orders');
  if (subs.some((s) => s.status === 'won' || s.status === 'lost')) {
    throw new ApiError(409, 'draw_closed', 'A settled bet cannot be cancelled');
  }
  const open = subs.filter((s) => s.status === 'open');
  if (open.length > 0) {
    const draws = await findDrawsByIds(db, [...new Set(open.map((s) => s.drawId))]);
    if (draws.some((d) => d.status !== 'open' || now >= d.closeAt)) {
      throw new ApiError(409, 'draw_closed', 'Betting on this draw has closed; its bets can no longer be cancelled');
    }
    const orderIds = [...new Set(open.map((s) => s.orderId))];
    const stakeKeys = await orderStakeKeys(db, orderIds);
    try {
      await db.batch([
        ...open.map((s) => closeSubOrderStatement(db, s.id, 'cancelled', 0, now)),
        ...ledgerStatements(db, member.memberId, open.map((s) => ({
          amountMinor: s.stakeMinor, kind: 'refund' as const, reference: `lottery:order:${s.orderId}`, idempotencyKey: `lottery:refund:${s.id}`,
          balance: 'payout' as const, stakeKey: stakeKeys.get(s.orderId) ?? '',
        })), now),
        ...orderIds.map((orderId) => refreshOrdersStatement(db, { orderId }, now)),
      ]);
    } catch (error) {
      const failure = classifyBatchError(error);
      if (failure === null) throw error;
      // Something closed a bet under us: fine if it was a concurrent cancel of the same bets, else too late.
      const current = await findMemberSubOrders(db, member.memberId, ids);
      if (!current.every((s) => s.status === 'cancelled')) {
        throw new ApiError(409, 'draw_closed', 'Betting on this draw has closed; its bets can no longer be cancelled');
      }
    }
  }
  const orderIds = [...new Set(subs.map((s) => s.orderId))];
  const orders = await Promise.all(orderIds.map((id) => findOrder(db, member.memberId, id)));
  const details = await Promise.all(orders.map((o) => {
    if (!o) throw new Error('lottery order missing after cancel');
    return orderDetail(db, o, now);
  }));
  return { orders: details, balance: await getBalance(db, member.memberId) };
}
