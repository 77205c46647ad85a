import type { GameTileWire } from '../../../contract/calls/catalogue-schemas';

/**
 * A game tile as the API answers it (platform-contract.md §2 game list): showIcon is the icon URL, minBet in integer
 * minor units (the routes encode it to the wire's decimal: contract/money.ts money(), worker/lib/envelope.ts).
 */
export type Game = Required<GameTileWire>;

/** Row of `games` joined with its vendor, as the catalogue queries select it. */
interface GameRow {
  node_id: number;
  tel_node_id: number;
  vassalage: string;
  game_type: string;
  game_id: string;
  game_code: string;
  game_name: string;
  game_group_id: string | null;
  room_id: string | null;
  lotto_mode: string | null;
  game_classify: string | null;
  is_new: number;
  is_hot: number;
  support_play: number;
  min_bet_minor: number;
  min_line: number;
  display_name: string;
  launch_adapter: string;
  vendor_maintenance: number;
}

/** A game with the vendor facts launching needs (adapter name, maintenance). */
export interface CatalogueGame {
  game: Game;
  launchAdapter: string;
  vendorMaintenance: boolean;
}

/**
 * Filters of the game list (player-shell §7 "game list"). Every field is optional and they combine with AND.
 * Money in minor units.
 */
export interface GameFilter {
  /** Stored category (games.game_type). */
  gameType?: string;
  hotOnly?: boolean;
  newOnly?: boolean;
  /** One of these vendors (vendor codes, upper case). */
  vassalages?: readonly string[];
  classify?: string;
  /** Case-insensitive substring of the game name; LIKE wildcards in it match literally. */
  nameContains?: string;
  /** Only games whose minimum bet is at most this (minor units). */
  maxMinBet?: number;
  /** Only games whose minimum number of lines is at most this. */
  maxMinLine?: number;
  /** Only favourites of this member. */
  favouritesOf?: number;
  /** Only games this member launched (recent_games). */
  recentOf?: number;
}

/** A page request: pageNo is 1-based. */
export interface PageRequest {
  pageNo: number;
  pageSize: number;
}

/** A page of games and the number of games matching the filter. */
export interface GamePage {
  games: Game[];
  total: number;
}

const SELECT_GAME = `SELECT g.node_id, g.tel_node_id, g.vassalage, g.game_type, g.game_id, g.game_code, g.game_name,
  g.game_group_id, g.room_id, g.lotto_mode, g.game_classify, g.is_new, g.is_hot, g.support_play, g.min_bet_minor,
  g.min_line, v.display_name, v.launch_adapter, v.maintenance AS vendor_maintenance`;

/** Icon URL of a game (served by the icons router). */
export function gameIconUrl(nodeId: number): string {
  return `/icons/game/${nodeId}.svg`;
}

/** Maps a catalogue row to the API's Game (player-shell §3 Game). */
function toGame(row: GameRow): Game {
  const icon = gameIconUrl(row.node_id);
  return {
    nodeId: row.node_id,
    nodeName: row.game_name,
    gameName: row.game_name,
    displayName: row.display_name,
    vassalage: row.vassalage,
    vendorCode: row.vassalage,
    gameType: row.game_type,
    gameId: row.game_id,
    roomId: row.room_id,
    gameCode: row.game_code,
    gameGroupId: row.game_group_id,
    lottoMode: row.lotto_mode,
    showIcon: icon,
    iconUrl: icon,
    mobileLargeIcon: icon,
    url: null,
    supportPlay: row.support_play,
    telNodeId: row.tel_node_id,
    gameClassifyNew: row.game_classify,
    isHot: row.is_hot === 1,
    isNew: row.is_new === 1,
    minBet: row.min_bet_minor,
    minLine: row.min_line,
  };
}

/** Escapes `\`, `%` and `_` so user text matches literally inside `LIKE … ESCAPE '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * FROM/WHERE of the games a merchant offers: enabled games of vendors the merchant offers for that game type.
 * Parameters are returned in the order their placeholders appear.
 */
function offeredGames(merchantCode: string, filter: GameFilter): { sql: string; params: (string | number)[] } {
  const params: (string | number)[] = [merchantCode];
  let sql = `FROM games g
    JOIN vendors v ON v.vassalage = g.vassalage
    JOIN merchant_vendors mv ON mv.vassalage = g.vassalage AND mv.game_type = g.game_type
      AND mv.merchant_code = ? AND mv.enabled = 1`;
  if (filter.favouritesOf !== undefined) {
    sql += ` JOIN favourites f ON f.node_id = g.node_id AND f.member_id = ?`;
    params.push(filter.favouritesOf);
  }
  if (filter.recentOf !== undefined) {
    sql += ` JOIN recent_games r ON r.node_id = g.node_id AND r.member_id = ?`;
    params.push(filter.recentOf);
  }
  sql += ` WHERE g.enabled = 1`;
  if (filter.gameType !== undefined) {
    sql += ` AND g.game_type = ?`;
    params.push(filter.gameType);
  }
  if (filter.hotOnly) sql += ` AND g.is_hot = 1`;
  if (filter.newOnly) sql += ` AND g.is_new = 1`;
  if (filter.vassalages !== undefined && filter.vassalages.length > 0) {
    sql += ` AND g.vassalage IN (${filter.vassalages.map(() => '?').join(', ')})`;
    params.push(...filter.vassalages);
  }
  if (filter.classify !== undefined) {
    sql += ` AND g.game_classify = ?`;
    params.push(filter.classify);
  }
  if (filter.nameContains !== undefined && filter.nameContains !== '') {
    // SQLite's LIKE is case-insensitive for ASCII, which covers the catalogue's names.
    sql += ` AND g.game_name LIKE ? ESCAPE '\\'`;
    params.push(`%${escapeLike(filter.nameContains)}%`);
  }
  if (filter.maxMinBet !== undefined) {
    sql += ` AND g.min_bet_minor <= ?`;
    params.push(filter.maxMinBet);
  }
  if (filter.maxMinLine !== undefined) {
    sql += ` AND g.min_line <= ?`;
    params.push(filter.maxMinLine);
  }
  return { sql, params };
}

/** Order of a game page (see pageGames). */
export type PageOrder = 'catalogue' | 'newestFavourite' | 'latestLaunch';

/**
 * The two statements pageGames runs as one batch: the match count (`{ n }`) and the page's game rows. Exported
 * so the development-only timing route (worker/api/dev-timing.ts) runs exactly the same SQL.
 */
export function pageGamesStatements(
  db: D1Database,
  merchantCode: string,
  filter: GameFilter,
  page: PageRequest,
  order: PageOrder = 'catalogue',
): [D1PreparedStatement, D1PreparedStatement] {
  const { sql, params } = offeredGames(merchantCode, filter);
  const orderBy = order === 'newestFavourite' && filter.favouritesOf !== undefined
    ? 'f.created_at DESC, f.rowid DESC'
    : order === 'latestLaunch' && filter.recentOf !== undefined
      ? 'r.launched_at DESC, g.node_id'
      : 'g.sort_order, g.node_id';
  return [
    db.prepare(`SELECT COUNT(*) AS n ${sql}`).bind(...params),
    db.prepare(`${SELECT_GAME} ${sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`)
      .bind(...params, page.pageSize, (page.pageNo - 1) * page.pageSize),
  ];
}

/**
 * One page of the games a merchant offers, matching `filter`. Order: the catalogue order (sort_order, node_id);
 * for favourites, newest favourite first; for recent games, latest launch first. All are total orders, so pages
 * never overlap or skip.
 */
export async function pageGames(
  db: D1Database,
  merchantCode: string,
  filter: GameFilter,
  page: PageRequest,
  order: PageOrder = 'catalogue',
): Promise<GamePage> {
  const [count, rows] = await db.batch<unknown>(pageGamesStatements(db, merchantCode, filter, page, order));
  const total = (count?.results[0] as { n: number } | undefined)?.n ?? 0;
  return { games: ((rows?.results ?? []) as GameRow[]).map(toGame), total };
}

/** Every hot game a merchant offers (of the given vendors, if any), in catalogue order (player-shell §7 "hot games"). */
export async function listHotGames(db: D1Database, merchantCode: string, vassalages?: readonly string[]): Promise<Game[]> {
  const { sql, params } = offeredGames(merchantCode, { hotOnly: true, ...(vassalages ? { vassalages } : {}) });
  const { results } = await db.prepare(`${SELECT_GAME} ${sql} ORDER BY g.sort_order, g.node_id`).bind(...params).all<GameRow>();
  return results.map(toGame);
}

/**
 * A game the merchant offers right now (enabled, vendor offered for its type), with its vendor's adapter and
 * maintenance flag; null otherwise.
 */
export async function findOfferedGame(db: D1Database, merchantCode: string, nodeId: number): Promise<CatalogueGame | null> {
  const { sql, params } = offeredGames(merchantCode, {});
  const row = await db.prepare(`${SELECT_GAME} ${sql} AND g.node_id = ?`).bind(...params, nodeId).first<GameRow>();
  if (!row) return null;
  return { game: toGame(row), launchAdapter: row.launch_adapter, vendorMaintenance: row.vendor_maintenance === 1 };
}

/**
 * The game a free-play launch names (platform-contract.md §2 trial launch, §7.3): `id` is a node id or a telNodeId
 * (vendor cards send their telNodeId); a node id wins when both match, and `gameId`, when given, must be the game's.
 * Null when no offered game fits.
 */
export async function findTrialGame(db: D1Database, merchantCode: string, id: number, gameId?: string): Promise<CatalogueGame | null> {
  const { sql, params } = offeredGames(merchantCode, {});
  const byGame = gameId === undefined ? '' : ' AND g.game_id = ?';
  const row = await db
    .prepare(`${SELECT_GAME} ${sql} AND (g.node_id = ? OR g.tel_node_id = ?)${byGame} ORDER BY g.node_id = ? DESC, g.node_id LIMIT 1`)
    .bind(...params, id, id, ...(gameId === undefined ? [] : [gameId]), id)
    .first<GameRow>();
  if (!row) return null;
  return { game: toGame(row), launchAdapter: row.launch_adapter, vendorMaintenance: row.vendor_maintenance === 1 };
}

/** A game the merchant offers, named by its game id (the lottery launch's lottoGameCode); null otherwise. */
export async function findOfferedGameById(db: D1Database, merchantCode: string, gameId: string): Promise<CatalogueGame | null> {
  const { sql, params } = offeredGames(merchantCode, {});
  const row = await db.prepare(`${SELECT_GAME} ${sql} AND g.game_id = ? ORDER BY g.node_id LIMIT 1`).bind(...params, gameId).first<GameRow>();
  if (!row) return null;
  return { game: toGame(row), launchAdapter: row.launch_adapter, vendorMaintenance: row.vendor_maintenance === 1 };
}

/** Vendor and game type of any stored game, enabled or not (null when the node id is unknown). */
export async function findGameVendor(db: D1Database, nodeId: number): Promise<{ vassalage: string; gameType: string } | null> {
  const row = await db.prepare(`SELECT vassalage, game_type FROM games WHERE node_id = ?`).bind(nodeId).first<{ vassalage: string; game_type: string }>();
  return row ? { vassalage: row.vassalage, gameType: row.game_type } : null;
}

/** Records a launch in the member's recent games; a repeated launch moves the game to the front. */
export async function recordRecentGame(db: D1Database, memberId: number, nodeId: number, now = Date.now()): Promise<void> {
  await db
    .prepare(
      `INSERT INTO recent_games (member_id, node_id, launched_at) VALUES (?, ?, ?)
       ON CONFLICT (member_id, node_id) DO UPDATE SET launched_at = excluded.launched_at`,
    )
    .bind(memberId, nodeId, now)
    .run();
}

/** Game id and vendor of stored games by node id (the winner board's vo fields). */
export async function gameKeys(db: D1Database, nodeIds: readonly number[]): Promise<Map<number, { gameId: string; vassalage: string }>> {
  const ids = [...new Set(nodeIds)];
  if (ids.length === 0) return new Map();
  const { results } = await db
    .prepare(`SELECT node_id, game_id, vassalage FROM games WHERE node_id IN (${ids.map(() => '?').join(', ')})`)
    .bind(...ids)
    .all<{ node_id: number; game_id: string; vassalage: string }>();
  return new Map(results.map((r) => [r.node_id, { gameId: r.game_id, vassalage: r.vassalage }]));
}
