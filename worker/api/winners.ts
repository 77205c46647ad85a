import { Hono } from 'hono';
import type { AppEnv } from '../env';
import type { WinnerBoardValue } from '../../src/api/types';
import { ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { winnerBoard } from '../services/lottery/winners';
import { winnersQuery } from '../services/lottery/params';

/**
 * Router for /wps/game/winners (player-shell §7 "winner board"): GET ?gameCategory=ALL&language&limitNum=20
 * &sort=newest|biggest → `{ list: [{ vo: { gameName, customerName, winAmount, gameType, nodeId, wonAt } }] }`.
 * Real settled wins of this site (lottery orders and demo slot rounds of real accounts), names masked,
 * winAmount in minor units, at most 20. No session needed. 400 `invalid_input` (e.g. limitNum above 20).
 */
export const winnersRouter = new Hono<AppEnv>()
  .get('/', valid('query', winnersQuery), async (c) => {
    const q = c.req.valid('query');
    const value: WinnerBoardValue = { list: await winnerBoard(c.env.DB, c.var.merchant.code, q.gameCategory, q.sort, q.limitNum) };
    return ok(c, value);
  });
