/** Game-name search (player-shell §5: "Game-name search is trimmed"). */

/** The search text as sent: trimmed, or undefined when nothing but spaces was typed. */
export function normaliseSearch(raw: string | null | undefined): string | undefined {
  const text = (raw ?? '').trim();
  return text === '' ? undefined : text;
}

/** Modes of the home game browser (player-shell §2): all categories, one category, or a name filter. */
export type BrowserMode = { kind: 'all' } | { kind: 'list'; gameType: string } | { kind: 'filter'; query: string };

/** "A startup query pageType=list&gameType={category} opens a category directly"; anything else opens all. */
export function browserModeFromQuery(search: string): BrowserMode {
  const query = new URLSearchParams(search);
  const gameType = query.get('gameType')?.trim();
  if (query.get('pageType') === 'list' && gameType) return { kind: 'list', gameType };
  return { kind: 'all' };
}

/** The query string that reopens a mode (list mode only; the others open from a bare home URL). */
export function queryForBrowserMode(mode: BrowserMode): string {
  return mode.kind === 'list' ? `?${new URLSearchParams({ pageType: 'list', gameType: mode.gameType }).toString()}` : '';
}
