import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import type { CallDef } from '../../../contract/call';
import { consoleCallList } from '../../../contract/calls/console';
import { createApp } from '../../../worker/index';
import { malformedRequest, validRequest, type FuzzRequest } from '../contract/fuzz-arbitraries';
import { enrolled, freshIp, makeOperator, signIn } from './console-helpers';

/**
 * The console API fuzzed like the player API (tests/worker/contract/contract-fuzz.test.ts): valid-looking and
 * malformed requests generated from every console call's schemas (the areas' included, `consoleCallList()`), sent as
 * a signed-in owner (every permission) with the CSRF token and this site's origin, so they reach the handlers.
 * Property: never a 5xx. Path parameters (`:id` or `{id}`) are generated. CI runs a fixed seed;
 * `FUZZ_RUNS=500 FUZZ_SEED=1 npx vitest run --project worker tests/worker/console/console-fuzz.test.ts` runs more.
 */
const RUNS = Number(env.FUZZ_RUNS) > 0 ? Number(env.FUZZ_RUNS) : 40;
const SEED = Number.isSafeInteger(Number(env.FUZZ_SEED)) && env.FUZZ_SEED !== '' ? Number(env.FUZZ_SEED) : 20_261_129;

const app = createApp();
let owner: { Cookie: string; 'X-CSRF-Token': string };
/** A support agent whose sessions the session-ending calls use up. */
let throwaway: string;

/** Calls that end the session they are sent with: fuzzed with a throwaway session. */
const ENDS_SESSION = new Set(['consoleLogout']);

beforeAll(async () => {
  owner = (await enrolled('owner')).headers;
  throwaway = await makeOperator('support');
}, 30_000);

/** The call with its `:name` parameters written `{name}`, as the generators fill them. */
const braced = (def: CallDef): CallDef => ({ ...def, path: def.path.replace(/:(\w+)/g, '{$1}') });

async function send(def: CallDef, req: FuzzRequest): Promise<{ status: number; text: string }> {
  const session = ENDS_SESSION.has(def.name) ? await (async () => {
    const s = await signIn(throwaway);
    return { Cookie: s.cookie, 'X-CSRF-Token': s.csrf };
  })() : owner;
  const headers = new Headers({ ...req.headers, ...session, Origin: 'http://127.0.0.1', 'CF-Connecting-IP': freshIp() });
  const response = await app.request(`http://127.0.0.1${req.path}`, { method: req.method, headers, body: req.body ?? null }, env);
  return { status: response.status, text: await response.text() };
}

describe('console fuzz: every console call, valid-looking and malformed requests, 0 × 5xx', () => {
  it.each(consoleCallList().map((def) => [`${def.method} ${def.path}`, def] as const))('%s', async (_, def) => {
    const shaped = braced(def);
    const requests = fc.oneof(validRequest(shaped), malformedRequest(shaped));
    await fc.assert(fc.asyncProperty(requests, async (req) => {
      const res = await send(def, req);
      if (res.status >= 500) throw new Error(`${req.kind} ${req.method} ${req.path} body=${String(req.body).slice(0, 300)} → ${res.status} ${res.text.slice(0, 300)}`);
    }), { seed: SEED, numRuns: RUNS, endOnFailure: true });
  }, 60_000);
});
