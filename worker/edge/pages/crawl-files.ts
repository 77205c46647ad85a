import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { hostOf, merchantForHost, siteCacheMs } from '../../middleware/merchant';
import { withAnswerCache, withDeadline, type ApiFetch } from '../fills/api';
import { upstreamSettings } from '../upstream/upstream-guard';
import { robotsText } from './crawl';
import { sitemapPages, sitemapXml } from './sitemap';

/** The file the build writes beside its pages (astro.config.mjs buildInfo): `{ "builtAt": <epoch ms> }`. */
export const BUILD_INFO_FILE = '/build-info.json';

/** Crawlers may keep a site's robots and sitemap this long (seconds). */
const CRAWL_FILE_MAX_AGE = 3600;

/** When the build was made (BUILD_INFO_FILE), or null when the build has no such file or it says nothing usable. */
async function builtAt(assets: Fetcher, origin: string): Promise<number | null> {
  try {
    const answer = await assets.fetch(new Request(new URL(BUILD_INFO_FILE, origin)));
    if (!answer.ok) {
      await answer.body?.cancel();
      return null;
    }
    const value = ((await answer.json()) as { builtAt?: unknown }).builtAt;
    return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** The answer for a host that serves no site: plain text 404. */
function noSite(): Response {
  return new Response('No site is configured for this host\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * `GET /robots.txt` of the request's site (docs/edge.md "Crawlers"; pages/crawl.ts robotsText): text/plain, kept by
 * crawlers for an hour; an unknown host: 404. Answered in maintenance and to every region too (a crawler that finds
 * no robots file would take every path as allowed).
 */
export async function serveRobots(c: Context<AppEnv>): Promise<Response> {
  const merchant = await merchantForHost(c.env.DB, hostOf(c.req.url), siteCacheMs(c.env));
  if (!merchant) return noSite();
  return new Response(robotsText(new URL(c.req.url).origin, merchant.brand.siteName), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': `public, max-age=${CRAWL_FILE_MAX_AGE}` },
  });
}

/**
 * `GET /sitemap.xml` of the request's site (docs/edge.md "Crawlers"; pages/sitemap.ts): application/xml, kept for
 * an hour; an unknown host: 404. The content (help, promotions, home's notices) is read like the pages' fills: the
 * queries directly in built-in mode, else the platform through `api` within the fill deadline, its answers kept per
 * isolate for SITE_CACHE_SECONDS.
 */
export async function serveSitemap(c: Context<AppEnv>, api: ApiFetch): Promise<Response> {
  const merchant = await merchantForHost(c.env.DB, hostOf(c.req.url), siteCacheMs(c.env));
  if (!merchant) return noSite();
  const origin = new URL(c.req.url).origin;
  const mode = c.env.UPSTREAM_API_URL ? 'upstream' : 'built-in';
  const bounded = mode === 'upstream' ? withDeadline(api, upstreamSettings(c.env).fillDeadlineMs) : api;
  const pages = await sitemapPages({
    origin,
    merchantCode: merchant.code,
    api: withAnswerCache(bounded, { mode, cacheMs: siteCacheMs(c.env) }),
    direct: mode === 'built-in' ? { db: c.env.DB, cacheMs: siteCacheMs(c.env) } : null,
    builtAt: await builtAt(c.env.ASSETS, origin),
    now: Date.now(),
  });
  return new Response(sitemapXml(origin, pages), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': `public, max-age=${CRAWL_FILE_MAX_AGE}` },
  });
}
