import { catalogueCalls } from '../../contract/calls/catalogue';
import type { ValueOf } from '../../contract/call';
import { ApiError, encodeAsListed, encodeValue, ok } from '../lib/envelope';
import { CallRouter } from './call-router';
import { findTrialGame, gameKeys, listHotGames } from '../db/queries/games';
import { gameListPage } from '../services/games/game-list';
import { listVendorGameTypes, listVendorLanes } from '../db/queries/vendors';
import { checkLaunch, launchUrl } from '../services/games/launch';
import { requireMember } from '../middleware/auth-context';
import { winnerBoard } from '../services/lottery/winners';

/**
 * Catalogue relays (platform-contract.md §2, mounted at /wps/relay): vendor mapping and lanes, game list, hot
 * games, winner board and the trial launch. Every list holds only enabled games of vendors the merchant offers
 * for that game type; a `merchant`/`merchant_code`/`merchantCode` parameter that names another site is refused
 * by the edge (400 `merchant_mismatch`). Schemas: contract/calls/catalogue.ts.
 */
export const catalogueRelayRouter = new CallRouter('/wps/relay')
  /**
   * GET /GCSGAME_getVassGameType?typeId=1&merchant_code → `{ content: { [gameType]: vendorCodes[] } }` (§2 vendor game
   * types; worker/db/queries/vendors.ts listVendorGameTypes).
   */
  .serve(catalogueCalls.vendorGameTypes, async (c) => {
    const value: ValueOf<typeof catalogueCalls.vendorGameTypes> = { content: await listVendorGameTypes(c.env.DB, c.var.merchant.code) };
    return ok(c, value);
  })
  /**
   * GET /GCSGAME_newGameVendor?platform=html5&merchantCode&ext → `{ data: { lanes } }` (§2 vendor lanes, §7.3; the
   * lane and card fields on listVendorLanes in worker/db/queries/vendors.ts).
   */
  .serve(catalogueCalls.vendorLanes, async (c) => {
    const value: ValueOf<typeof catalogueCalls.vendorLanes> = { data: { lanes: await listVendorLanes(c.env.DB, c.var.merchant.code) } };
    return ok(c, value);
  })
  /** GET /GCSGAME_gameVendor (the older client's vendor lanes, §2): the same answer as GCSGAME_newGameVendor. */
  .serve(catalogueCalls.vendorLanesOlder, async (c) => {
    const value: ValueOf<typeof catalogueCalls.vendorLanesOlder> = { data: { lanes: await listVendorLanes(c.env.DB, c.var.merchant.code) } };
    return ok(c, value);
  })
  /**
   * GET /GCSGAME_gameList → `{ games, pageNum, totalPages, total }` (§2 game list; query and errors on the call
   * def): minBet arrives in currency units and filters on minor units (the query's money codec); tiles carry minBet
   * in currency units, encoded from the minor units the page holds (services/games/game-list.ts gameListPage, which
   * the edge's game-list fill calls too; tiles keep the field order of db/queries/games.ts: encodeAsListed).
   */
  .serve(catalogueCalls.gameList, async (c) => {
    const value = await gameListPage(c.env.DB, c.var.merchant.code, c.req.valid('query'), () => requireMember(c).memberId);
    return ok(c, encodeAsListed(catalogueCalls.gameList, value));
  })
  /**
   * GET /GCSGAME_hotGamesV2?merchantCode&isPlatform=2&language&platform=html5&vassalage → `{ list }` (§2 hot games; no
   * token): tiles as the game list's, minBet encoded to currency units.
   */
  .serve(catalogueCalls.hotGames, async (c) => {
    const q = c.req.valid('query');
    return ok(c, encodeAsListed(catalogueCalls.hotGames, { list: await listHotGames(c.env.DB, c.var.merchant.code, q.vassalage) }));
  })
  /**
   * GET /GCSGAME_getRankList?gameCategory=ALL&language&limitNum=20[&sort] → `{ list: [{ vo }] }` (§2 winner
   * board): real settled wins of this site's real accounts (lottery orders and demo slot rounds), names masked,
   * winAmount in currency units (encoded from the board's minor units by the call's schema), notAuto true (no made-up
   * entries). No session needed. 400 `request_param_err`.
   */
  .serve(catalogueCalls.winnerBoard, async (c) => {
    const q = c.req.valid('query');
    const wins = await winnerBoard(c.env.DB, c.var.merchant.code, q.gameCategory, q.sort, q.limitNum);
    const keys = await gameKeys(c.env.DB, wins.map((w) => w.vo.nodeId));
    const value: ValueOf<typeof catalogueCalls.winnerBoard> = {
      list: wins.map(({ vo }) => ({
        vo: {
          gameName: vo.gameName,
          customerName: vo.customerName,
          winAmount: vo.winAmount,
          gameId: keys.get(vo.nodeId)?.gameId ?? '',
          nodeId: vo.nodeId,
          vendor: keys.get(vo.nodeId)?.vassalage ?? '',
          notAuto: true,
          gameType: vo.gameType,
          wonAt: vo.wonAt,
        },
      })),
    };
    return ok(c, encodeValue(catalogueCalls.winnerBoard, value));
  })
  /**
   * GET /GCS_gameTrialLaunch?gameId&nodeId&platform=html5 → `{ content: { game_url, nodeId, vassalage, freePlay:
   * true } }` (§2 trial launch, no token): free play of a game that supports it (supportPlay 0). `nodeId` is the
   * game's node id or its telNodeId (a vendor card's telGameId/telNodeId, §7.3); the answer's nodeId is the node id.
   * 404 `game_not_found` (also when gameId is not that game's); 400 `free_play_unavailable`; 409 `vendor_maintenance`.
   */
  .serve(catalogueCalls.trialLaunch, async (c) => {
    const { nodeId: requested, gameId } = c.req.valid('query');
    const found = await findTrialGame(c.env.DB, c.var.merchant.code, requested, gameId);
    if (!found) throw new ApiError(404, 'game_not_found', 'No such game on this site');
    const nodeId = found.game.nodeId;
    const game = { ...found.game, launchAdapter: found.launchAdapter, vendorMaintenance: found.vendorMaintenance };
    checkLaunch(true, game, true);
    const value: ValueOf<typeof catalogueCalls.trialLaunch> = {
      content: { game_url: launchUrl(game, false), nodeId, vassalage: game.vassalage, freePlay: true },
    };
    return ok(c, value);
  });
