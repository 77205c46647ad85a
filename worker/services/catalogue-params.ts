import { z } from 'zod';

/**
 * Input schemas of the game, favourite and demo routes (player-shell §7). Query values arrive as strings; an
 * empty value counts as absent, since clients serialise unset filters as `key=`. Unknown keys are ignored.
 */

const blank = (value: unknown) => (value === '' ? undefined : value);

function wholeNumber(min: number, max: number) {
  return z.string().regex(/^\d{1,10}$/, 'Expected a whole number').transform(Number).pipe(z.number().int().min(min).max(max));
}

/** An optional whole-number query value within [min, max]. */
function optionalInt(min: number, max: number) {
  return z.preprocess(blank, wholeNumber(min, max).optional());
}

/** A whole-number query value within [min, max], `fallback` when absent. */
function intOr(min: number, max: number, fallback: number) {
  return z.preprocess(blank, wholeNumber(min, max).default(fallback));
}

/** A node id as JSON number or numeric string (favourite ids travel as strings, player-shell §3). */
const nodeIdValue = z.union([
  z.number().int().min(1).max(2_147_483_647),
  z.string().regex(/^\d{1,10}$/, 'Expected a node id').transform(Number).pipe(z.number().int().min(1).max(2_147_483_647)),
]);

/** Interface language code (EN, PT-BR, …); the catalogue's names are the vendors' and do not vary by language. */
const language = z.preprocess(
  blank,
  z.string().regex(/^[A-Za-z]{2}(-[A-Za-z]{2,4})?$/, 'Expected a language code').transform((s) => s.toUpperCase()).default('EN'),
);

/**
 * Game types a list may ask for: the nine stored categories, ALL (no filter), HOT and NEW_GAME (flag filters),
 * and LOCAL, BGS and LIVESTREAM, which the built-in catalogue has no games for (an empty page, not an error).
 */
export const LISTABLE_GAME_TYPES = [
  'ALL', 'LOTT', 'ELOTT', 'LIVE', 'RNG', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT', 'HOT', 'NEW_GAME', 'LOCAL', 'BGS', 'LIVESTREAM',
] as const;

const gameType = z.preprocess(
  blank,
  z.string().transform((s) => s.toUpperCase()).pipe(z.enum(LISTABLE_GAME_TYPES)).optional(),
);

const pageNo = intOr(1, 1_000_000, 1);
const pageSize = intOr(1, 100, 20);

/** GET /wps/game/vendorGameTypes query: typeId 1 (the only mapping the specs use), merchant_code, language. */
export const vendorGameTypesQuery = z.object({
  typeId: z.preprocess(blank, z.enum(['1']).optional()),
  language,
});

/** GET /wps/game/list query (player-shell §7 "game list"). */
export const gameListQuery = z.object({
  platform: z.preprocess(blank, z.enum(['html5']).optional()),
  clientType: z.preprocess(blank, z.enum(['2']).optional()),
  gameName: z.preprocess(blank, z.string().max(100).transform((s) => s.trim()).optional()),
  gameType,
  pageNo,
  pageSize,
  vassalage: z.preprocess(blank, z.string().regex(/^[A-Za-z0-9_]{1,40}$/, 'Expected a vendor code').transform((s) => s.toUpperCase()).optional()),
  gameClassify: z.preprocess(blank, z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Expected a classification').transform((s) => s.toLowerCase()).optional()),
  isNew: z.preprocess(blank, z.enum(['1']).optional()),
  minBet: optionalInt(0, 1_000_000_000),
  minLine: optionalInt(0, 100_000),
  language,
});

/** GET /wps/game/hot query (player-shell §7 "hot games"). */
export const hotGamesQuery = z.object({
  isPlatform: z.preprocess(blank, z.enum(['2']).optional()),
  platform: z.preprocess(blank, z.enum(['html5']).optional()),
  language,
});

/** GET /wps/game/launchGame query: nodeId, freePlay 0 or 1 (default 0). */
export const launchQuery = z.object({
  nodeId: z.preprocess(blank, wholeNumber(1, 2_147_483_647)),
  freePlay: z.preprocess(blank, z.enum(['0', '1']).default('0')),
});

/** GET /wps/favourite/list query (player-shell §7 "favourite list"). */
export const favouriteListQuery = z.object({ gameType, pageNo, pageSize, language });

/** POST and DELETE /wps/favourite body (player-shell §7 "add favourite", "remove favourite"). */
export const favouriteBody = z.object({
  nodeId: nodeIdValue,
  vendor: z.string().trim().regex(/^[A-Za-z0-9_]{1,40}$/, 'Expected a vendor code'),
});

/** GET /wps/demo/slot/game query. */
export const slotGameQuery = z.object({ nodeId: z.preprocess(blank, wholeNumber(1, 2_147_483_647)) });

/** POST /wps/demo/slot/spin body: stake in minor units; the idempotency key makes a retry safe. */
export const slotSpinBody = z.object({
  nodeId: nodeIdValue,
  stakeMinor: z.number().int().min(1).max(1_000_000_000),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Expected 8 to 64 letters, digits, - or _'),
});
