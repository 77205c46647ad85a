import { callApi } from './client';
import { sealedCall } from './sealed';
import { accountsCalls, type RegisterFieldRule, type SessionValue } from '../../contract/calls/accounts';
import type { BodyIn, ValueOf } from '../../contract/call';

/**
 * The browser's accounts calls (platform-contract.md §2–§3): thin typed wrappers over callApi / sealedCall, one
 * per contract call of contract/calls/accounts.ts. Money leaves here in integer minor units (the client's money
 * codec decodes it: client.ts), so the stores never hold decimal amounts.
 */

export type { RegisterFieldRule, SessionValue };

/** Login payload (§3) as the forms fill it: `type` username / sms (mobile as username, code as password) / firebase. */
export type LoginBody = BodyIn<typeof accountsCalls.login>;

/** POST /wps/session/login, sealed. On failure `value.captcha` asks for a captcha. */
export const login = (body: LoginBody) => sealedCall(accountsCalls.login, body);

/** DELETE /wps/session/logout with the session token, empty body. */
export const logout = () => callApi(accountsCalls.logout);

/** POST /wps/session/login/freeplay, no body: a trial session. */
export const freePlay = () => callApi(accountsCalls.freePlay);

/** GET /wps/member/trialuser: a trial user NAME to log in with (login type username, the name as username and password). */
export const createTrialUser = () => callApi(accountsCalls.trialUser);

/** The trial flow (§3): create the trial user, then log in with its name. */
export async function loginAsTrialUser(): Promise<SessionValue> {
  const name = await createTrialUser();
  return login({ type: 'username', username: name, password: name });
}

/** Registration payload (§3). */
export type RegisterBody = BodyIn<typeof accountsCalls.register>;

/** PUT /wps/member/register, sealed; with `login: true` the answer is the session. */
export const register = (body: RegisterBody) => sealedCall(accountsCalls.register, body);

/** PUT /wps/member/register/mobile, sealed; same payload (+ firebaseIdToken, firebaseChannel 'sms'). */
export const registerMobile = (body: RegisterBody) => sealedCall(accountsCalls.registerMobile, body);

/** GET /wps/system/setting/register: field → rule, in display order. */
export const getRegisterSettings = (): Promise<Record<string, RegisterFieldRule>> => callApi(accountsCalls.registerSettings);

/** GET /wps/check/username: whether a username is still free. */
export const checkUsername = (username: string) => callApi(accountsCalls.checkUsername, { query: { username } });

/** GET /wps/agent/affiliate (AFFMAN3 header): the agent's code when valid, else ApiRequestError invitation_code_error. */
export const lookupAffiliate = (code: string, domain: string = typeof location === 'undefined' ? '' : location.host) =>
  callApi(accountsCalls.affiliate, { query: { code, domain } });

/** Member info (§2). */
export type MemberInfo = ValueOf<typeof accountsCalls.memberInfo>;

/** GET /wps/member/info. */
export const getMemberInfo = (): Promise<MemberInfo> => callApi(accountsCalls.memberInfo);

/**
 * The wallet as the browser keeps it: `sumBalance` (the playable balance, cash + bonus) in integer MINOR units, and
 * the bonus part with its wagering when there is one (docs/honest-money.md, Wire).
 */
export interface WalletValue {
  sumBalance: number;
  currency: string;
  currencySymbol: string;
  bonus?: { bonusMinor: number; wageringRequiredMinor: number; wageringDoneMinor: number };
}

/**
 * GET /wps/wallets/gcs; `sumBalance` in minor units (decoded from the wire's decimal by the client's money codec);
 * `bonus` only when the answer carries a bonus balance above 0 (PlayDeck's own fields, absent upstream).
 */
export async function getWallet(): Promise<WalletValue> {
  const value = await callApi(accountsCalls.wallet);
  const wallet: WalletValue = { sumBalance: value.sumBalance, currency: value.currency, currencySymbol: value.currencySymbol };
  if ((value.bonusBalance ?? 0) > 0) {
    wallet.bonus = { bonusMinor: value.bonusBalance ?? 0, wageringRequiredMinor: value.wageringRequired ?? 0, wageringDoneMinor: value.wageringDone ?? 0 };
  }
  return wallet;
}

/** POST /wps/member/password (PASS3), sealed. `rememberToken` is a fresh one when the member had one (PlayDeck). */
export const changePassword = (body: BodyIn<typeof accountsCalls.changePassword>) => sealedCall(accountsCalls.changePassword, body);

/** POST /wps/member/password/verification (CHNGPASSVERIF3, no token), sealed: set a new password with an SMS code. */
export const setPasswordByPhone = (body: BodyIn<typeof accountsCalls.setPasswordByPhone>) => sealedCall(accountsCalls.setPasswordByPhone, body);

/** POST /wps/member/password/email, form-encoded `username`, `email`: a reset link if they match (same answer either way). */
export const forgotPasswordByEmail = (body: BodyIn<typeof accountsCalls.forgotPasswordEmail>) => callApi(accountsCalls.forgotPasswordEmail, { body });

/** POST /wps/playdeck/password/emailReset (extension), sealed: the e-mailed link's token and the new password. */
export const resetPasswordByEmailToken = (body: BodyIn<typeof accountsCalls.emailReset>) => sealedCall(accountsCalls.emailReset, body);

/** POST /wps/verification/sms/noLogin (VERIFICATION3): `{ mobileNum, countryDialingCode }` + the captcha answer. */
export const sendSmsCodeNoLogin = (body: BodyIn<typeof accountsCalls.smsNoLogin>) => callApi(accountsCalls.smsNoLogin, { body });

/**
 * POST /wps/verification/sms/register: `{ mobileNo, countryDialingCode }` + the captcha answer; the ModuleId
 * header says which registration asks (MOBILENUMREG3 mobile, REGMOBVERF3 username).
 */
export const sendSmsCodeRegister = (
  body: BodyIn<typeof accountsCalls.smsRegister>,
  moduleId: 'MOBILENUMREG3' | 'REGMOBVERF3' = 'MOBILENUMREG3',
) => callApi({ ...accountsCalls.smsRegister, moduleId }, { body });

/** POST /wps/playdeck/session/remember (extension): a remember-me token → a session and a replacement token. */
export const resumeRememberedLogin = (token: string) => callApi(accountsCalls.rememberLogin, { body: { token } });

/** DELETE /wps/playdeck/session/logoutAll (extension): log out on every device. */
export const logoutEverywhere = () => callApi(accountsCalls.logoutAll);

/** POST /wps/playdeck/session/exchange (extension): the one-time code of /m/home#session=<code> → the session. */
export const exchangeSession = (code: string) => callApi(accountsCalls.sessionExchange, { body: { code } });
/** Gives the member's date of birth once (YYYY-MM-DD): the age check of a social-login account (docs/honest-money.md). */
export const confirmDateOfBirth = (dateOfBirth: string) => callApi(accountsCalls.confirmDateOfBirth, { body: { dateOfBirth } });

/** Where a social login button navigates (full page; extension): the worker redirects on to the provider. */
export { socialLoginUrl } from '../../rules/login-methods';
