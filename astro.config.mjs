// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

/**
 * Every page is pre-rendered to static HTML in dist/client; the Hono worker (worker/index.ts) serves it
 * through the ASSETS binding and answers the API. Astro's CSP hashes its own hydration scripts and styles
 * into a <meta> policy, so no page needs 'unsafe-inline'.
 */
export default defineConfig({
  output: 'static',
  outDir: 'dist/client',
  build: { format: 'file', assets: '_assets' },
  trailingSlash: 'ignore',
  devToolbar: { enabled: false },
  integrations: [react()],
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
});
