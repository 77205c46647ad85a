import type { z } from 'zod';
import { classifyCode, type vendorLane } from '../contract/calls/catalogue-schemas';
import {
  ALL, FAVORITE, classificationOptions, needsSession, showsClassificationFilter, showsVendorFilter, showsVendorTiles,
  VENDOR_SELECTOR_TYPES,
} from './filters';
import { normaliseSearch } from './search';

/**
 * What the game list screen shows (player-shell §2 "Game list screen"), as pure rules shared by the browser store
 * (src/stores/pages/gameListScreen.ts) and the edge that writes the first page into the page (worker/edge/fills/list.ts),
 * so both ask for the same list and draw the same controls.
 */

/** One vendor of a category in the vendor mapping. */
export interface VendorMappingVendor {
  /** The vendor code (what the game list takes as `vassalage`). */
  vassalage: string;
  /** Enabled games of the vendor under the category; undefined when the platform does not say. */
  gameCount?: number | undefined;
  /** The vendor's names: `accountTypeName` here is the label menus show (the lane card's displayName, else the code). */
  vendorNames: { vassalage: string; accountTypeName: string }[];
  /** The vendor is under maintenance (PlayDeck's built-in lanes say so). */
  maintenance?: boolean | undefined;
}

/**
 * The vendor mapping entry of one category, as PlayDeck's screens read it (player-shell §3 "Vendor mapping per game
 * type"): built in the browser and at the edge from the vendor game types (which categories, which vendor codes, in
 * which order) and the vendor lanes (names, counts, classifications) by mappingOf. Not a wire shape.
 */
export interface VendorMappingEntry {
  gameCategory: string;
  gameType: string;
  /** Position in the merchant's category sorting list (1-based). */
  sortOrder: number;
  vendors: VendorMappingVendor[];
  /** The category's classification codes (the lane's gameClassify objects' codes). */
  gameClassify: string[];
  /** Games of the category (the lane's gameCount); undefined when unknown. */
  gameCount?: number | undefined;
}

/** One vendor lane (platform-contract.md §2 vendor lanes, §7.3). */
export type VendorLaneWire = z.output<typeof vendorLane>;

/** Lane cards whose accountTypeName is a game type stand for the TCG vendor (§7.3: "RNG and PVP cards map to the TCG code"). */
const TCG_CARDS: ReadonlySet<string> = new Set(['RNG', 'PVP']);

/** The vendor code a lane card stands for: its accountTypeName upper-cased, RNG and PVP → TCG (as the platform's client reads it). */
export function cardCode(card: Pick<VendorLaneWire['cards'][number], 'accountTypeName'>): string {
  const code = card.accountTypeName.trim().toUpperCase();
  return TCG_CARDS.has(code) ? 'TCG' : code;
}

/**
 * The vendor mapping from the two answers (platform-contract.md §2): one entry per key of the vendor game types, in
 * key order (the merchant's category order), its vendors in the answer's order; each vendor's label, game count and
 * maintenance come from the card of the same code in the lane titled with the category (the code itself and an
 * unknown count when there is no such card), the classifications from the lane's gameClassify objects. Vendors the
 * lanes list but the game types do not are left out: the game types say what the merchant offers.
 */
export function mappingOf(content: Readonly<Record<string, readonly string[]>>, lanes: readonly VendorLaneWire[]): VendorMappingEntry[] {
  return Object.entries(content).map(([gameType, codes], index) => {
    const lane = lanes.find((l) => l.title.trim().toUpperCase() === gameType.toUpperCase());
    const cards = new Map((lane?.cards ?? []).map((card) => [cardCode(card), card]));
    const vendors = codes.map((code): VendorMappingVendor => {
      const card = cards.get(code);
      return {
        vassalage: code,
        gameCount: card?.gameCount,
        vendorNames: [{ vassalage: code, accountTypeName: card?.displayName.trim() || code }],
        maintenance: card?.maintenance,
      };
    });
    const counts = vendors.map((v) => v.gameCount);
    const gameCount = lane?.gameCount ?? (counts.every((n) => n !== undefined) ? counts.reduce((sum: number, n) => sum + n, 0) : undefined);
    return {
      gameCategory: gameType,
      gameType,
      sortOrder: index + 1,
      vendors,
      gameClassify: [...new Set((lane?.gameClassify ?? []).map(classifyCode).filter(Boolean))],
      gameCount,
    };
  });
}

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
  /** The classification filter chip (rules/filters.ts: ALL, FAVORITE, RECENT, HOT, …). */
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
