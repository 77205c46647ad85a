import { Hono } from 'hono';
import type { AppEnv } from '../env';
import type { GameListValue, LaunchValue } from '../../src/api/types';
import { ApiError, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { findOfferedGame, listHotGames, pageGames, recordRecentGame, type GameFilter } from '../db/queries/games';
import { listVendorGameTypes, merchantOffersCategory } from '../db/queries/vendors';
import { gameListQuery, hotGamesQuery, launchQuery, vendorGameTypesQuery } from '../services/catalogue-params';
import { checkLaunch, launchUrl } from '../services/launch';
import { memberOnly } from '../services/member-only';
import { REAL_MEMBER_TYPES, requireMember } from '../services/auth-context';

/** Game types that hold no games in the built-in catalogue: asking for them gives an empty page. */
const EMPTY_TYPES = new Set(['LOCAL', 'BGS', 'LIVESTREAM']);

/**
 * Router for /wps/game (player-shell §7): vendor mapping, game list, hot games and launching. Every list only
 * holds enabled games of vendors the merchant offers for that game type.
 */
export const gameRouter = new Hono<AppEnv>()
  /**
   * GET /vendorGameTypes?typeId=1&merchant_code → `{ content: VendorGameType[] }` in the merchant's category
   * sorting order (player-shell §3 "Vendor mapping per game type"). 400 `invalid_input` for a bad typeId.
   */
  .get('/vendorGameTypes', valid('query', vendorGameTypesQuery), async (c) => {
    return ok(c, { content: await listVendorGameTypes(c.env.DB, c.var.merchant.code) });
  })
  /**
   * GET /list → GameListValue (player-shell §3 "Game list response", §7 "game list"). Query: gameName (trimmed,
   * case-insensitive substring), gameType (a category; ALL or absent = every type; HOT and NEW_GAME filter by flag),
   * pageNo (1-based, default 1), pageSize (1–100, default 20), vassalage, gameClassify (`all` = no filter, `new` =
   * new games, `hot` = hot games, `favorite` = the member's favourites and needs a session, else a classification), isNew (1),
   * minBet (games whose minimum bet is at most this, minor units), minLine (games needing at most this many
   * lines), platform html5, clientType 2, language (default EN). pageNum echoes pageNo; totalPages is 0 when
   * nothing matches. Errors: 400 `invalid_input`; 401 for `favorite` without a session.
   */
  .get('/list', valid('query', gameListQuery), async (c) => {
    const q = c.req.valid('query');
    const filter: GameFilter = {};
    if (q.gameType === 'HOT') filter.hotOnly = true;
    else if (q.gameType === 'NEW_GAME') filter.newOnly = true;
    else if (q.gameType !== undefined && q.gameType !== 'ALL') filter.gameType = q.gameType;
    if (q.isNew === '1') filter.newOnly = true;
    if (q.vassalage !== undefined) filter.vassalage = q.vassalage;
    if (q.gameClassify === 'new') filter.newOnly = true;
    else if (q.gameClassify === 'hot') filter.hotOnly = true;
    else if (q.gameClassify === 'favorite' || q.gameClassify === 'fav') filter.favouritesOf = requireMember(c).memberId;
    else if (q.gameClassify !== undefined && q.gameClassify !== 'all') filter.classify = q.gameClassify;
    if (q.gameName !== undefined && q.gameName !== '') filter.nameContains = q.gameName;
    if (q.minBet !== undefined) filter.maxMinBet = q.minBet;
    if (q.minLine !== undefined) filter.maxMinLine = q.minLine;

    const page = { pageNo: q.pageNo, pageSize: q.pageSize };
    const { games, total } = q.gameType !== undefined && EMPTY_TYPES.has(q.gameType)
      ? { games: [], total: 0 }
      : await pageGames(c.env.DB, c.var.merchant.code, filter, page);
    const value: GameListValue = { games, pageNum: q.pageNo, totalPages: Math.ceil(total / q.pageSize), total };
    return ok(c, value);
  })
  /** GET /hot?isPlatform=2&language&platform=html5 → `{ list: Game[] }`: every hot game the merchant offers. */
  .get('/hot', valid('query', hotGamesQuery), async (c) => {
    return ok(c, { list: await listHotGames(c.env.DB, c.var.merchant.code) });
  })
  /**
   * GET /launchGame?nodeId&freePlay=0|1 → LaunchValue (player-shell §4 "Game launch", §6). Needs a session
   * (401 `not_logged_in`). 404 `game_not_found` for a game the merchant does not offer; 409 `vendor_maintenance`;
   * 403 `free_reject` when a guest/trial member opens a game without free play; 400 `free_play_unavailable` when
   * free play is asked for a game without it. Records the launch in the member's recent games.
   */
  .get('/launchGame', memberOnly, valid('query', launchQuery), async (c) => {
    const member = requireMember(c);
    const { nodeId, freePlay } = c.req.valid('query');
    const found = await findOfferedGame(c.env.DB, c.var.merchant.code, nodeId);
    if (!found) throw new ApiError(404, 'game_not_found', 'No such game on this site');
    const launchGame = {
      ...found.game,
      launchAdapter: found.launchAdapter,
      vendorMaintenance: found.vendorMaintenance,
    };
    const decision = checkLaunch(REAL_MEMBER_TYPES.includes(member.type), launchGame, freePlay === '1');
    const mappingHasElott = found.launchAdapter === 'lottery'
      ? await merchantOffersCategory(c.env.DB, c.var.merchant.code, 'ELOTT')
      : false;
    const url = launchUrl(launchGame, mappingHasElott);
    await recordRecentGame(c.env.DB, member.memberId, nodeId);
    const value: LaunchValue = { url, vassalage: found.game.vassalage, nodeId, freePlay: decision.freePlay };
    return ok(c, value);
  });
