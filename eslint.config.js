import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The build-time language module; type-only imports (ViewProps) are fine. */
const SERVER_ONLY_LOCALE = {
  group: ['**/pages/_locale', '**/pages/_locale.ts'],
  allowTypeImports: true,
  message: 'src/pages/_locale.ts is build-time only (all locale files, node:async_hooks): browser code reads the page locale through rules/i18n.ts.',
};

/** Folders of the worker above worker/db (import specifiers are relative, so match them by folder name). */
const WORKER_ABOVE_DB = ['**/services/**', '**/middleware/**', '**/api/**', '**/edge/**', '**/console/**', '**/worker/index', '**/worker/index.ts'];

export default tseslint.config(
  { ignores: ['dist/**', '.astro/**', '.wrangler/**', 'node_modules/**', 'worker/worker-configuration.d.ts', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn', 'log', 'table'] }],
    },
  },
  {
    // Islands, components and hooks are views (docs/design.md "Stores"): they subscribe to stores and call actions;
    // only stores call the API.
    files: ['src/{islands,components,hooks}/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          group: ['**/api', '**/api/*', '**/src/api/**'],
          message: 'Islands, components and hooks do not call the API client: put the flow in a store under src/stores/ and subscribe to it.',
        }, SERVER_ONLY_LOCALE],
      }],
    },
  },
  {
    // src/pages/_locale.ts loads all 27 locale files and node:async_hooks: build-time only, never in a browser bundle.
    files: ['src/{stores,lib,api,directives}/**/*.{ts,tsx}', '{contract,rules}/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [SERVER_ONLY_LOCALE] }],
    },
  },
  {
    // The worker's layers (docs/design.md "Where things live"): lib ← model ← db ← services ← middleware ←
    // api/edge/console ← index. A lower layer never imports a higher one.
    files: ['worker/db/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          group: WORKER_ABOVE_DB,
          message: 'worker/db is below the services, middleware and routers: move the pure rule it needs down to worker/model.',
        }],
      }],
    },
  },
  {
    files: ['worker/lib/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          group: ['**/model/**', '**/db/**', ...WORKER_ABOVE_DB],
          message: 'worker/lib (envelope, validation, gateway) is the lowest layer of the worker: it imports no other worker folder.',
        }],
      }],
    },
  },
  {
    files: ['worker/model/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          group: ['**/db/**', ...WORKER_ABOVE_DB],
          message: 'worker/model holds pure rules under the queries: it imports nothing from worker/db or above.',
        }],
      }],
    },
  },
  {
    files: ['worker/services/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ name: 'hono', message: 'Services take plain arguments (worker/services/kit/request-scope.ts), not Hono\'s Context.' }],
        patterns: [{
          group: ['hono/*'],
          message: 'Services take plain arguments (worker/services/kit/request-scope.ts), not Hono\'s Context.',
        }, {
          group: ['**/middleware/**', '**/api/**', '**/edge/**', '**/console/**', '**/worker/index', '**/worker/index.ts'],
          message: 'Services sit under the middleware and the routers: they never import them.',
        }],
      }],
    },
  },
  {
    // Every SQL statement of the worker lives in worker/db/queries (docs/design.md "Habits", Data layer).
    files: ['worker/**/*.ts'],
    ignores: ['worker/db/**'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.property.name='prepare']",
        message: 'SQL lives in worker/db/queries: call a query function instead of preparing a statement here.',
      }, {
        selector: "CallExpression[callee.property.name='exec'][callee.object.property.name='sql']",
        message: 'Durable Object SQL lives in worker/db/queries too (e.g. chat-room.ts).',
      }],
    },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
