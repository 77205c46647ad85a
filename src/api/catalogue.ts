import type { z } from 'zod';
import { callApi, clientSession, merchantCode, servedValue } from './client';
import { activeLanguage } from '../../rules/i18n';
import { catalogueCalls } from '../../contract/calls/catalogue';
import { RECENT_GAMES_CAP } from '../../contract/calls/favourites';
import type { GameTileWire, vendorLane } from '../../contract/calls/catalogue-schemas';
import type { VendorMappingEntry } from '../../rules/gameListView';

export type { GameCategory } from '../../contract/calls/catalogue-schemas';

/**
 * The catalogue's typed client (platform-contract.md §2): vendor mapping and lanes, game list, hot games, winner
 * board, launching, favourites and recent games. Thin wrappers over callApi that send the platform's parameters;
 * money is in integer minor units here (the client's money codec converts it: client.ts), so the stores never see
 * currency units.
 */

/** A game tile in the browser (player-shell §3 Game): the contract's tile, minBet in minor units. */
export type Game = Omit<GameTileWire, 'minBet'> & { minBet?: number | undefined };
/** The vendor mapping entry of one category, built from the vendor game types and lanes (rules/gameListView.ts mappingOf). */
export type VendorGameType = VendorMappingEntry;
/** The vendor game types: game type → vendor codes (§2 vendor game types). */
export type VendorGameTypes = z.output<typeof catalogueCalls.vendorGameTypes.value>['content'];
/** One vendor lane with its vendor cards (§2 vendor lanes). */
export type VendorLane = z.output<typeof vendorLane>;
/** A page of games; pageNum is 1-based. */
export interface GamePage {
  games: Game[];
  pageNum: number;
  totalPages: number;
}

/** The site's merchant code: the session's, else the one the edge wrote into `<html data-merchant>` ('' if none). */
function siteMerchant(): string {
  return merchantCode() ?? '';
}

/**
 * The tiles of a page's data block (rules/served.ts: the game list's first page, home's hot games row), served as
 * the wire carries them (minBet in currency units), as the browser keeps them: minBet decoded to minor units by the
 * game list's money fields (client.ts servedValue), as a fetched page's tiles are.
 */
export function servedGames(items: readonly unknown[]): Game[] {
  return servedValue(catalogueCalls.gameList, { games: items }).games;
}

/** An answer whose shape the browser cannot read (a refused call is an ApiRequestError instead). */
export class UnreadableAnswerError extends Error {
  constructor(readonly call: string) {
    super(`unreadable answer of ${call}`);
    this.name = 'UnreadableAnswerError';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const optional = (v: unknown, check: (x: unknown) => boolean) => v === undefined || v === null || check(v);
const isInt = (v: unknown) => Number.isInteger(v);

/**
 * The vendor game types' `value` read by hand, as the contract schema (vendorGameTypesContent) reads it in the
 * worker: the browser build carries no zod (contract/schema-stub.ts). Lists or comma strings of codes,
 * trimmed, upper-cased, de-duplicated; throws UnreadableAnswerError on any other shape.
 */
export function readVendorGameTypes(value: unknown): VendorGameTypes {
  const content = isObject(value) ? value.content : undefined;
  if (!isObject(content)) throw new UnreadableAnswerError('vendorGameTypes');
  const read: VendorGameTypes = {};
  for (const [type, codes] of Object.entries(content)) {
    const list = isString(codes) ? codes.split(',') : Array.isArray(codes) && codes.every(isString) ? codes : null;
    if (!list) throw new UnreadableAnswerError('vendorGameTypes');
    read[type] = [...new Set(list.map((c) => c.trim().toUpperCase()).filter(Boolean))];
  }
  return read;
}

/** The vendor lanes' `value` read by hand (the fields vendorLane names, §7.3); throws UnreadableAnswerError on another shape. */
export function readVendorLanes(value: unknown): VendorLane[] {
  const lanes = isObject(value) && isObject(value.data) ? value.data.lanes : undefined;
  const ok = Array.isArray(lanes) && lanes.every((lane) => isObject(lane) && isString(lane.title)
    && optional(lane.gameCount, isInt)
    && Array.isArray(lane.gameClassify) && lane.gameClassify.every((c) => isObject(c) && Array.isArray(c.vendors) && c.vendors.every(isString)
      && optional(c.gameClassify, isString) && optional(c.code, isString) && optional(c.name, isString))
    && Array.isArray(lane.cards) && lane.cards.every((card) => isObject(card) && isString(card.accountTypeName) && isString(card.displayName)
      && isString(card.gameType) && isString(card.lagerIcon) && typeof card.freeplay === 'boolean'
      && optional(card.gameCount, isInt) && optional(card.nodeId, isInt) && optional(card.telNodeId, isInt)
      && optional(card.gameId, isString) && optional(card.telGameId, isString)));
  if (!ok) throw new UnreadableAnswerError('vendorLanes');
  return lanes as VendorLane[];
}

/**
 * GET vendor game types (`typeId=1`, `merchant_code`) → `value.content`: game type → vendor codes (lists; a comma
 * string is read as its list), in the merchant's category order. Throws UnreadableAnswerError when the answer has
 * another shape, so the screens show their error state rather than waiting (ApiRequestError on a refused call).
 */
export async function getVendorGameTypes(language: string = activeLanguage()): Promise<VendorGameTypes> {
  return readVendorGameTypes(await callApi(catalogueCalls.vendorGameTypes, { query: { typeId: 1, merchant_code: siteMerchant(), language } }));
}

/**
 * GET vendor lanes (`platform=html5`, `merchantCode`): one lane of vendor cards per category (§7.3 shape). Throws
 * UnreadableAnswerError when the answer has another shape (ApiRequestError on a refused call).
 */
export async function getVendorLanes(language: string = activeLanguage()): Promise<VendorLane[]> {
  return readVendorLanes(await callApi(catalogueCalls.vendorLanes, { query: { platform: 'html5', merchantCode: siteMerchant(), language } }));
}

/** Query of the game list (player-shell §7). pageNo is 1-based; minBet in minor units; vassalage a vendor or list. */
export interface GameListQuery {
  gameType?: string | undefined;
  vassalage?: string | readonly string[] | undefined;
  gameName?: string | undefined;
  gameClassify?: string | undefined;
  isNew?: 1 | null | undefined;
  minBet?: number | undefined;
  minLine?: number | undefined;
  pageNo: number;
  pageSize: number;
  language?: string | undefined;
}

/**
 * GET game list (GAMELO3) with the platform's fixed `merchant`, `clientType=2`, `platform=html5`; `vassalage`
 * "" for every vendor or a comma list; `language` EN unless given (player-shell §7 "language EN").
 */
export async function listGames(query: GameListQuery, signal?: AbortSignal): Promise<GamePage & { total?: number | undefined }> {
  const vassalage = typeof query.vassalage === 'string' ? query.vassalage : (query.vassalage ?? []).join(',');
  const value = await callApi(catalogueCalls.gameList, {
    query: {
      merchant: siteMerchant(),
      clientType: 2,
      platform: 'html5',
      gameName: query.gameName,
      gameType: query.gameType,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      vassalage,
      gameClassify: query.gameClassify,
      isNew: query.isNew,
      minBet: query.minBet,
      minLine: query.minLine,
      language: query.language ?? 'EN',
    },
    signal,
  });
  return value;
}

/** GET hot games (GAMELOHOT3, no token): `merchantCode`, `isPlatform=2`, `language`, `platform=html5`, `vassalage=""`. */
export async function getHotGames(language: string = activeLanguage()): Promise<Game[]> {
  const { list } = await callApi(catalogueCalls.hotGames, {
    query: { merchantCode: siteMerchant(), isPlatform: 2, language, platform: 'html5', vassalage: '' },
  });
  return list;
}

/** A winner-board entry in the browser: winAmount in minor units. */
export interface WinnerBoardEntry {
  vo: Omit<z.output<typeof catalogueCalls.winnerBoard.value>['list'][number]['vo'], 'winAmount'> & { winAmount: number };
}

/** GET winner board (`gameCategory=ALL`, `language`, `limitNum` 20; PlayDeck's optional `sort`): winAmount in minor units. */
export async function getWinnerBoard(
  query: { gameCategory?: string; language?: string; limitNum?: number; sort?: 'newest' | 'biggest' } = {},
): Promise<WinnerBoardEntry[]> {
  const { list } = await callApi(catalogueCalls.winnerBoard, {
    query: { gameCategory: 'ALL', language: activeLanguage(), limitNum: 20, ...query },
  });
  return list;
}

/** The game fields a launch sends. */
export type LaunchTarget = Pick<Game, 'nodeId' | 'gameId' | 'vassalage'>;

/**
 * GET launch game (GAMELO3, `launchMode=GLS`): platform html5, clientType 2, gameId, nodeId, accountType (1; 0 =
 * free play), vassalage, merchantCode, language, confirmTrans 0, webView false → the game URL (`content.game_url`).
 */
export async function launchGame(game: LaunchTarget, freePlay = false): Promise<string> {
  const { content } = await callApi(catalogueCalls.launchGame, {
    query: {
      launchMode: 'GLS', platform: 'html5', clientType: 2, gameId: game.gameId, nodeId: game.nodeId, accountType: freePlay ? 0 : 1,
      vassalage: game.vassalage, merchantCode: siteMerchant(), language: activeLanguage(), confirmTrans: 0, webView: false,
    },
  });
  return content.game_url;
}

/** GET trial launch (no token): `gameId`, `nodeId`, `platform=html5` → the game URL of a free-play game. */
export async function trialLaunch(game: Pick<Game, 'nodeId' | 'gameId'>): Promise<string> {
  const { content } = await callApi(catalogueCalls.trialLaunch, { query: { gameId: game.gameId, nodeId: game.nodeId, platform: 'html5' } });
  return content.game_url;
}

/**
 * The member's recent games (GAMELOREC3), latest launch first, as pages of `pageSize` for the game list screen.
 * The call answers a plain list (platform-contract.md §2 recent list) of at most RECENT_GAMES_CAP games, so this
 * asks once for the whole capped list (`pageNo=1`, `pageSize=RECENT_GAMES_CAP`, filtered by gameType, vassalage,
 * gameName) and cuts page `pageNo` (1-based) out of it; totalPages = ceil(games / pageSize), 0 when none.
 */
export async function listRecentGames(
  query: { gameType?: string | undefined; vassalage?: string | undefined; gameName?: string | undefined; pageNo: number; pageSize: number },
  signal?: AbortSignal,
): Promise<GamePage> {
  const { pageNo, pageSize, ...filters } = query;
  const value = await callApi(catalogueCalls.recentGames, {
    query: { ...filters, pageNo: 1, pageSize: RECENT_GAMES_CAP, language: activeLanguage() }, signal,
  });
  const games = value.slice((pageNo - 1) * pageSize, pageNo * pageSize);
  return { games, pageNum: pageNo, totalPages: Math.ceil(value.length / pageSize) };
}

/** GET add recent game (`nodeId`): records a launch that skips the launch call (the lottery launcher). */
export const addRecentGame = (nodeId: number) => callApi(catalogueCalls.addRecentGame, { query: { nodeId } });

/** GET favourite list (GAMELOFAV3): `token`, `pageNo`, `pageSize`, `gameType`, `language` → content, pageNum, totalPages. */
export async function listFavourites(query: { gameType?: string; pageNo: number; pageSize: number; language?: string }) {
  const value = await callApi(catalogueCalls.favouriteList, {
    query: { token: clientSession()?.token ?? '', language: activeLanguage(), ...query },
  });
  return { content: value.content, pageNum: value.pageNum, totalPages: value.totalPages };
}

/** GET favourite ids (GAMELOFAV3, `pageNo=1`, `pageSize=100`): node ids as strings. */
export async function getFavouriteIds(): Promise<string[]> {
  const ids = await callApi(catalogueCalls.favouriteIds, { query: { pageNo: 1, pageSize: 100 } });
  return ids.map(String);
}

/** The game fields a favourite call sends. */
export type FavouriteTarget = Pick<Game, 'nodeId' | 'vassalage' | 'gameType'>;

/** POST add favourite (GAMELOFAV3) `{ nodeId, vendor, gameType }`. */
export const addFavourite = (game: FavouriteTarget) =>
  callApi(catalogueCalls.addFavourite, { body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType } });

/** DELETE remove favourite (GAMELOFAV3) with JSON body `{ nodeId, vendor, gameType }`. */
export const removeFavourite = (game: FavouriteTarget) =>
  callApi(catalogueCalls.removeFavourite, { body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType } });
