import { listFavourites, listGames, listRecentGames, type Game } from '../../api/catalogue';
import { classificationQuery, RECENT } from '../../../rules/filters';
import { HOME_PAGE_SIZE, LIST_PAGE_SIZE } from '../../../rules/paging';
import { createFetcher } from '../kit/fetcher';
import { createPagedList, type PagedListDeps } from '../kit/paged';
import { $language } from '../concepts/language';
import { showToast } from '../concepts/toast';
import type { GameListQuery } from '../../../rules/gameListView';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)

export type { Game };

export { gameListKey, type GameListQuery } from '../../../rules/gameListView';

/** How long the 'more failed' toast stays. */
const MORE_FAILED_MS = 3000;

/** What the game lists follow and tell: the player's language, and a toast when 'more' fails (player-shell §4 Paging). */
const LISTS: PagedListDeps = {
  language: $language,
  moreFailed: () => showToast('games.loadFailed', 'error', MORE_FAILED_MS),
};

function parseKey(key: string): GameListQuery {
  const [gameType, vassalage, filter, gameName] = JSON.parse(key) as [string, string | null, string, string | null];
  return { gameType, vassalage: vassalage ?? undefined, filter, gameName: gameName ?? undefined };
}

/**
 * The game list screen's pages (player-shell §2, /m/gameList; 9 a page): recent games come from the member's
 * launches (their own call, latest first: one list of at most 50, cut into pages by listRecentGames); other
 * filters list the category with the filter's classification.
 */
export const gameListPages = createPagedList<Game>((key, _language, pageNo, signal) => {
  const { gameType, vassalage, filter, gameName } = parseKey(key);
  const query = { gameType, vassalage, gameName, pageNo, pageSize: LIST_PAGE_SIZE };
  return (filter === RECENT ? listRecentGames(query, signal) : listGames({ ...query, ...classificationQuery(filter) }, signal))
    .then((v) => ({ items: v.games, pageNum: v.pageNum, totalPages: v.totalPages }));
}, (game) => game.nodeId, LISTS);

/** The home browser's list modes (player-shell §2 Home): `list:<gameType>` or `filter:<name>`, 20 a page. */
export const homeBrowserPages = createPagedList<Game>((key, _language, pageNo, signal) => {
  const [kind, ...rest] = key.split(':');
  const value = rest.join(':');
  return listGames({
    pageNo, pageSize: HOME_PAGE_SIZE, ...(kind === 'list' ? { gameType: value } : { gameName: value }),
  }, signal).then((v) => ({ items: v.games, pageNum: v.pageNum, totalPages: v.totalPages }));
}, (game) => game.nodeId, LISTS);

/** A home row's first 20 games of one category (player-shell §2 Home game browser, 'all' mode). */
export const categoryRowGames = createFetcher<Game[]>((gameType, _language, signal) =>
  listGames({ gameType, pageNo: 1, pageSize: HOME_PAGE_SIZE }, signal).then((value) => value.games), $language);

/** The game centre's list of one category (/m/gameCenter?gameType=…; 9 a page). */
export const gameCentrePages = createPagedList<Game>((gameType, _language, pageNo, signal) =>
  listGames({ gameType, pageNo, pageSize: LIST_PAGE_SIZE }, signal)
    .then((v) => ({ items: v.games, pageNum: v.pageNum, totalPages: v.totalPages })), (game) => game.nodeId, LISTS);

/** The player's favourites (/m/fav; key `fav:<session token>`, so another player's list is never reused). */
export const favouritePages = createPagedList<Game>((_key, _language, pageNo) =>
  listFavourites({ pageNo, pageSize: LIST_PAGE_SIZE })
    .then((v) => ({ items: v.content, pageNum: v.pageNum, totalPages: v.totalPages })), (game) => game.nodeId, LISTS);
