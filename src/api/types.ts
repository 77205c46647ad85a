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

/** Registration settings: every spec field, in display order (accounts §2 Registration screen). */
export interface RegisterSettingsValue {
  fields: RegisterFieldSetting[];
}

/** Dialling-code list (GET /wps/system/country); dialingCode is digits without '+'. */
export interface CountryListValue {
  list: { countryCode: string; dialingCode: string; name: string }[];
}

/** Answer of an SMS code send: when the client may ask again (epoch ms). */
export interface SmsSendValue {
  expirationTime: number;
}

/** Winner board entry (player-shell §3): the name is masked ("pl***er"); winAmount is minor units. */
export interface WinnerBoardEntry {
  vo: { gameName: string; customerName: string; winAmount: number; gameType: string; nodeId: number; wonAt: number };
}

/** GET /wps/game/winners (player-shell §7 "winner board"). */
export interface WinnerBoardValue {
  list: WinnerBoardEntry[];
}
