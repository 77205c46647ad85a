import { atom, computed } from 'nanostores';
import { ALL } from '../../../rules/filters';
import { listAddressOf, listQueryOf, listViewOf, type ListAddress } from '../../../rules/gameListView';
import { readServed, servedOnFirstUse, SERVED_GAME_LIST_ID, type ServedGameList } from '../../../rules/served';
import { servedGames } from '../../api/catalogue';
import { $vendorGameTypes } from '../concepts/catalogue';
import { gameListPages } from './gameLists';
import { $language } from '../concepts/language';
import { startFromServed } from '../kit/served';
import { $session } from '../concepts/session';

/**
 * The first page the edge wrote into the page (worker/edge/fills/list.ts), if any and if it is in the page's
 * language: its address is the screen's from the start and its page is page 1 of its key, so the island's first
 * render draws the same tiles as the markup it hydrates over, and the list is not asked for again. Read at the
 * first use of the address (rules/served.ts servedOnFirstUse), not at the module's evaluation: an island
 * hydrating at load elsewhere on the page (a member's header) evaluates this module while the list may be unparsed.
 */
const servedAddress = servedOnFirstUse((): ListAddress | null => {
  const served = readServed(SERVED_GAME_LIST_ID) as ServedGameList | null;
  if (!served || served.language !== $language.get() || typeof served.key !== 'string' || !Array.isArray(served.page?.items)) return null;
  const { items, pageNum, totalPages } = served.page;
  gameListPages.prime(served.key, served.language, { items: servedGames(items), pageNum, totalPages });
  return served.address;
});

/** The page's address query (`?gameType=…&vassalage=…&gameName=…`); null until the page is live (pre-rendered: unknown). */
export const $listAddress = atom<ListAddress | null>(null);
/** The vendor the player picked in the selector (wrapped: picking 'all vendors' is a choice too); null: the address's. */
export const $vendorChoice = atom<{ value: string | undefined } | null>(null);
/** The classification chip on (ALL by default). */
export const $listFilter = atom(ALL);
/** The name searched for, if any (at first the address's `gameName`). */
export const $listSearch = atom<string | undefined>(undefined);
startFromServed($listAddress, servedAddress, (address) => address);
startFromServed($listSearch, servedAddress, (address) => address.gameName);

/**
 * What the game list screen shows (player-shell §2 Game list screen; rules/gameListView.ts listViewOf): the
 * category's mapping entry, vendor tiles (SPORTS, ELOTT) or games, whether the classification chips and the vendor
 * selector show, the vendor that counts, whether the chosen list needs a login, and the key of the list to load.
 */
export const $gameListView = computed([$listAddress, $vendorChoice, $listFilter, $listSearch, $vendorGameTypes, $session], (address, choice, filter, search, mapping, session) =>
  listViewOf({ address, choice, filter, search, mapping, session: session?.token }));

/** Opens the screen for the page's address query (`location.search`), its search included. */
export function openGameList(search: string): void {
  const next = listAddressOf(search);
  const now = $listAddress.get();
  if (now && now.gameType === next.gameType && now.vassalage === next.vassalage && now.gameName === next.gameName) return;
  $listAddress.set(next);
  $listSearch.set(next.gameName);
}

/** Keeps the screen's vendor and search in the address, so a reload (or a shared link) shows the same list. */
function keepInAddress(): void {
  if (typeof window === 'undefined') return;
  const choice = $vendorChoice.get();
  const address = $listAddress.get();
  const query = listQueryOf({
    gameType: address?.gameType ?? '', vassalage: choice ? choice.value : address?.vassalage, gameName: $listSearch.get(),
  });
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${query}`);
}

/** Picks a vendor (undefined: all) and keeps it in the address, so a reload shows the same list. */
export function chooseListVendor(value: string | undefined): void {
  $vendorChoice.set({ value });
  keepInAddress();
}

/** Turns a classification chip on (player-shell §2: one at a time; any change restarts at page 1). */
export function chooseListFilter(code: string): void {
  $listFilter.set(code);
}

/** Searches the list by game name (undefined or empty: no search), kept in the address as `gameName`. */
export function searchList(query: string | undefined): void {
  $listSearch.set(query || undefined);
  keepInAddress();
}
