import { pageGames, type Game, type PageRequest } from './games';

/** A page of favourites (platform-contract.md §2 favourite list). */
export interface FavouriteListValue {
  content: Game[];
  pageNum: number;
  totalPages: number;
}

/**
 * A member's favourite games of one category (or all), newest first (player-shell §3 "Favourites response").
 * Favourites of games the merchant no longer offers are kept but not listed. totalPages is 0 when empty.
 */
export async function listFavouriteGames(
  db: D1Database,
  merchantCode: string,
  memberId: number,
  gameType: string | undefined,
  page: PageRequest,
): Promise<FavouriteListValue> {
  const { games, total } = await pageGames(
    db,
    merchantCode,
    { favouritesOf: memberId, ...(gameType === undefined ? {} : { gameType }) },
    page,
    'newestFavourite',
  );
  return { content: games, pageNum: page.pageNo, totalPages: Math.ceil(total / page.pageSize) };
}

/** Node ids of every favourite of a member, newest first. */
export async function listFavouriteIds(db: D1Database, memberId: number): Promise<number[]> {
  const { results } = await db
    .prepare(`SELECT node_id FROM favourites WHERE member_id = ? ORDER BY created_at DESC, rowid DESC`)
    .bind(memberId)
    .all<{ node_id: number }>();
  return results.map((r) => r.node_id);
}

/** Adds a favourite; adding one that exists keeps its original time (so the list order does not jump). */
export async function addFavourite(db: D1Database, memberId: number, nodeId: number, now = Date.now()): Promise<void> {
  await db
    .prepare(`INSERT INTO favourites (member_id, node_id, created_at) VALUES (?, ?, ?) ON CONFLICT (member_id, node_id) DO NOTHING`)
    .bind(memberId, nodeId, now)
    .run();
}

/** Removes a favourite; removing one that does not exist is not an error. */
export async function removeFavourite(db: D1Database, memberId: number, nodeId: number): Promise<void> {
  await db.prepare(`DELETE FROM favourites WHERE member_id = ? AND node_id = ?`).bind(memberId, nodeId).run();
}
