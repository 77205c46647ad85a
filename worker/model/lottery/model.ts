/**
 * The lottery's domain records as the queries return them (worker/db/queries/lottery-*.ts). Plain types, so pure
 * rules and their unit tests can use them without the database. Money minor units, times epoch ms.
 */
import type { GameOdds, PrizeMode } from './odds';
import type { Schedule } from './schedule';

/** What names a lottery game and bounds its bets. Money minor units. */
export interface LotteryGameBase {
  nodeId: number;
  gameId: string;
  gameName: string;
  /** The vendor's display name. */
  displayName: string;
  vassalage: string;
  gameType: string;
  gameGroupId: string | null;
  lottoMode: string | null;
  minStakeMinor: number;
  maxStakeMinor: number;
  maxPayoutMinor: number;
}

/** A LOTT/ELOTT game with its lottery configuration. Money in minor units, times in ms. */
export interface LotteryGame extends LotteryGameBase {
  schedule: Schedule;
  odds: GameOdds;
  vendorMaintenance: boolean;
  /** 0: the game supports free play, so guest and trial accounts may play it (services/launch.ts assertMayPlay). */
  supportPlay: number;
}

/** Where a draw is: taking bets (or closed, awaiting its time), revealed and being settled, or settled. */
export type DrawStatus = 'open' | 'drawing' | 'settled';

/** A stored draw. `secret` must never reach a client before `drawAt`. Times epoch ms. */
export interface Draw {
  id: number;
  nodeId: number;
  issueNo: string;
  openAt: number;
  closeAt: number;
  drawAt: number;
  secret: string;
  commitment: string;
  /** The five digits once revealed, else null. */
  digits: number[] | null;
  status: DrawStatus;
  settledAt: number | null;
}

/** Order status: bets still open, all settled (at least one won or lost), or every bet cancelled. */
export type OrderStatus = 'open' | 'settled' | 'cancelled';
/** Status of one bet. */
export type SubOrderStatus = 'open' | 'won' | 'lost' | 'cancelled';

/** An order with its game and draw times. Money minor units, times epoch ms. */
export interface Order {
  id: number;
  memberId: number;
  nodeId: number;
  gameId: string;
  gameName: string;
  drawId: number;
  issueNo: string;
  prizeMode: PrizeMode;
  status: OrderStatus;
  totalStakeMinor: number;
  payoutMinor: number;
  refundMinor: number;
  createdAt: number;
  settledAt: number | null;
  drawAt: number;
  closeAt: number;
  requestHash: string;
}

/** One bet of an order. `selection` is the parsed stored JSON. */
export interface SubOrder {
  id: number;
  orderId: number;
  drawId: number;
  memberId: number;
  betType: string;
  selection: Record<string, string | number>;
  stakeMinor: number;
  oddsMilli: number;
  status: SubOrderStatus;
  payoutMinor: number;
  closedAt: number | null;
}

/** A settled win for the winner board. Money minor units, time epoch ms. */
export interface WinRow {
  account: string;
  gameName: string;
  gameType: string;
  nodeId: number;
  winMinor: number;
  wonAt: number;
}

/** Which wins come first. */
export type WinOrder = 'newest' | 'biggest';
