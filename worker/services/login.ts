import type { ErrorCode } from '../../src/contract/errors';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { SessionValue } from '../../src/contract/calls/accounts';
import { ApiError } from '../lib/envelope';
import { findMemberByUsername, recordLogin } from '../db/queries/members';
import { clearCounter, hitCounter, readCounter } from '../db/queries/rate-limits';
import { LOGIN_THRESHOLDS, LOGIN_WINDOW_MS, loginBuckets, loginGate } from './login-guard';
import { verifyPassword } from './password';
import { verifyCaptcha } from './captcha';
import { retryAfterSeconds } from './rate-limit';
import { openSession } from './accounts';

/** Login by username and password (accounts §3 Login payload, type `username`). */
export interface PasswordLogin {
  username: string;
  password: string;
  captcha?: string | undefined;
  /** Also issue a remember-me token (services/remember.ts). */
  rememberMe?: boolean | undefined;
}

/**
 * Password login (accounts §2, §3, §4; player-shell §4):
 * 1. the login guard reads the account's and the IP's failures in the 15-minute window;
 *    locked → 429 `too_many_attempts` + Retry-After;
 * 2. when a captcha is required: missing → 400 `captcha_required`, wrong → 400 `captcha_invalid`;
 * 3. wrong password or unknown user → 401 `invalid_credentials` (same answer and cost: the KDF always runs);
 * 4. right password on a disabled member → 403 `account_disabled`;
 * 5. success resets the account's failure counter, records the login and opens a session.
 * Every failure of 2–3 counts against both windows and carries `value.captcha` (true once a captcha is
 * needed for the next attempt), which the login screen uses to show the captcha.
 */
export async function loginWithPassword(c: Context<AppEnv>, input: PasswordLogin): Promise<SessionValue> {
  const db = c.env.DB;
  const merchant = c.var.merchant;
  const account = input.username.trim();
  const buckets = loginBuckets(merchant.code, account.toLowerCase(), c.var.clientIp);
  const now = Date.now();
  const [accountCount, ipCount] = await Promise.all([
    readCounter(db, buckets.account, LOGIN_WINDOW_MS, now),
    readCounter(db, buckets.ip, LOGIN_WINDOW_MS, now),
  ]);
  const gate = loginGate({ accountFailures: accountCount.count, ipFailures: ipCount.count });

  if (gate === 'locked') {
    const t = LOGIN_THRESHOLDS;
    const retryAfter = Math.max(
      accountCount.count >= t.lockAfterAccountFailures ? retryAfterSeconds(accountCount, LOGIN_WINDOW_MS, now) : 0,
      ipCount.count >= t.lockAfterIpFailures ? retryAfterSeconds(ipCount, LOGIN_WINDOW_MS, now) : 0,
    );
    throw new ApiError(429, 'TOO_MANY_REQUEST', 'Too many failed logins; try again later', { captcha: true, retryAfter }, {
      'Retry-After': String(retryAfter),
    });
  }

  /** Counts a failure in both windows and answers with whether the next attempt needs a captcha. */
  const fail = async (status: 400 | 401, code: ErrorCode, message: string): Promise<never> => {
    const [acc, ip] = await Promise.all([
      hitCounter(db, buckets.account, LOGIN_WINDOW_MS, now),
      hitCounter(db, buckets.ip, LOGIN_WINDOW_MS, now),
    ]);
    const next = loginGate({ accountFailures: acc.count, ipFailures: ip.count });
    throw new ApiError(status, code, message, { captcha: next !== 'open' });
  };

  if (gate === 'captcha') {
    const answer = input.captcha?.trim() ?? '';
    // Not a failed attempt: the client simply did not know a captcha was due yet.
    if (answer === '') throw new ApiError(400, 'captcha_required', 'A captcha is required', { captcha: true });
    if (!(await verifyCaptcha(c, answer))) await fail(400, 'captcha_invalid', 'The captcha answer is wrong or expired');
  }

  const member = await findMemberByUsername(db, merchant.code, account.toLowerCase());
  const passwordOk = await verifyPassword(input.password, member?.passwordHash ?? null);
  if (!member || !passwordOk) return fail(401, 'login.cred.err', 'Wrong username or password');
  if (!member.active) throw new ApiError(403, 'account_disabled', 'The account is disabled');

  await clearCounter(db, buckets.account);
  const firstTimeLogin = await recordLogin(db, member.id, now);
  return openSession(db, member, firstTimeLogin, now, { remember: input.rememberMe === true });
}
