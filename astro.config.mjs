// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { fileURLToPath, URL } from 'node:url';

/** `client:interaction` (src/directives/interaction.ts): hydrate an island on the player's first interaction. */
const interactionDirective = {
  name: 'playdeck-client-interaction',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interaction', entrypoint: './src/directives/interaction.ts' });
    },
  },
};

/**
 * Browser chunks: without guidance the bundler splits the islands' shared code into dozens of tiny files (home
 * loaded 54). Two groups fold them: `react` (React, React DOM, the scheduler) and `app` (the stores, rules, typed
 * client, contract and presentational parts, with nanostores): a page with islands loads its renderer,
 * these two and its own island files. Pages whose islands all wait for interaction load none of them at first.
 */
const APP_MODULE = new RegExp([
  /src[\\/](lib|stores|api|contract|components)[\\/]/.source,
  /node_modules[\\/](nanostores|@nanostores[\\/]persistent)[\\/]/.source,
  // Small parts several islands share (each would otherwise be a request of its own).
  /src[\\/]islands[\\/](GameGrid|usePagedGames|useLanguageRevalidation|PagedFooter|BalanceWidget|ConfirmDialog|LogoutButton|MenuButton|HeaderDownloadIcon)\.tsx?$/.source,
].join('|'));
const PAGE_SCRIPT_MODULE = /src[\\/]lib[\\/](frame|help)\.ts$/;
const browserChunks = {
  name: 'playdeck-browser-chunks',
  configEnvironment(name) {
    if (name !== 'client') return undefined;
    return {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@nanostores[\\/]react)[\\/]/, priority: 3 },
                // The page scripts' own rules (frame.ts: back and swipe; help.ts) get their own small chunk, so a
                // page without hydrated islands loads only them, not the app chunk.
                { name: 'page-rules', test: PAGE_SCRIPT_MODULE, priority: 2 },
                // Only what two or more islands share: code of one screen (deposit, inbox, history, …) stays with its
                // island, so the app chunk every island page loads does not grow with every screen the site gains.
                { name: 'app', test: APP_MODULE, priority: 1, minShareCount: 2 },
              ],
            },
          },
        },
      },
    };
  },
};

/**
 * The browser build gets src/contract/schema-stub.ts for `zod`: the contract's schemas are the worker's validation
 * and the browser's types, and the browser runs none of them (the stub's docstring says why that is safe). Saves the
 * ~45 KB (gzip) zod would add to every page with an island. The server side of the build (pre-rendering) and the
 * worker keep the real zod.
 */
const browserSchemas = {
  name: 'playdeck-browser-schemas',
  enforce: 'pre',
  applyToEnvironment(environment) {
    return environment.name === 'client';
  },
  resolveId(id) {
    return id === 'zod' ? fileURLToPath(new URL('./src/contract/schema-stub.ts', import.meta.url)) : null;
  },
};

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
  integrations: [react(), interactionDirective],
  vite: { plugins: [browserChunks, browserSchemas] },
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        // The home page's video popup embeds the operator's YouTube videos (player-shell §2 video banner).
        "frame-src 'self' https://www.youtube.com",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
    },
  },
});
