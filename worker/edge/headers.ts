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
