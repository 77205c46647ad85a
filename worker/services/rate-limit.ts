import { ApiError } from '../lib/envelope';
import { hitCounter, type Counter } from '../db/queries/rate-limits';

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
    throw new ApiError(429, 'too_many_requests', 'Too many requests from this address; try again later', { retryAfter }, {
      'Retry-After': String(retryAfter),
    });
  }
}
