import { defineConfig } from 'vitest/config';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { demoSeedStatements } from './worker/db/seed/demo.ts';

/**
 * Two projects: `unit` (pure rules, Node) and `worker` (the Hono app inside workerd against a real local
 * D1, migrated and seeded with the same files an operator uses).
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations('worker/db/migrations');
  return {
    test: {
      projects: [
        {
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.{ts,tsx}'],
            environment: 'node',
            setupFiles: ['tests/unit/setup.ts'],
          },
        },
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: './wrangler.jsonc' },
              miniflare: {
                bindings: {
                  APP_ENV: 'development',
                  TEST_MIGRATIONS: migrations,
                  TEST_SEED: demoSeedStatements(),
                  // The contract fuzzer's knobs (tests/worker/contract/contract-fuzz.test.ts): runs per call and seed.
                  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '',
                  FUZZ_SEED: process.env.FUZZ_SEED ?? '',
                },
              },
            }),
          ],
          test: {
            name: 'worker',
            include: ['tests/worker/**/*.test.ts'],
            setupFiles: ['tests/worker/setup.ts'],
            // As the browser tests do in CI: one retry absorbs a rare timing flake on a loaded 2-core runner
            // (a retried test still shows in the report as flaky).
            retry: process.env.CI ? 1 : 0,
          },
        },
      ],
    },
  };
});
