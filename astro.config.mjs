// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { build as viteBuild } from 'vite';
import { VIEW_ROUTES, routePatternOf } from './src/pages/_routes.ts';

/**
 * The pages (docs/languages.md): one Astro route per row of the page table (src/pages/_routes.ts),
 * `/[...i18n]<path>` with its view (src/views/<view>.astro) as the entry point; the view's getStaticPaths
 * (`pagePaths`) builds it in all 27 languages. The view is the page module, so each page keeps its own stylesheets
 * (Astro gathers a page's CSS from its module, and one module rendering every view would link all of them).
 */
const pageRoutes = {
  name: 'playdeck-page-routes',
  hooks: {
    'astro:config:setup': ({ injectRoute }) => {
      for (const route of VIEW_ROUTES) {
        injectRoute({ pattern: routePatternOf(route.path), entrypoint: `./src/views/${route.view}.astro`, prerender: true });
      }
    },
  },
};

/**
 * Built file names of stylesheets: as Astro names them (`_assets/<name>.<hash>.css`), except that a page's own
 * stylesheet (CSS no other page shares, named by Astro after the page module, `<View>@_@astro`) is named after the
 * last segment of the page's path, `home` for the view Home: the name it had when each route had a page file of
 * its own, so the built files keep their names.
 */
const PAGE_STYLESHEET_NAMES = new Map([...VIEW_ROUTES].reverse().map((route) => [route.view, route.path.split('/').pop()]));
function assetFileNames(/** @type {{ names?: string[] }} */ asset) {
  const [name = '', pageSuffix] = (asset.names?.[0] ?? '').split('@_@');
  if (pageSuffix === undefined) return '_assets/[name].[hash][extname]';
  return `_assets/${PAGE_STYLESHEET_NAMES.get(name) ?? name}.[hash][extname]`;
}

/**
 * `build-info.json` beside the pages: `{ "builtAt": <epoch ms> }`, when the build was made. The sitemap gives it as
 * the static pages' lastmod (worker/edge/pages/crawl-files.ts).
 */
const buildInfo = {
  name: 'playdeck-build-info',
  hooks: {
    'astro:build:done': ({ dir }) => {
      writeFileSync(new URL('build-info.json', dir), `${JSON.stringify({ builtAt: Date.now() })}\n`);
    },
  },
};

/**
 * The back office (src/console/, docs/back-office.md "The back office app") is a bundle of its own, built after the
 * pages: `src/console/console.html` → `console.html` beside the pages and its scripts under `_assets/console/`.
 * Built apart so that the player pages' chunks do not change by a byte: in the pages' build it would share React's
 * chunk and the bundler's helpers with the islands and split them differently (one more script on every island page).
 * The back office carries its own React; only the worker's console serves its page (worker/console/app-page.ts).
 */
const consoleBuild = {
  name: 'playdeck-console-build',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      await viteBuild({
        configFile: false,
        root: fileURLToPath(new URL('./src/console/', import.meta.url)),
        base: '/',
        logLevel: 'warn',
        oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        build: {
          outDir: fileURLToPath(dir),
          emptyOutDir: false,
          assetsDir: '_assets/console',
          modulePreload: false,
          reportCompressedSize: false,
          rolldownOptions: { input: { console: fileURLToPath(new URL('./src/console/console.html', import.meta.url)) } },
        },
      });
      logger.info('back office built: console.html, _assets/console/');
    },
  },
};

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
 * loaded 54). Three groups fold them: `react` (React, React DOM, the scheduler), `first-screen` (what the islands of
 * home's first screen need, hydrated on the first interaction or, the header, on a member's arrival: see
 * FIRST_SCREEN_ISLANDS) and `app` (the rest of the stores,
 * rules, typed client, contract and presentational parts that two or more islands share, with nanostores): a page
 * with islands loads its renderer, these and its own island files; home loads no `app` until the player interacts
 * or scrolls. Pages whose islands all wait for interaction (a visitor's home among them) load none of them at first.
 */
const APP_MODULE = new RegExp([
  /src[\\/](lib|stores|api|components|hooks)[\\/]/.source,
  // The shared contract and rules beside src/ (not a package's folder of the same name).
  /^(?!.*node_modules).*[\\/](contract|rules)[\\/]/.source,
  /node_modules[\\/](nanostores|@nanostores[\\/]persistent)[\\/]/.source,
  // Small parts several islands share (each would otherwise be a request of its own).
  /src[\\/]islands[\\/](GameGrid|usePagedGames|useLanguageRevalidation|PagedFooter|BalanceWidget|ConfirmDialog|LogoutButton|HeaderDownloadIcon)\.tsx?$/.source,
].join('|'));
const PAGE_SCRIPT_MODULE = /(src[\\/]lib[\\/]frame|rules[\\/](help|countdown))\.ts$/;
/**
 * The islands of home's first screen (src/views/Home.astro, src/layouts/Frame.astro): the header, the hot games row,
 * the download bar and the floating customer-service button. A visitor's home hydrates none of them before the
 * player interacts (`client:interaction`; the first HTML shows what they show: issue 9, TBT), a logged-in player's
 * header at once. Their shared code goes to the `first-screen` chunk, so the first interaction (or a member's
 * arrival) loads only that besides React; perf-budgets.json holds it to its budget. The build checks each against
 * its directive (FIRST_SCREEN_SOURCES), so the list cannot drift from the pages.
 */
const FIRST_SCREEN_ISLANDS = ['HomeHeader', 'HotGamesRow', 'DownloadBar', 'FloatingService'];
/** Where home's first-screen islands are placed; none of home's islands may hydrate on load or idle. */
const FIRST_SCREEN_SOURCES = ['src/views/Home.astro', 'src/layouts/Frame.astro'];

/** The problems of FIRST_SCREEN_ISLANDS against the pages' directives (empty: in step). */
function firstScreenDrift() {
  const sources = FIRST_SCREEN_SOURCES.map((file) => readFileSync(fileURLToPath(new URL(`./${file}`, import.meta.url)), 'utf8'));
  const problems = FIRST_SCREEN_ISLANDS
    .filter((name) => !sources.some((source) => new RegExp(`<${name}\\b[^>]*\\bclient:interaction\\b`).test(source)))
    .map((name) => `${name} is not placed with client:interaction in ${FIRST_SCREEN_SOURCES.join(' or ')}`);
  const eager = /<(\w+)\b[^>]*\bclient:(load|idle)\b/.exec(sources[0]);
  if (eager) problems.push(`${eager[1]} hydrates with client:${eager[2]} on home`);
  return problems;
}
const REACT_MODULE = /node_modules[\\/](react|react-dom|scheduler|@nanostores[\\/]react)[\\/]/;
const browserChunks = {
  name: 'playdeck-browser-chunks',
  /** Module ids of everything the first-screen islands import statically (filled when the module graph is known). */
  firstScreen: new Set(),
  buildEnd() {
    if (this.environment?.name !== 'client') return;
    const roots = new RegExp(`src[\\\\/]islands[\\\\/](${FIRST_SCREEN_ISLANDS.join('|')})\\.tsx$`);
    const ids = [...this.getModuleIds()];
    // The build also runs a client pass without modules (nothing to split there).
    if (ids.length === 0) return;
    const pending = ids.filter((id) => roots.test(id));
    if (pending.length !== FIRST_SCREEN_ISLANDS.length) this.warn(`first-screen islands found: ${pending.length} of ${FIRST_SCREEN_ISLANDS.length}`);
    const drift = firstScreenDrift();
    if (drift.length > 0) this.error(`FIRST_SCREEN_ISLANDS: ${drift.join('; ')}`);
    const seen = browserChunks.firstScreen;
    seen.clear();
    while (pending.length > 0) {
      const id = pending.pop();
      if (seen.has(id)) continue;
      seen.add(id);
      pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
    // The islands themselves stay in their own chunks.
    for (const id of [...seen]) if (roots.test(id)) seen.delete(id);
  },
  configEnvironment(name) {
    if (name !== 'client') return undefined;
    return {
      build: {
        rolldownOptions: {
          // The contract's schema builders (contract/schema-stub.ts in the browser, and contract/money.ts money()) have
          // no side effects the browser needs.
          treeshake: { manualPureFunctions: ['z', 'money'] },
          output: {
            codeSplitting: {
              groups: [
                { name: 'react', test: REACT_MODULE, priority: 4 },
                // The page scripts' own rules (frame.ts: back and swipe; help.ts; countdown.ts: the lottery page's
                // count-downs, shared with the lottery islands) stay inside those scripts; should an
                // island come to share one, it gets a small chunk of its own, so a page without hydrated islands
                // still loads only them, not the app chunk.
                { name: 'page-rules', test: PAGE_SCRIPT_MODULE, priority: 3, minShareCount: 2 },
                // Scripts only: an island's stylesheet stays the island's (the page links it), so loading the
                // islands' lazy parts never asks for a stylesheet of this chunk.
                { name: 'first-screen', test: (id) => browserChunks.firstScreen.has(id) && !REACT_MODULE.test(id) && !/\.css$/.test(id), priority: 2 },
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
 * The browser build gets contract/schema-stub.ts for `zod`: the contract's schemas are the worker's validation
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
    return id === 'zod' ? fileURLToPath(new URL('./contract/schema-stub.ts', import.meta.url)) : null;
  },
};

/**
 * The browser build keeps of each contract call (contract/calls) only what its client sends by: name, method,
 * path, module id and the flags. The call's schemas and its OpenAPI summary are left out there, and schema
 * builders count as free of side effects, so the schemas no browser code reads drop out of the bundle (with the
 * zod stand-in above they are inert anyway). The worker and the pre-rendering keep the full definitions.
 */
const BROWSER_DROPPED_CALL_FIELDS = new Set(['query', 'body', 'value', 'summary']);
const browserCallDefinitions = {
  name: 'playdeck-browser-call-definitions',
  enforce: 'post',
  applyToEnvironment(environment) {
    return environment.name === 'client';
  },
  transform: {
    filter: { id: /^(?!.*node_modules).*[\\/]contract[\\/]calls[\\/][\w-]+\.ts$/ },
    handler(code) {
      const cuts = [];
      const visit = (node) => {
        if (!node || typeof node !== 'object') return;
        if (Array.isArray(node)) {
          for (const child of node) visit(child);
          return;
        }
        if (node.type === 'CallExpression' && node.callee?.type === 'Identifier' && node.callee.name === 'defineCall'
          && node.arguments[0]?.type === 'ObjectExpression') {
          const { properties } = node.arguments[0];
          properties.forEach((property, i) => {
            const key = property.type === 'Property' && !property.computed ? (property.key.name ?? property.key.value) : null;
            // Up to the next property, so its comma goes too (the last one leaves a trailing comma, which is fine).
            if (BROWSER_DROPPED_CALL_FIELDS.has(key)) cuts.push({ start: property.start, end: properties[i + 1]?.start ?? property.end });
          });
          return;
        }
        for (const [field, child] of Object.entries(node)) if (field !== 'parent' && child && typeof child === 'object') visit(child);
      };
      visit(this.parse(code));
      if (cuts.length === 0) return null;
      let out = code;
      for (const cut of cuts.sort((a, b) => b.start - a.start)) out = out.slice(0, cut.start) + out.slice(cut.end);
      return { code: out, map: null };
    },
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
  // The site builds no Markdown pages (operator content is imported into the database, not built), so no code
  // highlighting: Astro's default, Shiki, would only warn at every build that its inline styles defy the CSP below.
  markdown: { syntaxHighlight: false },
  integrations: [react(), interactionDirective, pageRoutes, buildInfo, consoleBuild],
  vite: { plugins: [browserChunks, browserSchemas, browserCallDefinitions], build: { rolldownOptions: { output: { assetFileNames } } } },
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
