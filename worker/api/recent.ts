import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import type { GameListValue } from '../../src/api/types';
import { ApiError, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { findOfferedGame, pageGames, recordRecentGame, type GameFilter } from '../db/queries/games';
import { gameListQuery, launchQuery } from '../services/catalogue-params';
import { memberOnly } from '../services/member-only';
import { requireMember } from '../services/auth-context';

/** GET /wps/game/recent query: the game list's gameType, vassalage, gameName and paging (pageNo 1-based, pageSize ≤ 100). */
const recentListQuery = gameListQuery.pick({ gameType: true, vassalage: true, gameName: true, pageNo: true, pageSize: true, language: true });

/** GET /wps/game/recent/add query: the launched game. */
const addRecentQuery = z.object({ nodeId: launchQuery.shape.nodeId });

/**
 * Router for /wps/game/recent (player-shell §2 Game list screen "recent" filter; §7 "add recent game", "recent
 * list"): the member's launched games. Every route needs a session (401 `not_logged_in` / `session_expired`).
 */
export const recentRouter = new Hono<AppEnv>()
  /**
   * GET /?gameType&vassalage&gameName&pageNo&pageSize → GameListValue: the games this member launched that the
   * merchant still offers (gameName: trimmed, case-insensitive substring), latest launch first; pageNum echoes pageNo, totalPages is 0 when nothing matches. ALL or no
   * gameType = every type. 400 `invalid_input`.
   */
  .get('/', memberOnly, valid('query', recentListQuery), async (c) => {
    const member = requireMember(c);
    const q = c.req.valid('query');
    const filter: GameFilter = { recentOf: member.memberId };
    if (q.gameType === 'HOT') filter.hotOnly = true;
    else if (q.gameType === 'NEW_GAME') filter.newOnly = true;
    else if (q.gameType !== undefined && q.gameType !== 'ALL') filter.gameType = q.gameType;
    if (q.vassalage !== undefined) filter.vassalage = q.vassalage;
    if (q.gameName !== undefined && q.gameName !== '') filter.nameContains = q.gameName;
    const { games, total } = await pageGames(c.env.DB, c.var.merchant.code, filter, q, 'latestLaunch');
    const value: GameListValue = { games, pageNum: q.pageNo, totalPages: Math.ceil(total / q.pageSize), total };
    return ok(c, value);
  })
  /**
   * GET /add?nodeId → null (player-shell §7 "add recent game": GET with a query): records a launch that does not
   * pass through /wps/game/launchGame — the lottery launcher opens lottery games directly (§4). A repeated launch
   * moves the game to the front. 404 `game_not_found` for a game the merchant does not offer.
   */
  .get('/add', memberOnly, valid('query', addRecentQuery), async (c) => {
    const member = requireMember(c);
    const { nodeId } = c.req.valid('query');
    const found = await findOfferedGame(c.env.DB, c.var.merchant.code, nodeId);
    if (!found) throw new ApiError(404, 'game_not_found', 'No such game on this site');
    await recordRecentGame(c.env.DB, member.memberId, nodeId);
    return ok(c, null);
  });
