/** Pure rules of the winner board (player-shell §3 "Winner board entry", §9: 20 entries). */
import type { WinOrder, WinRow } from '../../model/lottery/model';

/** Most entries a board shows (player-shell §9: winner board 20 entries). */
export const WINNER_BOARD_MAX = 20;

/**
 * Masks an account name for public display: the first two and last two characters around "***" ("player" →
 * "pl***er"); names of 3–5 characters keep one character at each end ("ann" → "a***n"); shorter ones keep
 * only the first ("jo" → "j***"). Whole code points, so a name never breaks inside a character.
 */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length === 0) return '***';
  if (chars.length <= 2) return `${chars[0]}***`;
  const keep = chars.length <= 5 ? 1 : 2;
  return `${chars.slice(0, keep).join('')}***${chars.slice(-keep).join('')}`;
}

/** Merges win lists into one, in board order, cut to `limit`. */
export function mergeWins(lists: readonly WinRow[][], order: WinOrder, limit: number): WinRow[] {
  const compare = order === 'newest'
    ? (a: WinRow, b: WinRow) => b.wonAt - a.wonAt || b.winMinor - a.winMinor
    : (a: WinRow, b: WinRow) => b.winMinor - a.winMinor || b.wonAt - a.wonAt;
  return lists.flat().sort(compare).slice(0, limit);
}
