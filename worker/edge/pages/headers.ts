import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';

/**
 * Security headers for API responses: nothing may load from a JSON answer, and nothing may frame it.
 */
export const apiSecurityHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  crossOriginResourcePolicy: 'same-origin',
  strictTransportSecurity: 'max-age=31536000; includeSubDomains',
});

/**
 * Security headers for pages and assets. Scripts and styles are governed by the hash-based policy that the
 * build writes into each page's <meta> (no 'unsafe-inline'); the header adds what a meta policy cannot say.
 */
export const pageSecurityHeaders = secureHeaders({
  contentSecurityPolicy: {
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
  },
  xFrameOptions: 'SAMEORIGIN',
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: 'max-age=31536000; includeSubDomains',
  permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
});

/**
 * Caching of API answers (/wps/*, /lgw/*, built-in and upstream alike; issue 10): an answer to a request that
 * carries a session (`Authorization`) is always `Cache-Control: no-store`, whatever the handler said; any other
 * answer whose handler set no caching of its own (login, registration, free play and trial answers carry
 * tokens) is `no-store` too. Public, cacheable answers (settings, published keys) keep their own header.
 */
export const apiCacheControl = createMiddleware(async (c, next) => {
  await next();
  const carriesSession = (c.req.header('Authorization') ?? '').trim() !== '';
  if (carriesSession || !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
});

/**
 * The image origins a page may load besides its own (upstream mode only; docs/upstream-mode.md): the operator's
 * platform often hosts banner artwork on its own address or CDN, which the pages' `img-src 'self' data:` would
 * block. Upstream mode adds the origin of UPSTREAM_API_URL and every origin listed in UPSTREAM_MEDIA_ORIGINS
 * (comma- or space-separated, e.g. `https://cdn.platform.example, https://img.platform.example`). Only exact
 * http(s) origins are taken — a path is cut to its origin; wildcards, bare schemes (`https:`), `*` and anything
 * that is not a URL are ignored — so a typo can never open the policy wholesale. Built-in mode: none (artwork is
 * served by the worker itself under /media). Sorted, without duplicates.
 */
export function upstreamImageOrigins(env: { UPSTREAM_API_URL?: string | undefined; UPSTREAM_MEDIA_ORIGINS?: string | undefined }): string[] {
  if (!env.UPSTREAM_API_URL) return [];
  const listed = (env.UPSTREAM_MEDIA_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean);
  const origins = new Set<string>();
  for (const entry of [env.UPSTREAM_API_URL, ...listed]) {
    if (entry.includes('*') || !/^https?:\/\/[^/]/i.test(entry)) continue;
    try {
      const { origin } = new URL(entry);
      if (/^https?:\/\/[a-z0-9.-]+(:\d+)?$/.test(origin)) origins.add(origin);
    } catch {
      // not a URL: ignored
    }
  }
  return [...origins].sort();
}

/**
 * A page's content-security policy (the build's `<meta http-equiv="content-security-policy">`, where `img-src` lives;
 * astro.config.mjs) with `origins` added to its `img-src` directive. The policy is returned unchanged when there is
 * nothing to add or it has no `img-src` (then `default-src` governs images, and it is not widened).
 */
export function withImageOrigins(policy: string, origins: readonly string[]): string {
  if (origins.length === 0) return policy;
  return policy.replace(/(^|;)(\s*img-src\b)([^;]*)/i, (_all, start: string, name: string, sources: string) => {
    const present = new Set(sources.trim().split(/\s+/));
    const added = origins.filter((o) => !present.has(o));
    return `${start}${name}${sources.replace(/\s*$/, '')}${added.map((o) => ` ${o}`).join('')}`;
  });
}
