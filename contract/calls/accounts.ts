import { z } from 'zod';
import { defineCall, EXTENSION_PREFIX } from '../call';
import { money } from '../money';
import { registerFieldRule } from './accounts-schemas';

/**
 * Calls of the accounts area: sessions, registration, passwords, SMS codes, member info and wallet
 * (platform-contract.md §2 logout, free play, member info, wallet; §3 the accounts calls). Schemas are the
 * platform's field names; PlayDeck-only additions are optional fields (the platform ignores them) or
 * extension calls under /wps/playdeck (contract/capabilities.ts says which a deployment serves).
 */

/**
 * The session value of login, registration (`login: true`), free play and PlayDeck's remembered login / session
 * exchange (§3 login "Read"; §1.7 MC_SESSION_INFO; §7.2): `token`, `id`, `userName`, `customerType` (the member
 * type, on every session answer: the platform's mobile client reads it; trial: 4), `type` (the same number, members
 * only), `firstTimeLogin`, `passwordExpired`. PlayDeck adds `merchantCode`, `expiresAt`
 * (epoch ms) and, only when asked with `rememberMe` (extension), `rememberToken`.
 */
export const sessionValue = z.object({
  token: z.string().min(1),
  id: z.number().int().optional(),
  userName: z.string(),
  type: z.number().int().optional(),
  customerType: z.number().int().optional(),
  firstTimeLogin: z.boolean().optional(),
  passwordExpired: z.boolean().optional(),
  merchantCode: z.string().optional(),
  expiresAt: z.number().int().optional(),
  rememberToken: z.string().optional(),
});

/** A session as the platform answers it. */
export type SessionValue = z.output<typeof sessionValue>;

const short = z.string().max(255).optional();
const secret = z.string().max(128);
/** PlayDeck extension field: ask for a remember-me token (only sent where the `remember` capability is on). */
const rememberMe = z.boolean().optional();

/**
 * Login body (§3 login): `type` username (the default) | sms | firebase. SMS login sends the mobile number as
 * `username` and the SMS code as `password`, with `countryDialingCode`; firebase adds `firebaseChannel`,
 * `firebaseIdToken`, `firebaseMobileNo`, `countryDialingCode`. `loginDeviceId` and `device` are the platform's
 * device fields (accepted, not used by the built-in API).
 */
export const loginBody = z.object({
  type: z.enum(['username', 'sms', 'firebase']).default('username'),
  username: z.string().trim().max(64).default(''),
  password: z.string().max(128).default(''),
  captcha: z.string().max(16).optional(),
  loginDeviceId: z.string().max(128).optional(),
  device: z.string().max(32).optional(),
  countryDialingCode: z.string().max(8).optional(),
  firebaseChannel: z.string().max(16).optional(),
  firebaseIdToken: z.string().max(4096).optional(),
  firebaseMobileNo: z.string().max(32).optional(),
  rememberMe,
});

/** Registration payload (§3 register by username / by mobile; accounts-and-communication §3). */
export const registerBody = z.object({
  countryDialingCode: short,
  username: short,
  password: z.string().max(64).optional(),
  confirmPassword: z.string().max(64).optional(),
  paymentPassword: z.string().max(64).optional(),
  affiliateCode: short,
  recommenderId: short,
  nickname: short,
  payeeName: short,
  email: short,
  mobileNum: short,
  idNumber: short,
  qqNum: short,
  facebook: short,
  wechat: short,
  line: short,
  whatsapp: short,
  zalo: short,
  dateOfBirth: short,
  captcha: z.string().max(16).optional(),
  verificationCode: short,
  registerUrl: short,
  registerMethod: z.enum(['APP', 'H5', 'WEBCLIP', 'PWA']).optional(),
  domain: short,
  /** Always 0 for a player registration (accounts §3). */
  type: z.literal(0).optional(),
  /** true: the answer is a session, as login's (§3); otherwise the account is created and `value` is null. */
  login: z.boolean().optional(),
  firebaseIdToken: z.string().max(4096).optional(),
  firebaseChannel: z.literal('sms').optional(),
});

export { registerFieldRule, type RegisterFieldRule } from './accounts-schemas';

/** SMS send answer: when the client may ask again (epoch ms); the register send also says `expiredMinutes`. */
const smsSent = z.object({ expirationTime: z.number().int(), expiredMinutes: z.number().optional() });

/** The captcha answer: the human check of SMS sends (as today; never a module id in the body). */
const humanCheck = z.string().trim().min(1).max(16);

/** New password and its (PlayDeck extension) confirmation, for the e-mail reset link. */
const newPasswordBody = z.object({ newPassword: secret, confirmNewPassword: secret });

/** Change-password body (§3). */
export const changePasswordBody = z.object({ oldPassword: secret, newPassword: secret, confirmNewPassword: secret });

/** Set-password-by-phone body (§3) with PlayDeck's optional countryDialingCode. */
export const setPasswordByPhoneBody = z.object({
      newPassword: secret, mobileNum: z.string().max(32), verificationCode: z.string().trim().regex(/^\d{6}$/, 'The verification code is 6 digits'),
      countryDialingCode: z.string().max(8).optional(),
    });

/** SMS-without-login body (§3) + the captcha answer. */
export const smsNoLoginBody = z.object({ mobileNum: z.string().max(32), countryDialingCode: z.string().max(8), captcha: humanCheck });

/** Register-SMS body (§3) + the captcha answer. */
export const smsRegisterBody = z.object({ mobileNo: z.string().max(32), countryDialingCode: z.string().max(8), captcha: humanCheck });

/** Remembered-login body (extension). */
export const rememberBody = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/) });

/** Session-exchange body (extension). */
export const exchangeBody = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/) });

/** Username-check query (§3). */
export const checkUsernameQuery = z.object({ username: z.string().trim().min(1).max(64) });

/** Affiliate query (§3): code and the page's domain. */
export const affiliateQuery = z.object({ code: z.string().trim().regex(/^[A-Za-z0-9]{1,32}$/), domain: z.string().max(255).optional() });

/** Forgot-password-by-e-mail form fields (§3). */
export const forgotPasswordEmailBody = z.object({ username: z.string().trim().min(1).max(64), email: z.string().trim().min(3).max(254) });

/** E-mail reset body (extension): the link's token and the new password with its confirmation. */
export const emailResetBody = newPasswordBody.extend({ token: z.string().regex(/^[A-Za-z0-9_-]{20,200}$/) });

/** The accounts calls (platform-contract.md §2–§3), and PlayDeck's accounts extensions. */
export const accountsCalls = {
  /**
   * The legacy payload key (platform-contract.md §1.6.1, (2nd)): GET /wps/session/key/rsa?t=<epoch ms> → the RSA
   * public modulus as bare lower-case hex text (exponent 65537). The browser never calls it (it seals with
   * /wps/playdeck/payloadKey); the platform's own clients and scripts do, and the upstream adapter reads the
   * platform's. Errors: 403 `legacy_encryption_disabled` (LEGACY_ENCRYPTION=off), 503 `encryption_unavailable`.
   */
  legacyRsaKey: defineCall({
    name: 'legacyRsaKey', method: 'GET', path: '/wps/session/key/rsa', auth: 'none', text: true,
    query: z.object({ t: z.coerce.number().int().nonnegative().optional() }),
    value: z.string().regex(/^[0-9a-f]+$/),
    summary: 'Legacy RSA public modulus, hex text (§1.6.1); for the platform\'s own clients.',
  }),
  /**
   * Login (§3): sealed body `loginBody`. Answer: `sessionValue`. Errors: 401 `login.cred.err` (wrong password
   * and unknown user alike: no user enumeration) with `value.captcha` when the next try needs a captcha; 400
   * `captcha_required` | `captcha_invalid` | `verification_code_error` | `request_param_err`; 404
   * `not.exists.user` (firebase: a proven phone with no account); 403 `account_disabled` |
   * `function.not.available`; 429 `TOO_MANY_REQUEST` (+ Retry-After, `value.captcha`).
   */
  login: defineCall({
    name: 'login', method: 'POST', path: '/wps/session/login', moduleId: 'COMM3', auth: 'none',
    encrypted: true, device: true, body: loginBody, value: sessionValue,
    summary: 'Login by username, SMS code or Firebase (platform-contract.md §3).',
  }),
  /** Logout (§2): empty body, the session token; revokes it. `value` null. 401 `customer.not.login` | `user.or.token.invalid`. */
  logout: defineCall({
    name: 'logout', method: 'DELETE', path: '/wps/session/logout', moduleId: 'COMM3', auth: 'member', value: z.null(),
    summary: 'Logout (platform-contract.md §2).',
  }),
  /**
   * Free play (§2): NO body → `{ token, userName, customerType: 4 }` of a new trial member. 403
   * `function.not.available` when FREEPLAY3 is off; 429 `TOO_MANY_REQUEST`.
   */
  freePlay: defineCall({
    name: 'freePlay', method: 'POST', path: '/wps/session/login/freeplay', moduleId: 'FREEPLAY3', auth: 'none',
    value: sessionValue, summary: 'Free play: a trial session (platform-contract.md §2).',
  }),
  /**
   * Create trial account (§3): `value` = the trial user NAME; the client then logs in with it (login, type
   * username, the name as username and password). How the platform's trial account logs in is not found; the
   * built-in API makes the name a one-time credential bound to this browser (HttpOnly cookie, 5 minutes), so
   * nobody can log into someone else's trial. 403 `function.not.available` when FREEPLAY3 is off; 429.
   */
  trialUser: defineCall({
    name: 'trialUser', method: 'GET', path: '/wps/member/trialuser', auth: 'none', value: z.string().min(1),
    summary: 'Create a trial account; answers its user name (platform-contract.md §3).',
  }),
  /**
   * Register by username (§3): sealed `registerBody`; with `login: true` a session value, else null. Errors:
   * 400 `request_param_err` (`value.issues[{ path, message, key? }]`) | `captcha_invalid` |
   * `invitation_code_error`, 400 `function.not.available`, 409 `username_taken`, 429 `TOO_MANY_REQUEST`.
   */
  register: defineCall({
    name: 'register', method: 'PUT', path: '/wps/member/register', moduleId: 'REG3', auth: 'none', encrypted: true,
    device: true, body: registerBody, value: sessionValue.nullable(),
    summary: 'Register by username (platform-contract.md §3).',
  }),
  /** Register by mobile (§3): as register, username = the mobile number; + 400 `verification_code_error` | `phone_mismatch`, 409 `mobile_taken`. */
  registerMobile: defineCall({
    name: 'registerMobile', method: 'PUT', path: '/wps/member/register/mobile', moduleId: 'MOBILENUMREG3', auth: 'none',
    encrypted: true, device: true, body: registerBody, value: sessionValue.nullable(),
    summary: 'Register by mobile number (platform-contract.md §3).',
  }),
  /**
   * Registration settings (§3): `value` = map field → `{ enabled, required, acceptedPattern ("*" = any),
   * patternId, minLength, maxLength, type }`, every spec field, in display order (JSON key order).
   */
  registerSettings: defineCall({
    name: 'registerSettings', method: 'GET', path: '/wps/system/setting/register', moduleId: 'REG3', auth: 'none',
    value: z.record(z.string(), registerFieldRule), summary: 'Registration field rules (platform-contract.md §3).',
  }),
  /**
   * Username check (§3; the answer shape is not found: PlayDeck answers `{ available }`). 400
   * `request_param_err` for a name the registration rule refuses; 429 `TOO_MANY_REQUEST`.
   */
  checkUsername: defineCall({
    name: 'checkUsername', method: 'GET', path: '/wps/check/username', auth: 'none',
    query: checkUsernameQuery, value: z.object({ available: z.boolean() }),
    summary: 'Whether a username is free (platform-contract.md §3; shape chosen by PlayDeck).',
  }),
  /** Affiliate lookup and check (§3): `code`, `domain` → `{ code }`. 404 `invitation_code_error`; 429. */
  affiliate: defineCall({
    name: 'affiliate', method: 'GET', path: '/wps/agent/affiliate', moduleId: 'AFFMAN3', auth: 'none',
    query: affiliateQuery,
    value: z.object({ code: z.string() }), summary: 'Affiliate code lookup (platform-contract.md §3).',
  }),
  /**
   * Member info (§2): `{ id, account, nickname, type, clubLabel.labelName, language? }` (`language`: the code the
   * member saved, §7.6; absent when none). 401 without a session.
   */
  memberInfo: defineCall({
    name: 'memberInfo', method: 'GET', path: '/wps/member/info', moduleId: 'COMM3', auth: 'member',
    value: z.object({
      id: z.number().int(), account: z.string(), nickname: z.string(), type: z.number().int(),
      clubLabel: z.object({ labelName: z.string() }),
      /** The interface language the member saved (PUT /wps/member/language); absent when none is saved. */
      language: z.string().optional(),
    }),
    summary: 'Member info (platform-contract.md §2).',
  }),
  /**
   * Wallet (§2): amounts in DECIMAL currency units. The exact body is not found; PlayDeck answers the v2 style
   * `{ sumBalance, currency, currencySymbol, balance[{ accountTypeId, availBalance }] }` (one main wallet,
   * accountTypeId 1). 401 without a session.
   */
  wallet: defineCall({
    name: 'wallet', method: 'GET', path: '/wps/wallets/gcs', moduleId: 'COMM3', auth: 'member',
    value: z.object({
      sumBalance: money(),
      currency: z.string(),
      currencySymbol: z.string(),
      balance: z.array(z.object({ accountTypeId: z.number().int(), availBalance: money() })).optional(),
      /** PlayDeck's own: the bonus part of sumBalance and its wagering (docs/honest-money.md); absent upstream. */
      bonusBalance: money().optional(),
      wageringRequired: money().optional(),
      wageringDone: money().optional(),
    }),
    summary: 'Member wallet, decimal currency units (platform-contract.md §2; body chosen by PlayDeck).',
  }),
  /**
   * Change password (§3): sealed `{ oldPassword, newPassword, confirmNewPassword }` → success (the screen shows
   * `in_chang_saved`). PlayDeck's value `{ rememberToken }`: a fresh remember-me token when the member had one.
   * Errors: 400 `request_param_err` | `same_password` | `wrong_password`, 403 `free_reject`, 429, 401.
   */
  changePassword: defineCall({
    name: 'changePassword', method: 'POST', path: '/wps/member/password', moduleId: 'PASS3', auth: 'member',
    encrypted: true, body: changePasswordBody,
    value: z.object({ rememberToken: z.string().nullable() }).nullable(),
    summary: 'Change password (platform-contract.md §3).',
  }),
  /**
   * Set password by phone (§3): NO token, sealed `{ newPassword, mobileNum, verificationCode }` (+ PlayDeck's
   * optional `countryDialingCode`, the number's country; the platform's clients send none) → null from the
   * platform; PlayDeck's built-in API answers a session of the account, as login does (null for a disabled
   * account), so the player is logged in without a second login guessed from the phone digits. 400
   * `verification_code_error` (also for numbers without an account) | `request_param_err`; 429.
   */
  setPasswordByPhone: defineCall({
    name: 'setPasswordByPhone', method: 'POST', path: '/wps/member/password/verification', moduleId: 'CHNGPASSVERIF3',
    auth: 'none', encrypted: true,
    body: setPasswordByPhoneBody,
    value: sessionValue.nullable(), summary: 'Set password by SMS code (platform-contract.md §3).',
  }),
  /**
   * Forgot password by e-mail (§3): FORM-ENCODED `username`, `email` → null (the screen shows `in_been_out`).
   * Answers the same whether or not the pair matched (no enumeration); when it matches, a single-use reset link
   * (30 minutes) goes to the account's e-mail. 400 `request_param_err`; 429 `TOO_MANY_REQUEST`.
   */
  forgotPasswordEmail: defineCall({
    name: 'forgotPasswordEmail', method: 'POST', path: '/wps/member/password/email', moduleId: 'COMM3', auth: 'none',
    form: true, body: forgotPasswordEmailBody,
    value: z.null(), summary: 'Send a password reset link by e-mail (platform-contract.md §3).',
  }),
  /** SMS code without login (§3): `{ mobileNum, countryDialingCode }` + captcha → `{ expirationTime }`. 400 `captcha_invalid`; 429; 502 `sms_failed`. */
  smsNoLogin: defineCall({
    name: 'smsNoLogin', method: 'POST', path: '/wps/verification/sms/noLogin', moduleId: 'VERIFICATION3', auth: 'none',
    body: smsNoLoginBody,
    value: smsSent, summary: 'Send an SMS code, no login (platform-contract.md §3).',
  }),
  /**
   * SMS code for registration (§3): `{ mobileNo, countryDialingCode }` + captcha; the ModuleId HEADER says which
   * registration (MOBILENUMREG3 mobile, REGMOBVERF3 username) → `{ expirationTime, expiredMinutes }`. 400
   * `request_param_err` for another module; 409 `mobile_taken`; 403 `function.not.available` where registration
   * would not check the code (that registration or REGMOBVERF3 off: nothing is sent); as smsNoLogin otherwise.
   */
  smsRegister: defineCall({
    name: 'smsRegister', method: 'POST', path: '/wps/verification/sms/register', moduleId: 'MOBILENUMREG3', auth: 'none',
    body: smsRegisterBody,
    value: smsSent, summary: 'Send an SMS code for registration (platform-contract.md §3).',
  }),

  /** Extension: trade a remember-me token for a session and a replacement token. 401 `remember_invalid`. */
  rememberLogin: defineCall({
    name: 'rememberLogin', method: 'POST', path: `${EXTENSION_PREFIX}/session/remember`, auth: 'none', extension: true,
    body: rememberBody, value: sessionValue,
    summary: 'PlayDeck: remembered login by a revocable token (capability remember).',
  }),
  /** Extension: log out on every device (sessions and remember-me tokens). `value` null; 401s as logout. */
  logoutAll: defineCall({
    name: 'logoutAll', method: 'DELETE', path: `${EXTENSION_PREFIX}/session/logoutAll`, auth: 'member', extension: true,
    value: z.null(), summary: 'PlayDeck: log out everywhere (capability logout-all).',
  }),
  /** Extension: trade the one-time code of /m/home#session=… (after a social login) for the session. 401 `exchange_invalid`. */
  sessionExchange: defineCall({
    name: 'sessionExchange', method: 'POST', path: `${EXTENSION_PREFIX}/session/exchange`, auth: 'none', extension: true,
    body: exchangeBody, value: sessionValue,
    summary: 'PlayDeck: social-login session exchange (capability oauth).',
  }),
  /**
   * Extension: set a new password with the token of an e-mailed reset link (sealed). → null; every session and
   * remember-me token of the member is revoked. 400 `reset_link_invalid` (unknown, used or expired token) |
   * `request_param_err`; 429.
   */
  emailReset: defineCall({
    name: 'emailReset', method: 'POST', path: `${EXTENSION_PREFIX}/password/emailReset`, auth: 'none', extension: true,
    encrypted: true, body: emailResetBody, value: z.null(),
    summary: 'PlayDeck: reset the password with an e-mailed link (built-in).',
  }),
  /**
   * Extension: the member gives their date of birth once (docs/honest-money.md "Age check and consent"; a social
   * login registers without it, and where the site requires it no money moves before it). → `{ dateOfBirth }`.
   * 400 `date_of_birth_required` | `request_param_err`; 403 `under_legal_age` (kept: later attempts answer the
   * same); 409 `date_of_birth_set`; 401 without a session.
   */
  confirmDateOfBirth: defineCall({
    name: 'confirmDateOfBirth', method: 'POST', path: `${EXTENSION_PREFIX}/account/dateOfBirth`, auth: 'member', extension: true,
    body: z.object({ dateOfBirth: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }), value: z.object({ dateOfBirth: z.string() }),
    summary: 'PlayDeck: confirm the date of birth after a social-login registration (age check).',
  }),
  /**
   * GET /wps/relay/MCSFE_getPlayerRankProgress (no module id; platform-contract.md §5 "VIP rank progress", §7.2:
   * asked after every login, §7.6; body not found, PlayDeck's). PlayDeck's membership data is the member's VIP
   * label (`clubLabel` of member info) and no ladder of ranks to climb: `currentRank` is `{ rankName }` with that
   * label, or null without one; `nextRank` is always null and `progress` 0 (no progress bar to show). 401 without a
   * session.
   */
  playerRankProgress: defineCall({
    name: 'playerRankProgress', method: 'GET', path: '/wps/relay/MCSFE_getPlayerRankProgress', auth: 'member',
    value: z.object({
      currentRank: z.object({ rankName: z.string() }).nullable(),
      nextRank: z.null(),
      progress: z.number().min(0).max(100),
    }),
    summary: 'The member\'s VIP rank and progress to the next (platform-contract.md §5, §7.6).',
  }),
};

/** Where a social login button navigates (a browser navigation, not a JSON call): the extension's OAuth start. */
export const OAUTH_PREFIX = `${EXTENSION_PREFIX}/oauth`;
