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
