import { atom, onMount } from 'nanostores';
import { getVendorGameTypes, getVendorLanes, type Game, type VendorGameType, type VendorLane } from '../../api/catalogue';
import { debounce, LANGUAGE_DEBOUNCE_MS } from '../../lib/debounce';
import { mappingOf } from '../../../rules/gameListView';
import { readServed, SERVED_GAME_LIST_ID, SERVED_VENDORS_ID, type ServedGameList, type ServedVendors } from '../../../rules/served';
import { $language, onLanguageChange } from './language';
import './session'; // connects the API client to the session (src/api imports no store)

/** A game tile as the browser keeps it (src/api/catalogue.ts: minBet in minor units), for the views. */
export type { Game };

/**
 * The vendor mapping per game category in the merchant's sorting order (player-shell §3 "Vendor mapping per
 * game type"), built from the vendor game types (platform-contract.md §2: game type → vendor codes) and the vendor
 * lanes (names, counts, classifications; §7.3) by mappingOf. Null until both have answered; read from the
 * getVassGameType cache first.
 */
export const $vendorGameTypes = atom<VendorGameType[] | null>(null);
/**
 * True when the last vendor fetch failed (a refused call, no answer, or an answer of another shape) and no mapping is
 * loaded: every screen that needs the mapping then shows its "could not be loaded — try again" state.
 */
export const $catalogueFailed = atom(false);

/**
 * The vendor lanes (platform-contract.md §2 vendor lanes): one lane of vendor cards per category, in the
 * merchant's order. Fetched when a screen that shows vendor cards mounts (the game list's SPORTS and ELOTT
 * vendor tiles, the providers screen), and again on language change. Null until the first answer.
 */
export const $vendorLanes = atom<VendorLane[] | null>(null);
/** True when the last lanes fetch failed (refused, no answer, or another shape) and none are loaded. */
export const $lanesFailed = atom(false);

/** Local storage key of the cached vendor mapping (player-shell §3 local storage keys). */
const CACHE_KEY = 'getVassGameType';

/** Whether a stored or served value is a mapping as mappingOf builds it (a stale or foreign value is ignored). */
export function isMapping(value: unknown): value is VendorGameType[] {
  return Array.isArray(value) && value.every((entry) => {
    const e = entry as Partial<VendorGameType> | null;
    return typeof e?.gameType === 'string' && typeof e.gameCategory === 'string' && typeof e.sortOrder === 'number'
      && Array.isArray(e.gameClassify) && Array.isArray(e.vendors)
      && e.vendors.every((v) => typeof v?.vassalage === 'string' && Array.isArray(v.vendorNames));
  });
}

function readCache(): VendorGameType[] | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isMapping(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The mapping the edge wrote into the page (rules/served.ts): with the game list (/m/gameList), or home's vendors
 * (/m/home, fetched for the page's load, player-shell §2 Home); null when the page carries none.
 */
function servedMapping(): VendorGameType[] | null {
  for (const id of [SERVED_GAME_LIST_ID, SERVED_VENDORS_ID]) {
    const served = readServed(id) as Partial<ServedGameList | ServedVendors> | null;
    if (isMapping(served?.mapping)) return served.mapping;
  }
  return null;
}

/** The lanes request under way per language: the mapping and the lanes screens share one call. */
const lanesInFlight = new Map<string, Promise<VendorLane[]>>();

/** GET vendor lanes once per language at a time (a second asker gets the same answer). */
function fetchLanes(language: string): Promise<VendorLane[]> {
  const running = lanesInFlight.get(language);
  if (running) return running;
  const request = getVendorLanes(language).finally(() => lanesInFlight.delete(language));
  lanesInFlight.set(language, request);
  return request;
}

/**
 * Fetches the vendor mapping in the page's language (home re-fetches it on load, player-shell §2 Home): the vendor
 * game types and the vendor lanes together. Either failing, or answering another shape, keeps the loaded mapping
 * (the cache's or the served one) or, with none, sets $catalogueFailed. The lanes answer also fills $vendorLanes.
 */
export async function refreshCatalogue(): Promise<void> {
  const language = $language.get();
  try {
    const [content, lanes] = await Promise.all([getVendorGameTypes(language), fetchLanes(language)]);
    const mapping = mappingOf(content, lanes);
    $vendorGameTypes.set(mapping);
    $catalogueFailed.set(false);
    $vendorLanes.set(lanes);
    $lanesFailed.set(false);
    try {
      localStorage.setItem(CACHE_KEY, JSON.stringify(mapping));
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

export { mappingEntry, vendorName } from '../../../rules/gameListView';


/** Fetches the vendor lanes in the page's language. */
export async function refreshLanes(): Promise<void> {
  try {
    $vendorLanes.set(await fetchLanes($language.get()));
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

/** Display name of a vendor card: its displayName, else its vendor code (accountTypeName, §7.3). */
export function cardName(card: VendorLane['cards'][number]): string {
  return card.displayName.trim() || card.accountTypeName;
}

export { cardCode } from '../../../rules/gameListView';
