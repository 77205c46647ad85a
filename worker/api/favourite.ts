import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { ApiError, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { findGameVendor, findOfferedGame } from '../db/queries/games';
import { addFavourite, listFavouriteGames, listFavouriteIds, removeFavourite } from '../db/queries/favourites';
import { favouriteBody, favouriteListQuery } from '../services/catalogue-params';
import { requireMember } from '../services/auth-context';
import { memberOnly } from '../services/member-only';

/** 400 `vendor_mismatch` unless the vendor the client names is the game's vendor (codes compare case-insensitively). */
function assertVendor(gameVendor: string, claimed: string): void {
  if (gameVendor.toUpperCase() !== claimed.toUpperCase()) {
    throw new ApiError(400, 'vendor_mismatch', 'The vendor does not match the game');
  }
}

function memberId(c: Context<AppEnv>): number {
  return requireMember(c).memberId;
}

/**
 * Router for /wps/favourite (player-shell §4 "Favourite toggle", §5 "Favourites require a logged-in session",
 * §7). Every route needs a session: 401 `not_logged_in` (no token) or `session_expired`.
 */
export const favouriteRouter = new Hono<AppEnv>()
  .use('*', memberOnly)
  /**
   * GET /list?gameType&pageNo&pageSize&language → FavouriteListValue, newest favourite first; gameType ALL or
   * absent lists every type. totalPages is 0 when there are none. 400 `invalid_input` for bad paging or type.
   */
  .get('/list', valid('query', favouriteListQuery), async (c) => {
    const q = c.req.valid('query');
    const gameType = q.gameType === undefined || q.gameType === 'ALL' ? undefined : q.gameType;
    const value = await listFavouriteGames(c.env.DB, c.var.merchant.code, memberId(c), gameType, {
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    });
    return ok(c, value);
  })
  /** GET /ids → `{ list: string[] }`: node ids of every favourite as strings (player-shell §3), newest first. */
  .get('/ids', async (c) => {
    const ids = await listFavouriteIds(c.env.DB, memberId(c));
    return ok(c, { list: ids.map(String) });
  })
  /**
   * POST / `{ nodeId, vendor }` → value null. Adding a favourite twice is fine. 404 `game_not_found` unless the
   * site offers the game; 400 `vendor_mismatch`; 400 `invalid_input`.
   */
  .post('/', valid('json', favouriteBody), async (c) => {
    const { nodeId, vendor } = c.req.valid('json');
    const found = await findOfferedGame(c.env.DB, c.var.merchant.code, nodeId);
    if (!found) throw new ApiError(404, 'game_not_found', 'No such game on this site');
    assertVendor(found.game.vassalage, vendor);
    await addFavourite(c.env.DB, memberId(c), nodeId);
    return ok(c, null, 'Favourite added');
  })
  /**
   * DELETE / with JSON body `{ nodeId, vendor }` → value null. Removing works for any stored game, also one the
   * site no longer offers, so a player can always tidy the list; removing a non-favourite is fine.
   * 404 `game_not_found` for an unknown node id; 400 `vendor_mismatch`; 400 `invalid_input`.
   */
  .delete('/', valid('json', favouriteBody), async (c) => {
    const { nodeId, vendor } = c.req.valid('json');
    const gameVendor = await findGameVendor(c.env.DB, nodeId);
    if (!gameVendor) throw new ApiError(404, 'game_not_found', 'No such game');
    assertVendor(gameVendor, vendor);
    await removeFavourite(c.env.DB, memberId(c), nodeId);
    return ok(c, null, 'Favourite removed');
  });
