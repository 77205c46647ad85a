import type { RequestScope } from '../kit/request-scope';
import type { SessionValue } from '../../../contract/calls/accounts';
import { ApiError } from '../../lib/envelope';
import { findMemberByUsername, recordLogin } from '../../db/queries/members';
import { clearCounter, hitCounters, refundCounters } from '../../db/queries/rate-limits';
import { LOGIN_THRESHOLDS, LOGIN_WINDOW_MS, loginBuckets, loginDelayMs, loginGate } from './login-guard';
import { verifyPassword } from '../crypto/password';
import { verifyCaptcha } from './captcha';
import { retryAfterSeconds } from './rate-limit';
import { openSession, loginClient } from './accounts';

/** Login by username and password (accounts §3 Login payload, type `username`). */
export interface PasswordLogin {
  username: string;
  password: string;
  captcha?: string | undefined;
  /** Also issue a remember-me token (services/remember.ts). */
  rememberMe?: boolean | undefined;
}

/** Waits `ms` without using CPU (the per-account slow-down). */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Password login (accounts §2, §3, §4; player-shell §4; ASVS 6.3.1, NIST SP 800-63B §5.2.2):
 * 1. the attempt is counted FIRST, atomically, in the account's, the (account, IP)'s and the IP's 15-minute
 *    windows (one D1 batch that increments and returns); every decision below uses those returned counts, so
 *    parallel attempts cannot all read "no failures yet" (issue 10, finding 1);
 * 2. throttled (too many failures of this address on this account, or of this address overall) → 429
 *    `TOO_MANY_REQUEST` + Retry-After (seconds) and `value { captcha: true, retryAfter }`; other addresses,
 *    the owner's included, are not affected: there is no account lock-out (finding 2); the refused attempt is
 *    taken back from the counters, which thus hold failures (and attempts still in flight) only;
 * 3. when a captcha is required: missing → 400 `captcha_required` (the attempt is taken back: the client did
 *    not know yet), wrong → 400 `captcha_invalid` (counts for the address, not for the account);
 * 4. an account with many failures is slowed down (login-guard.ts loginDelayMs, at most 2 s) before the check;
 * 5. wrong password or unknown user → 401 `login.cred.err` (same answer and cost: the KDF always runs);
 * 6. right password on a disabled member → 403 `account_disabled` (the attempt is taken back);
 * 7. success clears the account's and the pair's counters, takes the attempt back from the IP's, records the
 *    login and opens a session.
 * Failures of 3 and 5 carry `value.captcha` (true once a captcha is needed for the next attempt), which the
 * login screen uses to show the captcha.
 */
export async function loginWithPassword(req: RequestScope, input: PasswordLogin): Promise<SessionValue> {
  const db = req.env.DB;
  const merchant = req.merchant;
  const account = input.username.trim();
  const buckets = loginBuckets(merchant.code, account.toLowerCase(), req.clientIp);
  const now = Date.now();
  const [acc, pair, ip] = await hitCounters(db, [buckets.account, buckets.pair, buckets.ip], LOGIN_WINDOW_MS, now);
  if (!acc || !pair || !ip) throw new Error('login counters missing');
  const counted = {
    account: { bucket: buckets.account, counter: acc },
    pair: { bucket: buckets.pair, counter: pair },
    ip: { bucket: buckets.ip, counter: ip },
  };
  const before = { accountFailures: acc.count - 1, pairFailures: pair.count - 1, ipFailures: ip.count - 1 };
  const gate = loginGate(before);

  if (gate === 'throttled') {
    // Only failures count: a refused attempt is taken back (the owner is not slowed down by it, and the
    // address is free again once its real failures leave the window).
    await refundCounters(db, [counted.account, counted.pair, counted.ip]);
    const t = LOGIN_THRESHOLDS;
    const retryAfter = Math.max(
      before.pairFailures >= t.maxPairFailures ? retryAfterSeconds(pair, LOGIN_WINDOW_MS, now) : 0,
      before.ipFailures >= t.maxIpFailures ? retryAfterSeconds(ip, LOGIN_WINDOW_MS, now) : 0,
    );
    throw new ApiError(429, 'TOO_MANY_REQUEST', 'Too many failed logins from this address; try again later', { captcha: true, retryAfter }, {
      'Retry-After': String(retryAfter),
    });
  }

  if (gate === 'captcha') {
    const answer = input.captcha?.trim() ?? '';
    if (answer === '') {
      await refundCounters(db, [counted.account, counted.pair, counted.ip]);
      throw new ApiError(400, 'captcha_required', 'A captcha is required', { captcha: true });
    }
    if (!(await verifyCaptcha(req, answer))) {
      await refundCounters(db, [counted.account]);
      throw new ApiError(400, 'captcha_invalid', 'The captcha answer is wrong or expired', { captcha: true });
    }
  }

  const delay = loginDelayMs(before.accountFailures);
  if (delay > 0) await pause(delay);

  const member = await findMemberByUsername(db, merchant.code, account.toLowerCase());
  const passwordOk = await verifyPassword(input.password, member?.passwordHash ?? null);
  if (!member || !passwordOk) {
    const next = loginGate({ accountFailures: acc.count, pairFailures: pair.count, ipFailures: ip.count });
    throw new ApiError(401, 'login.cred.err', 'Wrong username or password', { captcha: next !== 'open' });
  }
  if (!member.active) {
    // The right password is not a failed guess: take the attempt back, but open nothing.
    await refundCounters(db, [counted.account, counted.pair, counted.ip]);
    throw new ApiError(403, 'account_disabled', 'The account is disabled');
  }

  await Promise.all([clearCounter(db, buckets.account), clearCounter(db, buckets.pair), refundCounters(db, [counted.ip])]);
  const firstTimeLogin = await recordLogin(db, member.id, now);
  return openSession(db, member, firstTimeLogin, now, { remember: input.rememberMe === true, client: loginClient(req, 'password'), protectionNow: req.protectionNow?.() });
}
