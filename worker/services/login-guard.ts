/**
 * The login guard rule (accounts §2 Login screen, §4 Auth): from the recent failed logins of one account
 * and of one client IP it decides whether the next attempt may go ahead, must carry a captcha, or is
 * refused outright. Pure: the counts come from 15-minute fixed windows kept in `rate_limits`.
 */

/** Length of the counting window (ms). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Thresholds, each "at or above this many failures in the window". */
export const LOGIN_THRESHOLDS = {
  /** One wrong password is enough to put a captcha in front of that account. */
  captchaAfterAccountFailures: 1,
  /** An address that keeps failing (many accounts, typos) gets a captcha on every account. */
  captchaAfterIpFailures: 3,
  lockAfterAccountFailures: 10,
  lockAfterIpFailures: 50,
} as const;

/** Recent failures counted for the attempt. */
export interface LoginFailureCounts {
  accountFailures: number;
  ipFailures: number;
}

/** `open`: just check the password; `captcha`: a valid captcha is needed first; `locked`: refuse (429). */
export type LoginGate = 'open' | 'captcha' | 'locked';

/** Decides the gate for a login attempt from the failure counts. */
export function loginGate({ accountFailures, ipFailures }: LoginFailureCounts): LoginGate {
  const t = LOGIN_THRESHOLDS;
  if (accountFailures >= t.lockAfterAccountFailures || ipFailures >= t.lockAfterIpFailures) return 'locked';
  if (accountFailures >= t.captchaAfterAccountFailures || ipFailures >= t.captchaAfterIpFailures) return 'captcha';
  return 'open';
}

/** Bucket names of the two counters (merchant-scoped account, global IP). */
export function loginBuckets(merchantCode: string, usernameKey: string, ip: string) {
  return {
    account: `login:acct:${merchantCode}:${usernameKey}`,
    ip: `login:ip:${ip}`,
  };
}
