/**
 * The home winner board (player-shell §2 Home "jackpot winner board"; §4 "The winner board scrolls automatically
 * only when there are more than 3 entries"; §9 "winner board 20 entries, auto-scroll above 3").
 */

/** Entries asked for (limitNum). */
export const WINNER_LIMIT = 20;
/** The board scrolls by itself only above this many entries. */
export const AUTO_SCROLL_ABOVE = 3;
/** Time each entry takes to pass, so a longer board scrolls at the same speed. */
export const SCROLL_MS_PER_ENTRY = 2500;

/** Whether the board scrolls by itself: more than 3 entries, and the player has not asked for reduced motion. */
export function autoScrolls(entries: number, reducedMotion: boolean): boolean {
  return entries > AUTO_SCROLL_ABOVE && !reducedMotion;
}

/** Length of one full scroll through the board. */
export function scrollDurationMs(entries: number): number {
  return entries * SCROLL_MS_PER_ENTRY;
}
