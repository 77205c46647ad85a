/**
 * Classification and vendor filters of the game list screen (player-shell §2 "Game list screen").
 */

/** Game types with a vendor selector (player-shell §9). */
export const VENDOR_SELECTOR_TYPES: ReadonlySet<string> = new Set(['RNG', 'PVP', 'FISH', 'LIVE']);
/** Game types that list vendor tiles instead of games (player-shell §2: "SPORTS and ELOTT show only vendor tiles"). */
export const VENDOR_TILE_TYPES: ReadonlySet<string> = new Set(['SPORTS', 'ELOTT']);

/** Classification 'all' (player-shell §3: "lowercase new, all, favorite in the classification menu"). */
export const ALL = 'all';
/** Classification 'new', offered only for RNG (player-shell §2). */
export const NEW = 'new';
/** Classification 'favorite': the member's favourites (player-shell §2). */
export const FAVORITE = 'favorite';
/** Classification 'hot': the type's hot games (player-shell §2 "category filters (all, new, favourites, hot, recent)"). */
export const HOT = 'hot';
/** Classification 'recent': the member's launched games of the type, latest first. */
export const RECENT = 'recent';

/** The category filters the list screen always offers after 'all' and 'new' (player-shell §2). */
const ALWAYS = [FAVORITE, HOT, RECENT];

/**
 * The classifications offered for a game type: the category filters "all, new, favourites, hot, recent", where
 * "'new' is offered only for RNG; 'all' and 'favorite' always" (hot and recent always too); "type-specific
 * classifications are appended only when more than one exists."
 */
export function classificationOptions(gameType: string, typeSpecific: readonly string[]): string[] {
  const specific = [...new Set(typeSpecific.filter((c) => c && ![ALL, NEW, ...ALWAYS].includes(c)))];
  return [ALL, ...(gameType === 'RNG' ? [NEW] : []), ...ALWAYS, ...(specific.length > 1 ? specific : [])];
}

/** Classifications that list the member's own games and so need a session: favourites and recent games. */
export function needsSession(active: string): boolean {
  return active === FAVORITE || active === RECENT;
}

/**
 * "The classification filter shows only if at least one classification exists and the game type is not SPORTS."
 */
export function showsClassificationFilter(gameType: string, options: readonly string[]): boolean {
  return options.length > 0 && gameType !== 'SPORTS';
}

/**
 * "The vendor filter shows only when the classification filter shows and the active classification is not new",
 * and only for the game types with vendor selectors (RNG, PVP, FISH, LIVE).
 */
export function showsVendorFilter(gameType: string, classificationShown: boolean, active: string): boolean {
  return VENDOR_SELECTOR_TYPES.has(gameType) && classificationShown && active !== NEW;
}

/** True when the list shows one tile per vendor (SPORTS and ELOTT without a chosen vendor). */
export function showsVendorTiles(gameType: string, vassalage: string | undefined): boolean {
  return VENDOR_TILE_TYPES.has(gameType) && !vassalage;
}

/**
 * The game list query parts of a classification: nothing for all, isNew 1 for new, and gameClassify for
 * favorite (the member's favourites), hot or a type-specific classification. Recent games come from their own
 * call (the recent list), not from the game list.
 */
export function classificationQuery(active: string): { isNew?: 1; gameClassify?: string } {
  if (active === NEW) return { isNew: 1 };
  if (active === ALL) return {};
  return { gameClassify: active };
}
