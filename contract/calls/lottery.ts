import { z } from 'zod';
import { defineCall, EXTENSION_PREFIX } from '../call';
import { money } from '../money';
import {
  bettingBody, cancelBody, drawPageQuery, drawSchema, gameInfoSchema, gameSheetSchema, lotteryGameQuery, lotteryGamesQuery,
  lotteryMenuQuery, lotteryMenuSchema, mobileLotteryGameSchema, mobileLotteryGamesSchema, nearNumerosQuery, openNumerosSchema, orderDetailSchema,
  orderInfoQuery, orderSchema, orderSearchBody, pageOf, subOrderSchema, todayOrdersQuery,
} from './lottery-shapes';

/**
 * Calls of the lottery (platform-contract.md §4, §1.5). Gateway calls (`/lgw/…`, headers `Merchant` + bare
 * `Authorization`) answer PLAIN JSON with the HTTP status; `value` is that whole body. Their errors are
 * `{ errorCode, message, value? }`; the platform answers lottery errors with status 500, but PlayDeck never answers
 * 5xx for a client's mistake: refusals are 4xx (400 input, 401 session, 404 unknown, 409 state). Games, settings
 * and draws use the platform's paths; the one richer read of the built-in lottery page (current draw with its
 * provably fair commitment plus the last results, settling due draws) is a PlayDeck extension under
 * `/wps/playdeck/lottery/draws` (envelope answer; capability `lottery`, contract/capabilities.ts).
 * Money is decimal currency units on the wire (contract/money.ts); times epoch ms.
 */
export const lotteryCalls = {
  /**
   * §4 order search: POST /lgw/orders `{ startDate, endDate (epoch ms, end exclusive), orderStatus (open |
   * settled | cancelled), gameId, orderNumber, chasingOrder, numero, chasingStatus, page (from 0), size (1–100) }`
   * → `{ orders: { content: Order[], totalPages, totalElements, number, size } }`, newest first (inner fields not
   * found: PlayDeck's Spring-page-like choice). Errors: 400 `request_param_err`; 401.
   */
  orderSearch: defineCall({
    name: 'orderSearch', method: 'POST', path: '/lgw/orders', auth: 'member',
    body: orderSearchBody,
    value: z.object({ orders: pageOf(orderSchema) }),
    summary: '§4 Search the member\'s lottery orders (filters, pages from 0).',
  }),
  /** §4 one order: GET /lgw/orders/detail/{orderId} → Order with `subOrders` and `draw`. 404 `order_not_found`; 401. */
  orderDetail: defineCall({
    name: 'orderDetail', method: 'GET', path: '/lgw/orders/detail/{orderId}', auth: 'member',
    value: orderDetailSchema,
    summary: '§4 One lottery order with its bets and its draw.',
  }),
  /**
   * §4 the bets of an order, paged: GET /lgw/orders/detail/{orderMasterId}/info?page&size → `{ orderDetails: {
   * content: SubOrder[], totalPages, totalElements, number, size } }` (inner shape not found: PlayDeck's choice).
   * 404 `order_not_found`; 400 `request_param_err`; 401.
   */
  orderInfo: defineCall({
    name: 'orderInfo', method: 'GET', path: '/lgw/orders/detail/{orderMasterId}/info', auth: 'member',
    query: orderInfoQuery,
    value: z.object({ orderDetails: pageOf(subOrderSchema) }),
    summary: '§4 The bets (order details) of one order, paged from 0.',
  }),
  /**
   * §4 cancel: PUT /lgw/orders/suborders/cancel, body a JSON array of order-detail (bet) ids → `{ orders:
   * OrderDetail[], balance }` (answer not found: PlayDeck's choice; balance decimal). Refunds each stake in the same
   * transaction; a retry refunds nothing twice. 404 `suborder_not_found`; 409 `draw_closed`; 400; 401.
   */
  cancelOrders: defineCall({
    name: 'cancelOrders', method: 'PUT', path: '/lgw/orders/suborders/cancel', auth: 'member',
    body: cancelBody,
    value: z.object({ orders: z.array(orderDetailSchema), balance: money() }),
    summary: '§4 Cancel bets before their draw closes; stakes are refunded.',
  }),
  /**
   * §4 today's orders: GET /lgw/orders/today?gameId&page=0&size=50 → same page as the search; "today" is the UTC
   * day (PlayDeck's choice). 400 `request_param_err`; 401.
   */
  todayOrders: defineCall({
    name: 'todayOrders', method: 'GET', path: '/lgw/orders/today', auth: 'member',
    query: todayOrdersQuery,
    value: z.object({ orders: pageOf(orderSchema) }),
    summary: '§4 The member\'s orders placed today (UTC), optionally of one game.',
  }),
  /**
   * §4 betting: POST /lgw/orders/betting `{ gameId, currentNumero, winningStop, abandoning, betCartAmountSum, chase,
   * device, orderType, quickChase, prizeModeId, bettingSlipString }` (slip format: contract/bettingSlip.ts) with
   * the `Idempotency-Key` header (PlayDeck's; a retry with the same key and order counts once and answers the first
   * order with `replayed: true`; without the header every call is a new order) → `{ order: OrderDetail, balance,
   * replayed }` (answer not found: PlayDeck's choice). Errors: 400 `request_param_err`, `invalid_bet`,
   * `invalid_stake`, `invalid_prize_mode` (value `{ index }` names the slip entry), `function.not.available`
   * (chase); 404 `game_not_found`, `draw_not_found`; 409 `draw_closed`, `draw_not_open`, `insufficient_balance`,
   * `idempotency_conflict`, `vendor_maintenance`; 401.
   */
  betting: defineCall({
    name: 'betting', method: 'POST', path: '/lgw/orders/betting', auth: 'member',
    body: bettingBody,
    value: z.object({ order: orderDetailSchema, balance: money(), replayed: z.boolean() }),
    summary: '§4 Place a lottery order from a betting slip string.',
  }),
  /**
   * §4 games: GET /lgw/games?gameType=LOTT|ELOTT&vassalage → `{ serverTime, list: GameInfo[] }` (inner shape not
   * found: PlayDeck's choice): the site's lottery games with their schedules and the draw taking bets now, and the
   * server's clock so lists count down on server time. 400 `request_param_err`.
   */
  lotteryGameList: defineCall({
    name: 'lotteryGameList', method: 'GET', path: '/lgw/games', auth: 'optional',
    query: lotteryGamesQuery,
    value: z.object({ serverTime: z.number(), list: z.array(gameInfoSchema) }),
    summary: '§4 The lottery games with their schedules and the server time.',
  }),
  /**
   * §4 game setting: GET /lgw/games/{gameId}/setting → GameSheet (shape not found: PlayDeck's choice): the game, the
   * bet types of its play types, stake limits (decimal) and odds (thousandths, stake included) per prize mode.
   * 404 `game_not_found`; 400 `request_param_err`.
   */
  gameSetting: defineCall({
    name: 'gameSetting', method: 'GET', path: '/lgw/games/{gameId}/setting', auth: 'optional',
    value: gameSheetSchema,
    summary: '§4 One lottery game\'s bet types, stake limits and odds.',
  }),
  /**
   * §4 draw history: GET /lgw/draw/{gameId}?page&size → `{ draws: { content: Draw[], totalPages, totalElements,
   * number, size } }` (inner shape not found: PlayDeck's choice): the game's draws whose time has passed, newest
   * first, with digits and secret. 404 `game_not_found`; 400 `request_param_err`.
   */
  drawHistory: defineCall({
    name: 'drawHistory', method: 'GET', path: '/lgw/draw/{gameId}', auth: 'optional',
    query: drawPageQuery,
    value: z.object({ draws: pageOf(drawSchema) }),
    summary: '§4 Past draws of a lottery game, newest first, paged from 0.',
  }),
  /**
   * §4 near numeros: GET /lgw/numeros/near?gameId → `{ gameId, serverTime, current: Draw, previous: Draw | null }`
   * (shape not found: PlayDeck's choice): the draw taking bets now (with its commitment) and the one before it.
   * 404 `game_not_found`; 400 `request_param_err`.
   */
  nearNumeros: defineCall({
    name: 'nearNumeros', method: 'GET', path: '/lgw/numeros/near', auth: 'optional',
    query: nearNumerosQuery,
    value: z.object({ gameId: z.string(), serverTime: z.number(), current: drawSchema, previous: drawSchema.nullable() }),
    summary: '§4 The current and the previous draw of a lottery game.',
  }),
  /**
   * §7.5 the mobile client's lottery list: GET /lgw/games/mobile → a plain object keyed by game id
   * (`{ [gameId]: MobileLotteryGame }`, contract/calls/lottery-shapes.ts), which the client reads as
   * `Object.values(data)` (cached as `lottList`, each entry's `displayName` shown). The built-in lottery answers its
   * site's LOTT and ELOTT games in catalogue order; PlayDeck's browser reads the platform's answer in upstream mode
   * (/m/lottery). No session needed. Errors: none of the client's making.
   */
  lotteryMobileGames: defineCall({
    name: 'lotteryMobileGames', method: 'GET', path: '/lgw/games/mobile', auth: 'optional',
    value: mobileLotteryGamesSchema,
    summary: '§7.5 The lottery games as the mobile client lists them (plain object keyed by game id).',
  }),
  /**
   * §7.5 popular lotteries: GET /lgw/games/popular → `{ [gameId]: MobileLotteryGame & { rank } }`, `rank` 1 for the
   * most played: by orders placed on the site in the last 7 days, then catalogue order (the ranking is not found in
   * the contract: PlayDeck's choice; key order cannot carry it, integer-like keys are listed ascending). No session.
   */
  popularLotteryGames: defineCall({
    name: 'popularLotteryGames', method: 'GET', path: '/lgw/games/popular', auth: 'optional',
    value: z.record(z.string(), mobileLotteryGameSchema.extend({ rank: z.number().int().min(1).optional() })),
    summary: '§7.5 The lottery games, most played first (plain object keyed by game id).',
  }),
  /**
   * §7.5 the lottery menu: GET /lgw/vn/games/game_menu?prizeMode=Lott&device=MOBILE → `{ [vendorCode]: { menuCode,
   * menuName, games: MobileLotteryGame[] } }`: the games offering the prize mode (any case; absent = all), grouped
   * by vendor (grouping not found: PlayDeck's choice). 400 `request_param_err` for an unknown prize mode.
   */
  lotteryGameMenu: defineCall({
    name: 'lotteryGameMenu', method: 'GET', path: '/lgw/vn/games/game_menu', auth: 'optional',
    query: lotteryMenuQuery,
    value: lotteryMenuSchema,
    summary: '§7.5 The lottery menu: games of a prize mode grouped by vendor.',
  }),
  /**
   * §7.5 open draws: GET /lgw/games/opened/numero (the client calls it as /lotto/lgw/games/opened/numero; both
   * answer) → `{ [gameId]: { gameId, numero, displayName, gameName, openAt, closeAt, drawAt, serverTime } }`: each
   * game's draw taking bets now (numero = draw number; times epoch ms, PlayDeck's choice). No session needed.
   */
  openedNumeros: defineCall({
    name: 'openedNumeros', method: 'GET', path: '/lgw/games/opened/numero', auth: 'optional',
    value: openNumerosSchema,
    summary: '§7.5 The draw taking bets now of every lottery game (plain object keyed by game id).',
  }),
  /**
   * §7.5 open draws of the lottery menu: GET /lgw/vn/numeros/opened/game → the same shape as `openedNumeros`. No
   * session needed.
   */
  vnOpenedNumeros: defineCall({
    name: 'vnOpenedNumeros', method: 'GET', path: '/lgw/vn/numeros/opened/game', auth: 'optional',
    value: openNumerosSchema,
    summary: '§7.5 The open draws of the lottery menu\'s games (plain object keyed by game id).',
  }),
  /**
   * Extension: GET /wps/playdeck/lottery/draws?nodeId|gameId → envelope value `{ nodeId, serverTime, current,
   * results }`: the draw taking bets now (with its commitment) and the last 10 results with their secrets. Settles
   * the game's due draws first. 404 `game_not_found`; 400.
   */
  lotteryDraws: defineCall({
    name: 'lotteryDraws', method: 'GET', path: `${EXTENSION_PREFIX}/lottery/draws`, auth: 'none', extension: true,
    query: lotteryGameQuery,
    value: z.object({ nodeId: z.number().int(), serverTime: z.number(), current: drawSchema, results: z.array(drawSchema) }),
    summary: 'Built-in lottery: current draw commitment and verifiable past results (capability lottery).',
  }),
};
