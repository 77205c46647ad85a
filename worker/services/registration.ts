import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { SessionValue } from '../../src/api/types';
import { ApiError } from '../lib/envelope';
import { listSiteSwitches } from '../db/queries/merchants';
import { listRegistrationFields } from '../db/queries/settings';
import { usernameExists } from '../db/queries/members';
import { checkRegistration, type FieldSetting, type RegisterField } from './registration-rules';
import { hashPassword } from './password';
import { verifyCaptcha } from './captcha';
import { REGISTER_PER_IP, consumeRateLimit } from './rate-limit';
import { createAccount, openSession } from './accounts';

/** The registration payload (accounts §3): the spec's fields plus where and how the player registered. */
export type RegistrationInput = Partial<Record<RegisterField, string>> & {
  registerUrl?: string | undefined;
  registerMethod?: 'APP' | 'H5' | 'WEBCLIP' | 'PWA' | undefined;
  domain?: string | undefined;
};

/** Values kept on the member (profile JSON) when their field is enabled and filled. */
const PROFILE_FIELDS: readonly RegisterField[] = [
  'countryDialingCode', 'affiliateCode', 'recommenderId', 'payeeName', 'email', 'mobileNum', 'idNumber', 'qqNum',
  'facebook', 'wechat', 'line', 'whatsapp', 'zalo',
];

/**
 * Username registration (accounts §2 Registration screen, §3 payload, §5 rules), in this order:
 * 1. site switch USERNAMEREG3 must be on, else 403 `feature_disabled`;
 * 2. at most 10 attempts per IP per hour, else 429 `too_many_requests`;
 * 3. fields are checked against the merchant's registration settings → 400 `invalid_input` with
 *    `value.issues[{ path, message, key? }]` (checked before the captcha so a typo does not burn it);
 * 4. when the captcha field is enabled the answer must match the browser's challenge → 400 `captcha_invalid`;
 * 5. a username taken in any letter case → 409 `username_taken`;
 * 6. one D1 batch creates member (type 0, scrypt hash), wallet and the welcome bonus (merchant
 *    welcomeBonusMinor, ledger kind `welcome_bonus`, idempotency key `welcome`), then a session opens:
 *    registration logs the player in, and counts as the first login (firstTimeLogin true).
 * `verificationCode` is only format-checked here: SMS codes belong to the mobile registration flow.
 */
export async function registerByUsername(c: Context<AppEnv>, input: RegistrationInput): Promise<SessionValue> {
  const db = c.env.DB;
  const merchant = c.var.merchant;
  const switches = await listSiteSwitches(db, merchant.code);
  if (switches.USERNAMEREG3 !== true) {
    throw new ApiError(403, 'feature_disabled', 'Registration by username is not offered on this site');
  }
  await consumeRateLimit(db, REGISTER_PER_IP, c.var.clientIp);

  const rows = await listRegistrationFields(db, merchant.code);
  const settings = new Map<string, FieldSetting>(rows.map((r) => [r.field, r]));
  const check = checkRegistration(input, settings);
  if (!check.ok) throw new ApiError(400, 'invalid_input', 'Registration fields are not valid', { issues: check.issues });
  const values = check.values;

  if (values.captcha !== undefined && !(await verifyCaptcha(c, values.captcha))) {
    throw new ApiError(400, 'captcha_invalid', 'The captcha answer is wrong or expired', { captcha: true });
  }
  const username = values.username ?? '';
  const usernameKey = username.toLowerCase();
  if (await usernameExists(db, merchant.code, usernameKey)) {
    throw new ApiError(409, 'username_taken', 'The username already exists');
  }

  const profile: Record<string, string> = {};
  for (const field of PROFILE_FIELDS) {
    const value = values[field];
    if (value !== undefined) profile[field] = value;
  }
  if (input.registerUrl) profile.registerUrl = input.registerUrl;
  if (input.domain) profile.domain = input.domain;
  if (values.paymentPassword !== undefined) profile.paymentPasswordHash = await hashPassword(values.paymentPassword);

  const now = Date.now();
  const id = await createAccount(
    db,
    {
      merchantCode: merchant.code,
      usernameKey,
      account: username,
      passwordHash: await hashPassword(values.password ?? ''),
      type: 0,
      nickname: values.nickname ?? '',
      profile,
      registerMethod: input.registerMethod ?? 'H5',
      registerIp: c.var.clientIp,
      currency: merchant.currency,
    },
    { amountMinor: merchant.welcomeBonusMinor, kind: 'welcome_bonus', reference: 'registration', idempotencyKey: 'welcome' },
    now,
  );
  return openSession(db, { id, account: username, type: 0, merchantCode: merchant.code }, true, now);
}
