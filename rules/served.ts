import type { Language } from '../contract/languageCodes';
import type { ListAddress, VendorMappingEntry } from './gameListView';

/**
 * Server data the edge writes into a page beside the markup it fills (worker/edge/fills/list.ts), as a JSON data
 * block (`<script type="application/json">`, never executed, so the CSP allows it). The page's stores read it
 * as their first value, so an island hydrates over the edge's markup without asking the API again.
 */

/** Id of the game list's data block (/m/gameList). */
export const SERVED_GAME_LIST_ID = 'pd-served-game-list';
/** Id of the lottery list's data block (/m/lottery). */
export const SERVED_LOTTERY_ID = 'pd-served-lottery';
/** Id of home's vendor mapping data block (/m/home: the game vendors player-shell §2 Home fetches on load). */
export const SERVED_VENDORS_ID = 'pd-served-vendors';

/** Id of home's hot games data block (/m/home: the hot games row's first row). */
export const SERVED_HOT_GAMES_ID = 'pd-served-hot-games';

/** Id of the registration settings' data block (/m/register). */
export const SERVED_REGISTER_ID = 'pd-served-register';

/** Id of the game list's search input (the island and the edge's markup use the same). */
export const GAME_SEARCH_ID = 'game-search';
/** Prefix of the game list tiles' vendor label ids (`<prefix>-<nodeId>`). */
export const TILE_VENDOR_ID = 'game-vendor';
/** Prefix of home's hot games tiles' vendor label ids (`<prefix>-<nodeId>`; home's game browser may list the same game). */
export const HOT_TILE_VENDOR_ID = 'hot-vendor';

/** The first page of the game list as the edge served it (games as the wire has them: minBet in currency units). */
export interface ServedGameList {
  language: Language;
  address: ListAddress;
  /** The vendor mapping, in the merchant's sorting order. */
  mapping: VendorMappingEntry[];
  /** The list's key (rules/gameListView.ts gameListKey). */
  key: string;
  page: { items: unknown[]; pageNum: number; totalPages: number };
}

/** The vendor mapping as the edge served it with home, in the merchant's sorting order. */
export interface ServedVendors {
  language: Language;
  mapping: VendorMappingEntry[];
}

/** Home's hot games row as the edge served it (at most the row's size; games as the wire has them: minBet in currency units). */
export interface ServedHotGames {
  language: Language;
  list: unknown[];
}

/** The lottery list as the edge served it (/lgw/games as the wire has it: money in currency units). */
export interface ServedLottery {
  language: Language;
  /** The server's clock when the edge drew the count-downs (the answer's serverTime, epoch ms). */
  serverTime: number;
  list: unknown[];
}

/**
 * The registration settings as the edge served them with /m/register (GET /wps/system/setting/register as a list
 * in display order, rules/register-tabs.ts settingsList), for the form the edge wrote with them.
 */
export interface ServedRegister {
  language: Language;
  fields: unknown[];
}

/** JSON for a data block: `<` written as `\u003c`, so no text inside can close the script element. */
export function servedJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

interface DocumentLike {
  getElementById(id: string): { textContent: string | null } | null;
  readyState?: string;
}

/** The parsed data block `id` of this page (browser), or null (pre-rendering, no block, unreadable). */
export function readServed(id: string): unknown {
  const doc = (globalThis as { document?: DocumentLike }).document;
  const text = doc?.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** True outside a browser and once the document is parsed: a data block not found now is not in the page. */
function pageParsed(): boolean {
  const doc = (globalThis as { document?: DocumentLike }).document;
  return doc === undefined || doc.readyState === undefined || doc.readyState !== 'loading';
}

/**
 * `read` (a reading of the page's data blocks) done at the returned function's first call instead of when a
 * store's module is evaluated, then kept. A store module runs when the first island that needs its chunk hydrates,
 * which can be while the document is still being parsed (a member's header hydrates at once), before the edge's
 * data block further down: a store that read the block then started empty, and the island hydrating later over
 * the edge's markup rendered something else (React #418 on a member's home). An island's own first render comes
 * after its block (the edge writes the block just before the island: worker/edge/fills/list.ts writeList), so a
 * first call from there finds it. A miss while the document is still loading is not kept (the block may follow).
 */
export function servedOnFirstUse<T>(read: () => T | null): () => T | null {
  let known = false;
  let value: T | null = null;
  return () => {
    if (known) return value;
    value = read();
    known = value !== null || pageParsed();
    return value;
  };
}
