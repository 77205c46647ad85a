import { applyD1Migrations, env } from 'cloudflare:test';
import { beforeEach } from 'vitest';
import { clearEdgeAnswers } from '../../worker/edge/fills/api';
import { resetUpstreamBreakers } from '../../worker/edge/upstream/upstream-guard';

// Every test file starts from the migrated schema plus the demo seed, as `npm start` builds it.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const seeded = await env.DB.prepare(`SELECT COUNT(*) AS n FROM merchants`).first<{ n: number }>();
if (!seeded || seeded.n === 0) {
  await env.DB.batch(env.TEST_SEED.map((sql) => env.DB.prepare(sql)));
}

// Every test starts with no visitor answers kept by the edge (worker/edge/fills/api.ts): a test's own fake platform
// or data must not be answered from a test before it.
// Nor with an upstream's circuit breaker opened by a test before it (worker/edge/upstream/upstream-guard.ts).
beforeEach(() => {
  clearEdgeAnswers();
  resetUpstreamBreakers();
});
