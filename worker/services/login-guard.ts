/**
 * The login guard rule (accounts §2 Login screen, §4 Auth; ASVS 6.3.1, NIST SP 800-63B §5.2.2). There is NO
 * account lock-out (anyone could lock any player out with it). Instead:
 * - a captcha is required on an account after its first failure, and on every account from an address with a
 *   few failures;
 * - throttling (429) per (account, IP) and per IP: one address can only make so many guesses;
 * - a per-account slow-down: each attempt that reaches the password check of an account with many failures
 *   waits a little first (capped), which slows a guesser but never stops the owner who solves the captcha and
 *   types the right password.
 * Pure: the counts come from 15-minute fixed windows kept in `rate_limits`, counted atomically BEFORE the
 * password check (services/login.ts), so the counts passed here exclude the attempt being decided.
 */

/** Length of the counting window (ms). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Thresholds, each "at or above this many earlier failures in the window". */
export const LOGIN_THRESHOLDS = {
  /** One wrong password is enough to put a captcha in front of that account. */
  captchaAfterAccountFailures: 1,
  /** An address that keeps failing (many accounts, typos) gets a captcha on every account. */
  captchaAfterIpFailures: 3,
  /** Guesses one address may make at one account before it is throttled (429); other addresses are unaffected. */
  maxPairFailures: 10,
  /** Guesses one address may make over all accounts before it is throttled (429). */
  maxIpFailures: 50,
  /** From this many account failures on, each password check of the account is slowed down. */
  slowAfterAccountFailures: 10,
} as const;

/** The per-account slow-down: `stepMs` more per failure past the threshold, never more than `maxMs`. */
export const LOGIN_SLOWDOWN = { stepMs: 100, maxMs: 2000 } as const;

/** Earlier failures (and attempts in flight) counted for the attempt, excluding the attempt itself. */
export interface LoginFailureCounts {
  /** Of the account, from any address. */
  accountFailures: number;
  /** Of the account from this address. */
  pairFailures: number;
  /** Of this address, on any account. */
  ipFailures: number;
}

/** `open`: just check the password; `captcha`: a valid captcha is needed first; `throttled`: 429 for this address. */
export type LoginGate = 'open' | 'captcha' | 'throttled';

/** Decides the gate for a login attempt from the failure counts. */
export function loginGate({ accountFailures, pairFailures, ipFailures }: LoginFailureCounts): LoginGate {
  const t = LOGIN_THRESHOLDS;
  if (pairFailures >= t.maxPairFailures || ipFailures >= t.maxIpFailures) return 'throttled';
  if (accountFailures >= t.captchaAfterAccountFailures || ipFailures >= t.captchaAfterIpFailures) return 'captcha';
  return 'open';
}

/** Milliseconds to wait before checking the password of an account with `accountFailures` failures (0 below the threshold). */
export function loginDelayMs(accountFailures: number): number {
  const over = accountFailures - LOGIN_THRESHOLDS.slowAfterAccountFailures + 1;
  return over <= 0 ? 0 : Math.min(LOGIN_SLOWDOWN.maxMs, over * LOGIN_SLOWDOWN.stepMs);
}

/** Bucket names of the three counters (merchant-scoped account and account+IP, global IP). */
export function loginBuckets(merchantCode: string, usernameKey: string, ip: string) {
  return {
    account: `login:acct:${merchantCode}:${usernameKey}`,
    pair: `login:pair:${merchantCode}:${usernameKey}:${ip}`,
    ip: `login:ip:${ip}`,
  };
}
