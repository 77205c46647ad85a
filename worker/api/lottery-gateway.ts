import { z } from 'zod';
import { CallRouter } from './call-router';
import { lotteryCalls } from '../../contract/calls/lottery';
import { gameIdValue } from '../../contract/calls/lottery-shapes';
import { valid } from '../lib/validate';
import { plain } from '../lib/answer';
import { encodeAsListed } from '../lib/envelope';
import { findDraw, pagePastDraws } from '../db/queries/lottery-draws';
import { listLotteryGames } from '../db/queries/lottery-games';
import { countOrdersByGameSince } from '../db/queries/lottery-orders';
import { ensureDraw } from '../services/lottery/draws';
import { requireGame, SETTLE_ON_READ } from '../services/lottery/game-lookup';
import { settleDueDraws } from '../services/lottery/settlement';
import { openSlot, slotAt } from '../model/lottery/schedule';
import { prizeModesOf } from '../model/lottery/odds';
import { lotteryGameList } from '../services/lottery/game-list';
import { drawView, gameSheetView, keyedByGameId, mobileGameView, openNumeroView } from '../services/lottery/views';
import type { LotteryGame } from '../model/lottery/model';

const gameParam = z.object({ gameId: gameIdValue });

/** How far back the popular lotteries count orders (GET /games/popular). */
const POPULAR_WINDOW_MS = 7 * 24 * 60 * 60_000;

/** The vendors of a game list in first-seen order, each with its games (the lottery menu's groups). */
function byVendor(games: readonly LotteryGame[]): Record<string, { menuCode: string; menuName: string; games: ReturnType<typeof mobileGameView>[] }> {
  const groups: Record<string, { menuCode: string; menuName: string; games: ReturnType<typeof mobileGameView>[] }> = {};
  for (const game of games) {
    const group = groups[game.vassalage] ??= { menuCode: game.vassalage, menuName: game.displayName, games: [] };
    group.games.push(mobileGameView(game));
  }
  return groups;
}

/**
 * Router for the lottery gateway's games and draws (platform-contract.md §4: GET /lgw/games,
 * /lgw/games/{gameId}/setting, /lgw/draw/{gameId}, /lgw/numeros/near; §7.5, the mobile client's lists, each a plain
 * object keyed by game: /lgw/games/mobile, /lgw/games/popular, /lgw/games/opened/numero, /lgw/vn/games/game_menu,
 * /lgw/vn/numeros/opened/game; calls in contract/calls/lottery.ts). Mounted under /lgw and /lotto/lgw.
 * Plain JSON answers; errors `{ errorCode, message, value? }` with a 4xx status (worker/lib/gateway.ts). No
 * session needed. `gameId` is the launcher's game id. Times epoch ms, money DECIMAL currency units.
 */
export const lotteryGatewayRouter = new CallRouter('/lgw')
  /**
   * GET /games?gameType=LOTT|ELOTT&vassalage → `{ serverTime, list }`: every lottery game the site offers with its
   * schedule and the draw taking bets now (`nextCloseAt`), and the server's clock. 400 `request_param_err`.
   */
  .serve(lotteryCalls.lotteryGameList, async (c) => {
    const value = await lotteryGameList(c.env.DB, c.var.merchant.code, c.req.valid('query'), Date.now());
    return plain(c, encodeAsListed(lotteryCalls.lotteryGameList, value));
  })
  /**
   * GET /games/mobile → `{ [gameId]: MobileLotteryGame }` (platform-contract.md §7.5: the mobile client's lottery
   * list, read as `Object.values(data)`): the site's LOTT and ELOTT games in catalogue order. An empty object when
   * the site offers none (the client's list is then empty).
   */
  .serve(lotteryCalls.lotteryMobileGames, async (c) => {
    const games = await listLotteryGames(c.env.DB, c.var.merchant.code);
    return plain(c, keyedByGameId(games, mobileGameView));
  })
  /**
   * GET /games/popular → `{ [gameId]: MobileLotteryGame & { rank } }` (§7.5), ranked by orders placed on the site
   * in the last 7 days, then catalogue order (PlayDeck's choice; the contract names no ranking). `rank` (1 = most
   * played) carries the order, as an object's key order does not survive integer-like game ids (JavaScript lists
   * those ascending). Every offered game is listed, so a new site still shows its lotteries.
   */
  .serve(lotteryCalls.popularLotteryGames, async (c) => {
    const db = c.env.DB;
    const merchantCode = c.var.merchant.code;
    const [games, orders] = await Promise.all([
      listLotteryGames(db, merchantCode),
      countOrdersByGameSince(db, merchantCode, Date.now() - POPULAR_WINDOW_MS),
    ]);
    const ranked = games.map((game, index) => ({ game, index })).sort((a, b) =>
      (orders.get(b.game.nodeId) ?? 0) - (orders.get(a.game.nodeId) ?? 0) || a.index - b.index);
    const rankOf = new Map(ranked.map((r, i) => [r.game.nodeId, i + 1]));
    return plain(c, keyedByGameId(ranked.map((r) => r.game), (game) => ({ ...mobileGameView(game), rank: rankOf.get(game.nodeId) ?? 0 })));
  })
  /**
   * GET /games/opened/numero → `{ [gameId]: OpenNumero }` (§7.5; the client calls it under /lotto/lgw too): each
   * game's draw taking bets now, its number (`numero`, the issue) and times, with the server's clock.
   */
  .serve(lotteryCalls.openedNumeros, async (c) => {
    const games = await listLotteryGames(c.env.DB, c.var.merchant.code);
    const now = Date.now();
    return plain(c, keyedByGameId(games, (game) => openNumeroView(game, now)));
  })
  /**
   * GET /vn/games/game_menu?prizeMode&device → `{ [vendorCode]: { menuCode, menuName, games } }` (§7.5): the games
   * offering the prize mode (Lott, Elott, SEA in any case; absent = all), grouped by vendor in catalogue order.
   * 400 `request_param_err` for another prize mode.
   */
  .serve(lotteryCalls.lotteryGameMenu, async (c) => {
    const { prizeMode } = c.req.valid('query');
    const games = await listLotteryGames(c.env.DB, c.var.merchant.code);
    return plain(c, byVendor(prizeMode === undefined ? games : games.filter((g) => prizeModesOf(g.odds).includes(prizeMode))));
  })
  /**
   * GET /vn/numeros/opened/game → `{ [gameId]: OpenNumero }` (§7.5): the open draw of every game of the lottery
   * menu (the site's lottery games), as /games/opened/numero.
   */
  .serve(lotteryCalls.vnOpenedNumeros, async (c) => {
    const games = await listLotteryGames(c.env.DB, c.var.merchant.code);
    const now = Date.now();
    return plain(c, keyedByGameId(games, (game) => openNumeroView(game, now)));
  })
  /**
   * GET /games/{gameId}/setting → the game sheet: the game, its bet types, stake limits and odds tables per prize
   * mode. 404 `game_not_found`; 400 `request_param_err`.
   */
  .serve(lotteryCalls.gameSetting, valid('param', gameParam), async (c) => {
    const game = await requireGame(c.env.DB, c.var.merchant.code, { gameId: c.req.valid('param').gameId });
    return plain(c, encodeAsListed(lotteryCalls.gameSetting, gameSheetView(game, Date.now())));
  })
  /**
   * GET /draw/{gameId}?page&size → `{ draws: { content, totalPages, totalElements, number, size } }`: the game's
   * stored draws whose time has passed, newest first, with digits and secret (due draws are settled first).
   * 404 `game_not_found`; 400 `request_param_err`.
   */
  .serve(lotteryCalls.drawHistory, valid('param', gameParam), async (c) => {
    const db = c.env.DB;
    const game = await requireGame(db, c.var.merchant.code, { gameId: c.req.valid('param').gameId });
    const { page, size } = c.req.valid('query');
    const now = Date.now();
    await settleDueDraws(db, { now, nodeId: game.nodeId, maxDraws: SETTLE_ON_READ });
    const { draws, total } = await pagePastDraws(db, game.nodeId, now, { offset: page * size, limit: size });
    return plain(c, { draws: { content: draws.map((d) => drawView(d, now)), totalPages: Math.ceil(total / size), totalElements: total, number: page, size } });
  })
  /**
   * GET /numeros/near?gameId → `{ gameId, serverTime, current, previous }`: the draw taking bets now (created with
   * its commitment if new) and the one before it when it is stored (else null). 404 `game_not_found`; 400.
   */
  .serve(lotteryCalls.nearNumeros, async (c) => {
    const db = c.env.DB;
    const game = await requireGame(db, c.var.merchant.code, { gameId: c.req.valid('query').gameId });
    const now = Date.now();
    const open = openSlot(game.schedule, now);
    const current = await ensureDraw(db, game.nodeId, open, now);
    const previous = await findDraw(db, game.nodeId, slotAt(game.schedule, open.index - 1).issueNo);
    return plain(c, { gameId: game.gameId, serverTime: now, current: drawView(current, now), previous: previous ? drawView(previous, now) : null });
  });
