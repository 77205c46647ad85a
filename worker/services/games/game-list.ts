import type { z } from 'zod';
import type { catalogueCalls } from '../../../contract/calls/catalogue';
import type { ValueOf } from '../../../contract/call';
import { pageGames, type GameFilter } from '../../db/queries/games';

/**
 * The game list (platform-contract.md §2 game list): the stored-games filter of a validated query and the page it
 * answers. The route (worker/api/relay-catalogue.ts gameList) and the edge's built-in game-list fill
 * (worker/edge/fills/list.ts) both answer through gameListPage, so the two cannot drift.
 */

/** Game types that hold no games in the built-in catalogue: asking for them gives an empty page. */
export const EMPTY_TYPES = new Set(['LOCAL', 'BGS', 'LIVESTREAM']);

/** The stored-category part of a list filter from a requested game type (ALL/absent = every type). */
export function typeFilter(gameType: string | undefined): GameFilter {
  if (gameType === 'HOT') return { hotOnly: true };
  if (gameType === 'NEW_GAME') return { newOnly: true };
  if (gameType !== undefined && gameType !== 'ALL') return { gameType };
  return {};
}

/** The validated game-list query (contract/calls/catalogue.ts gameList). */
export type GameListQuery = z.output<NonNullable<typeof catalogueCalls.gameList.query>>;

/**
 * The stored-games filter of a game-list query (§2 game list). `memberId` is asked only for `gameClassify`
 * favorite/fav (the route's throws 401 without a session).
 */
export function gameListFilter(q: GameListQuery, memberId: () => number): GameFilter {
  const filter: GameFilter = typeFilter(q.gameType);
  if (q.isNew === '1') filter.newOnly = true;
  if (q.vassalage !== undefined) filter.vassalages = q.vassalage;
  if (q.gameClassify === 'new') filter.newOnly = true;
  else if (q.gameClassify === 'hot') filter.hotOnly = true;
  else if (q.gameClassify === 'favorite' || q.gameClassify === 'fav') filter.favouritesOf = memberId();
  else if (q.gameClassify !== undefined && q.gameClassify !== 'all') filter.classify = q.gameClassify;
  if (q.gameName !== undefined && q.gameName !== '') filter.nameContains = q.gameName;
  if (q.minBet !== undefined) filter.maxMinBet = q.minBet;
  if (q.minLine !== undefined) filter.maxMinLine = q.minLine;
  return filter;
}

/**
 * One page of the game list for `merchantCode` and the validated query `q` → `{ games, pageNum, totalPages, total }`
 * (§2 game list; tiles carry minBet in minor units, db/queries/games.ts; the route encodes it to currency units). An EMPTY_TYPES game type answers an
 * empty page without reading. `memberId` as for gameListFilter (its error propagates).
 */
export async function gameListPage(
  db: D1Database, merchantCode: string, q: GameListQuery, memberId: () => number,
): Promise<ValueOf<typeof catalogueCalls.gameList>> {
  const filter = gameListFilter(q, memberId);
  const { games, total } = q.gameType !== undefined && EMPTY_TYPES.has(q.gameType)
    ? { games: [], total: 0 }
    : await pageGames(db, merchantCode, filter, { pageNo: q.pageNo, pageSize: q.pageSize });
  return { games, pageNum: q.pageNo, totalPages: Math.ceil(total / q.pageSize), total };
}
