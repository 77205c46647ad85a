import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      TEST_SEED: string[];
      /** Contract fuzzer: runs per call (blank: the CI default) and seed (blank: the fixed CI seed). */
      FUZZ_RUNS: string;
      FUZZ_SEED: string;
    }
  }
}
export {};
