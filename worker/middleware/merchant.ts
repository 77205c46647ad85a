import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/envelope';
import { findMerchantByHost, listSiteSwitches, type Merchant } from '../db/queries/merchants';

/**
 * Host → merchant answers are cached this long per isolate by default, so an operator change (maintenance,
 * regions, domains via `npm run operator`) reaches every visitor within 30 s without a deploy.
 */
const DEFAULT_CACHE_SECONDS = 30;
const cache = new Map<string, { merchant: Merchant | null; at: number }>();
const switchCache = new Map<string, { enabled: string[]; at: number }>();

/** The system status paths (platform-contract.md §2): an unknown host answers `domain_not_available` there. */
const STATUS_PATHS: ReadonlySet<string> = new Set(['/wps/system/status', '/wps/v2/system/status']);

/** Forgets cached host → merchant answers and site switches (operator scripts and tests change the tables). */
export function clearMerchantCache(): void {
  cache.clear();
  switchCache.clear();
}

/** Lower-case host name of a request URL, without port. */
export function hostOf(url: string): string {
  return new URL(url).hostname.toLowerCase();
}

/**
 * How long (ms) a host → merchant answer stays cached: SITE_CACHE_SECONDS (a whole number ≥ 0; 0 turns the
 * cache off) or 30 s. Anything else falls back to the default.
 */
export function siteCacheMs(env: { SITE_CACHE_SECONDS?: string | undefined }): number {
  const raw = env.SITE_CACHE_SECONDS;
  const seconds = raw !== undefined && /^\d{1,6}$/.test(raw) ? Number(raw) : DEFAULT_CACHE_SECONDS;
  return seconds * 1000;
}

/**
 * The merchant serving `host` (lower-case, no port), or null when the host is not routed. Answers, including
 * "not routed", are cached per isolate for `ttlMs` (see siteCacheMs).
 */
export async function merchantForHost(db: D1Database, host: string, ttlMs = DEFAULT_CACHE_SECONDS * 1000): Promise<Merchant | null> {
  const hit = cache.get(host);
  const now = Date.now();
  if (hit && now - hit.at < ttlMs) return hit.merchant;
  const merchant = await findMerchantByHost(db, host);
  cache.set(host, { merchant, at: now });
  return merchant;
}

/**
 * Domain routing (docs/design.md, Merchant): maps the request host to its merchant and stores it as
 * `c.var.merchant`. A `merchant`, `merchant_code` or `merchantCode` query parameter must name the same
 * merchant, else 400 `merchant_mismatch`. Unrouted hosts get 404 `unknown_site`, except on the system status
 * paths, which answer 404 `domain_not_available` as the platform does (platform-contract.md §1.5, §2: the
 * client shows its dedicated page).
 */
export const merchantResolver = createMiddleware<AppEnv>(async (c, next) => {
  const merchant = await merchantForHost(c.env.DB, hostOf(c.req.url), siteCacheMs(c.env));
  if (!merchant) {
    if (STATUS_PATHS.has(c.req.path)) throw new ApiError(404, 'domain_not_available', 'No site is configured for this domain');
    throw new ApiError(404, 'unknown_site', 'No site is configured for this host');
  }
  const claimed = c.req.query('merchant') ?? c.req.query('merchant_code') ?? c.req.query('merchantCode');
  if (claimed && claimed.toUpperCase() !== merchant.code.toUpperCase()) {
    throw new ApiError(400, 'merchant_mismatch', 'The merchant parameter does not match this site');
  }
  c.set('merchant', merchant);
  await next();
});

/**
 * The module ids of the site switches that are on for `merchantCode`, sorted (the edge writes them into every
 * page, see pages/site.ts). Cached per isolate like the host answers, for `ttlMs`.
 */
export async function enabledSwitchesFor(db: D1Database, merchantCode: string, ttlMs = DEFAULT_CACHE_SECONDS * 1000): Promise<string[]> {
  const hit = switchCache.get(merchantCode);
  const now = Date.now();
  if (hit && now - hit.at < ttlMs) return hit.enabled;
  const switches = await listSiteSwitches(db, merchantCode);
  const enabled = Object.keys(switches).filter((id) => switches[id] === true).sort();
  switchCache.set(merchantCode, { enabled, at: now });
  return enabled;
}
