import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/envelope';
import { findMerchantByHost, type Merchant } from '../db/queries/merchants';

/** The merchant serving the current request (resolved from the host). */
export type MerchantContext = Merchant;

/**
 * Host → merchant answers are cached this long per isolate, so an operator change (maintenance, regions,
 * domains via `npm run operator`) reaches every visitor within 30 s without a deploy.
 */
const CACHE_TTL_MS = 30_000;
const cache = new Map<string, { merchant: Merchant | null; at: number }>();

/** Forgets cached host → merchant answers (operator scripts and tests change the table). */
export function clearMerchantCache(): void {
  cache.clear();
}

/** Lower-case host name of a request URL, without port. */
export function hostOf(url: string): string {
  return new URL(url).hostname.toLowerCase();
}

/**
 * The merchant serving `host` (lower-case, no port), or null when the host is not routed. Answers, including
 * "not routed", are cached 30 s per isolate.
 */
export async function merchantForHost(db: D1Database, host: string): Promise<Merchant | null> {
  const hit = cache.get(host);
  const now = Date.now();
  if (hit && now - hit.at < CACHE_TTL_MS) return hit.merchant;
  const merchant = await findMerchantByHost(db, host);
  cache.set(host, { merchant, at: now });
  return merchant;
}

/**
 * Domain routing (DESIGN.md, Merchant): maps the request host to its merchant and stores it as
 * `c.var.merchant`. A `merchant`, `merchant_code` or `merchantCode` query parameter must name the same
 * merchant, else 400 `merchant_mismatch`. Unrouted hosts get 404 `unknown_site`.
 */
export const merchantResolver = createMiddleware<AppEnv>(async (c, next) => {
  const merchant = await merchantForHost(c.env.DB, hostOf(c.req.url));
  if (!merchant) throw new ApiError(404, 'unknown_site', 'No site is configured for this host');
  const claimed = c.req.query('merchant') ?? c.req.query('merchant_code') ?? c.req.query('merchantCode');
  if (claimed && claimed.toUpperCase() !== merchant.code.toUpperCase()) {
    throw new ApiError(400, 'merchant_mismatch', 'The merchant parameter does not match this site');
  }
  c.set('merchant', merchant);
  await next();
});
