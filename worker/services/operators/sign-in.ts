import { ApiError } from '../../lib/envelope';
import { clearCounter, hitCounters, refundCounters } from '../../db/queries/rate-limits';
import { findActiveOperator, hasSessionFromAddress, insertConsoleSession } from '../../db/queries/console-sessions';
import { recordAudit } from './audit';
import { roleNeedsTotp } from '../../../rules/console-roles';
import { verifyPassword } from '../crypto/password';
import { hashToken, newToken } from '../crypto/tokens';
import { LOGIN_THRESHOLDS, LOGIN_WINDOW_MS, ipThrottleKey, loginDelayMs } from '../accounts/login-guard';
import { retryAfterSeconds } from '../accounts/rate-limit';
import { verifySecondFactor } from './totp';

/**
 * The console's sign-in guard and session opening (docs/back-office.md "Sign-in guard"). It counts failures per
 * operator account, per (account, address) and per address in the player side's 15-minute windows
 * (worker/services/accounts/login-guard.ts) and, like the player side, never locks an account:
 * - one address: throttled (429) after LOGIN_THRESHOLDS.maxPairFailures failures on one account and
 *   maxIpFailures over all accounts; other addresses are unaffected;
 * - the account: from slowAfterAccountFailures failures on, every check waits a little (at most 2 s); and from
 *   CONSOLE_STEP_UP_FAILURES failures on ("under attack"), an address the operator has not signed in from in the
 *   last 30 days must give the password AND the second factor in one request (both wrong or either wrong answers
 *   the same `console_login_failed`, so a guesser learns nothing) — an operator without a second factor gets 429
 *   there until the window ends. Familiar addresses keep signing in as usual, and so does anyone with the right
 *   password and code: the guesser cannot lock the owner out, only slow them down.
 * The counts are taken atomically BEFORE the check; a successful sign-in clears the account's and the pair's.
 */

/** Account failures in the window from which unfamiliar addresses need password and code together. */
export const CONSOLE_STEP_UP_FAILURES = 10;
/** How far back a session from an address makes it familiar. */
export const FAMILIAR_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
/** Absolute lifetime and idle timeout of a console session (OWASP ASVS 3.3: 12 h / 30 min for back offices). */
export const CONSOLE_SESSION_MS = 12 * 60 * 60 * 1000;
export const CONSOLE_IDLE_MS = 30 * 60 * 1000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Bucket names of the console's three counters (apart from the player side's). */
export function consoleLoginBuckets(merchantCode: string, username: string, ip: string) {
  const address = ipThrottleKey(ip);
  return {
    account: `console:acct:${merchantCode}:${username}`,
    pair: `console:pair:${merchantCode}:${username}:${address}`,
    ip: `console:ip:${address}`,
  };
}

/** What a sign-in gives: the session token (for the cookie), the CSRF token, and whether it may only enrol TOTP. */
export interface ConsoleSignIn {
  token: string;
  csrfToken: string;
  operatorId: number;
  displayName: string;
  role: string;
  /** The role needs a second factor that is not enrolled yet: the session may only enrol it. */
  enrolRequired: boolean;
  /** How the second factor was given, if it was. */
  secondFactor: 'totp' | 'recovery' | null;
}

/**
 * Signs an operator in on the site `merchantCode` from `ip`: username (any case), password, and `code` (a TOTP code
 * or recovery code) when the operator has a second factor. Errors: 401 `console_login_failed` (wrong username,
 * password, or under step-up anything wrong), 401 `console_totp_required` (right password, code missing: the
 * attempt is taken back), 401 `console_totp_invalid` (wrong, replayed or spent code), 429 `TOO_MANY_REQUEST` with
 * Retry-After and `value { retryAfter, secondFactor }`. An unknown username still costs one hash check. A sign-in
 * writes the audit row `operator.sign_in` (after: `{ secondFactor, enrolOnly }`, the client's address) with its session.
 */
export async function signInOperator(
  db: D1Database, merchantCode: string, input: { username: string; password: string; code?: string | undefined }, ip: string, now = Date.now(),
): Promise<ConsoleSignIn> {
  const username = input.username.trim().toLowerCase();
  const code = input.code?.trim() ?? '';
  const buckets = consoleLoginBuckets(merchantCode, username, ip);
  const [acc, pair, ipc] = await hitCounters(db, [buckets.account, buckets.pair, buckets.ip], LOGIN_WINDOW_MS, now);
  if (!acc || !pair || !ipc) throw new Error('console login counters missing');
  const counted = [{ bucket: buckets.account, counter: acc }, { bucket: buckets.pair, counter: pair }, { bucket: buckets.ip, counter: ipc }];
  const accountFailures = acc.count - 1;
  const t = LOGIN_THRESHOLDS;
  const throttle = async (retryAfter: number, secondFactor: boolean): Promise<never> => {
    await refundCounters(db, counted);
    throw new ApiError(429, 'TOO_MANY_REQUEST', 'Too many failed sign-ins; try again later', { retryAfter, secondFactor }, { 'Retry-After': String(retryAfter) });
  };
  if (pair.count - 1 >= t.maxPairFailures) await throttle(retryAfterSeconds(pair, LOGIN_WINDOW_MS, now), false);
  if (ipc.count - 1 >= t.maxIpFailures) await throttle(retryAfterSeconds(ipc, LOGIN_WINDOW_MS, now), false);

  const operator = await findActiveOperator(db, merchantCode, username);
  const address = ipThrottleKey(ip);
  const stepUp = accountFailures >= CONSOLE_STEP_UP_FAILURES
    && !(operator && (await hasSessionFromAddress(db, operator.id, address, now - FAMILIAR_ADDRESS_MS)));
  if (stepUp && !(operator?.totpEnabled && code !== '')) await throttle(retryAfterSeconds(acc, LOGIN_WINDOW_MS, now), operator?.totpEnabled ?? false);

  const delay = loginDelayMs(accountFailures);
  if (delay > 0) await pause(delay);
  const passwordOk = await verifyPassword(input.password, operator?.passwordHash ?? null);
  if (!operator || !passwordOk) throw new ApiError(401, 'console_login_failed', 'Wrong username or password');

  let secondFactor: ConsoleSignIn['secondFactor'] = null;
  if (operator.totpEnabled) {
    if (code === '') {
      await refundCounters(db, counted);
      throw new ApiError(401, 'console_totp_required', 'Enter the code of your authenticator app or a recovery code');
    }
    secondFactor = await verifySecondFactor(db, operator.id, code, now);
    if (!secondFactor) {
      if (stepUp) throw new ApiError(401, 'console_login_failed', 'Wrong username or password');
      throw new ApiError(401, 'console_totp_invalid', 'The code is wrong or was already used');
    }
  }

  await Promise.all([clearCounter(db, buckets.account), clearCounter(db, buckets.pair), refundCounters(db, [counted[2]!])]);
  const token = newToken();
  const csrfToken = newToken();
  const enrolRequired = roleNeedsTotp(operator.role) && !operator.totpEnabled;
  // Who signed in where and how goes into the audit log with the session (docs/back-office.md "Audit log").
  const audit = recordAudit(db, {
    merchantCode, operatorId: operator.id, operator: operator.username, action: 'operator.sign_in', target: `operator:${operator.username}`,
    after: { secondFactor, enrolOnly: enrolRequired }, address: ip, at: now,
  });
  await insertConsoleSession(db, {
    tokenHash: hashToken(token), operatorId: operator.id, csrfToken, createdAt: now, expiresAt: now + CONSOLE_SESSION_MS, address, enrolOnly: enrolRequired,
  }, [audit]);
  return { token, csrfToken, operatorId: operator.id, displayName: operator.displayName, role: operator.role, enrolRequired, secondFactor };
}
