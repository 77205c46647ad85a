import { callApi } from './client';
import { historyCalls } from '../contract/calls/history';
import { wireToMinor } from '../contract/money';
import type { FairOutcome } from '../lib/demoGames';
import type { FairSeeds } from '../lib/fair';

/** Game history (extension /wps/playdeck/history, capability `game-history`): money kept in minor units in the browser. */

/** One line of the history (an order or a round), minor units. */
export interface HistoryItem {
  kind: 'lottery' | 'slot' | 'table' | 'crash' | 'shooter';
  id: number;
  nodeId: number;
  gameName: string;
  stakeMinor: number;
  winMinor: number;
  refundMinor: number;
  netMinor: number;
  status: 'open' | 'settled' | 'cancelled';
  freePlay: boolean;
  createdAt: number;
}

/** A page of the history and the totals of the whole period (minor units). */
export interface HistoryPage {
  items: HistoryItem[];
  totals: { count: number; stakeMinor: number; winMinor: number; netMinor: number };
  page: number;
  totalPages: number;
}

/** A demo round's detail: reels (slot) or the provably fair outcome and seeds. */
export interface RoundDetail {
  roundId: number;
  kind: 'slot' | 'table' | 'crash' | 'shooter';
  gameName: string;
  stakeMinor: number;
  winMinor: number;
  freePlay: boolean;
  createdAt: number;
  reels?: string[] | undefined;
  outcome?: FairOutcome | undefined;
  fair?: FairSeeds | undefined;
}

/** GET the history: kind, status, period (epoch ms), page from 0. */
export async function getGameHistory(query: { kind: string; status: string; startDate: number; endDate: number; page: number; size: number }): Promise<HistoryPage> {
  const value = await callApi(historyCalls.gameHistory, { query });
  return {
    items: value.items.map((i) => ({
      kind: i.kind, id: i.id, nodeId: i.nodeId, gameName: i.gameName, stakeMinor: wireToMinor(i.stake), winMinor: wireToMinor(i.winAmount),
      refundMinor: wireToMinor(i.refund), netMinor: wireToMinor(i.net), status: i.status, freePlay: i.freePlay, createdAt: i.createdAt,
    })),
    totals: {
      count: value.totals.count, stakeMinor: wireToMinor(value.totals.stake), winMinor: wireToMinor(value.totals.winAmount), netMinor: wireToMinor(value.totals.net),
    },
    page: value.page,
    totalPages: value.totalPages,
  };
}

/** GET one demo round of the member. */
export async function getRoundDetail(roundId: number): Promise<RoundDetail> {
  const v = await callApi(historyCalls.gameHistoryRound, { query: { roundId } });
  return {
    roundId: v.roundId, kind: v.kind, gameName: v.gameName, stakeMinor: wireToMinor(v.stake), winMinor: wireToMinor(v.winAmount),
    freePlay: v.freePlay, createdAt: v.createdAt, reels: v.reels, outcome: v.outcome, fair: v.fair,
  };
}
