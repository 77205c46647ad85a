/**
 * The triggers of the `client:interaction` directive (src/directives/interaction.ts), parsed from its value: words
 * separated by spaces.
 * - `#name=`: hydrate at once when the address's fragment starts with it (a social login's `#session=<code>`).
 * - `key=value`: hydrate at once when local storage holds that value (`autoLogin=1`: a remembered player);
 *   `key=*`: when it holds any value (`rememberedLogin=*`: a remembered username to fill in).
 * - `?name`: hydrate at once when the address's query string has that parameter (an e-mailed reset link's
 *   `?resetToken=`).
 * - `!key`: the storage triggers do not fire while session storage holds `key` (a remembered player who already
 *   has a session needs no exchange).
 * - any other word: a window event that hydrates the island, and a session storage key that hydrates it at once
 *   when present (a toast a previous page kept for this one).
 */
export interface HydrationTriggers {
  fragments: string[];
  query: string[];
  events: string[];
  local: { key: string; value: string }[];
  unless: string[];
}

/** Splits the directive's value into its kinds of trigger. */
export function parseTriggers(value: unknown): HydrationTriggers {
  const words = typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : [];
  const triggers: HydrationTriggers = { fragments: [], query: [], events: [], local: [], unless: [] };
  for (const word of words) {
    if (word.startsWith('#')) triggers.fragments.push(word);
    else if (word.startsWith('?')) triggers.query.push(word.slice(1));
    else if (word.startsWith('!')) triggers.unless.push(word.slice(1));
    else if (word.includes('=')) {
      const at = word.indexOf('=');
      triggers.local.push({ key: word.slice(0, at), value: word.slice(at + 1) });
    } else triggers.events.push(word);
  }
  return triggers;
}

/** What the page holds when the island is first seen. */
export interface PageState {
  hash: string;
  /** The address's query string (`?a=1`); absent: none. */
  search?: string;
  sessionItem: (key: string) => string | null;
  localItem: (key: string) => string | null;
}

/** True when the island hydrates on arrival, before any interaction. */
export function hydratesAtOnce(triggers: HydrationTriggers, page: PageState): boolean {
  if (triggers.fragments.some((prefix) => page.hash.startsWith(prefix))) return true;
  if (triggers.query.length > 0) {
    const params = new URLSearchParams(page.search ?? '');
    if (triggers.query.some((name) => params.has(name))) return true;
  }
  if (triggers.unless.some((key) => page.sessionItem(key) !== null)) return false;
  return triggers.events.some((key) => page.sessionItem(key) !== null)
    || triggers.local.some(({ key, value }) => (value === '*' ? page.localItem(key) !== null : page.localItem(key) === value));
}
