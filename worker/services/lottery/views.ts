/**
 * The lottery's answer values (contract/calls/lottery-shapes.ts) from stored rows. Pure. Money stays in integer
 * minor units here: the routes encode each answer by its call's schema (worker/lib/envelope.ts encodeValue), whose
 * money fields (contract/money.ts `money()`) write the wire's decimal currency units. This is the one place a
 * draw's secret is put into an answer, and only once its draw time has passed.
 */
import type { z } from 'zod';
import type {
  drawSchema, gameInfoSchema, gameSheetSchema, mobileLotteryGameSchema, openNumeroSchema, orderDetailSchema, orderSchema,
  subOrderSchema,
} from '../../../contract/calls/lottery-shapes';
import type { Draw, LotteryGame, Order, SubOrder } from '../../model/lottery/model';
import { BET_PLAY_TYPES, BET_TYPES, playTypesOf } from '../../model/lottery/bets';
import { deriveDigits } from '../../model/lottery/draw';
import { prizeModesOf } from '../../model/lottery/odds';
import { openSlot } from '../../model/lottery/schedule';

/** A game of the mobile client's lottery lists on the wire (platform-contract.md §7.5). */
export type MobileLotteryGame = z.output<typeof mobileLotteryGameSchema>;
/** A game's open draw on the wire (§7.5). */
export type OpenNumero = z.output<typeof openNumeroSchema>;
/** A draw as answered. */
export type LotteryDraw = z.output<typeof drawSchema>;
/** A game with its schedule (money in minor units; the wire's decimals once encoded). */
export type LotteryGameInfo = z.output<typeof gameInfoSchema>;
/** A game sheet (money in minor units). */
export type LotteryGameSheet = z.output<typeof gameSheetSchema>;
/** An order as listed (money in minor units). */
export type LotteryOrder = z.output<typeof orderSchema>;
/** One bet (money in minor units). */
export type LotterySubOrder = z.output<typeof subOrderSchema>;
/** An order with its bets and draw (money in minor units). */
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
    minStake: game.minStakeMinor,
    maxStake: game.maxStakeMinor,
    maxPayout: game.maxPayoutMinor,
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
    totalStake: order.totalStakeMinor,
    payout: order.payoutMinor,
    refund: order.refundMinor,
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
    stake: sub.stakeMinor,
    oddsMilli: sub.oddsMilli,
    status: sub.status,
    payout: sub.payoutMinor,
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

/**
 * A game as the mobile client's lottery lists carry it (§7.5): `displayName` is the game's name as listed (the
 * client shows it), `vendorName` the vendor's display name.
 */
export function mobileGameView(game: LotteryGame): MobileLotteryGame {
  return {
    gameId: game.gameId,
    displayName: game.gameName,
    gameName: game.gameName,
    gameType: game.gameType,
    vassalage: game.vassalage,
    vendorName: game.displayName,
    gameGroupId: game.gameGroupId,
    lottoMode: game.lottoMode,
    prizeModes: prizeModesOf(game.odds),
  };
}

/** A game's draw taking bets at `now` (§7.5 open numeros): numero = its issue number; times epoch ms. */
export function openNumeroView(game: LotteryGame, now: number): OpenNumero {
  const open = openSlot(game.schedule, now);
  return {
    gameId: game.gameId,
    numero: open.issueNo,
    displayName: game.gameName,
    gameName: game.gameName,
    openAt: open.openAt,
    closeAt: open.closeAt,
    drawAt: open.drawAt,
    serverTime: now,
  };
}

/**
 * Games keyed by game id in the list's order (§7.5 "a plain object keyed by game"). A game id shared by two vendors
 * keeps its first game (the launcher resolves a game id the same way: worker/db/queries/lottery-games.ts).
 */
export function keyedByGameId<T>(games: readonly LotteryGame[], view: (game: LotteryGame) => T): Record<string, T> {
  const keyed: Record<string, T> = {};
  for (const game of games) if (!Object.hasOwn(keyed, game.gameId)) keyed[game.gameId] = view(game);
  return keyed;
}
