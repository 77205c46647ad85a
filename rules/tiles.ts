/**
 * Game tile rules (player-shell §2 "Game category menu and tile", §9): the tile style variant and the
 * slider groups of the home rows.
 */

/** Number of tile style variants (player-shell §9: "Tile style variant 1 to 4"). */
export const TILE_VARIANTS = 4;
/** Tiles per slider group on home rows (player-shell §9: "slider group 3"). */
export const SLIDER_GROUP = 3;
/** Placeholder tiles shown while a list loads (player-shell §9: "4 placeholder tiles"). */
export const PLACEHOLDER_TILES = 4;

/** Where a tile is drawn: a home row, or any other list. */
export type TilePlace = 'home' | 'list';

/**
 * Tile style variant (player-shell §2): "nodeId modulo 4 plus 1 (home rows use telNodeId modulo 4 plus 1)"; a
 * tile without telNodeId (the platform's game list does not always carry it) uses its nodeId on home rows too.
 */
export function tileVariant(game: { nodeId: number; telNodeId?: number | undefined }, place: TilePlace): number {
  const id = place === 'home' ? game.telNodeId ?? game.nodeId : game.nodeId;
  return (((Math.trunc(id) % TILE_VARIANTS) + TILE_VARIANTS) % TILE_VARIANTS) + 1;
}

/** Placeholder variant (player-shell §2): "random 1 to 4 for placeholders"; `random` returns [0, 1). */
export function placeholderVariant(random: () => number = Math.random): number {
  const value = Math.floor(random() * TILE_VARIANTS) + 1;
  return Math.min(TILE_VARIANTS, Math.max(1, value));
}

/** Splits a row into slider groups of `size` (player-shell §2: "horizontal sliders of 3 per group"). */
export function sliderGroups<T>(items: readonly T[], size: number = SLIDER_GROUP): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}
