import { apiRequest, withQuery } from './client';
import { API } from './paths';
import { sealedRequest } from './sealed';
import type {
  ConsolidatedSettingsValue, CountryListValue, SmsSendValue, SystemStatusValue,
  MemberInfo, RegisterFieldSetting, SessionValue, WalletValue,
  LotteryCancelValue, LotteryDrawsValue, LotteryGameSheetValue, LotteryGamesValue, LotteryOrderDetail,
  LotteryOrderListValue, LotteryPlaceOrderValue, LotteryPrizeMode,
} from './types';

/** One typed function per platform call (player-shell §7, accounts §7). Values in minor units / epoch ms. */

/** GET system status (player-shell §3 System status). */
export const getSystemStatus = () => apiRequest<SystemStatusValue>('GET', API.systemStatus);

/** GET consolidated settings: site switches, promotion and template flags of this site. */
export const getConsolidatedSettings = () => apiRequest<ConsolidatedSettingsValue>('GET', API.consolidatedSettings);

/** GET registration field settings (accounts §3 Registration validation rules). */
export const getRegisterSettings = () => apiRequest<{ fields: RegisterFieldSetting[] }>('GET', API.registerSettings);

/** URL of a fresh captcha image; `nonce` forces a reload on tap (accounts §2). */
export const captchaImageUrl = (moduleId: string, nonce: number) => withQuery(API.captcha, { moduleId, t: nonce });

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

/** GET dialling codes (accounts §7 "system country"): digits without '+'. */
export const getCountryList = () => apiRequest<CountryListValue>('GET', API.countries);

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
