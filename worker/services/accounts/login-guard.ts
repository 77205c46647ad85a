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

/**
 * The address a login throttle counts under: an IPv4 address as it is (an IPv4-mapped IPv6 one as IPv4); an IPv6
 * address by its /64 prefix (`2001:db8:0:1::/64`), since one subscriber usually holds a whole /64 and could
 * otherwise rotate through 2^64 addresses past any per-IP limit. Anything unparseable is kept verbatim.
 */
export function ipThrottleKey(ip: string): string {
  const text = ip.trim().toLowerCase();
  if (!text.includes(':')) return text;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (mapped?.[1]) return mapped[1];
  const halves = text.split('::');
  if (halves.length > 2) return text;
  const [head = '', tail] = halves;
  const front = head === '' ? [] : head.split(':');
  const back = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return text;
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

/** Bucket names of the three counters (merchant-scoped account and account+address, global address). */
export function loginBuckets(merchantCode: string, usernameKey: string, ip: string) {
  const address = ipThrottleKey(ip);
  return {
    account: `login:acct:${merchantCode}:${usernameKey}`,
    pair: `login:pair:${merchantCode}:${usernameKey}:${address}`,
    ip: `login:ip:${address}`,
  };
}
