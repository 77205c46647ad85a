import { apiRequest } from './client';
import { activeLanguage } from '../lib/i18n';
import { API } from './paths';
import { sealedRequest } from './sealed';
import type {
  DemoSlotGameValue, DemoSlotSpinValue, SmsSendValue,
  FavouriteListValue, GameListValue, Game, LaunchValue, MemberInfo, RegisterFieldSetting, SessionValue,
  VendorGameType, WalletValue,
  LotteryCancelValue, LotteryDrawsValue, LotteryGameSheetValue, LotteryGamesValue, LotteryOrderDetail,
  LotteryOrderListValue, LotteryPlaceOrderValue, LotteryPrizeMode, WinnerBoardValue,
} from './types';

/** One typed function per platform call (player-shell §7, accounts §7). Values in minor units / epoch ms. */

/** GET registration field settings (accounts §3 Registration validation rules). */
export const getRegisterSettings = () => apiRequest<{ fields: RegisterFieldSetting[] }>('GET', API.registerSettings);

/** Login payload (accounts §3) by type; `rememberMe` asks for SessionValue.rememberToken. */
export type LoginBody = { rememberMe?: boolean } & (
  | { type: 'username'; username: string; password: string; captcha?: string }
  | { type: 'sms'; mobileNum: string; countryDialingCode: string; verificationCode: string }
  | { type: 'firebase'; firebaseIdToken: string; firebaseChannel?: 'sms'; firebaseMobileNo?: string; countryDialingCode?: string }
);

/** POST login, sealed (accounts §3 Login payload). On failure `value.captcha` asks for a captcha. */
export const login = (body: LoginBody) => sealedRequest<SessionValue>('POST', API.login, body);

/** DELETE logout with the session token (player-shell §4). */
export const logout = () => apiRequest<null>('DELETE', API.logout);

/** POST free play (module FREEPLAY3): a trial session with play money. */
export const freePlay = () => apiRequest<SessionValue>('POST', API.freePlay, { json: { moduleId: 'FREEPLAY3' } });

/** PUT register by username, sealed (accounts §3 Registration payload); logs the player in. */
export const register = (body: Record<string, string | number>) => sealedRequest<SessionValue>('PUT', API.register, body);

/** PUT register by mobile number, sealed; same payload (+ firebaseIdToken, firebaseChannel 'sms'); logs in. */
export const registerMobile = (body: Record<string, string | number>) =>
  sealedRequest<SessionValue>('PUT', API.registerMobile, body);

/** POST SMS code for mobile registration (accounts §3 SMS send payload; captcha is the human check). */
export const sendSmsCodeRegister = (body: { mobileNum: string; countryDialingCode: string; captcha: string }) =>
  apiRequest<SmsSendValue>('POST', API.smsRegister, { json: body });

/** POST trade a remember-me token for a session (and a replacement token). */
export const resumeRememberedLogin = (token: string) => apiRequest<SessionValue>('POST', API.rememberLogin, { json: { token } });

/** Where the social login button navigates (full page): the worker redirects on to the provider. */
export const socialLoginUrl = (provider: 'google' | 'facebook') => `${API.oauthStart}/${provider}/start`;

/** POST trade the one-time code of /m/home#session=<code> (after a social login) for the session. */
export const exchangeSession = (code: string) => apiRequest<SessionValue>('POST', API.sessionExchange, { json: { code } });

/** DELETE log out on every device (sessions and remember-me tokens). */
export const logoutEverywhere = () => apiRequest<null>('DELETE', API.logoutAll);

/** GET whether a username is still free. */
export const checkUsername = (username: string) =>
  apiRequest<{ available: boolean }>('GET', API.checkUsername, { query: { username } });

/** GET affiliate lookup (module AFFMAN3): the agent's code when valid, else ApiRequestError invitation_code_error. */
export const lookupAffiliate = (code: string) =>
  apiRequest<{ code: string }>('GET', API.affiliate, { query: { code, moduleId: 'AFFMAN3' } });

/** GET member info. */
export const getMemberInfo = () => apiRequest<MemberInfo>('GET', API.memberInfo);

/** GET wallet: sumBalance in minor units. */
export const getWallet = () => apiRequest<WalletValue>('GET', API.wallet);

/** GET vendor game types (typeId 1, language): the vendor mapping per category, in sorting order. */
export const getVendorGameTypes = (language: string = activeLanguage()) =>
  apiRequest<{ content: VendorGameType[] }>('GET', API.vendorGameTypes, { query: { typeId: 1, language } });

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
export const getHotGames = (language: string = activeLanguage()) =>
  apiRequest<{ list: Game[] }>('GET', API.hotGames, { query: { isPlatform: 2, language, platform: 'html5' } });

/** GET launch game: where to open the game. */
export const launchGame = (nodeId: number, freePlay = false) =>
  apiRequest<LaunchValue>('GET', API.launchGame, { query: { nodeId, freePlay: freePlay ? 1 : 0 } });

/** GET the member's launched games, latest first (player-shell §7 "recent list"): gameType, vassalage, gameName, paging. */
export const listRecentGames = (
  query: { gameType?: string | undefined; vassalage?: string | undefined; gameName?: string | undefined; pageNo: number; pageSize: number },
  signal?: AbortSignal,
) => apiRequest<GameListValue>('GET', API.recentGames, { query, ...(signal ? { signal } : {}) });

/** GET add recent game (player-shell §7 "add recent game"): records a launch that skips the launch call (lottery). */
export const addRecentGame = (nodeId: number) => apiRequest<null>('GET', API.addRecentGame, { query: { nodeId } });

/** GET favourite list (content, totalPages, pageNum). */
export const listFavourites = (query: { gameType?: string; pageNo: number; pageSize: number; language?: string }) =>
  apiRequest<FavouriteListValue>('GET', API.favouriteList, { query: { language: activeLanguage(), ...query } });

/** GET favourite ids: nodeIds as strings. */
export const getFavouriteIds = () => apiRequest<{ list: string[] }>('GET', API.favouriteIds);

/** POST add favourite (nodeId, vendor). */
export const addFavourite = (nodeId: number, vendor: string) =>
  apiRequest<null>('POST', API.favourite, { json: { nodeId, vendor } });

/** DELETE remove favourite (nodeId, vendor). */
export const removeFavourite = (nodeId: number, vendor: string) =>
  apiRequest<null>('DELETE', API.favourite, { json: { nodeId, vendor } });

/** GET the demo slot's game sheet (stakes in minor units, symbols, paytable). */
export const getDemoSlotGame = (nodeId: number) => apiRequest<DemoSlotGameValue>('GET', API.demoSlotGame, { query: { nodeId } });

/** POST one demo slot spin; the idempotency key makes a retried spin count once. */
export const spinDemoSlot = (body: { nodeId: number; stakeMinor: number; idempotencyKey: string }) =>
  apiRequest<DemoSlotSpinValue>('POST', API.demoSlotSpin, { json: body });

/**
 * POST change password, sealed (accounts §7 "change password", module CHNGPASSVERIF3). Other sessions and
 * remember-me tokens are revoked; `rememberToken` is a fresh one when the member had one (else null).
 */
export const changePassword = (body: { oldPassword: string; newPassword: string; confirmNewPassword: string }) =>
  sealedRequest<{ rememberToken: string | null }>('POST', API.passwordChange, { ...body, moduleId: 'CHNGPASSVERIF3' });

/** POST SMS code without login (accounts §3 SMS send payload) for the reset by SMS; captcha is the human check. */
export const sendSmsCodeNoLogin = (body: { mobileNum: string; countryDialingCode: string; captcha: string }) =>
  apiRequest<{ expirationTime: number }>('POST', API.smsNoLogin, { json: body });

/** POST reset password by SMS code, sealed (accounts §2 /m/forget "reset by SMS"); revokes every session. */
export const resetPasswordBySms = (body: {
  countryDialingCode: string; mobileNum: string; verificationCode: string; newPassword: string; confirmNewPassword: string;
}) => sealedRequest<null>('POST', API.passwordReset, body);

/** GET winner board (player-shell §7): gameCategory ALL, language, limitNum 20; winAmount in minor units. */
export const getWinnerBoard = (query: { gameCategory?: string; language?: string; limitNum?: number; sort?: 'newest' | 'biggest' } = {}) =>
  apiRequest<WinnerBoardValue>('GET', API.winnerBoard, { query: { gameCategory: 'ALL', language: activeLanguage(), limitNum: 20, ...query } });

/** GET the lottery games (LOTT/ELOTT) with their schedules and next close time. */
export const getLotteryGames = (query: { gameType?: 'LOTT' | 'ELOTT'; vassalage?: string } = {}) =>
  apiRequest<LotteryGamesValue>('GET', API.lotteryGames, { query });

/** GET one lottery game's sheet: bet types and odds (thousandths, stake included) per prize mode. */
export const getLotteryGame = (game: { nodeId: number } | { gameId: string }) =>
  apiRequest<LotteryGameSheetValue>('GET', API.lotteryGame, { query: game });

/** GET a lottery game's current draw (with its commitment) and its last 10 results. */
export const getLotteryDraws = (game: { nodeId: number } | { gameId: string }) =>
  apiRequest<LotteryDrawsValue>('GET', API.lotteryDraws, { query: game });

/** One bet of an order: betType, its selection object and the stake in minor units. */
export interface LotteryBetInput {
  betType: string;
  selection: Record<string, string | number>;
  stakeMinor: number;
}

/** POST a lottery order; the idempotency key makes a retried order count once. */
export const placeLotteryOrder = (body: {
  nodeId?: number; gameId?: string; issueNo: string; prizeMode: LotteryPrizeMode; idempotencyKey: string; items: LotteryBetInput[];
}) => apiRequest<LotteryPlaceOrderValue>('POST', API.lotteryOrders, { json: body });

/** GET the member's lottery orders (filters status, nodeId, from/to epoch ms; pageNo 1-based). */
export const listLotteryOrders = (query: {
  status?: 'open' | 'settled' | 'cancelled' | undefined; nodeId?: number | undefined; from?: number | undefined; to?: number | undefined;
  pageNo: number; pageSize: number;
}) => apiRequest<LotteryOrderListValue>('GET', API.lotteryOrders, { query });

/** GET one lottery order with its bets and draw. */
export const getLotteryOrder = (orderId: number) => apiRequest<LotteryOrderDetail>('GET', API.lotteryOrderDetail, { query: { orderId } });

/** POST cancel bets before their draw closes; stakes are refunded. */
export const cancelLotterySubOrders = (subOrderIds: number[]) =>
  apiRequest<LotteryCancelValue>('POST', API.lotteryCancelSubOrders, { json: { subOrderIds } });
