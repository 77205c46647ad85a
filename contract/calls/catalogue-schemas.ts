import { z } from 'zod';
import { money, moneyText } from '../money';

/**
 * Schema pieces of the catalogue calls (platform-contract.md §2; player-shell §3 "Game", §7). Query values
 * arrive as strings; an empty value counts as absent (clients serialise unset filters as `key=`); unknown keys
 * are ignored. Both the worker (validation) and the browser (answer types) import these.
 */

/** Treats `key=` as an absent key. */
export const blank = (value: unknown) => (value === '' ? undefined : value);

function wholeNumber(min: number, max: number) {
  return z.string().regex(/^\d{1,10}$/, 'Expected a whole number').transform(Number).pipe(z.number().int().min(min).max(max));
}

/** An optional whole-number query value within [min, max]. */
export function optionalInt(min: number, max: number) {
  return z.preprocess(blank, wholeNumber(min, max).optional());
}

/** A whole-number query value within [min, max], `fallback` when absent. */
export function intOr(min: number, max: number, fallback: number) {
  return z.preprocess(blank, wholeNumber(min, max).default(fallback));
}

/** A required whole-number query value within [min, max]. */
export function requiredInt(min: number, max: number) {
  return z.preprocess(blank, wholeNumber(min, max));
}

/** Largest node id (a 32-bit signed id). */
export const MAX_NODE_ID = 2_147_483_647;

/** A node id as a JSON number or numeric string (favourite ids travel as strings, player-shell §3). */
export const nodeIdValue = z.union([
  z.number().int().min(1).max(MAX_NODE_ID),
  z.string().regex(/^\d{1,10}$/, 'Expected a node id').transform(Number).pipe(z.number().int().min(1).max(MAX_NODE_ID)),
]);

/** A node id in the query string. */
export const nodeIdQuery = requiredInt(1, MAX_NODE_ID);

/** A vendor code (vassalage), upper-cased. */
export const vendorCode = z.string().trim().regex(/^[A-Za-z0-9_]{1,40}$/, 'Expected a vendor code').transform((s) => s.toUpperCase());

/** A game id (the vendor's id of the game). */
export const gameIdValue = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected a game id');

/** Interface language code (EN, PT-BR, …), upper case, EN when absent (§1.2). */
export const languageQuery = z.preprocess(
  blank,
  z.string().regex(/^[A-Za-z]{2}(-[A-Za-z]{2,4})?$/, 'Expected a language code').transform((s) => s.toUpperCase()).default('EN'),
);

/** A merchant code parameter (`merchant`, `merchant_code`, `merchantCode`): the edge checks it agrees with the host. */
export const merchantQuery = z.preprocess(blank, z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Expected a merchant code').optional());

/** `platform=html5`, the only platform the mobile client sends. */
export const html5 = z.preprocess(blank, z.enum(['html5']).optional());

/**
 * Game types a list may ask for: the nine stored categories, ALL (no filter), HOT and NEW_GAME (flag filters),
 * and LOCAL, BGS and LIVESTREAM, which the built-in catalogue has no games for (an empty page, not an error).
 */
export const LISTABLE_GAME_TYPES = [
  'ALL', 'LOTT', 'ELOTT', 'LIVE', 'RNG', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT', 'HOT', 'NEW_GAME', 'LOCAL', 'BGS', 'LIVESTREAM',
] as const;

/** An optional game type (any case) of LISTABLE_GAME_TYPES. */
export const gameTypeQuery = z.preprocess(
  blank,
  z.string().transform((s) => s.toUpperCase()).pipe(z.enum(LISTABLE_GAME_TYPES)).optional(),
);

/** 1-based page number (default 1). */
export const pageNoQuery = intOr(1, 1_000_000, 1);
/** Page size 1–100 (default 20, the home rows' size). */
export const pageSizeQuery = intOr(1, 100, 20);

/** An optional money amount in the query: decimal currency units (at most 2 decimals) → integer minor units. */
export const moneyQuery = z.preprocess(
  blank,
  moneyText(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, 'Expected an amount with at most 2 decimals')).optional(),
);

/** Game categories (player-shell §3). */
export const GAME_CATEGORIES = [
  'ALL', 'LOTT', 'ELOTT', 'LIVE', 'RNG', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'HOT', 'LIVESTREAM', 'HOME', 'PROMO', 'FAV',
  'COCKFIGHT', 'NEW_GAME', 'FEEDBACK', 'BGS', 'LOCAL',
] as const;

/** One game category code. */
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/**
 * A game tile (platform-contract.md §2 game list; player-shell §3 "Game"). The platform's tile fields are
 * required: nodeId, nodeName, gameName, displayName (the vendor's name), vassalage, roomId, gameId, gameType,
 * supportPlay (0 = free play supported), gameClassifyNew, showIcon (the icon URL, preferred to iconUrl). The
 * rest are fields player-shell §3 names that the built-in API also fills; they are optional so an upstream
 * platform's tiles validate. minBet is money: decimal currency units.
 */
export const gameTile = z.object({
  nodeId: z.number().int(),
  nodeName: z.string(),
  gameName: z.string(),
  displayName: z.string(),
  vassalage: z.string(),
  roomId: z.string().nullable(),
  gameId: z.string(),
  gameType: z.string(),
  supportPlay: z.number().int(),
  gameClassifyNew: z.string().nullable(),
  showIcon: z.string(),
  vendorCode: z.string().optional(),
  gameCode: z.string().optional(),
  gameGroupId: z.string().nullish(),
  lottoMode: z.string().nullish(),
  iconUrl: z.string().optional(),
  mobileLargeIcon: z.string().optional(),
  url: z.string().nullish(),
  telNodeId: z.number().int().optional(),
  isHot: z.boolean().optional(),
  isNew: z.boolean().optional(),
  minBet: money().optional(),
  minLine: z.number().int().optional(),
});

/** A game tile as the wire carries it (minBet in currency units). */
export type GameTileWire = z.output<typeof gameTile>;

/**
 * The vendor codes of one game type in the vendor game-types answer (platform-contract.md §2 "vendor game types":
 * `value.content` maps gameType → vendor codes). The built-in API and the platform stand-in send a list; a comma
 * string (`"PG,JDB"`), which the contract's wording also allows, is read as the same list (PlayDeck's choice: the
 * platform's own client keeps the answer opaque, so both spellings are accepted). Codes are trimmed and upper-cased.
 */
export const vendorCodeList = z.union([
  z.array(z.string()),
  z.string().transform((s) => s.split(',')),
]).transform((codes) => [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))]);

/** `value.content` of the vendor game types: gameType → its vendor codes, in the merchant's category order (key order). */
export const vendorGameTypesContent = z.record(z.string(), vendorCodeList);

/**
 * A vendor card of the vendor lanes (platform-contract.md §2 "vendor lanes", §7.3). `accountTypeName` is the VENDOR
 * CODE: the platform's client upper-cases it, keys the lane's cards by it and sends it as `vassalage` to the game
 * list (RNG and PVP cards stand for the TCG code). `gameId`/`nodeId` name the game a signed-in player opens from the
 * card; `telGameId`/`telNodeId` the game the free-play launch (GCS_gameTrialLaunch) opens, null when the vendor has
 * no free-play game. Unknown fields are kept (the platform may send more).
 */
export const vendorCard = z.looseObject({
  /** The vendor code again (the contract writes `vassalage/accountTypeName`); optional, accountTypeName counts. */
  vassalage: z.string().optional(),
  accountTypeName: z.string(),
  displayName: z.string(),
  gameType: z.string(),
  /** The vendor's large icon URL (the platform's spelling). */
  lagerIcon: z.string(),
  /** Free play supported; `supportPlay = freeplay ? 0 : 1`. */
  freeplay: z.boolean(),
  gameId: z.string().nullish(),
  nodeId: z.number().int().nullish(),
  telGameId: z.string().nullish(),
  telNodeId: z.number().int().nullish(),
  /** PlayDeck: enabled games of the vendor under this type. */
  gameCount: z.number().int().optional(),
  /** PlayDeck: the vendor is under maintenance. */
  maintenance: z.boolean().optional(),
});

/**
 * One classification of a lane (§7.3): an object with its own `vendors` list (the vendor codes that have games of
 * it; the client builds `vendorsMap` from it). The classification's code is `gameClassify` (PlayDeck's built-in
 * answer also sends it as `name`); `code` or `name` are read where a platform names it so.
 */
export const laneClassify = z.looseObject({
  gameClassify: z.string().optional(),
  code: z.string().optional(),
  name: z.string().optional(),
  vendors: z.array(z.string()),
});

/** One lane: a category (`title`) with its vendor cards, its classifications and (read by the client) its game count. */
export const vendorLane = z.looseObject({
  title: z.string(),
  cards: z.array(vendorCard),
  gameClassify: z.array(laneClassify),
  gameCount: z.number().int().nullish(),
});

/** The code of a lane classification: `gameClassify`, else `code`, else `name` ('' when none). */
export function classifyCode(entry: z.output<typeof laneClassify>): string {
  return entry.gameClassify ?? entry.code ?? entry.name ?? '';
}

/** The launch answer (§2 launch game, trial launch): `content.game_url` is where the browser goes to play. */
export const launchValue = z.object({
  content: z.object({
    game_url: z.string(),
    /** PlayDeck: the launched game's node id and vendor, and whether the session plays for free. */
    nodeId: z.number().int().optional(),
    vassalage: z.string().optional(),
    freePlay: z.boolean().optional(),
  }),
});
