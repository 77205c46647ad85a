import type { lotteryCalls } from '../../../contract/calls/lottery';
import type { ValueOf } from '../../../contract/call';
import { listLotteryGames } from '../../db/queries/lottery-games';
import { gameInfoView } from './views';

/** Which games the list holds: a category (LOTT or ELOTT) and a vendor, each absent for all. */
export interface LotteryListFilter {
  gameType?: string | undefined;
  vassalage?: string | undefined;
}

/**
 * The lottery game list (platform-contract.md §4 GET /lgw/games, contract/calls/lottery.ts lotteryGameList): the
 * merchant's lottery games in catalogue order, each with its schedule and the draw taking bets at `now` (epoch ms),
 * and `serverTime` = `now`; money (stake limits, maximum payout) in integer minor units, encoded to the wire's
 * decimals by whoever answers with it. The route (worker/api/lottery-gateway.ts) and the edge's built-in lottery fill
 * (worker/edge/fills/list.ts lotteryFill) both call it, so the page and the API cannot drift. No errors of its own
 * (an unknown vendor or category lists nothing).
 */
export async function lotteryGameList(
  db: D1Database, merchantCode: string, filter: LotteryListFilter, now: number,
): Promise<ValueOf<typeof lotteryCalls.lotteryGameList>> {
  const games = await listLotteryGames(db, merchantCode, { gameType: filter.gameType, vassalage: filter.vassalage });
  return { serverTime: now, list: games.map((game) => gameInfoView(game, now)) };
}
