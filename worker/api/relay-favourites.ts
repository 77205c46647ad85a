import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { CallRouter } from './call-router';
import { catalogueCalls } from '../../contract/calls/catalogue';
import { RECENT_GAMES_CAP } from '../../contract/calls/favourites';
import type { ValueOf } from '../../contract/call';
import { ApiError, encodeAsListed, ok } from '../lib/envelope';
import { findGameVendor, findOfferedGame, pageGames, recordRecentGame, type GameFilter } from '../db/queries/games';
import { addFavourite, listFavouriteGames, listFavouriteIds, removeFavourite } from '../db/queries/favourites';
import { requireMember } from '../middleware/auth-context';
import { memberOnly } from '../middleware/member-only';
import { typeFilter } from '../services/games/game-list';

/**
 * 400 `vendor_mismatch` unless the vendor and game type the client names are the game's (codes compare
 * case-insensitively).
 */
function assertSameGame(game: { vassalage: string; gameType: string }, claimed: { vendor: string; gameType: string }): void {
  if (game.vassalage.toUpperCase() !== claimed.vendor.toUpperCase() || game.gameType.toUpperCase() !== claimed.gameType.toUpperCase()) {
    throw new ApiError(400, 'vendor_mismatch', 'The vendor or game type does not match the game');
  }
}

function memberId(c: Context<AppEnv>): number {
  return requireMember(c).memberId;
}

/**
 * Favourite and recent-game relays (platform-contract.md §2, mounted at /wps/relay; player-shell §4 "Favourite
 * toggle", §5, §7). Every route needs a session, checked before the input: 401 `customer.not.login` (no token)
 * or `user.or.token.invalid`. Schemas and shapes: contract/calls/favourites.ts.
 */
export const favouriteRelayRouter = new CallRouter('/wps/relay')
  /**
   * GET /MCSFE_getFavoriteGamesList?token&pageNo&pageSize&gameType&language → `{ content, pageNum, totalPages }`:
   * the member's favourites the site still offers, newest first; gameType ALL/absent = every type.
   */
  .serve(catalogueCalls.favouriteList, memberOnly, async (c) => {
    const q = c.req.valid('query');
    const gameType = q.gameType === undefined || q.gameType === 'ALL' ? undefined : q.gameType;
    const value: ValueOf<typeof catalogueCalls.favouriteList> = await listFavouriteGames(
      c.env.DB, c.var.merchant.code, memberId(c), gameType, { pageNo: q.pageNo, pageSize: q.pageSize },
    );
    return ok(c, encodeAsListed(catalogueCalls.favouriteList, value));
  })
  /** GET /MCSFE_getFavoriteGames?pageNo=1&pageSize=100 → a plain array of node ids as strings, newest first. */
  .serve(catalogueCalls.favouriteIds, memberOnly, async (c) => {
    const { pageNo, pageSize } = c.req.valid('query');
    const ids = await listFavouriteIds(c.env.DB, memberId(c));
    const value: ValueOf<typeof catalogueCalls.favouriteIds> = ids.slice((pageNo - 1) * pageSize, pageNo * pageSize).map(String);
    return ok(c, value);
  })
  /** POST /MCSFE_addFavoriteGameV2 `{ nodeId, vendor, gameType }` → null; 404 `game_not_found`, 400 `vendor_mismatch`. */
  .serve(catalogueCalls.addFavourite, memberOnly, async (c) => {
    const body = c.req.valid('json');
    const found = await findOfferedGame(c.env.DB, c.var.merchant.code, body.nodeId);
    if (!found) throw new ApiError(404, 'game_not_found', 'No such game on this site');
    assertSameGame(found.game, body);
    await addFavourite(c.env.DB, memberId(c), body.nodeId);
    return ok(c, null, 'Favourite added');
  })
  /**
   * DELETE /MCSFE_removeFavoriteGameV2 with JSON body `{ nodeId, vendor, gameType }` → null; any stored game (also
   * one no longer offered). 404 `game_not_found` for an unknown node id, 400 `vendor_mismatch`.
   */
  .serve(catalogueCalls.removeFavourite, memberOnly, async (c) => {
    const body = c.req.valid('json');
    const game = await findGameVendor(c.env.DB, body.nodeId);
    if (!game) throw new ApiError(404, 'game_not_found', 'No such game');
    assertSameGame(game, body);
    await removeFavourite(c.env.DB, memberId(c), body.nodeId);
    return ok(c, null, 'Favourite removed');
  })
  /**
   * GET /MCS2_addRecentGame?nodeId → null: records a launch that skips launch game (the lottery launcher); a
   * repeated launch moves the game to the front. 404 `game_not_found` for a game the site does not offer.
   */
  .serve(catalogueCalls.addRecentGame, memberOnly, async (c) => {
    const { nodeId } = c.req.valid('query');
    const found = await findOfferedGame(c.env.DB, c.var.merchant.code, nodeId);
    if (!found) throw new ApiError(404, 'game_not_found', 'No such game on this site');
    await recordRecentGame(c.env.DB, memberId(c), nodeId);
    return ok(c, null);
  })
  /**
   * GET /GCS_recentGame?gameType&vassalage&gameName&pageNo&pageSize&language&ext → a plain array of game tiles:
   * the games this member launched that the site still offers (matching the filters), latest launch first, only
   * the latest RECENT_GAMES_CAP (50) of them; pageNo/pageSize (default: the whole capped list) page within that
   * cap, so a page past it is `[]`. The platform's client maps `value` directly (platform-contract.md §2 recent
   * list). 400 `request_param_err` for a bad parameter.
   */
  .serve(catalogueCalls.recentGames, memberOnly, async (c) => {
    const q = c.req.valid('query');
    const filter: GameFilter = { ...typeFilter(q.gameType), recentOf: memberId(c) };
    if (q.vassalage !== undefined) filter.vassalages = [q.vassalage];
    if (q.gameName !== undefined && q.gameName !== '') filter.nameContains = q.gameName;
    const offset = (q.pageNo - 1) * q.pageSize;
    const room = Math.min(q.pageSize, RECENT_GAMES_CAP - offset);
    if (room <= 0) return ok(c, [] satisfies ValueOf<typeof catalogueCalls.recentGames>);
    const { games } = await pageGames(c.env.DB, c.var.merchant.code, filter, q, 'latestLaunch');
    const value: ValueOf<typeof catalogueCalls.recentGames> = games.slice(0, room);
    return ok(c, encodeAsListed(catalogueCalls.recentGames, value));
  });
