/**
 * The embedded lottery address (player-shell §2): /m/lotto-h5/{mui}/{playType}/games/{gameId} with query token,
 * merchant, css and prize_mode.
 */

/** What the address names. */
export interface LottoH5Target {
  mui: string;
  playType: 'trad' | 'ent';
  gameId: string;
  prizeMode: string | null;
  merchant: string | null;
}

const PATH = /^\/m\/lotto-h5\/([^/]+)\/([^/]+)\/games\/([^/]+)\/?$/;

/** Reads the path and query; null when the path is not a lotto-h5 game address. */
export function lottoH5FromPath(pathname: string, search: string): LottoH5Target | null {
  const match = PATH.exec(pathname);
  if (!match) return null;
  const query = new URLSearchParams(search);
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  };
  return {
    mui: decode(match[1]!),
    playType: match[2] === 'ent' ? 'ent' : 'trad',
    gameId: decode(match[3]!),
    prizeMode: query.get('prize_mode') || null,
    merchant: query.get('merchant') || null,
  };
}

/**
 * The address without its `token` (player-shell §2: the launcher passes the session token in the query; the page
 * reads the session from session storage instead and takes the token out of the address bar and history).
 * Null when there is no token to remove.
 */
export function addressWithoutToken(pathname: string, search: string, hash = ''): string | null {
  const query = new URLSearchParams(search);
  if (!query.has('token')) return null;
  query.delete('token');
  const rest = query.toString();
  return `${pathname}${rest ? `?${rest}` : ''}${hash}`;
}

/** The theme the `css` query asks for (dark or light), else null (the player's own theme stays). */
export function themeFromCss(css: string | null): 'dark' | 'light' | null {
  return css === 'dark' || css === 'light' ? css : null;
}

/** The same lottery address for another play type (the page's trad/ent switch keeps the query). */
export function withPlayType(pathname: string, playType: 'trad' | 'ent'): string {
  return pathname.replace(/^(\/m\/lotto-h5\/[^/]+\/)[^/]+(\/games\/)/, `$1${playType}$2`);
}
