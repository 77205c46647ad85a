import { z } from 'zod';
import { defineCall } from '../call';
import {
  blank, gameTile, gameTypeQuery, intOr, languageQuery, nodeIdQuery, nodeIdValue, pageNoQuery, pageSizeQuery, vendorCode,
} from './catalogue-schemas';

/** Body of add and remove favourite (§2): the game's node id, its vendor and its game type. */
const favouriteBody = z.object({
  nodeId: nodeIdValue,
  vendor: vendorCode,
  gameType: z.string().trim().regex(/^[A-Za-z_]{1,20}$/, 'Expected a game type').transform((s) => s.toUpperCase()),
});

/**
 * How many recent games a member's recent list holds: the latest 50 launches (of the asked type, vendor and
 * name). The contract names no limit; 50 is about five screens of the game list (9 a page) and twice the page
 * the platform's mobile client asks for (25), while keeping the answer small enough to load whole.
 */
export const RECENT_GAMES_CAP = 50;

/**
 * Favourite and recent-game calls of the catalogue area (platform-contract.md §2; player-shell §4 "Favourite
 * toggle", §5 "Favourites require a logged-in session", §2 Game list screen "recent" filter). All need a session:
 * 401 `customer.not.login` without a token, `user.or.token.invalid` with a bad one.
 */
export const favouriteCalls = {
  /**
   * GET favourite list (§2, GAMELOFAV3): `token` (the platform's clients repeat the session token here; PlayDeck
   * reads the Authorization header), `pageNo`, `pageSize`, `gameType` (ALL/absent = every type), `language` →
   * `value { content[] (game tiles, newest favourite first), pageNum, totalPages }`. 400 `request_param_err`.
   */
  favouriteList: defineCall({
    name: 'favouriteList',
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGamesList',
    moduleId: 'GAMELOFAV3',
    auth: 'member',
    query: z.object({
      token: z.preprocess(blank, z.string().max(200).optional()), pageNo: pageNoQuery, pageSize: pageSizeQuery, gameType: gameTypeQuery,
      language: languageQuery,
    }),
    value: z.object({ content: z.array(gameTile), pageNum: z.number().int(), totalPages: z.number().int() }),
    summary: 'Favourite games page (platform-contract.md §2 favourite list).',
  }),
  /**
   * GET favourite ids (§2, GAMELOFAV3): `pageNo=1`, `pageSize=100` → `value` = a plain array of node ids, newest
   * first; PlayDeck sends them as strings and the client compares them as strings (player-shell §3).
   */
  favouriteIds: defineCall({
    name: 'favouriteIds',
    method: 'GET',
    path: '/wps/relay/MCSFE_getFavoriteGames',
    moduleId: 'GAMELOFAV3',
    auth: 'member',
    query: z.object({ pageNo: pageNoQuery, pageSize: intOr(1, 1000, 100) }),
    value: z.array(z.union([z.string(), z.number()])),
    summary: 'Favourite node ids (platform-contract.md §2 favourite ids).',
  }),
  /**
   * POST add favourite (§2, GAMELOFAV3) `{ nodeId, vendor, gameType }` → value null. Adding twice is fine.
   * 404 `game_not_found` unless the site offers the game; 400 `vendor_mismatch` (vendor or game type not the
   * game's); 400 `request_param_err`.
   */
  addFavourite: defineCall({
    name: 'addFavourite',
    method: 'POST',
    path: '/wps/relay/MCSFE_addFavoriteGameV2',
    moduleId: 'GAMELOFAV3',
    auth: 'member',
    body: favouriteBody,
    value: z.null(),
    summary: 'Add a favourite (platform-contract.md §2 add favourite).',
  }),
  /**
   * DELETE remove favourite (§2, GAMELOFAV3) with JSON body `{ nodeId, vendor, gameType }` → value null. Works for
   * any stored game, also one the site no longer offers; removing a non-favourite is fine. 404 `game_not_found`
   * for an unknown node id; 400 `vendor_mismatch`; 400 `request_param_err`.
   */
  removeFavourite: defineCall({
    name: 'removeFavourite',
    method: 'DELETE',
    path: '/wps/relay/MCSFE_removeFavoriteGameV2',
    moduleId: 'GAMELOFAV3',
    auth: 'member',
    body: favouriteBody,
    value: z.null(),
    summary: 'Remove a favourite (platform-contract.md §2 remove favourite).',
  }),
  /**
   * GET add recent game (§2; its fields are "not found": PlayDeck chose `nodeId`) → value null. Records a launch
   * that does not pass through launch game (the lottery launcher opens lottery games directly); a repeated launch
   * moves the game to the front. 404 `game_not_found`; 400 `request_param_err`.
   */
  addRecentGame: defineCall({
    name: 'addRecentGame',
    method: 'GET',
    path: '/wps/relay/MCS2_addRecentGame',
    auth: 'member',
    query: z.object({ nodeId: nodeIdQuery }),
    value: z.null(),
    summary: 'Record a recent game (platform-contract.md §2 add recent game; fields chosen by PlayDeck).',
  }),
  /**
   * GET recent list (§2, GAMELOREC3): `gameType` (ALL/absent = every type), `vassalage`, `gameName`, `pageNo`,
   * `pageSize` (default RECENT_GAMES_CAP), `language`, `ext` (webp/avif, accepted; tiles carry one icon URL) →
   * `value` = a plain array of game tiles (§2 game list tile fields): the games this member launched that the site
   * still offers, latest launch first, at most RECENT_GAMES_CAP of them. The platform's mobile client sends
   * `pageNo=1&pageSize=25` and maps `value` itself (`RecentGameList.map(…)`, reading nodeName, roomId, nodeId,
   * vassalage, supportPlay), so there is no paging envelope: a page past the cap is an empty array. 400
   * `request_param_err`.
   */
  recentGames: defineCall({
    name: 'recentGames',
    method: 'GET',
    path: '/wps/relay/GCS_recentGame',
    moduleId: 'GAMELOREC3',
    auth: 'member',
    query: z.object({
      gameType: gameTypeQuery,
      vassalage: z.preprocess(blank, vendorCode.optional()),
      gameName: z.preprocess(blank, z.string().max(100).transform((s) => s.trim()).optional()),
      pageNo: pageNoQuery,
      pageSize: intOr(1, 100, RECENT_GAMES_CAP),
      language: languageQuery,
      ext: z.preprocess(blank, z.enum(['webp', 'avif']).optional()),
    }),
    value: z.array(gameTile),
    summary: "The member's recent games, latest launch first, at most 50 (platform-contract.md §2 recent list).",
  }),
};
