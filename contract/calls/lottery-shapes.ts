/**
 * Schemas of the lottery's answers and inputs (platform-contract.md §4; contract/calls/lottery.ts declares
 * the calls). The contract names the gateway's paths and request fields but not the inner fields of its answers
 * (not found): PlayDeck chooses camelCase in the platform's style, epoch ms times, DECIMAL money (currency units,
 * contract/money.ts), and Spring-page-like pages `{ content, totalPages, totalElements, number (from 0), size }`.
 */
import { z } from 'zod';
import { money } from '../money';

const blank = (value: unknown) => (value === '' || value === null ? undefined : value);
const MAX_ID = 2_147_483_647;
const MAX_TIME = 8_640_000_000_000_000;

/** A whole number from a query string (digits only). */
function wholeNumber(min: number, max: number) {
  return z.string().regex(/^\d{1,16}$/, 'Expected a whole number').transform(Number).pipe(z.number().int().min(min).max(max));
}
const optionalInt = (min: number, max: number) => z.preprocess(blank, wholeNumber(min, max).optional());
const intOr = (min: number, max: number, fallback: number) => z.preprocess(blank, wholeNumber(min, max).default(fallback));

/** A game id as the launcher passes it (player-shell §2 /m/launchGame gameId): letters, digits, - and _. */
export const gameIdValue = z.union([z.string(), z.number().int().min(0).transform(String)])
  .pipe(z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected a game id'));
/** An issue number (the platform's `numero`): YYYYMMDD-NNNN. */
export const numeroValue = z.string().regex(/^\d{8}-\d{4}$/, 'Expected an issue number YYYYMMDD-NNNN');
const language = z.preprocess(blank, z.string().regex(/^[A-Za-z]{2}(-[A-Za-z]{2,4})?$/, 'Expected a language code').optional());

/** Prize modes (player-shell §4): the lott mode, the Elott mode and SEA. */
export const prizeModeSchema = z.enum(['LOTT', 'ELOTT', 'SEA']);
/** Play types (player-shell §2 /m/launchGame playType). */
const playTypeSchema = z.enum(['trad', 'ent']);
/** Order statuses: bets still open, all settled, or every bet cancelled. */
export const orderStatusSchema = z.enum(['open', 'settled', 'cancelled']);

/** A Spring-page-like page of `item` (the platform's `totalPages` plus the usual companions; `number` from 0). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ content: z.array(item), totalPages: z.number().int(), totalElements: z.number().int(), number: z.number().int(), size: z.number().int() });
}

/**
 * A draw. `status`: open (takes bets), closed (awaiting its draw time), drawn (result public, bets being
 * settled), settled. `secret` and `digits` are null before `drawAt`; then anyone can check hex(SHA-256(secret)) =
 * commitment and recompute the digits (worker/model/lottery/draw.ts).
 */
export const drawSchema = z.object({
  issueNo: z.string(),
  openAt: z.number(),
  closeAt: z.number(),
  drawAt: z.number(),
  commitment: z.string(),
  status: z.enum(['open', 'closed', 'drawn', 'settled']),
  digits: z.array(z.number().int()).nullable(),
  secret: z.string().nullable(),
});

/** One bet of an order (an "order detail" of the platform: its id is what the cancel call takes). */
export const subOrderSchema = z.object({
  subOrderId: z.number().int(),
  betType: z.string(),
  selection: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Stake: decimal currency units on the wire, integer minor units inside (contract/money.ts money()). */
  stake: money(),
  /** Payout multiplier in thousandths, stake included (1980 pays 1.98 × stake); payout rounded down to the cent. */
  oddsMilli: z.number().int(),
  status: z.enum(['open', 'won', 'lost', 'cancelled']),
  /** Decimal currency units on the wire, minor units inside. */
  payout: money(),
  closedAt: z.number().nullable(),
});

/** An order as listed. `orderNumber` is what the search's `orderNumber` matches. Money decimal. */
export const orderSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  nodeId: z.number().int(),
  gameId: z.string(),
  gameName: z.string(),
  issueNo: z.string(),
  prizeMode: prizeModeSchema,
  status: orderStatusSchema,
  totalStake: money(),
  payout: money(),
  refund: money(),
  createdAt: z.number(),
  settledAt: z.number().nullable(),
  closeAt: z.number(),
  drawAt: z.number(),
});

/** An order with its bets and its draw. */
export const orderDetailSchema = orderSchema.extend({ subOrders: z.array(subOrderSchema), draw: drawSchema });

/** What names a game and bounds its bets. Money decimal. */
const gameInfoSchema = z.object({
  nodeId: z.number().int(),
  gameId: z.string(),
  gameName: z.string(),
  displayName: z.string(),
  vassalage: z.string(),
  gameType: z.string(),
  gameGroupId: z.string().nullable(),
  lottoMode: z.string().nullable(),
  minStake: money(),
  maxStake: money(),
  maxPayout: money(),
  playTypes: z.array(playTypeSchema),
  prizeModes: z.array(prizeModeSchema),
  intervalMs: z.number().int(),
  closeBeforeMs: z.number().int(),
  /** The draw taking bets now (no commitment here: see the draws call). */
  current: z.object({ issueNo: z.string(), openAt: z.number(), closeAt: z.number(), drawAt: z.number() }),
  nextCloseAt: z.number(),
});
/** A lottery game with its schedule. */
export { gameInfoSchema };

/** The game sheet: bet types of its play types, odds (thousandths, stake included) per prize mode and odds line. */
export const gameSheetSchema = gameInfoSchema.extend({
  betTypes: z.array(z.object({ betType: z.string(), playTypes: z.array(playTypeSchema) })),
  odds: z.partialRecord(prizeModeSchema, z.record(z.string(), z.number().int())),
});

/**
 * One game of the lottery lists the platform's mobile client reads as plain objects keyed by game
 * (platform-contract.md §7.5: GET /lgw/games/mobile, /lgw/games/popular; the client takes `Object.values(data)`,
 * caches it as `lottList` and reads each entry's `displayName`, the game's name as listed). The other fields are
 * not found in the contract: PlayDeck's choice, so one browser reads both the built-in lottery and the platform:
 * `gameId` (the launcher's game id, also the key), `gameName`, `gameType` (LOTT | ELOTT), `vassalage` (the vendor
 * code), `vendorName`, `gameGroupId`, `lottoMode` (Tradition / Entertainment, comma separated: the play types) and
 * `prizeModes`. Only `gameId` and `displayName` are required, so a platform answer with fewer fields still lists;
 * unknown fields pass through untouched.
 */
export const mobileLotteryGameSchema = z.looseObject({
  gameId: z.union([z.string(), z.number().int().transform(String)]),
  displayName: z.string(),
  gameName: z.string().optional(),
  gameType: z.string().optional(),
  vassalage: z.string().optional(),
  vendorName: z.string().optional(),
  gameGroupId: z.string().nullable().optional(),
  lottoMode: z.string().nullable().optional(),
  prizeModes: z.array(z.string()).optional(),
});

/** A plain object keyed by game id (§7.5 "a plain object keyed by game"). */
export const mobileLotteryGamesSchema = z.record(z.string(), mobileLotteryGameSchema);

/**
 * One group of the lottery menu (§7.5 GET /lgw/vn/games/game_menu, read with `Object.values(data)`; the client's
 * lottery centre reads each group's `games`). Inner fields beside `games` are not found: PlayDeck groups by vendor,
 * `menuCode` = the vendor code, `menuName` = its display name.
 */
export const lotteryMenuGroupSchema = z.looseObject({
  menuCode: z.string(),
  menuName: z.string(),
  games: z.array(mobileLotteryGameSchema),
});

/** The lottery menu: a plain object keyed by group (vendor code). */
export const lotteryMenuSchema = z.record(z.string(), lotteryMenuGroupSchema);

/**
 * A game's open draw (§7.5 GET /lgw/games/opened/numero and /lgw/vn/numeros/opened/game, each a plain object keyed
 * by game read with `Object.values(data)`). `numero` is the draw number (issue, YYYYMMDD-NNNN). The time fields
 * are not found in the contract: PlayDeck's choice, as its draws (`openAt`, `closeAt` = betting closes, `drawAt`,
 * epoch ms) and `serverTime` so a count-down runs on the server's clock.
 */
export const openNumeroSchema = z.looseObject({
  gameId: z.union([z.string(), z.number().int().transform(String)]),
  numero: z.string(),
  displayName: z.string().optional(),
  gameName: z.string().optional(),
  openAt: z.number().optional(),
  closeAt: z.number().optional(),
  drawAt: z.number().optional(),
  serverTime: z.number().optional(),
});

/** Open draws keyed by game id. */
export const openNumerosSchema = z.record(z.string(), openNumeroSchema);

// ---- inputs ----

/** GET /wps/playdeck/lottery/games query: optional category (LOTT or ELOTT) and vendor. */
export const lotteryGamesQuery = z.object({
  gameType: z.preprocess(blank, z.string().transform((s) => s.toUpperCase()).pipe(z.enum(['LOTT', 'ELOTT'])).optional()),
  vassalage: z.preprocess(blank, z.string().regex(/^[A-Za-z0-9_]{1,40}$/, 'Expected a vendor code').transform((s) => s.toUpperCase()).optional()),
  language,
});

/** A game named by nodeId or by the launcher's gameId (nodeId wins). */
export const lotteryGameQuery = z.object({
  nodeId: optionalInt(1, MAX_ID),
  gameId: z.preprocess(blank, gameIdValue.optional()),
  language,
}).refine((q) => q.nodeId !== undefined || q.gameId !== undefined, { message: 'nodeId or gameId is required', path: ['nodeId'] });

/** A JSON body number field that may also arrive blank ('' or null = absent). */
const bodyInt = (min: number, max: number) => z.preprocess(blank, z.number().int().min(min).max(max).optional());

/**
 * POST /lgw/orders (search) body (§4). Blank ('' or null) means "any". `endDate` is exclusive; `orderNumber` is an
 * order's `orderNumber`; `numero` its issue number; PlayDeck places no chase orders, so `chasingOrder: true` finds
 * none and `chasingStatus` is accepted and ignored.
 */
export const orderSearchBody = z.object({
  startDate: bodyInt(0, MAX_TIME),
  endDate: bodyInt(0, MAX_TIME),
  orderStatus: z.preprocess(blank, orderStatusSchema.optional()),
  gameId: z.preprocess(blank, gameIdValue.optional()),
  orderNumber: z.preprocess(blank, z.union([z.string().regex(/^\d{1,16}$/), z.number().int().min(1).transform(String)]).optional()),
  chasingOrder: z.preprocess(blank, z.boolean().optional()),
  numero: z.preprocess(blank, numeroValue.optional()),
  chasingStatus: z.preprocess(blank, z.union([z.string().max(32), z.number()]).optional()),
  page: z.preprocess(blank, z.number().int().min(0).max(1_000_000).default(0)),
  size: z.preprocess(blank, z.number().int().min(1).max(100).default(20)),
}).refine((q) => q.startDate === undefined || q.endDate === undefined || q.startDate <= q.endDate,
  { message: 'startDate must not be after endDate', path: ['startDate'] });

/** GET /lgw/orders/today query (§4: gameId, page from 0, size). */
export const todayOrdersQuery = z.object({
  gameId: z.preprocess(blank, gameIdValue.optional()),
  page: intOr(0, 1_000_000, 0),
  size: intOr(1, 100, 50),
});

/** GET /lgw/orders/detail/{orderMasterId}/info query: page from 0, size. */
export const orderInfoQuery = z.object({ page: intOr(0, 1_000_000, 0), size: intOr(1, 100, 20) });

/** PUT /lgw/orders/suborders/cancel body (§4): a JSON array of 1–50 order-detail (bet) ids. */
export const cancelBody = z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).min(1).max(50);

/**
 * POST /lgw/orders/betting body (§4). `currentNumero` is the issue bet on; `prizeModeId` LOTT | ELOTT | SEA (any
 * case); `betCartAmountSum` the decimal total of the slip's stakes (must match); `bettingSlipString` the bets
 * (contract/bettingSlip.ts). PlayDeck has no chasing: `chase`/`quickChase` true answer 400
 * `function.not.available`; `winningStop`, `abandoning`, `device` and `orderType` are accepted and ignored.
 */
export const bettingBody = z.object({
  gameId: gameIdValue,
  currentNumero: numeroValue,
  winningStop: z.unknown().optional(),
  abandoning: z.unknown().optional(),
  betCartAmountSum: money(),
  chase: z.preprocess(blank, z.union([z.boolean(), z.literal(0), z.literal(1)]).optional()),
  device: z.preprocess(blank, z.union([z.string().max(32), z.number()]).optional()),
  orderType: z.preprocess(blank, z.union([z.string().max(32), z.number()]).optional()),
  quickChase: z.preprocess(blank, z.union([z.boolean(), z.literal(0), z.literal(1)]).optional()),
  prizeModeId: z.union([z.string(), z.number().transform(String)]).pipe(z.string().regex(/^[A-Za-z]{1,10}$/, 'Expected a prize mode').transform((s) => s.toUpperCase())),
  bettingSlipString: z.string().min(1),
});

/** GET /lgw/draw/{gameId} query: page from 0, size 1–100. */
export const drawPageQuery = z.object({ page: intOr(0, 1_000_000, 0), size: intOr(1, 100, 10) });

/** GET /lgw/numeros/near query: the game (§4 `gameId`). */
export const nearNumerosQuery = z.object({ gameId: gameIdValue });

/** The idempotency header of the betting call: 8–64 letters, digits, - or _. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Pattern of an idempotency key. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * GET /lgw/vn/games/game_menu query (§7.5: `prizeMode=Lott&device=MOBILE`): the prize mode in any case (Lott, Elott,
 * SEA; absent = every game) and the device (accepted and ignored: PlayDeck's lists are the same on every device).
 */
export const lotteryMenuQuery = z.object({
  prizeMode: z.preprocess(blank, z.string().transform((s) => s.toUpperCase()).pipe(prizeModeSchema).optional()),
  device: z.preprocess(blank, z.string().max(20).optional()),
});
