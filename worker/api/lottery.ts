import { CallRouter } from './call-router';
import { lotteryCalls } from '../../contract/calls/lottery';
import { ok } from '../lib/envelope';
import { listPastDraws } from '../db/queries/lottery-draws';
import { ensureDraw } from '../services/lottery/draws';
import { requireGame, SETTLE_ON_READ } from '../services/lottery/game-lookup';
import { settleDueDraws } from '../services/lottery/settlement';
import { openSlot } from '../model/lottery/schedule';
import { drawView } from '../services/lottery/views';

/** Results shown with a game's draws. */
const RESULTS_SHOWN = 10;

/**
 * Router for /wps/playdeck/lottery: the built-in lottery page's richer read (player-shell §2 /m/lotto-h5, §4).
 * A PlayDeck extension (contract/calls/lottery.ts `lotteryDraws`, `extension: true`, capability `lottery`):
 * envelope answer, as /wps does. No session needed. Times epoch ms.
 */
export const lotteryRouter = new CallRouter('/wps/playdeck/lottery')
  /**
   * GET /draws?nodeId|gameId → `{ nodeId, serverTime, current, results }`: the draw taking bets now (created with
   * its commitment if new) and the last 10 draws whose time has passed, newest first, with digits and secret.
   * Settles the game's due draws first, so results show even where no cron runs (local development).
   * 404 `game_not_found`; 400 `request_param_err`.
   */
  .serve(lotteryCalls.lotteryDraws, async (c) => {
    const db = c.env.DB;
    const game = await requireGame(db, c.var.merchant.code, c.req.valid('query'));
    const now = Date.now();
    await settleDueDraws(db, { now, nodeId: game.nodeId, maxDraws: SETTLE_ON_READ });
    const current = await ensureDraw(db, game.nodeId, openSlot(game.schedule, now), now);
    const past = await listPastDraws(db, game.nodeId, now, RESULTS_SHOWN);
    return ok(c, { nodeId: game.nodeId, serverTime: now, current: drawView(current, now), results: past.map((d) => drawView(d, now)) });
  });
