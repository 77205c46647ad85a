import { apiRequest, withQuery } from './client';
import { API } from './paths';
import type {
  ConsolidatedSettingsValue, CountryListValue, SystemStatusValue,
  LotteryCancelValue, LotteryDrawsValue, LotteryGameSheetValue, LotteryGamesValue, LotteryOrderDetail,
  LotteryOrderListValue, LotteryPlaceOrderValue, LotteryPrizeMode,
} from './types';

/** One typed function per platform call (player-shell §7, accounts §7). Values in minor units / epoch ms. */

/** GET system status (player-shell §3 System status). */
export const getSystemStatus = () => apiRequest<SystemStatusValue>('GET', API.systemStatus);

/** GET consolidated settings: site switches, promotion and template flags of this site. */
export const getConsolidatedSettings = () => apiRequest<ConsolidatedSettingsValue>('GET', API.consolidatedSettings);

/** URL of a fresh captcha image; `nonce` forces a reload on tap (accounts §2). */
export const captchaImageUrl = (moduleId: string, nonce: number) => withQuery(API.captcha, { moduleId, t: nonce });


/** GET dialling codes (accounts §7 "system country"): digits without '+'. */
export const getCountryList = () => apiRequest<CountryListValue>('GET', API.countries);

/** GET the lottery games (LOTT/ELOTT) with their schedules and next close time. */
export const getLotteryGames = (query: { gameType?: 'LOTT' | 'ELOTT'; vassalage?: string } = {}) =>
  apiRequest<LotteryGamesValue>('GET', API.lotteryGames, { query });

/** GET one lottery game's sheet: bet types and odds (thousandths, stake included) per prize mode. */
export const getLotteryGame = (game: { nodeId: number } | { gameId: string }) =>
  apiRequest<LotteryGameSheetValue>('GET', API.lotteryGame, { query: game });

/** GET a lottery game's current draw (with its commitment) and its last 10 results. */
export const getLotteryDraws = (game: { nodeId: number } | { gameId: string }) =>
  apiRequest<LotteryDrawsValue>('GET', API.lotteryDraws, { query: game });

/** One bet of an order: betType, its selection object and the stake in minor units. */
export interface LotteryBetInput {
  betType: string;
  selection: Record<string, string | number>;
  stakeMinor: number;
}

/** POST a lottery order; the idempotency key makes a retried order count once. */
export const placeLotteryOrder = (body: {
  nodeId?: number; gameId?: string; issueNo: string; prizeMode: LotteryPrizeMode; idempotencyKey: string; items: LotteryBetInput[];
}) => apiRequest<LotteryPlaceOrderValue>('POST', API.lotteryOrders, { json: body });

/** GET the member's lottery orders (filters status, nodeId, from/to epoch ms; pageNo 1-based). */
export const listLotteryOrders = (query: {
  status?: 'open' | 'settled' | 'cancelled' | undefined; nodeId?: number | undefined; from?: number | undefined; to?: number | undefined;
  pageNo: number; pageSize: number;
}) => apiRequest<LotteryOrderListValue>('GET', API.lotteryOrders, { query });

/** GET one lottery order with its bets and draw. */
export const getLotteryOrder = (orderId: number) => apiRequest<LotteryOrderDetail>('GET', API.lotteryOrderDetail, { query: { orderId } });

/** POST cancel bets before their draw closes; stakes are refunded. */
export const cancelLotterySubOrders = (subOrderIds: number[]) =>
  apiRequest<LotteryCancelValue>('POST', API.lotteryCancelSubOrders, { json: { subOrderIds } });
