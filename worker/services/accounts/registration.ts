import type { RequestScope } from '../kit/request-scope';
import type { SessionValue } from '../../../contract/calls/accounts';
import { ApiError } from '../../lib/envelope';
import { listSiteSwitches } from '../../db/queries/merchants';
import { listRegistrationFields } from '../../db/queries/settings';
import { findInviterByCode, usernameExists, type NewMember } from '../../db/queries/members';
import { checkRegistration, usernameRegistrationMode, type FieldSetting, type RegisterField, type RegistrationMode } from './registration-rules';
import { usernameRegistrationPhone } from './registration-phone';
import { hashPassword } from '../crypto/password';
import { verifyCaptcha } from './captcha';
import { consumeRateLimit, registerLimit } from './rate-limit';
import { createAccount, openSession, loginClient } from './accounts';
import { requestEmailBinding } from './email-binding';
import { welcomeMessageStatement } from '../../db/queries/inbox';
import { loadBonusRules } from '../wallet/bonus-rules';
import { assertLegalAge } from './age-check';

/** The registration payload (accounts §3): the spec's fields plus where and how the player registered. */
export type RegistrationInput = Partial<Record<RegisterField, string>> & {
  registerUrl?: string | undefined;
  registerMethod?: 'APP' | 'H5' | 'WEBCLIP' | 'PWA' | undefined;
  domain?: string | undefined;
  /** true: registration also logs the player in and answers the session (platform-contract.md §3); else null. */
  login?: boolean | undefined;
};

/**
 * Values kept on the member (profile JSON) when their field is enabled and filled. The e-mail is not among them:
 * it is bound only once the link mailed to it is opened (createRegisteredMember, services/accounts/email-binding.ts).
 */
const PROFILE_FIELDS: readonly RegisterField[] = [
  'countryDialingCode', 'affiliateCode', 'recommenderId', 'payeeName', 'mobileNum', 'idNumber', 'qqNum',
  'facebook', 'wechat', 'line', 'whatsapp', 'zalo', 'dateOfBirth',
];

/**
 * Username registration (accounts §2 Registration screen, §3 payload, §5 rules), in this order:
 * 1. site switch USERNAMEREG3 must be on, else 403 `feature_disabled`;
 * 2. at most 10 attempts per IP per hour, else 429 `too_many_requests`;
 * 3. fields are checked against the merchant's registration settings → 400 `invalid_input` with
 *    `value.issues[{ path, message, key? }]` (checked before the captcha so a typo does not burn it);
 * 4. when the captcha field is enabled the answer must match the browser's challenge → 400 `captcha_invalid`;
 * 4b. where the site requires the date of birth (docs/honest-money.md, Age check): 400 `date_of_birth_required`,
 *    403 `under_legal_age` (services/accounts/age-check.ts);
 * 5. an invitation code that is no active agent's → 400 `invitation_code_error`;
 *    a username taken in any letter case → 409 `username_taken`;
 * 6. a mobile number typed on the form (when the settings show it) is bound only when proven: with REGMOBVERF3
 *    on the dialling code and the 'register' SMS code are required with it (409 `mobile_taken`, 400
 *    `verification_code_error`); with it off no code is sent and the number is kept unproven, for contact
 *    (services/registration-phone.ts; issue 10, finding 3);
 * 7. one D1 batch creates member (type 0, scrypt hash), wallet and the welcome bonus (merchant
 *    welcomeBonusMinor, ledger kind `welcome_bonus`, idempotency key `welcome`); with `login: true` a session
 *    opens (registration logs the player in, the first login), else the answer is null.
 */
export async function registerByUsername(req: RequestScope, input: RegistrationInput): Promise<SessionValue | null> {
  const db = req.env.DB;
  const merchant = req.merchant;
  const switches = await openRegistration(req, 'USERNAMEREG3', 'Registration by username is not offered on this site');
  const verifyPhone = switches.REGMOBVERF3 === true;
  const mode = usernameRegistrationMode({ verifyPhone, mobileTyped: (input.mobileNum ?? '').trim() !== '' });
  const { values, referrerId } = await acceptRegistrationFields(req, input, mode);
  const username = values.username ?? '';
  const usernameKey = username.toLowerCase();
  if (await usernameExists(db, merchant.code, usernameKey)) {
    throw new ApiError(409, 'username_taken', 'The username already exists');
  }

  const phone = await usernameRegistrationPhone(req, values, verifyPhone);
  const profile = await buildProfile(values, input);
  return createRegisteredMember(req, {
    ...phone,
    account: username,
    passwordHash: await hashPassword(values.password ?? ''),
    nickname: values.nickname ?? '',
    profile,
    registerMethod: input.registerMethod ?? 'H5',
    referrerId,
  }, input.login === true, values.email);
}

/**
 * The closing step of every registration path: one D1 batch creates the real member (type 0) of the request's
 * merchant, its wallet and the welcome bonus (merchant welcomeBonusMinor, ledger kind `welcome_bonus`,
 * idempotency key `welcome`); then, with `login` (the payload's `login: true`), a session opens — registration
 * logs the player in and counts as the first login (firstTimeLogin true); without it the answer is null. A
 * username taken meanwhile fails the batch (UNIQUE on members). The same batch gives the member the merchant's welcome
 * message in the request's language (db/queries/inbox.ts welcomeMessageStatement). An e-mail address typed on the
 * form is not bound yet: a link to confirm it is mailed to it (services/accounts/email-binding.ts).
 */
export async function createRegisteredMember(
  req: RequestScope,
  member: Pick<NewMember, 'account' | 'passwordHash' | 'nickname' | 'profile' | 'registerMethod' | 'mobileE164' | 'mobilePendingE164' | 'referrerId'>,
  login: boolean,
  email?: string | undefined,
): Promise<SessionValue | null> {
  const db = req.env.DB;
  const merchant = req.merchant;
  const now = Date.now();
  const id = await createAccount(
    db,
    {
      ...member,
      merchantCode: merchant.code,
      usernameKey: member.account.toLowerCase(),
      type: 0,
      registerIp: req.clientIp,
      currency: merchant.currency,
    },
    { amountMinor: merchant.welcomeBonusMinor, kind: 'welcome_bonus', reference: 'registration', idempotencyKey: 'welcome' },
    now,
    [welcomeMessageStatement(db, merchant.code, member.account.toLowerCase(), req.language, now)],
  );
  if (email) await requestEmailBinding(req, id, email, now);
  if (!login) return null;
  return openSession(db, { id, account: member.account, type: 0, merchantCode: merchant.code }, true, now, { client: loginClient(req, 'registration') });
}

/**
 * The opening checks of every registration path: the path's site switch (`USERNAMEREG3` or `MOBILENUMREG3`)
 * must be on, else 403 `feature_disabled` with `refusal` as the message; then one attempt is counted against
 * the client IP's registration limit (registerLimit; 429 `too_many_requests` when spent). Answers the site's
 * switches for the path's own rules.
 */
export async function openRegistration(
  req: RequestScope,
  switchId: 'USERNAMEREG3' | 'MOBILENUMREG3',
  refusal: string,
): Promise<Record<string, boolean>> {
  const switches = await listSiteSwitches(req.env.DB, req.merchant.code);
  if (switches[switchId] !== true) throw new ApiError(403, 'function.not.available', refusal);
  await consumeRateLimit(req.env.DB, registerLimit(req.env), req.clientIp);
  return switches;
}

/**
 * The field checks every registration path shares, in this order: the values against the merchant's
 * registration settings under `mode` (400 `invalid_input` with `value.issues`, before the captcha so a typo does
 * not burn it); the captcha answer when its field is enabled (400 `captcha_invalid`); the invitation code
 * (400 `invitation_code_error`, see resolveReferrer). Answers the accepted values and the referring agent's id.
 */
export async function acceptRegistrationFields(
  req: RequestScope,
  input: RegistrationInput,
  mode?: RegistrationMode,
): Promise<{ values: Partial<Record<RegisterField, string>>; referrerId: number | null }> {
  const [settings, rules] = await Promise.all([loadFieldSettings(req.env.DB, req.merchant.code), loadBonusRules(req.env.DB, req.merchant.code)]);
  const check = checkRegistration(input, withDateOfBirth(settings, rules.requiresDob), mode);
  if (!check.ok) throw new ApiError(400, 'request_param_err', 'Registration fields are not valid', { issues: check.issues });
  const values = check.values;
  assertLegalAge(rules, values.dateOfBirth);
  if (values.captcha !== undefined && !(await verifyCaptcha(req, values.captcha))) {
    throw new ApiError(400, 'captcha_invalid', 'The captcha answer is wrong or expired', { captcha: true });
  }
  const referrerId = await resolveReferrer(req.env.DB, req.merchant.code, values.affiliateCode);
  return { values, referrerId };
}

/**
 * The field settings with the date of birth shown and required when the site's age check asks for it (site rule
 * `requiresDob`, docs/honest-money.md), whatever its own row says; else as configured.
 */
export function withDateOfBirth<T extends { enabled: boolean; required: boolean }>(settings: Map<string, T>, requiresDob: boolean): Map<string, T> {
  if (!requiresDob) return settings;
  const merged = new Map(settings);
  const row = settings.get('dateOfBirth');
  merged.set('dateOfBirth', { ...(row ?? { field: 'dateOfBirth', sortOrder: Number.MAX_SAFE_INTEGER }), enabled: true, required: true } as T);
  return merged;
}

/** The merchant's registration field settings by field name. */
export async function loadFieldSettings(db: D1Database, merchantCode: string): Promise<Map<string, FieldSetting>> {
  const rows = await listRegistrationFields(db, merchantCode);
  return new Map<string, FieldSetting>(rows.map((r) => [r.field, r]));
}

/**
 * The agent behind an invitation code (accounts §4 Affiliate code), or null without a code. A code that is
 * no active agent's → 400 `invitation_code_error` with the issue on affiliateCode (the form focuses it).
 */
export async function resolveReferrer(db: D1Database, merchantCode: string, code: string | undefined): Promise<number | null> {
  if (code === undefined) return null;
  const agentId = await findInviterByCode(db, merchantCode, code);
  if (agentId === null) {
    throw new ApiError(400, 'invitation_code_error', 'Invalid invitation code', {
      issues: [{ path: 'affiliateCode', message: 'Invalid invitation code', key: 'invitation_code_error' }],
    });
  }
  return agentId;
}

/** The member's profile JSON: enabled optional fields, where they registered, the payment password's hash. */
export async function buildProfile(
  values: Partial<Record<RegisterField, string>>,
  input: Pick<RegistrationInput, 'registerUrl' | 'domain'>,
): Promise<Record<string, string>> {
  const profile: Record<string, string> = {};
  for (const field of PROFILE_FIELDS) {
    const value = values[field];
    if (value !== undefined) profile[field] = value;
  }
  if (input.registerUrl) profile.registerUrl = input.registerUrl;
  if (input.domain) profile.domain = input.domain;
  if (values.paymentPassword !== undefined) profile.paymentPasswordHash = await hashPassword(values.paymentPassword);
  return profile;
}
