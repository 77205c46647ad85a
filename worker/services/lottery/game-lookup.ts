/** Finding the lottery game a request names, shared by the gateway and the extension routers. */
import { ApiError } from '../../lib/envelope';
import { findLotteryGame } from '../../db/queries/lottery-games';
import type { LotteryGame } from '../../model/lottery/model';

/** The site's lottery game a request names (nodeId wins over gameId), or 404 `game_not_found`. */
export async function requireGame(db: D1Database, merchantCode: string, q: { nodeId?: number | undefined; gameId?: string | undefined }): Promise<LotteryGame> {
  const key = q.nodeId !== undefined ? { nodeId: q.nodeId } : { gameId: q.gameId ?? '' };
  const game = await findLotteryGame(db, merchantCode, key);
  if (!game) throw new ApiError(404, 'game_not_found', 'No such lottery game on this site');
  return game;
}

/** Due draws of a game settled when its draws are read (a backlog where no cron runs is cleared in a few reads). */
export const SETTLE_ON_READ = 100;
