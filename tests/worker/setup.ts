import { applyD1Migrations, env } from 'cloudflare:test';

// Every test file starts from the migrated schema plus the demo seed, as `npm start` builds it.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const seeded = await env.DB.prepare(`SELECT COUNT(*) AS n FROM merchants`).first<{ n: number }>();
if (!seeded || seeded.n === 0) {
  await env.DB.batch(env.TEST_SEED.map((sql) => env.DB.prepare(sql)));
}
