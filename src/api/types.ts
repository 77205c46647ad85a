/**
 * Shapes of the platform API's `value`s, shared by the worker (which produces them) and the browser
 * client (which reads them). Money is integer minor units; time is epoch milliseconds.
 */

/** System status (player-shell §3 "System status response"). */
export interface SystemStatusValue {
  info: {
    customerService: { csType: string; path: string }[];
    domainRoute: { merchantCode: string; host: string };
    mobileTemplate: { mem_cen: 0 | 1; dep_func: 0 | 1 };
    paths: { home: string; login: string; register: string };
    /** Registration switches USERNAMEREG3, MOBILENUMREG3, REGMOBVERF3, MOBILENUMPASSREG3. */
    register: Record<string, boolean>;
    resources: { resourceType: string; url: string; labelNameEn: string }[];
    /** Every site switch by module id. */
    whitelabel: Record<string, boolean>;
    mainDomain: string;
    imageCDNs: string[];
  };
  location: { ip: string };
  maintenance: boolean;
  /** The visitor's country (CF-IPCountry) is one the merchant restricts. */
  regionRestriction: boolean;
}

/** Consolidated settings: switches, promotion and template flags of the site. */
export interface ConsolidatedSettingsValue {
  merchantCode: string;
  name: string;
  currency: string;
  currencySymbol: string;
  theme: 'dark' | 'light';
  switches: Record<string, boolean>;
  /** Always has REFERRAL, MISSION and LOGIN. */
  promotions: Record<string, { enabled: boolean }>;
  templates: { mem_cen: 0 | 1; dep_func: 0 | 1 };
}

/** Dialling-code list (GET /wps/system/country); dialingCode is digits without '+'. */
export interface CountryListValue {
  list: { countryCode: string; dialingCode: string; name: string }[];
}

/** Lottery prize modes (player-shell §4): the lott mode, the Elott mode and SEA. */
export type LotteryPrizeMode = 'LOTT' | 'ELOTT' | 'SEA';

/**
 * A lottery draw (GET /lgw/lottery/draws, order detail). `status`: open (takes bets), closed (awaiting its draw
 * time), drawn (result public, bets being settled), settled. `secret` and `digits` are null before `drawAt`; then
 * anyone can check hex(SHA-256(secret)) = commitment and recompute the digits (worker/services/lottery/draw.ts).
 */
export interface LotteryDraw {
  issueNo: string;
  openAt: number;
  closeAt: number;
  drawAt: number;
  commitment: string;
  status: 'open' | 'closed' | 'drawn' | 'settled';
  digits: number[] | null;
  secret: string | null;
}

/** GET /lgw/lottery/draws?nodeId: the draw taking bets now and the last 10 results, newest first. */
export interface LotteryDrawsValue {
  nodeId: number;
  serverTime: number;
  current: LotteryDraw;
  results: LotteryDraw[];
}

/** What names a lottery game and bounds its bets: shared by the API's game info and the worker's record. Money minor units. */
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

/** A lottery game with its schedule (GET /lgw/lottery/games). Money minor units; times epoch ms. */
export interface LotteryGameInfo extends LotteryGameBase {
  playTypes: ('trad' | 'ent')[];
  prizeModes: LotteryPrizeMode[];
  intervalMs: number;
  closeBeforeMs: number;
  /** The draw taking bets now (no commitment here: see /lgw/lottery/draws). */
  current: { issueNo: string; openAt: number; closeAt: number; drawAt: number };
  nextCloseAt: number;
}

/** GET /lgw/lottery/games; `serverTime` (epoch ms) lets the client count down on the server's clock. */
export interface LotteryGamesValue {
  serverTime: number;
  list: LotteryGameInfo[];
}

/**
 * GET /lgw/lottery/game?nodeId: the game sheet. Odds are payout multipliers in thousandths, stake included
 * (1980 pays 1.98 × stake), per prize mode and odds line (`digit`, `sum_value:17`, `dragon_tiger:tie`, …).
 */
export interface LotteryGameSheetValue extends LotteryGameInfo {
  betTypes: { betType: string; playTypes: ('trad' | 'ent')[] }[];
  odds: Partial<Record<LotteryPrizeMode, Record<string, number>>>;
}

/** One bet of a lottery order. `oddsMilli` 1980 = 1.98 × stake; payout rounded down to the minor unit. */
export interface LotterySubOrder {
  subOrderId: number;
  betType: string;
  selection: Record<string, string | number>;
  stakeMinor: number;
  oddsMilli: number;
  status: 'open' | 'won' | 'lost' | 'cancelled';
  payoutMinor: number;
  closedAt: number | null;
}

/** A lottery order (GET /lgw/orders content). */
export interface LotteryOrder {
  orderId: number;
  nodeId: number;
  gameName: string;
  issueNo: string;
  prizeMode: LotteryPrizeMode;
  status: 'open' | 'settled' | 'cancelled';
  totalStakeMinor: number;
  payoutMinor: number;
  refundMinor: number;
  createdAt: number;
  settledAt: number | null;
  closeAt: number;
  drawAt: number;
}

/** GET /lgw/orders/detail?orderId: the order, its bets and its draw. */
export interface LotteryOrderDetail extends LotteryOrder {
  subOrders: LotterySubOrder[];
  draw: LotteryDraw;
}

/** GET /lgw/orders: a page of the member's orders, newest first. */
export interface LotteryOrderListValue {
  content: LotteryOrder[];
  pageNum: number;
  totalPages: number;
  total: number;
}

/** POST /lgw/orders: the placed order (or, for a retried key, the order placed the first time). */
export interface LotteryPlaceOrderValue {
  order: LotteryOrderDetail;
  balanceMinor: number;
  replayed: boolean;
}

/** POST /lgw/orders/suborders/cancel: the orders touched, after the refunds. */
export interface LotteryCancelValue {
  orders: LotteryOrderDetail[];
  balanceMinor: number;
}

/**
 * Winner board entry as worker/services/lottery/winners.ts builds it (minor units, before the catalogue's relay
 * answers it as GCSGAME_getRankList with decimal winAmount, gameId, vendor and notAuto; src/contract/calls/
 * catalogue.ts). Kept here because the lottery area's service imports it.
 */
export interface WinnerBoardEntry {
  vo: { gameName: string; customerName: string; winAmount: number; gameType: string; nodeId: number; wonAt: number };
}
