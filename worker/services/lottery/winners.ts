/**
 * The winner board (player-shell §2 home "jackpot winner board", §3 "Winner board entry", §7 "winner board"):
 * real settled wins, lottery and demo slot alike, newest or biggest first, at most 20, names masked.
 */
import { listLotteryWins, listSlotWins } from '../../db/queries/lottery-winners';
import { WINNER_BOARD_MAX, maskName, mergeWins } from './board';
import type { WinOrder } from '../../model/lottery/model';

/** One board row before the wire (winAmount in minor units; the relay handler's answer schema encodes it to decimal). */
export interface WinnerBoardEntry {
  vo: { gameName: string; customerName: string; winAmount: number; gameType: string; nodeId: number; wonAt: number };
}

/** Lottery categories (the demo slot hosts every other category's games). */
const LOTTERY_TYPES = new Set(['LOTT', 'ELOTT']);

/** The board of a site: `gameCategory` ALL or one category; `limit` 1–20. */
export async function winnerBoard(
  db: D1Database, merchantCode: string, gameCategory: string, order: WinOrder, limit: number,
): Promise<WinnerBoardEntry[]> {
  const gameType = gameCategory === 'ALL' ? null : gameCategory;
  const take = Math.min(limit, WINNER_BOARD_MAX);
  const [lottery, slot] = await Promise.all([
    gameType === null || LOTTERY_TYPES.has(gameType) ? listLotteryWins(db, merchantCode, gameType, order, take) : [],
    gameType === null || !LOTTERY_TYPES.has(gameType) ? listSlotWins(db, merchantCode, gameType, order, take) : [],
  ]);
  return mergeWins([lottery, slot], order, take).map((w) => ({
    vo: { gameName: w.gameName, customerName: maskName(w.account), winAmount: w.winMinor, gameType: w.gameType, nodeId: w.nodeId, wonAt: w.wonAt },
  }));
}
