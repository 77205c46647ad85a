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
