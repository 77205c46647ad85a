import { z } from 'zod';
import { defineCall } from '../call';
import { money } from '../money';
import {
  blank, gameIdValue, gameTile, gameTypeQuery, html5, intOr, languageQuery, launchValue, merchantQuery, moneyQuery, nodeIdQuery,
  optionalInt, pageNoQuery, pageSizeQuery, vendorCode, vendorGameTypesContent, vendorLane, MAX_NODE_ID,
} from './catalogue-schemas';
import { favouriteCalls } from './favourites';
import { demoCalls } from './demo';

/** `vassalage`: "" (every vendor) or a comma list of vendor codes → the list (absent = every vendor). */
const vendorList = z.preprocess(
  blank,
  z.string().max(400).transform((s) => s.split(',').map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(vendorCode).max(20)).optional(),
);

/** `gameClassify`: `all`, `new`, `hot`, `favorite` or a classification code, lower-cased. */
const classifyQuery = z.preprocess(
  blank,
  z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Expected a classification').transform((s) => s.toLowerCase()).optional(),
);

/** Game list query (platform-contract.md §2 "game list"). */
const gameListQuery = z.object({
  merchant: merchantQuery,
  clientType: z.preprocess(blank, z.enum(['2']).optional()),
  platform: html5,
  gameName: z.preprocess(blank, z.string().max(100).transform((s) => s.trim()).optional()),
  gameType: gameTypeQuery,
  pageNo: pageNoQuery,
  pageSize: pageSizeQuery,
  vassalage: vendorList,
  gameClassify: classifyQuery,
  isNew: z.preprocess(blank, z.enum(['1']).optional()),
  minBet: moneyQuery,
  minLine: optionalInt(0, 100_000),
  language: languageQuery,
  ext: z.preprocess(blank, z.enum(['webp', 'avif']).optional()),
});

/** A page of game tiles: pageNum echoes pageNo (1-based), totalPages is 0 when nothing matches. */
const gamePage = z.object({
  games: z.array(gameTile),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  /** PlayDeck: the number of matching games. */
  total: z.number().int().optional(),
});

/** Launch query (§2 "launch game"): GLS for vendor games, LOTT for the lottery. */
const launchQuery = z.object({
  launchMode: z.enum(['GLS', 'LOTT']),
  platform: html5,
  clientType: z.preprocess(blank, z.enum(['2']).optional()),
  gameId: z.preprocess(blank, gameIdValue.optional()),
  nodeId: optionalInt(1, MAX_NODE_ID),
  accountType: z.preprocess(blank, z.enum(['0', '1']).default('1')),
  vassalage: z.preprocess(blank, vendorCode.optional()),
  merchantCode: merchantQuery,
  language: languageQuery,
  confirmTrans: z.preprocess(blank, z.enum(['0', '1']).optional()),
  webView: z.preprocess(blank, z.enum(['true', 'false']).optional()),
  lottoArea: z.preprocess(blank, z.string().max(20).optional()),
  lottoPrizeMode: z.preprocess(blank, z.string().regex(/^[A-Za-z]{1,10}$/).transform((s) => s.toUpperCase()).optional()),
  lottoGameCode: z.preprocess(blank, gameIdValue.optional()),
  lottoView: z.preprocess(blank, z.enum(['betting', 'lobby']).optional()),
  device: z.preprocess(blank, z.enum(['MOBILE']).optional()),
  backUrl: z.preprocess(blank, z.string().max(500).optional()),
  hasLobby: z.preprocess(blank, z.enum(['true', 'false', '0', '1']).optional()),
  lottoMode: z.preprocess(blank, z.string().max(60).optional()),
}).refine((q) => q.nodeId !== undefined || (q.launchMode === 'LOTT' && (q.lottoGameCode !== undefined || q.lottoView === 'lobby')), {
  message: 'nodeId is required (or, with launchMode LOTT, lottoGameCode or lottoView=lobby)', path: ['nodeId'],
});

/**
 * The lottery game codes of the platform's mobile client that name the lobby rather than a game (platform-contract.md
 * §7.5: it sends lottoView=lobby for a code of `lobby` or `game_list`, any case, and for none).
 */
export const LOTTERY_LOBBY_CODES: readonly string[] = ['lobby', 'game_list'];

/** True for a LOTT launch that asks for the lottery lobby (§7.5): lottoView=lobby, no node id, no game's code. */
export function isLotteryLobbyLaunch(q: { launchMode: string; nodeId?: number | undefined; lottoGameCode?: string | undefined; lottoView?: string | undefined }): boolean {
  return q.launchMode === 'LOTT' && q.nodeId === undefined && q.lottoView === 'lobby'
    && (q.lottoGameCode === undefined || LOTTERY_LOBBY_CODES.includes(q.lottoGameCode.toLowerCase()));
}

/** A winner-board entry (§2 "winner board"): winAmount in currency units. */
const winnerEntry = z.object({
  vo: z.object({
    gameName: z.string(),
    customerName: z.string(),
    winAmount: money(),
    gameId: z.string(),
    nodeId: z.number().int(),
    vendor: z.string(),
    notAuto: z.boolean(),
    /** PlayDeck: the game's category and when it was won (epoch ms). */
    gameType: z.string().optional(),
    wonAt: z.number().int().optional(),
  }),
});

/**
 * Calls of the catalogue area (platform-contract.md §2; player-shell §2–§7): vendor mapping and lanes, game list,
 * hot games, winner board, launching, favourites and recent games (./favourites.ts), and PlayDeck's demo games
 * (./demo.ts, an extension).
 */
export const catalogueCalls = {
  /**
   * GET vendor game types (§2): `typeId=1`, `merchant_code` → `value.content`: a map of game type → vendor codes
   * (lists; a comma string is read as its list), one key per category of the merchant's sorting list that has an
   * offered vendor, in that order (JSON key order), vendors in the merchant's vendor order. 400 `request_param_err`.
   */
  vendorGameTypes: defineCall({
    name: 'vendorGameTypes',
    method: 'GET',
    path: '/wps/relay/GCSGAME_getVassGameType',
    auth: 'optional',
    query: z.object({ typeId: z.preprocess(blank, z.enum(['1']).optional()), merchant_code: merchantQuery, language: languageQuery }),
    value: z.object({ content: vendorGameTypesContent }),
    summary: 'Vendor codes per game type (platform-contract.md §2 vendor game types).',
  }),
  /**
   * GET vendor lanes (§2, §7.3): `platform=html5`, `merchantCode`, `ext` → `value.data.lanes[{ title (gameCategory),
   * gameCount, cards[{ vassalage, accountTypeName (the vendor code), displayName, gameType, lagerIcon, freeplay,
   * gameId, nodeId, telGameId, telNodeId }], gameClassify[{ gameClassify, name, vendors[] }] }]`, in the merchant's
   * category order; ESPORTS and COCKFIGHT are lanes of their own (the platform's client splits them out of a SPORTS
   * lane by vendor code; the built-in catalogue already keeps them apart). `freeplay` is true when every enabled
   * game of the vendor supports free play (supportPlay 0). 400 `request_param_err`.
   */
  vendorLanes: defineCall({
    name: 'vendorLanes',
    method: 'GET',
    path: '/wps/relay/GCSGAME_newGameVendor',
    auth: 'optional',
    query: z.object({
      platform: html5, merchantCode: merchantQuery, language: languageQuery, ext: z.preprocess(blank, z.enum(['webp', 'avif']).optional()),
    }),
    value: z.object({ data: z.object({ lanes: z.array(vendorLane) }) }),
    summary: 'Vendor lanes with vendor cards (platform-contract.md §2 vendor lanes, §7.3).',
  }),
  /** GET the older client's vendor lanes (§2 "older GCSGAME_gameVendor"): the same query and answer as vendorLanes. */
  vendorLanesOlder: defineCall({
    name: 'vendorLanesOlder',
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameVendor',
    auth: 'optional',
    query: z.object({
      platform: html5, merchantCode: merchantQuery, language: languageQuery, ext: z.preprocess(blank, z.enum(['webp', 'avif']).optional()),
    }),
    value: z.object({ data: z.object({ lanes: z.array(vendorLane) }) }),
    summary: 'Vendor lanes of the older client (platform-contract.md §2 vendor lanes).',
  }),
  /**
   * GET game list (§2, GAMELO3) → `value { games[], pageNum, totalPages, total }` of game tiles (showIcon = icon
   * URL; minBet decimal). gameType ALL/absent = every type, HOT and NEW_GAME filter by flag; vassalage "" or a
   * comma list; gameClassify `all`, `new`, `hot`, `favorite` (needs a session: 401 `customer.not.login`) or a
   * classification; minBet (decimal currency units) keeps games whose minimum bet is at most it; minLine at most
   * that many lines. Errors: 400 `request_param_err`; 401 for `favorite` without a session.
   */
  gameList: defineCall({
    name: 'gameList',
    method: 'GET',
    path: '/wps/relay/GCSGAME_gameList',
    moduleId: 'GAMELO3',
    auth: 'optional',
    query: gameListQuery,
    value: gamePage,
    summary: 'Game list page (platform-contract.md §2 game list; player-shell §7).',
  }),
  /**
   * GET hot games (§2, GAMELOHOT3, no token): `merchantCode`, `isPlatform=2`, `language`, `platform=html5`,
   * `vassalage` ("" or a comma list) → `value.list`: every hot game the merchant offers, in catalogue order.
   * 400 `request_param_err`.
   */
  hotGames: defineCall({
    name: 'hotGames',
    method: 'GET',
    path: '/wps/relay/GCSGAME_hotGamesV2',
    moduleId: 'GAMELOHOT3',
    auth: 'none',
    query: z.object({
      merchantCode: merchantQuery, isPlatform: z.preprocess(blank, z.enum(['2']).optional()), language: languageQuery, platform: html5,
      vassalage: vendorList,
    }),
    value: z.object({ list: z.array(gameTile) }),
    summary: 'Hot games (platform-contract.md §2 hot games).',
  }),
  /**
   * GET winner board (§2, COMM3 per §1.3): `gameCategory=ALL` (or one category), `language`, `limitNum` (1–20,
   * default 20), PlayDeck's optional `sort=newest|biggest` → `value.list[{ vo: { gameName, customerName (masked),
   * winAmount (decimal currency units), gameId, nodeId, vendor, notAuto (true: a real settled win, never made
   * up), gameType, wonAt } }]`. 400 `request_param_err` (e.g. limitNum above 20).
   */
  winnerBoard: defineCall({
    name: 'winnerBoard',
    method: 'GET',
    path: '/wps/relay/GCSGAME_getRankList',
    moduleId: 'COMM3',
    auth: 'optional',
    query: z.object({
      gameCategory: z.preprocess(blank, z.string().transform((s) => s.toUpperCase()).pipe(z.enum([
        'ALL', 'LOTT', 'ELOTT', 'LIVE', 'RNG', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT', 'HOT', 'NEW_GAME', 'LOCAL', 'BGS', 'LIVESTREAM',
      ])).default('ALL')),
      language: languageQuery,
      limitNum: intOr(1, 20, 20),
      sort: z.preprocess(blank, z.enum(['newest', 'biggest']).default('newest')),
    }),
    value: z.object({ list: z.array(winnerEntry) }),
    summary: 'Winner board (platform-contract.md §2 winner board; player-shell §3 Winner board entry).',
  }),
  /**
   * GET launch game (§2, GAMELO3): `launchMode=GLS` with platform, clientType, gameId, nodeId, accountType (1; 0 =
   * free play), vassalage, merchantCode, language, confirmTrans=0, webView=false; or `launchMode=LOTT` with the
   * lotto fields → `value.content.game_url` (the platform's (2nd) shape; PlayDeck adds nodeId, vassalage, freePlay).
   * The lottery lobby launch (§7.5: `launchMode=LOTT&lottoView=lobby&lottoArea&lottoPrizeMode&device&backUrl&hasLobby&
   * language&title`, SEA with `lottoMode=SEA_Tradition_Mobile`) carries no node id and no game's code: its game_url
   * is the site's lottery lobby (/m/lottery), without nodeId or vassalage; 404 `game_not_found` when the site offers
   * no lottery game.
   * Without launchMode the platform answers 500 "#727 system busy"; PlayDeck answers 400 `request_param_err`
   * (never 5xx for a client mistake). Errors: 401 `customer.not.login`; 404 `game_not_found`; 409
   * `vendor_maintenance`; 403 `free_reject`; 400 `free_play_unavailable`, `request_param_err`.
   */
  launchGame: defineCall({
    name: 'launchGame',
    method: 'GET',
    path: '/wps/game/launchGame',
    moduleId: 'GAMELO3',
    auth: 'member',
    query: launchQuery,
    value: launchValue,
    summary: 'Launch a game (platform-contract.md §2 launch game; player-shell §4 Game launch).',
  }),
  /**
   * GET trial launch (§2, no token): `gameId`, `nodeId`, `platform=html5` → `value.content.game_url` (the same
   * shape as launch game: PlayDeck's choice, the contract names only "the game URL"). `nodeId` is a game's node id
   * or its telNodeId (a vendor card's `telGameId`/`telNodeId`, §7.3, or a tile's); `gameId`, when sent, must be
   * that game's. Only games with free play (supportPlay 0). Errors: 404 `game_not_found`; 400 `free_play_unavailable`, `request_param_err`; 409
   * `vendor_maintenance`.
   */
  trialLaunch: defineCall({
    name: 'trialLaunch',
    method: 'GET',
    path: '/wps/relay/GCS_gameTrialLaunch',
    auth: 'none',
    query: z.object({ gameId: z.preprocess(blank, gameIdValue.optional()), nodeId: nodeIdQuery, platform: html5 }),
    value: launchValue,
    summary: 'Free-play launch without login (platform-contract.md §2 trial launch).',
  }),
  ...favouriteCalls,
  ...demoCalls,
};
