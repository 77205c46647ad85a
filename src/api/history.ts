import { callApi } from './client';
import { historyCalls } from '../../contract/calls/history';
import type { ValueOf } from '../../contract/call';

/** Game history (extension /wps/playdeck/history, capability `game-history`): money kept in minor units in the browser. */

/** The history's answers as the contract declares them (money in minor units once the client's codec decoded it). */
type WireHistory = ValueOf<typeof historyCalls.gameHistory>;
type WireRound = ValueOf<typeof historyCalls.gameHistoryRound>;

/** One line of the history (an order or a round): the contract's fields, money in minor units. */
export type HistoryItem = Omit<WireHistory['items'][number], 'stake' | 'winAmount' | 'refund' | 'net'> & {
  stakeMinor: number;
  winMinor: number;
  refundMinor: number;
  netMinor: number;
};

/** A page of the history and the totals of the whole period (minor units). */
export type HistoryPage = Omit<WireHistory, 'items' | 'totals'> & {
  items: HistoryItem[];
  totals: { count: number; stakeMinor: number; winMinor: number; netMinor: number };
};

/** A demo round's detail: reels (slot) or the provably fair outcome and seeds; money in minor units. */
export type RoundDetail = Omit<WireRound, 'stake' | 'winAmount' | 'nodeId'> & { stakeMinor: number; winMinor: number };

/** GET the history: kind, status, period (epoch ms), page from 0. */
export async function getGameHistory(query: { kind: string; status: string; startDate: number; endDate: number; page: number; size: number }): Promise<HistoryPage> {
  const value = await callApi(historyCalls.gameHistory, { query });
  return {
    items: value.items.map((i) => ({
      kind: i.kind, id: i.id, nodeId: i.nodeId, gameName: i.gameName, stakeMinor: i.stake, winMinor: i.winAmount,
      refundMinor: i.refund, netMinor: i.net, status: i.status, freePlay: i.freePlay, createdAt: i.createdAt,
      ...(i.provider !== undefined ? { provider: i.provider } : {}),
    })),
    totals: {
      count: value.totals.count, stakeMinor: value.totals.stake, winMinor: value.totals.winAmount, netMinor: value.totals.net,
    },
    page: value.page,
    totalPages: value.totalPages,
  };
}

/** GET one demo round of the member. */
export async function getRoundDetail(roundId: number): Promise<RoundDetail> {
  const v = await callApi(historyCalls.gameHistoryRound, { query: { roundId } });
  return {
    roundId: v.roundId, kind: v.kind, gameName: v.gameName, stakeMinor: v.stake, winMinor: v.winAmount,
    freePlay: v.freePlay, createdAt: v.createdAt, reels: v.reels, outcome: v.outcome, fair: v.fair,
  };
}
