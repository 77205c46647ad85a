import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { lotteryGameQuery, lotteryGamesQuery } from '../../src/contract/calls/lottery-shapes';
import { ApiError, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { findLotteryGame, listLotteryGames } from '../db/queries/lottery-games';
import type { LotteryGame } from '../services/lottery/model';
import { listPastDraws } from '../db/queries/lottery-draws';
import { ensureDraw } from '../services/lottery/draws';
import { settleDueDraws } from '../services/lottery/settlement';
import { openSlot } from '../services/lottery/schedule';
import { drawView, gameInfoView, gameSheetView } from '../services/lottery/views';

/** Results shown with a game's draws. */
const RESULTS_SHOWN = 10;
/** Due draws of the game settled on reading its draws (a backlog where no cron runs is cleared in a few reads). */
const SETTLE_ON_READ = 100;

/** The lottery game a query names (nodeId wins over gameId), or 404 `game_not_found`. */
async function requireGame(db: D1Database, merchantCode: string, q: { nodeId?: number | undefined; gameId?: string | undefined }): Promise<LotteryGame> {
  const key = q.nodeId !== undefined ? { nodeId: q.nodeId } : { gameId: q.gameId ?? '' };
  const game = await findLotteryGame(db, merchantCode, key);
  if (!game) throw new ApiError(404, 'game_not_found', 'No such lottery game on this site');
  return game;
}

/**
 * Router for /wps/playdeck/lottery: the built-in lottery's richer reads (games with schedules, game sheet, draws
 * with provably fair commitments; player-shell §2 /m/lottery, /m/lotto-h5, §3, §4). PlayDeck extensions
 * (src/contract/calls/lottery.ts, `extension: true`, capability `lottery`): envelope answers, as /wps does. No
 * session needed. Times epoch ms, money DECIMAL currency units.
 */
export const lotteryRouter = new Hono<AppEnv>()
  /**
   * GET /games?gameType=LOTT|ELOTT&vassalage → `{ serverTime, list }` (lotteryCalls.lotteryGames): every lottery
   * game the site offers with its schedule and the draw taking bets now (`nextCloseAt`), and the server's clock so
   * lists count down on server time. 400 `request_param_err`.
   */
  .get('/games', valid('query', lotteryGamesQuery), async (c) => {
    const q = c.req.valid('query');
    const games = await listLotteryGames(c.env.DB, c.var.merchant.code, { gameType: q.gameType, vassalage: q.vassalage });
    const now = Date.now();
    return ok(c, { serverTime: now, list: games.map((g) => gameInfoView(g, now)) });
  })
  /**
   * GET /game?nodeId|gameId → the game sheet (lotteryCalls.lotteryGame): the game, its bet types and its odds
   * tables per prize mode. 404 `game_not_found`; 400 `request_param_err`.
   */
  .get('/game', valid('query', lotteryGameQuery), async (c) => {
    const game = await requireGame(c.env.DB, c.var.merchant.code, c.req.valid('query'));
    return ok(c, gameSheetView(game, Date.now()));
  })
  /**
   * GET /draws?nodeId|gameId → `{ nodeId, serverTime, current, results }` (lotteryCalls.lotteryDraws): the draw taking bets now (created with its commitment if new)
   * and the last 10 draws whose time has passed, newest first, with digits and secret. Settles the game's due
   * draws first, so results show even where no cron runs (local development). 404 `game_not_found`; 400.
   */
  .get('/draws', valid('query', lotteryGameQuery), async (c) => {
    const db = c.env.DB;
    const game = await requireGame(db, c.var.merchant.code, c.req.valid('query'));
    const now = Date.now();
    await settleDueDraws(db, { now, nodeId: game.nodeId, maxDraws: SETTLE_ON_READ });
    const current = await ensureDraw(db, game.nodeId, openSlot(game.schedule, now), now);
    const past = await listPastDraws(db, game.nodeId, now, RESULTS_SHOWN);
    return ok(c, { nodeId: game.nodeId, serverTime: now, current: drawView(current, now), results: past.map((d) => drawView(d, now)) });
  });
