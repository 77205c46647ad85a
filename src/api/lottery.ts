/**
 * The lottery's client calls (platform-contract.md §4; defs in contract/calls/lottery.ts): thin typed wrappers
 * over callApi. Money is decimal currency units on the wire and integer minor units in what these take and return
 * (the `…Minor` fields): the client's money codec converts it (client.ts), so stores keep minor units. The one
 * amount written by hand is a stake inside the betting slip's text (contract/bettingSlip.ts: the slip's own format).
 */
import type { z } from 'zod';
import { formatBettingSlip, type SlipEntry } from '../../contract/bettingSlip';
import { lotteryCalls } from '../../contract/calls/lottery';
import { IDEMPOTENCY_HEADER, type drawSchema, type gameInfoSchema, type gameSheetSchema, type orderSchema, type subOrderSchema } from '../../contract/calls/lottery-shapes';
import { callApi, servedValue } from './client';

type WireOrder = z.output<typeof orderSchema>;
type WireSubOrder = z.output<typeof subOrderSchema>;
type WireGame = z.output<typeof gameInfoSchema>;
type WireSheet = z.output<typeof gameSheetSchema>;

/** Lottery prize modes (player-shell §4): the lott mode, the Elott mode and SEA. */
export type LotteryPrizeMode = WireOrder['prizeMode'];
/** A draw (no money in it: the wire shape as is). */
export type LotteryDraw = z.output<typeof drawSchema>;
/** A lottery game with its schedule. Money minor units. */
export type LotteryGameInfo = Omit<WireGame, 'minStake' | 'maxStake' | 'maxPayout'> & { minStakeMinor: number; maxStakeMinor: number; maxPayoutMinor: number };
/** A game sheet: bet types and odds (thousandths, stake included) per prize mode. Money minor units. */
export type LotteryGameSheetValue = LotteryGameInfo & Pick<WireSheet, 'betTypes' | 'odds'>;
/** The games list with the server's clock (epoch ms). */
export interface LotteryGamesValue { serverTime: number; list: LotteryGameInfo[] }
/** A game's current draw and last results. */
export interface LotteryDrawsValue { nodeId: number; serverTime: number; current: LotteryDraw; results: LotteryDraw[] }
/** One bet of an order. Money minor units. */
export type LotterySubOrder = Omit<WireSubOrder, 'stake' | 'payout'> & { stakeMinor: number; payoutMinor: number };
/** An order as listed. Money minor units. */
export type LotteryOrder = Omit<WireOrder, 'totalStake' | 'payout' | 'refund'> & { totalStakeMinor: number; payoutMinor: number; refundMinor: number };
/** An order with its bets and its draw. */
export type LotteryOrderDetail = LotteryOrder & { subOrders: LotterySubOrder[]; draw: LotteryDraw };
/** A page of orders (`number` from 0). */
export interface LotteryOrderPage { content: LotteryOrder[]; totalPages: number; totalElements: number; number: number; size: number }

/** A game of the lottery's answers (money already in minor units) with its money fields named `…Minor`. */
export function gameOf<T extends WireGame>(g: T): Omit<T, 'minStake' | 'maxStake' | 'maxPayout'> & { minStakeMinor: number; maxStakeMinor: number; maxPayoutMinor: number } {
  const { minStake, maxStake, maxPayout, ...rest } = g;
  return { ...rest, minStakeMinor: minStake, maxStakeMinor: maxStake, maxPayoutMinor: maxPayout };
}

function orderOf(o: WireOrder): LotteryOrder {
  const { totalStake, payout, refund, ...rest } = o;
  return { ...rest, totalStakeMinor: totalStake, payoutMinor: payout, refundMinor: refund };
}

function subOrderOf(s: WireSubOrder): LotterySubOrder {
  const { stake, payout, ...rest } = s;
  return { ...rest, stakeMinor: stake, payoutMinor: payout };
}

function detailOf(d: WireOrder & { subOrders: WireSubOrder[]; draw: LotteryDraw }): LotteryOrderDetail {
  const { subOrders, draw, ...order } = d;
  return { ...orderOf(order), subOrders: subOrders.map(subOrderOf), draw };
}

function pageOfOrders(p: { content: WireOrder[]; totalPages: number; totalElements: number; number: number; size: number }): LotteryOrderPage {
  return { ...p, content: p.content.map(orderOf) };
}

/** Search filters of the order search (§4); absent = any. Times epoch ms (`endDate` exclusive); `page` from 0. */
export interface OrderSearch {
  startDate?: number | undefined;
  endDate?: number | undefined;
  orderStatus?: 'open' | 'settled' | 'cancelled' | undefined;
  gameId?: string | undefined;
  orderNumber?: string | undefined;
  numero?: string | undefined;
  page?: number | undefined;
  size?: number | undefined;
}

/** §4 POST /lgw/orders: a page of the member's orders, newest first. */
export async function searchOrders(filter: OrderSearch = {}): Promise<LotteryOrderPage> {
  const { orders } = await callApi(lotteryCalls.orderSearch, { body: { page: 0, size: 20, ...filter } });
  return pageOfOrders(orders);
}

/** §4 GET /lgw/orders/today?gameId&page&size: the orders placed today (UTC). */
export async function todayOrders(query: { gameId?: string; page?: number; size?: number } = {}): Promise<LotteryOrderPage> {
  const { orders } = await callApi(lotteryCalls.todayOrders, { query: { page: 0, size: 50, ...query } });
  return pageOfOrders(orders);
}

/** §4 GET /lgw/orders/detail/{orderId}: one order with its bets and draw. */
export async function getOrderDetail(orderId: number): Promise<LotteryOrderDetail> {
  return detailOf(await callApi(lotteryCalls.orderDetail, { params: { orderId } }));
}

/** §4 GET /lgw/orders/detail/{orderMasterId}/info?page&size: a page of one order's bets. */
export async function getOrderInfo(orderMasterId: number, page = 0, size = 20) {
  const { orderDetails } = await callApi(lotteryCalls.orderInfo, { params: { orderMasterId }, query: { page, size } });
  return { ...orderDetails, content: orderDetails.content.map(subOrderOf) };
}

/** §4 PUT /lgw/orders/suborders/cancel: cancels bets (body: their ids); stakes come back. */
export async function cancelOrders(subOrderIds: number[], idempotencyKey?: string): Promise<{ orders: LotteryOrderDetail[]; balanceMinor: number }> {
  const { orders, balance } = await callApi(lotteryCalls.cancelOrders, { body: subOrderIds, idempotencyKey });
  return { orders: orders.map(detailOf), balanceMinor: balance };
}

/** An order from the bet slip: the game, the issue bet on, the prize mode, the bets (stakes minor units), its key. */
export interface BettingInput {
  gameId: string;
  issueNo: string;
  prizeMode: LotteryPrizeMode;
  items: SlipEntry[];
  /** Same key for a retry of the same order (sent as the `Idempotency-Key` header). */
  idempotencyKey: string;
}

/**
 * §4 POST /lgw/orders/betting: places the bets as a bettingSlipString (contract/bettingSlip.ts) with their
 * decimal total in betCartAmountSum; no chase. A retry with the same key counts once (`replayed: true`).
 */
export async function placeBetting(input: BettingInput): Promise<{ order: LotteryOrderDetail; balanceMinor: number; replayed: boolean }> {
  const totalMinor = input.items.reduce((sum, i) => sum + i.stakeMinor, 0);
  const value = await callApi(lotteryCalls.betting, {
    body: {
      gameId: input.gameId,
      currentNumero: input.issueNo,
      winningStop: false,
      abandoning: false,
      betCartAmountSum: totalMinor,
      chase: false,
      device: 'H5',
      orderType: 'NORMAL',
      quickChase: false,
      prizeModeId: input.prizeMode,
      bettingSlipString: formatBettingSlip(input.items),
    },
    headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey },
  });
  return { order: detailOf(value.order), balanceMinor: value.balance, replayed: value.replayed };
}

/**
 * The games of /m/lottery's data block (rules/served.ts ServedLottery: /lgw/games as the wire carries it, money in
 * currency units) as getLotteryGames gives them: money decoded by the call's money fields (client.ts servedValue).
 */
export function servedLotteryGames(list: readonly unknown[]): LotteryGameInfo[] {
  return servedValue(lotteryCalls.lotteryGameList, { serverTime: 0, list }).list.map(gameOf);
}

/** §4 GET /lgw/games: the lottery games with their schedules and the server's clock. */
export async function getLotteryGames(query: { gameType?: 'LOTT' | 'ELOTT'; vassalage?: string } = {}): Promise<LotteryGamesValue> {
  const value = await callApi(lotteryCalls.lotteryGameList, { query });
  return { serverTime: value.serverTime, list: value.list.map(gameOf) };
}

/** §4 GET /lgw/games/{gameId}/setting: one game's sheet, stake limits, bet types and odds per prize mode. */
export async function getLotteryGame(gameId: string): Promise<LotteryGameSheetValue> {
  return gameOf(await callApi(lotteryCalls.gameSetting, { params: { gameId } }));
}

/** §4 GET /lgw/draw/{gameId}?page&size: a page of the game's past draws, newest first. */
export async function getDrawHistory(gameId: string, page = 0, size = 10) {
  const { draws } = await callApi(lotteryCalls.drawHistory, { params: { gameId }, query: { page, size } });
  return draws;
}

/** §4 GET /lgw/numeros/near?gameId: the draw taking bets now and the one before it. */
export async function getNearNumeros(gameId: string) {
  return callApi(lotteryCalls.nearNumeros, { query: { gameId } });
}

/** Extension (capability lottery): a game's current draw (with its commitment) and its last 10 results. */
export async function getLotteryDraws(game: { nodeId: number } | { gameId: string }): Promise<LotteryDrawsValue> {
  return callApi(lotteryCalls.lotteryDraws, { query: game });
}

/** A game of the mobile client's lottery list (§7.5), as the platform or the built-in lottery answers it. */
export type MobileLotteryGame = z.output<typeof lotteryCalls.lotteryMobileGames.value>[string];

/**
 * §7.5 GET /lgw/games/mobile: the lottery games as the platform's mobile client lists them, `Object.values` of the
 * plain object keyed by game id (the list PlayDeck shows in upstream mode, where /lgw/games is not the platform's).
 */
export async function getMobileLotteryGames(): Promise<MobileLotteryGame[]> {
  return Object.values(await callApi(lotteryCalls.lotteryMobileGames));
}
