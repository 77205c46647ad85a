import { ApiError } from '../../lib/envelope';
import { hitCounter, type Counter } from '../../db/queries/rate-limits';

/** A limit: at most `max` events per fixed window of `windowMs` for one key. */
export interface RateLimit {
  /** Bucket prefix; the key (IP, account, …) is appended. */
  name: string;
  max: number;
  windowMs: number;
}

const HOUR_MS = 60 * 60 * 1000;

/** Registrations per client IP (accounts §3 registration; abuse protection). */
export const REGISTER_PER_IP: RateLimit = { name: 'register:ip', max: 10, windowMs: HOUR_MS };

/**
 * The registration limit in force: REGISTER_PER_IP, or the operator's REGISTER_LIMIT_PER_HOUR (a positive
 * integer) — e.g. a venue where many players share one public IP, or a local browser-test server.
 */
export function registerLimit(env: { REGISTER_LIMIT_PER_HOUR?: string | undefined }): RateLimit {
  const max = Number(env.REGISTER_LIMIT_PER_HOUR);
  return Number.isSafeInteger(max) && max > 0 ? { ...REGISTER_PER_IP, max } : REGISTER_PER_IP;
}
/** Trial accounts (free play, trial user) per client IP. */
export const TRIAL_PER_IP: RateLimit = { name: 'trial:ip', max: 20, windowMs: HOUR_MS };
/** Captcha images per client IP: each one is a row in D1, so a flood is refused early. */
export const CAPTCHA_PER_IP: RateLimit = { name: 'captcha:ip', max: 60, windowMs: 10 * 60 * 1000 };

/** Whole seconds until a counter's window ends (at least 1), for the Retry-After header. */
export function retryAfterSeconds(counter: Counter, windowMs: number, now = Date.now()): number {
  return Math.max(1, Math.ceil((counter.windowStart + windowMs - now) / 1000));
}

/**
 * Counts one event against `limit` for `key`; past the limit answers 429 `too_many_requests` with a
 * Retry-After header (seconds) and `value.retryAfter`.
 */
export async function consumeRateLimit(db: D1Database, limit: RateLimit, key: string, now = Date.now()): Promise<void> {
  const counter = await hitCounter(db, `${limit.name}:${key}`, limit.windowMs, now);
  if (counter.count > limit.max) {
    const retryAfter = retryAfterSeconds(counter, limit.windowMs, now);
    throw new ApiError(429, 'TOO_MANY_REQUEST', 'Too many requests from this address; try again later', { retryAfter }, {
      'Retry-After': String(retryAfter),
    });
  }
}

/** SMS sends per phone: one per minute (the client's countdown) and five per hour. */
export const SMS_PER_PHONE_MINUTE: RateLimit = { name: 'sms:phone:1m', max: 1, windowMs: 60 * 1000 };
export const SMS_PER_PHONE_HOUR: RateLimit = { name: 'sms:phone:1h', max: 5, windowMs: HOUR_MS };
/** SMS sends per client IP (one address asking codes for many numbers is a toll-fraud pattern). */
export const SMS_PER_IP: RateLimit = { name: 'sms:ip', max: 10, windowMs: HOUR_MS };
/**
 * Code checks per phone and requester IP (SMS login, reset, mobile registration) on top of the per-code try
 * limit (5 wrong tries kill a code, and codes are limited per phone): one requester cannot spend another's.
 */
export const SMS_VERIFY_PER_PHONE: RateLimit = { name: 'sms:verify', max: 20, windowMs: HOUR_MS };
/** Username availability checks per client IP. */
export const USERNAME_CHECK_PER_IP: RateLimit = { name: 'check:username:ip', max: 60, windowMs: 10 * 60 * 1000 };
/** Invitation-code lookups per client IP. */
export const AFFILIATE_LOOKUP_PER_IP: RateLimit = { name: 'affiliate:ip', max: 60, windowMs: 10 * 60 * 1000 };
/** Password resets per client IP. */
export const RESET_PER_IP: RateLimit = { name: 'reset:ip', max: 10, windowMs: HOUR_MS };
/** Social-login starts per client IP (each one stores a pending request). */
export const OAUTH_START_PER_IP: RateLimit = { name: 'oauth:start:ip', max: 30, windowMs: 10 * 60 * 1000 };
/** Feedback messages per member per hour (accounts §2 Feedback screen; spam guard chosen by PlayDeck). */
export const FEEDBACK_PER_MEMBER: RateLimit = { name: 'feedback:member', max: 5, windowMs: HOUR_MS };
/** Promotion applications per member per hour (uploads are costly; PlayDeck's choice). */
export const APPLY_PER_MEMBER: RateLimit = { name: 'apply:member', max: 10, windowMs: HOUR_MS };
/**
 * Inbox and chat reads per member (list, open, unread counts): the client polls the unread counts at most every
 * 250 ms on an event and every 30 s otherwise, so 120 a minute is far above a real player's use.
 */
export const CONVERSATION_READS_PER_MEMBER: RateLimit = { name: 'conv:read:member', max: 120, windowMs: 60 * 1000 };
/** Inbox changes (mark read, delete) and chat launches per member. */
export const CONVERSATION_WRITES_PER_MEMBER: RateLimit = { name: 'conv:write:member', max: 60, windowMs: 60 * 1000 };
