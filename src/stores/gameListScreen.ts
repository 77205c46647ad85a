import { atom, computed } from 'nanostores';
import {
  ALL, FAVORITE, classificationOptions, needsSession, showsClassificationFilter, showsVendorFilter, showsVendorTiles,
  VENDOR_SELECTOR_TYPES,
} from '../lib/filters';
import { $vendorGameTypes, mappingEntry } from './catalogue';
import { gameListKey } from './gameLists';
import { $session } from './session';

/** The page's address query (`?gameType=…&vassalage=…`); null until the page is live (pre-rendered: unknown). */
export const $listAddress = atom<{ gameType: string; vassalage: string | undefined } | null>(null);
/** The vendor the player picked in the selector (wrapped: picking 'all vendors' is a choice too); null: the address's. */
export const $vendorChoice = atom<{ value: string | undefined } | null>(null);
/** The classification chip on (ALL by default). */
export const $listFilter = atom(ALL);
/** The name searched for, if any. */
export const $listSearch = atom<string | undefined>(undefined);

/**
 * What the game list screen shows (player-shell §2 Game list screen): the category's mapping entry, vendor tiles
 * (SPORTS, ELOTT) or games, whether the classification chips and the vendor selector show, the vendor that counts,
 * whether the chosen list needs a login, and the key of the list to load (null: none).
 */
export const $gameListView = computed([$listAddress, $vendorChoice, $listFilter, $listSearch, $vendorGameTypes, $session], (address, choice, filter, search, mapping, session) => {
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
    : gameListKey({ gameType, vassalage: effectiveVendor, filter, gameName: search, session: needsSession(filter) ? session?.token : undefined });
  return {
    known: address !== null, gameType, vendor, entry, vendorTiles, options, classShown, vendorShown, needsLogin, key,
    favouriteMode: filter === FAVORITE, filter,
  };
});

/** Opens the screen for the page's address query (`location.search`). */
export function openGameList(search: string): void {
  const query = new URLSearchParams(search);
  $listAddress.set({ gameType: query.get('gameType')?.trim() ?? '', vassalage: query.get('vassalage')?.trim() || undefined });
}

/** Picks a vendor (undefined: all) and keeps it in the address, so a reload shows the same list. */
export function chooseListVendor(value: string | undefined): void {
  $vendorChoice.set({ value });
  const gameType = $listAddress.get()?.gameType ?? '';
  if (typeof window === 'undefined') return;
  const query = new URLSearchParams({ gameType, ...(value ? { vassalage: value } : {}) });
  window.history.replaceState(window.history.state, '', `${window.location.pathname}?${query.toString()}`);
}

/** Turns a classification chip on (player-shell §2: one at a time; any change restarts at page 1). */
export function chooseListFilter(code: string): void {
  $listFilter.set(code);
}

/** Searches the list by game name (undefined or empty: no search). */
export function searchList(query: string | undefined): void {
  $listSearch.set(query || undefined);
}
