import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The build-time language module; type-only imports (ViewProps) are fine. */
const SERVER_ONLY_LOCALE = {
  group: ['**/views/locale', '**/views/locale.ts'],
  allowTypeImports: true,
  message: 'src/views/locale.ts is build-time only (all locale files, node:async_hooks): browser code reads the page locale through rules/i18n.ts.',
};

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
    // src/views/locale.ts loads all 27 locale files and node:async_hooks: build-time only, never in a browser bundle.
    files: ['src/{stores,lib,api,directives}/**/*.{ts,tsx}', '{contract,rules}/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [SERVER_ONLY_LOCALE] }],
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
