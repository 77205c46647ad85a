import type { z } from 'zod';
import type { vendorGameType } from '../contract/calls/catalogue-schemas';
import {
  ALL, FAVORITE, classificationOptions, needsSession, showsClassificationFilter, showsVendorFilter, showsVendorTiles,
  VENDOR_SELECTOR_TYPES,
} from './filters';
import { normaliseSearch } from './search';

/**
 * What the game list screen shows (player-shell §2 "Game list screen"), as pure rules shared by the browser store
 * (src/stores/gameListScreen.ts) and the edge that writes the first page into the page (worker/edge/list-fill.ts),
 * so both ask for the same list and draw the same controls.
 */

/** The vendor mapping entry of one category (platform-contract.md §2 vendor game types). */
export type VendorMappingEntry = z.output<typeof vendorGameType>;

/**
 * The page's address query: `?gameType=…&vassalage=…&gameName=…`. `gameName` is the name searched for: the search
 * box's field, so a search sent before the page's script runs (the browser's plain form submit) opens the same
 * filtered list (the field takes the contract's name for it, platform-contract.md game list `gameName`).
 */
export interface ListAddress {
  gameType: string;
  vassalage: string | undefined;
  gameName?: string | undefined;
}

/** Reads the address query (`location.search`): all trimmed, an empty vendor or name is none (player-shell §5). */
export function listAddressOf(search: string | URLSearchParams): ListAddress {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    gameType: query.get('gameType')?.trim() ?? '',
    vassalage: query.get('vassalage')?.trim() || undefined,
    gameName: normaliseSearch(query.get('gameName')),
  };
}

/** The address query of a list (`?gameType=…&vassalage=…&gameName=…`, the empty ones left out). */
export function listQueryOf(address: ListAddress): string {
  const query = new URLSearchParams({ gameType: address.gameType });
  if (address.vassalage) query.set('vassalage', address.vassalage);
  if (address.gameName) query.set('gameName', address.gameName);
  return `?${query.toString()}`;
}

/** What one game list asks for (player-shell §2 Game list screen): category, vendor, classification, name. */
export interface GameListQuery {
  gameType: string;
  vassalage?: string | undefined;
  /** The classification filter chip (src/lib/filters.ts: ALL, FAVORITE, RECENT, HOT, …). */
  filter: string;
  gameName?: string | undefined;
  /** For lists that depend on the player (recent, favourites): the session token, so another player's list is not reused. */
  session?: string | undefined;
}

/** The cache key of a game list query. */
export function gameListKey(query: GameListQuery): string {
  return JSON.stringify([query.gameType, query.vassalage ?? null, query.filter, query.gameName ?? null, query.session ?? null]);
}

/** The mapping entry of one game type or category, if the merchant offers it. */
export function mappingEntry(mapping: readonly VendorMappingEntry[] | null, gameType: string): VendorMappingEntry | undefined {
  return mapping?.find((entry) => entry.gameType === gameType || entry.gameCategory === gameType);
}

/** Display name of a vendor (its accountTypeName), else the vendor code. */
export function vendorName(entry: VendorMappingEntry['vendors'][number]): string {
  return entry.vendorNames.find((n) => n.vassalage === entry.vassalage)?.accountTypeName
    ?? entry.vendorNames[0]?.accountTypeName
    ?? entry.vassalage;
}

/** A code made readable when no label exists for it ('LIVE_CASINO' → 'Live casino'). */
export function humanise(code: string): string {
  const text = code.replace(/[_-]+/g, ' ').toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The mapping in the merchant's sorting order (player-shell §3). */
export function sortedMapping(content: readonly VendorMappingEntry[]): VendorMappingEntry[] {
  return [...content].sort((a, b) => a.sortOrder - b.sortOrder);
}

/** The screen's inputs: the address, the player's choices, the mapping and the session token (if any). */
export interface ListViewInput {
  address: ListAddress | null;
  /** The vendor picked in the selector (wrapped: 'all vendors' is a choice too); null: the address's. */
  choice: { value: string | undefined } | null;
  filter: string;
  search: string | undefined;
  mapping: readonly VendorMappingEntry[] | null;
  session: string | undefined;
}

/**
 * What the screen shows: the category's mapping entry, vendor tiles (SPORTS, ELOTT) or games, whether the
 * classification chips and the vendor selector show, the vendor that counts, whether the chosen list needs a
 * login, and the key of the list to load (null: none).
 */
export function listViewOf({ address, choice, filter, search, mapping, session }: ListViewInput) {
  const gameType = address?.gameType ?? '';
  const vendor = choice ? choice.value : address?.vassalage;
  const entry = mappingEntry(mapping, gameType);
  const vendorTiles = showsVendorTiles(gameType, vendor);
  const options = classificationOptions(gameType, entry?.gameClassify ?? []);
  const classShown = !vendorTiles && showsClassificationFilter(gameType, options);
  const vendorShown = !vendorTiles && showsVendorFilter(gameType, classShown, filter) && (entry?.vendors.length ?? 0) > 0;
  const effectiveVendor = vendorShown || !VENDOR_SELECTOR_TYPES.has(gameType) ? vendor : undefined;
  const needsLogin = needsSession(filter) && !session;
  const key = address === null || !gameType || vendorTiles || needsLogin
    ? null
    : gameListKey({ gameType, vassalage: effectiveVendor, filter, gameName: search, session: needsSession(filter) ? session : undefined });
  return {
    known: address !== null, gameType, vendor, effectiveVendor, entry, vendorTiles, options, classShown, vendorShown, needsLogin, key,
    favouriteMode: filter === FAVORITE, filter,
  };
}

/** The screen as it opens on an address: every vendor of the address, classification 'all', the address's search, no player. */
export function openingListView(address: ListAddress, mapping: readonly VendorMappingEntry[] | null) {
  return listViewOf({ address, choice: null, filter: ALL, search: address.gameName, mapping, session: undefined });
}
