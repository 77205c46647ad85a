/**
 * Shapes of the platform API's `value`s, shared by the worker (which produces them) and the browser
 * client (which reads them). Money is integer minor units; time is epoch milliseconds.
 */

/** Game category codes (player-shell §3). */
export type GameCategory =
  | 'ALL' | 'LOTT' | 'ELOTT' | 'LIVE' | 'RNG' | 'FISH' | 'SPORTS' | 'ESPORTS' | 'PVP' | 'HOT' | 'LIVESTREAM'
  | 'HOME' | 'PROMO' | 'FAV' | 'COCKFIGHT' | 'NEW_GAME' | 'FEEDBACK' | 'BGS' | 'LOCAL';

/** A game as listed (player-shell §3 Game). */
export interface Game {
  nodeId: number;
  nodeName: string;
  gameName: string;
  /** Vendor display name. */
  displayName: string;
  vassalage: string;
  vendorCode: string;
  gameType: string;
  gameId: string;
  roomId: string | null;
  gameCode: string;
  gameGroupId: string | null;
  lottoMode: string | null;
  showIcon: boolean;
  iconUrl: string;
  mobileLargeIcon: string;
  url: string | null;
  /** 0 means free play is supported. */
  supportPlay: number;
  telNodeId: number;
  gameClassifyNew: string | null;
  isHot: boolean;
  isNew: boolean;
  minBet: number;
  minLine: number;
}

/** Game list page (player-shell §3 "Game list response"). pageNum is 1-based. */
export interface GameListValue {
  games: Game[];
  pageNum: number;
  totalPages: number;
  total: number;
}

/** Favourites page (player-shell §3 "Favourites response"). */
export interface FavouriteListValue {
  content: Game[];
  pageNum: number;
  totalPages: number;
}

/** One vendor under a game type in the vendor mapping. */
export interface VendorEntry {
  vassalage: string;
  gameCount: number;
  vendorNames: { vassalage: string; accountTypeName: string }[];
  maintenance: boolean;
}

/** Vendor mapping entry per game category, in the merchant's sorting order (value.content). */
export interface VendorGameType {
  gameCategory: GameCategory;
  gameType: string;
  sortOrder: number;
  vendors: VendorEntry[];
  gameClassify: string[];
}

/** Session issued by login, registration, free play and trial (accounts §3 Session info). */
export interface SessionValue {
  token: string;
  userName: string;
  merchantCode: string;
  /** Member type; absent on trial sessions, which carry customerType instead. */
  type?: number;
  customerType?: number;
  firstTimeLogin: boolean;
  /** Absolute expiry, epoch ms. */
  expiresAt: number;
  /**
   * Only when the login asked `rememberMe: true`: a 30-day token for POST /wps/session/remember, kept by the
   * client instead of the password (accounts §3 Remembered-login record). Replaced on every use.
   */
  rememberToken?: string;
}

/** Member info (player-shell §3). */
export interface MemberInfo {
  id: number;
  type: number;
  nickname: string;
  account: string;
  clubLabel: { labelName: string };
}

/** Wallet (player-shell §3): sumBalance in minor units. */
export interface WalletValue {
  sumBalance: number;
  currency: string;
  currencySymbol: string;
}

/** Registration field setting (accounts §3 "Registration validation rules"). */
export interface RegisterFieldSetting {
  field: string;
  enabled: boolean;
  required: boolean;
}

/** Launch answer: where the browser goes to play. */
export interface LaunchValue {
  url: string;
  vassalage: string;
  nodeId: number;
  freePlay: boolean;
}

/** Built-in demo slot (GET /wps/demo/slot/game): stakes in minor units; a paytable row pays `multiplier` × stake
 * for `count` equal symbols in a row from reel 1 (only the longest run counts). */
export interface DemoSlotGameValue {
  nodeId: number;
  gameName: string;
  displayName: string;
  stakes: number[];
  symbols: { id: string; name: string; glyph: string }[];
  paytable: { symbol: string; count: number; multiplier: number }[];
}

/** One demo slot round (POST /wps/demo/slot/spin): the payline symbols per reel; money in minor units. */
export interface DemoSlotSpinValue {
  roundId: number;
  reels: string[];
  stakeMinor: number;
  winMinor: number;
  balanceMinor: number;
}

/** Registration settings: every spec field, in display order (accounts §2 Registration screen). */
export interface RegisterSettingsValue {
  fields: RegisterFieldSetting[];
}

/** Answer of an SMS code send: when the client may ask again (epoch ms). */
export interface SmsSendValue {
  expirationTime: number;
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

/** Winner board entry (player-shell §3): the name is masked ("pl***er"); winAmount is minor units. */
export interface WinnerBoardEntry {
  vo: { gameName: string; customerName: string; winAmount: number; gameType: string; nodeId: number; wonAt: number };
}

/** GET /wps/game/winners (player-shell §7 "winner board"). */
export interface WinnerBoardValue {
  list: WinnerBoardEntry[];
}
