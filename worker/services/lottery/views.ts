/**
 * Wire shapes of the lottery (src/contract/calls/lottery-shapes.ts) from stored rows. Pure. Money leaves here as
 * decimal currency units (minorToWire), the one conversion point of the lottery's answers. This is the one place
 * a draw's secret is put into an answer, and only once its draw time has passed.
 */
import type { z } from 'zod';
import type {
  drawSchema, gameInfoSchema, gameSheetSchema, orderDetailSchema, orderSchema, subOrderSchema,
} from '../../../src/contract/calls/lottery-shapes';
import { minorToWire } from '../../../src/contract/money';
import type { Draw, LotteryGame, Order, SubOrder } from './model';
import { BET_PLAY_TYPES, BET_TYPES, playTypesOf } from './bets';
import { deriveDigits } from './draw';
import { prizeModesOf } from './odds';
import { openSlot } from './schedule';

/** A draw on the wire. */
export type LotteryDraw = z.output<typeof drawSchema>;
/** A game with its schedule on the wire. */
export type LotteryGameInfo = z.output<typeof gameInfoSchema>;
/** A game sheet on the wire. */
export type LotteryGameSheet = z.output<typeof gameSheetSchema>;
/** An order as listed on the wire. */
export type LotteryOrder = z.output<typeof orderSchema>;
/** One bet on the wire. */
export type LotterySubOrder = z.output<typeof subOrderSchema>;
/** An order with its bets and draw on the wire. */
export type LotteryOrderDetail = z.output<typeof orderDetailSchema>;

/** A stored draw as the API shows it at `now`: secret and digits only from the draw time on. */
export function drawView(draw: Draw, now: number): LotteryDraw {
  const revealed = now >= draw.drawAt;
  const status = draw.status === 'settled' && revealed ? 'settled'
    : revealed ? 'drawn'
    : now >= draw.closeAt ? 'closed'
    : 'open';
  return {
    issueNo: draw.issueNo,
    openAt: draw.openAt,
    closeAt: draw.closeAt,
    drawAt: draw.drawAt,
    commitment: draw.commitment,
    status,
    digits: revealed ? (draw.digits ?? deriveDigits(draw.secret, draw.issueNo)) : null,
    secret: revealed ? draw.secret : null,
  };
}

/** A lottery game with its schedule and the draw taking bets at `now`. */
export function gameInfoView(game: LotteryGame, now: number): LotteryGameInfo {
  const open = openSlot(game.schedule, now);
  return {
    nodeId: game.nodeId,
    gameId: game.gameId,
    gameName: game.gameName,
    displayName: game.displayName,
    vassalage: game.vassalage,
    gameType: game.gameType,
    gameGroupId: game.gameGroupId,
    lottoMode: game.lottoMode,
    playTypes: playTypesOf(game.lottoMode),
    prizeModes: prizeModesOf(game.odds),
    intervalMs: game.schedule.intervalMs,
    closeBeforeMs: game.schedule.closeBeforeMs,
    minStake: minorToWire(game.minStakeMinor),
    maxStake: minorToWire(game.maxStakeMinor),
    maxPayout: minorToWire(game.maxPayoutMinor),
    current: { issueNo: open.issueNo, openAt: open.openAt, closeAt: open.closeAt, drawAt: open.drawAt },
    nextCloseAt: open.closeAt,
  };
}

/** The game sheet: game info plus the bet types its play types offer and its odds tables. */
export function gameSheetView(game: LotteryGame, now: number): LotteryGameSheet {
  const playTypes = playTypesOf(game.lottoMode);
  return {
    ...gameInfoView(game, now),
    betTypes: BET_TYPES
      .filter((betType) => BET_PLAY_TYPES[betType].some((t) => playTypes.includes(t)))
      .map((betType) => ({ betType, playTypes: BET_PLAY_TYPES[betType].filter((t) => playTypes.includes(t)) })),
    odds: Object.fromEntries(Object.entries(game.odds).map(([mode, table]) => [mode, { ...table }])),
  };
}

/** An order as listed. */
export function orderView(order: Order): LotteryOrder {
  return {
    orderId: order.id,
    orderNumber: String(order.id),
    nodeId: order.nodeId,
    gameId: order.gameId,
    gameName: order.gameName,
    issueNo: order.issueNo,
    prizeMode: order.prizeMode,
    status: order.status,
    totalStake: minorToWire(order.totalStakeMinor),
    payout: minorToWire(order.payoutMinor),
    refund: minorToWire(order.refundMinor),
    createdAt: order.createdAt,
    settledAt: order.settledAt,
    closeAt: order.closeAt,
    drawAt: order.drawAt,
  };
}

/** One bet. */
export function subOrderView(sub: SubOrder): LotterySubOrder {
  return {
    subOrderId: sub.id,
    betType: sub.betType,
    selection: sub.selection,
    stake: minorToWire(sub.stakeMinor),
    oddsMilli: sub.oddsMilli,
    status: sub.status,
    payout: minorToWire(sub.payoutMinor),
    closedAt: sub.closedAt,
  };
}

/** An order with its bets and its draw as seen at `now`. */
export function orderDetailView(order: Order, subs: readonly SubOrder[], draw: Draw, now: number): LotteryOrderDetail {
  return {
    ...orderView(order),
    subOrders: subs.filter((s) => s.orderId === order.id).map(subOrderView),
    draw: drawView(draw, now),
  };
}
