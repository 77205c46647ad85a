import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { drawPageQuery, gameIdValue, lotteryGamesQuery, nearNumerosQuery } from '../../src/contract/calls/lottery-shapes';
import { valid } from '../lib/validate';
import { findDraw, pagePastDraws } from '../db/queries/lottery-draws';
import { listLotteryGames } from '../db/queries/lottery-games';
import { ensureDraw } from '../services/lottery/draws';
import { requireGame, SETTLE_ON_READ } from '../services/lottery/game-lookup';
import { settleDueDraws } from '../services/lottery/settlement';
import { openSlot, slotAt } from '../services/lottery/schedule';
import { drawView, gameInfoView, gameSheetView } from '../services/lottery/views';

const gameParam = z.object({ gameId: gameIdValue });

/**
 * Router for the lottery gateway's games and draws (platform-contract.md §4: GET /lgw/games,
 * /lgw/games/{gameId}/setting, /lgw/draw/{gameId}, /lgw/numeros/near; calls in src/contract/calls/lottery.ts).
 * Plain JSON answers; errors `{ errorCode, message, value? }` with a 4xx status (worker/lib/gateway.ts). No
 * session needed. `gameId` is the launcher's game id. Times epoch ms, money DECIMAL currency units.
 */
export const lotteryGatewayRouter = new Hono<AppEnv>()
  /**
   * GET /games?gameType=LOTT|ELOTT&vassalage → `{ serverTime, list }`: every lottery game the site offers with its
   * schedule and the draw taking bets now (`nextCloseAt`), and the server's clock. 400 `request_param_err`.
   */
  .get('/games', valid('query', lotteryGamesQuery), async (c) => {
    const q = c.req.valid('query');
    const games = await listLotteryGames(c.env.DB, c.var.merchant.code, { gameType: q.gameType, vassalage: q.vassalage });
    const now = Date.now();
    return c.json({ serverTime: now, list: games.map((g) => gameInfoView(g, now)) });
  })
  /**
   * GET /games/{gameId}/setting → the game sheet: the game, its bet types, stake limits and odds tables per prize
   * mode. 404 `game_not_found`; 400 `request_param_err`.
   */
  .get('/games/:gameId/setting', valid('param', gameParam), async (c) => {
    const game = await requireGame(c.env.DB, c.var.merchant.code, { gameId: c.req.valid('param').gameId });
    return c.json(gameSheetView(game, Date.now()));
  })
  /**
   * GET /draw/{gameId}?page&size → `{ draws: { content, totalPages, totalElements, number, size } }`: the game's
   * stored draws whose time has passed, newest first, with digits and secret (due draws are settled first).
   * 404 `game_not_found`; 400 `request_param_err`.
   */
  .get('/draw/:gameId', valid('param', gameParam), valid('query', drawPageQuery), async (c) => {
    const db = c.env.DB;
    const game = await requireGame(db, c.var.merchant.code, { gameId: c.req.valid('param').gameId });
    const { page, size } = c.req.valid('query');
    const now = Date.now();
    await settleDueDraws(db, { now, nodeId: game.nodeId, maxDraws: SETTLE_ON_READ });
    const { draws, total } = await pagePastDraws(db, game.nodeId, now, { offset: page * size, limit: size });
    return c.json({ draws: { content: draws.map((d) => drawView(d, now)), totalPages: Math.ceil(total / size), totalElements: total, number: page, size } });
  })
  /**
   * GET /numeros/near?gameId → `{ gameId, serverTime, current, previous }`: the draw taking bets now (created with
   * its commitment if new) and the one before it when it is stored (else null). 404 `game_not_found`; 400.
   */
  .get('/numeros/near', valid('query', nearNumerosQuery), async (c) => {
    const db = c.env.DB;
    const game = await requireGame(db, c.var.merchant.code, { gameId: c.req.valid('query').gameId });
    const now = Date.now();
    const open = openSlot(game.schedule, now);
    const current = await ensureDraw(db, game.nodeId, open, now);
    const previous = await findDraw(db, game.nodeId, slotAt(game.schedule, open.index - 1).issueNo);
    return c.json({ gameId: game.gameId, serverTime: now, current: drawView(current, now), previous: previous ? drawView(previous, now) : null });
  });
