import { apiRequest, withQuery } from './client';
import { API } from './paths';
import type {
  FavouriteListValue, GameListValue, Game, LaunchValue, MemberInfo, RegisterFieldSetting, SessionValue,
  VendorGameType, WalletValue,
} from './types';

/** One typed function per platform call (player-shell §7, accounts §7). Values in minor units / epoch ms. */

/** GET system status (player-shell §3 System status). */
export const getSystemStatus = () => apiRequest<SystemStatus>('GET', API.systemStatus);

/** GET consolidated settings: site switches, promotion and template flags of this site. */
export const getConsolidatedSettings = () => apiRequest<ConsolidatedSettings>('GET', API.consolidatedSettings);

/** GET registration field settings (accounts §3 Registration validation rules). */
export const getRegisterSettings = () => apiRequest<{ fields: RegisterFieldSetting[] }>('GET', API.registerSettings);

/** URL of a fresh captcha image; `nonce` forces a reload on tap (accounts §2). */
export const captchaImageUrl = (moduleId: string, nonce: number) => withQuery(API.captcha, { moduleId, t: nonce });

/** POST login (accounts §3 Login payload). On failure `value.captcha` asks for a captcha. */
export const login = (body: { username: string; password: string; captcha?: string; type: 'username' }) =>
  apiRequest<SessionValue>('POST', API.login, { json: body });

/** DELETE logout with the session token (player-shell §4). */
export const logout = () => apiRequest<null>('DELETE', API.logout);

/** POST free play (module FREEPLAY3): a trial session with play money. */
export const freePlay = () => apiRequest<SessionValue>('POST', API.freePlay, { json: { moduleId: 'FREEPLAY3' } });

/** PUT register by username (accounts §3 Registration payload); logs the player in. */
export const register = (body: Record<string, string | number>) =>
  apiRequest<SessionValue>('PUT', API.register, { json: body });

/** GET member info. */
export const getMemberInfo = () => apiRequest<MemberInfo>('GET', API.memberInfo);

/** GET wallet: sumBalance in minor units. */
export const getWallet = () => apiRequest<WalletValue>('GET', API.wallet);

/** GET vendor game types (typeId 1): the vendor mapping per category, in sorting order. */
export const getVendorGameTypes = () =>
  apiRequest<{ content: VendorGameType[] }>('GET', API.vendorGameTypes, { query: { typeId: 1 } });

/** Query of the game list call (player-shell §7). pageNo is 1-based. */
export interface GameListQuery {
  gameType?: string | undefined;
  vassalage?: string | undefined;
  gameName?: string | undefined;
  gameClassify?: string | undefined;
  isNew?: 1 | null | undefined;
  pageNo: number;
  pageSize: number;
  language?: string | undefined;
}

/** GET game list with the spec's fixed parameters platform html5 and clientType 2. */
export const listGames = (query: GameListQuery, signal?: AbortSignal) =>
  apiRequest<GameListValue>('GET', API.gameList, {
    query: { platform: 'html5', clientType: 2, language: 'EN', ...query },
    ...(signal ? { signal } : {}),
  });

/** GET hot games (isPlatform 2, platform html5). */
export const getHotGames = (language = 'EN') =>
  apiRequest<{ list: Game[] }>('GET', API.hotGames, { query: { isPlatform: 2, language, platform: 'html5' } });

/** GET launch game: where to open the game. */
export const launchGame = (nodeId: number, freePlay = false) =>
  apiRequest<LaunchValue>('GET', API.launchGame, { query: { nodeId, freePlay: freePlay ? 1 : 0 } });

/** GET favourite list (content, totalPages, pageNum). */
export const listFavourites = (query: { gameType?: string; pageNo: number; pageSize: number; language?: string }) =>
  apiRequest<FavouriteListValue>('GET', API.favouriteList, { query: { language: 'EN', ...query } });

/** GET favourite ids: nodeIds as strings. */
export const getFavouriteIds = () => apiRequest<{ list: string[] }>('GET', API.favouriteIds);

/** POST add favourite (nodeId, vendor). */
export const addFavourite = (nodeId: number, vendor: string) =>
  apiRequest<null>('POST', API.favourite, { json: { nodeId, vendor } });

/** DELETE remove favourite (nodeId, vendor). */
export const removeFavourite = (nodeId: number, vendor: string) =>
  apiRequest<null>('DELETE', API.favourite, { json: { nodeId, vendor } });

/** GET the demo slot's game sheet (stakes in minor units, symbols, paytable). */
export const getDemoSlotGame = (nodeId: number) => apiRequest<DemoSlotGame>('GET', API.demoSlotGame, { query: { nodeId } });

/** POST one demo slot spin; the idempotency key makes a retried spin count once. */
export const spinDemoSlot = (body: { nodeId: number; stakeMinor: number; idempotencyKey: string }) =>
  apiRequest<DemoSlotRound>('POST', API.demoSlotSpin, { json: body });

/** System status value (player-shell §3). */
export interface SystemStatus {
  info: {
    customerService: { csType: string; path: string }[];
    domainRoute: { merchantCode: string; host: string };
    mobileTemplate: { mem_cen: number; dep_func: number };
    paths: Record<string, string>;
    register: Record<string, boolean>;
    resources: { resourceType: string; url: string; labelNameEn: string }[];
    whitelabel: Record<string, boolean>;
    mainDomain: string;
    imageCDNs: string[];
  };
  location: { ip: string };
  maintenance: boolean;
  regionRestriction: boolean;
}

/** Consolidated settings value. */
export interface ConsolidatedSettings {
  merchantCode: string;
  name: string;
  currency: string;
  currencySymbol: string;
  theme: 'dark' | 'light';
  switches: Record<string, boolean>;
  promotions: Record<string, { enabled: boolean }>;
  templates: { mem_cen: number; dep_func: number };
}

/** Demo slot game sheet. */
export interface DemoSlotGame {
  nodeId: number;
  gameName: string;
  displayName: string;
  stakes: number[];
  symbols: string[];
  paytable: { symbol: string; count: number; multiplier: number }[];
}

/** One settled demo slot round. */
export interface DemoSlotRound {
  roundId: number;
  reels: string[];
  stakeMinor: number;
  winMinor: number;
  balanceMinor: number;
}
