/**
 * Input schemas of the lottery, order and winner-board routes. Query values arrive as strings and an empty
 * value counts as absent; unknown keys are ignored. Bets inside an order are checked by `priceItems`, so a bad
 * bet answers `invalid_bet` / `invalid_stake` rather than the generic `invalid_input`.
 */
import { z } from 'zod';
import { LISTABLE_GAME_TYPES } from '../catalogue-params';

const blank = (value: unknown) => (value === '' ? undefined : value);

const MAX_ID = 2_147_483_647;

function wholeNumber(min: number, max: number) {
  return z.string().regex(/^\d{1,16}$/, 'Expected a whole number').transform(Number).pipe(z.number().int().min(min).max(max));
}

const optionalInt = (min: number, max: number) => z.preprocess(blank, wholeNumber(min, max).optional());
const intOr = (min: number, max: number, fallback: number) => z.preprocess(blank, wholeNumber(min, max).default(fallback));

/** A node id as JSON number or numeric string. */
const nodeIdValue = z.union([
  z.number().int().min(1).max(MAX_ID),
  z.string().regex(/^\d{1,10}$/, 'Expected a node id').transform(Number).pipe(z.number().int().min(1).max(MAX_ID)),
]);

const gameIdValue = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected a game id');

const language = z.preprocess(blank, z.string().regex(/^[A-Za-z]{2}(-[A-Za-z]{2,4})?$/, 'Expected a language code').optional());

/** A game named by nodeId or by the launcher's gameId (player-shell §2 /m/launchGame). */
const gameKey = {
  nodeId: optionalInt(1, MAX_ID),
  gameId: z.preprocess(blank, gameIdValue.optional()),
};
const needsGame = (q: { nodeId?: number | undefined; gameId?: string | undefined }) => q.nodeId !== undefined || q.gameId !== undefined;
const needsGameIssue = { message: 'nodeId or gameId is required', path: ['nodeId'] };

/** GET /lgw/lottery/games query: optional category (LOTT or ELOTT) and vendor. */
export const lotteryGamesQuery = z.object({
  gameType: z.preprocess(blank, z.string().transform((s) => s.toUpperCase()).pipe(z.enum(['LOTT', 'ELOTT'])).optional()),
  vassalage: z.preprocess(blank, z.string().regex(/^[A-Za-z0-9_]{1,40}$/, 'Expected a vendor code').transform((s) => s.toUpperCase()).optional()),
  language,
});

/** GET /lgw/lottery/game and /lgw/lottery/draws query: nodeId or gameId. */
export const lotteryGameQuery = z.object({ ...gameKey, language }).refine(needsGame, needsGameIssue);

/** POST /lgw/orders body. Stakes are minor units; `items` are validated bet by bet later. */
export const placeOrderBody = z.object({
  nodeId: nodeIdValue.optional(),
  gameId: gameIdValue.optional(),
  issueNo: z.string().regex(/^\d{8}-\d{4}$/, 'Expected an issue number YYYYMMDD-NNNN'),
  prizeMode: z.string().regex(/^[A-Za-z]{1,10}$/, 'Expected a prize mode').transform((s) => s.toUpperCase()),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Expected 8 to 64 letters, digits, - or _'),
  items: z.array(z.object({ betType: z.unknown(), selection: z.unknown(), stakeMinor: z.unknown() })).min(1).max(50),
}).refine(needsGame, needsGameIssue);

/** GET /lgw/orders query: filters status, nodeId, created from/to (epoch ms, `to` exclusive); 1-based paging. */
export const orderListQuery = z.object({
  status: z.preprocess(blank, z.enum(['open', 'settled', 'cancelled']).optional()),
  nodeId: optionalInt(1, MAX_ID),
  from: optionalInt(0, 8_640_000_000_000_000),
  to: optionalInt(0, 8_640_000_000_000_000),
  pageNo: intOr(1, 1_000_000, 1),
  pageSize: intOr(1, 100, 20),
}).refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });

/** GET /lgw/orders/detail query. */
export const orderDetailQuery = z.object({ orderId: z.preprocess(blank, wholeNumber(1, Number.MAX_SAFE_INTEGER)) });

/** POST /lgw/orders/suborders/cancel body: 1–50 bet ids. */
export const cancelBody = z.object({
  subOrderIds: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).min(1).max(50),
});

/** GET /wps/game/winners query (player-shell §7 "winner board": gameCategory ALL, language, limitNum 20). */
export const winnersQuery = z.object({
  gameCategory: z.preprocess(blank, z.string().transform((s) => s.toUpperCase()).pipe(z.enum(LISTABLE_GAME_TYPES)).default('ALL')),
  language,
  limitNum: intOr(1, 20, 20),
  sort: z.preprocess(blank, z.enum(['newest', 'biggest']).default('newest')),
});
