import { atom, onMount } from 'nanostores';
import { getVendorGameTypes, getVendorLanes, type VendorGameType, type VendorLane } from '../api/catalogue';
import { debounce, LANGUAGE_DEBOUNCE_MS } from '../lib/debounce';
import { sortedMapping } from '../lib/gameListView';
import { readServed, SERVED_GAME_LIST_ID, SERVED_VENDORS_ID, type ServedGameList, type ServedVendors } from '../lib/served';
import { $language, onLanguageChange } from './language';

/**
 * The vendor mapping per game category in the merchant's sorting order (player-shell §3 "Vendor mapping per
 * game type"; §7 vendor game types). Null until the first answer; read from the getVassGameType cache first.
 */
export const $vendorGameTypes = atom<VendorGameType[] | null>(null);
/** True when the last vendor fetch failed and nothing is cached. */
export const $catalogueFailed = atom(false);

/** Local storage key of the cached vendor mapping (player-shell §3 local storage keys). */
const CACHE_KEY = 'getVassGameType';

function readCache(): VendorGameType[] | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(value) ? (value as VendorGameType[]) : null;
  } catch {
    return null;
  }
}

/**
 * The mapping the edge wrote into the page (src/lib/served.ts): with the game list (/m/gameList), or home's vendors
 * (/m/home, fetched for the page's load, player-shell §2 Home); null when the page carries none.
 */
function servedMapping(): VendorGameType[] | null {
  for (const id of [SERVED_GAME_LIST_ID, SERVED_VENDORS_ID]) {
    const served = readServed(id) as Partial<ServedGameList | ServedVendors> | null;
    if (Array.isArray(served?.mapping)) return served.mapping;
  }
  return null;
}

/** Fetches the vendor mapping in the page's language (home re-fetches it on load, player-shell §2 Home). */
export async function refreshCatalogue(): Promise<void> {
  try {
    const { content } = await getVendorGameTypes($language.get());
    const sorted = sortedMapping(content);
    $vendorGameTypes.set(sorted);
    $catalogueFailed.set(false);
    try {
      localStorage.setItem(CACHE_KEY, JSON.stringify(sorted));
    } catch {
      // storage full or unavailable: the fresh answer is still used
    }
  } catch {
    if (!$vendorGameTypes.get()) $catalogueFailed.set(true);
  }
}

onMount($vendorGameTypes, () => {
  // Pre-rendering has no API to ask: pages are built with the empty (loading) catalogue.
  if (typeof window === 'undefined') return;
  // The mapping the edge served with the page (/m/gameList, /m/home) is this moment's: the list hydrates over markup
  // drawn from it, so it wins over the cache and needs no second request.
  const served = servedMapping();
  const cached = served ?? readCache();
  if (cached) $vendorGameTypes.set(cached);
  if (!served) void refreshCatalogue();
  // "Vendors are re-fetched on language change (250 ms debounce)": the `playdeck:language` window event.
  const refetch = debounce(() => void refreshCatalogue(), LANGUAGE_DEBOUNCE_MS);
  const stop = onLanguageChange(refetch);
  return () => {
    refetch.cancel();
    stop();
  };
});

export { mappingEntry, vendorName } from '../lib/gameListView';

/**
 * The vendor lanes (platform-contract.md §2 vendor lanes): one lane of vendor cards per category, in the
 * merchant's order. Fetched when a screen that shows vendor cards mounts (the game list's SPORTS and ELOTT
 * vendor tiles, the providers screen), and again on language change. Null until the first answer.
 */
export const $vendorLanes = atom<VendorLane[] | null>(null);
/** True when the last lanes fetch failed and none are loaded. */
export const $lanesFailed = atom(false);

/** Fetches the vendor lanes in the page's language. */
export async function refreshLanes(): Promise<void> {
  try {
    $vendorLanes.set(await getVendorLanes($language.get()));
    $lanesFailed.set(false);
  } catch {
    if (!$vendorLanes.get()) $lanesFailed.set(true);
  }
}

onMount($vendorLanes, () => {
  if (typeof window === 'undefined') return;
  void refreshLanes();
  const refetch = debounce(() => void refreshLanes(), LANGUAGE_DEBOUNCE_MS);
  const stop = onLanguageChange(refetch);
  return () => {
    refetch.cancel();
    stop();
  };
});

/** The lane of one category, if the merchant offers it. */
export function laneOf(lanes: readonly VendorLane[] | null, gameType: string): VendorLane | undefined {
  return lanes?.find((lane) => lane.title === gameType);
}

/** Display name of a vendor card: its accountTypeName, else its displayName, else the vendor code. */
export function cardName(card: VendorLane['cards'][number]): string {
  return card.accountTypeName || card.displayName || card.vassalage;
}
