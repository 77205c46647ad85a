import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { isGatewayCall, type CallDef } from '../../../contract/call';
import { envelopeSchema, failureEnvelopeSchema, gatewayErrorSchema } from '../../../contract/envelope';
import { allCalls } from '../../../contract/index';
import { createApp } from '../../../worker/index';
import { openSlot } from '../../../worker/model/lottery/schedule';
import { createMember, pickGame, type TestMember } from '../fixtures';
import { malformedRequest, validRequest, type FieldHints, type FuzzRequest } from './fuzz-arbitraries';
import { dailyGame } from '../lottery-helpers';
import { formatBettingSlip } from '../../../contract/bettingSlip';
import { minorToWire } from '../../../contract/money';

/**
 * Issue 10, proof in the suite: property-based requests generated from the contract's call schemas against every
 * route of the built-in API, as a member with a session. Properties: no 5xx; every /wps answer is a valid envelope
 * (`envelopeSchema(def.value)` on success, `failureEnvelopeSchema` on failure); every /lgw answer is `def.value` or
 * `gatewayErrorSchema`; a rejected call moves no money (balance, ledger sum and count unchanged).
 * CI runs a fixed seed; `FUZZ_RUNS=2000 FUZZ_SEED=123 npx vitest run --project worker tests/worker/contract/contract-fuzz.test.ts`
 * runs more locally.
 */
const RUNS = Number(env.FUZZ_RUNS) > 0 ? Number(env.FUZZ_RUNS) : 50;
const SEED = Number.isSafeInteger(Number(env.FUZZ_SEED)) && env.FUZZ_SEED !== '' ? Number(env.FUZZ_SEED) : 20_261_124;

const app = createApp();
let member: TestMember;
let hints: FieldHints = {};

/** Calls that end the session they are sent with: fuzzed with a throwaway session so the member keeps theirs. */
const ENDS_SESSION = new Set(['logout', 'logoutAll']);

beforeAll(async () => {
  member = await createMember({ balanceMinor: 1_000_000 });
  // Real ids and values by field name, so valid-looking requests also get past lookups to the success paths.
  const slot = await pickGame(`vassalage = 'PD_SLOTS'`);
  const plain = await pickGame(`game_type = 'RNG'`);
  const lottery = await dailyGame();
  const issueNo = openSlot(lottery.schedule, Date.now()).issueNo;
  const nodeIds = [slot.node_id, plain.node_id, lottery.nodeId];
  hints = {
    nodeId: fc.constantFrom(...nodeIds, ...nodeIds.map(String)),
    gameId: fc.constantFrom(lottery.gameId, plain.game_id, slot.game_id),
    vassalage: fc.constantFrom(slot.vassalage, plain.vassalage, lottery.vassalage),
    merchant: fc.constant('DEMO'), merchantCode: fc.constant('DEMO'), merchant_code: fc.constant('DEMO'),
    stake: fc.constantFrom(0.1, 0.5, 1, 5, 10),
    prizeModeId: fc.constantFrom('ELOTT', 'LOTT'), prizeMode: fc.constantFrom('ELOTT', 'LOTT'),
    currentNumero: fc.constant(issueNo), issueNo: fc.constant(issueNo), chase: fc.constant(false), quickChase: fc.constant(false),
    bettingSlipString: fc.constant(formatBettingSlip([{ betType: 'sum_big_small', selection: { pick: 'big' }, stakeMinor: lottery.minStake }])),
    betCartAmountSum: fc.constant(minorToWire(lottery.minStake)),
    gameType: fc.constantFrom('ALL', 'RNG', 'LOTT', 'HOT'),
    pageNo: fc.constantFrom(1, 2), pageSize: fc.constantFrom(10, 20), page: fc.constantFrom(0, 1), size: fc.constantFrom(10, 50),
  };
});

/** The member's money: wallet balance and the ledger's count and sum (minor units). */
async function money(memberId: number) {
  const wallet = await env.DB.prepare(`SELECT balance_minor AS b FROM wallets WHERE member_id = ?`).bind(memberId).first<{ b: number }>();
  const ledger = await env.DB.prepare(`SELECT COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS s FROM ledger_entries WHERE member_id = ?`)
    .bind(memberId).first<{ n: number; s: number }>();
  return { balance: wallet?.b, entries: ledger?.n, sum: ledger?.s };
}

/** Sends one generated request through the app (as the demo merchant's host), returning status, headers and raw text. */
async function send(def: CallDef, req: FuzzRequest) {
  const headers = new Headers(req.headers);
  if (def.auth !== 'none' || req.kind !== 'valid') {
    headers.set('Authorization', ENDS_SESSION.has(def.name) ? (await createMember()).token : member.token);
  }
  const response = await app.request(`http://127.0.0.1${req.path}`, { method: req.method, headers, body: req.body ?? null }, env);
  return { status: response.status, contentType: response.headers.get('Content-Type') ?? '', text: await response.text() };
}

/** Why an answer breaks the contract, or null when it keeps it. `rejected` is set when the call did not succeed. */
function judge(def: CallDef, req: FuzzRequest, res: { status: number; contentType: string; text: string }): { problem: string | null; rejected: boolean } {
  if (res.status >= 500) return { problem: `${res.status} ${res.text.slice(0, 300)}`, rejected: true };
  if (req.kind !== 'method' && res.status === 200 && def.text) return { problem: null, rejected: false };
  let json: unknown;
  try {
    json = JSON.parse(res.text);
  } catch {
    return { problem: `not JSON (${res.status} ${res.contentType}): ${res.text.slice(0, 200)}`, rejected: true };
  }
  const ownCall = req.kind !== 'method';
  if (isGatewayCall(def)) {
    if (res.status === 200) {
      const parsed = (ownCall ? def.value : gatewayErrorSchema.or(def.value)).safeParse(json);
      return { problem: parsed.success ? null : `200 answer off its schema: ${parsed.error.message}`, rejected: false };
    }
    const parsed = gatewayErrorSchema.safeParse(json);
    return { problem: parsed.success ? null : `${res.status} not a gateway error: ${res.text.slice(0, 200)}`, rejected: true };
  }
  if (def.plain && res.status === 200) return { problem: null, rejected: false };
  const succeeded = res.status === 200 && (json as { success?: unknown }).success === true;
  if (!succeeded) {
    const parsed = failureEnvelopeSchema.safeParse(json);
    return { problem: parsed.success ? null : `${res.status} not a failure envelope: ${res.text.slice(0, 200)}`, rejected: true };
  }
  if (!ownCall) return { problem: null, rejected: false };
  const parsed = envelopeSchema(def.value).safeParse(json);
  return { problem: parsed.success ? null : `success envelope off its schema: ${parsed.error.message}`, rejected: false };
}

/** Fails with the seed and a shortened counterexample (a generated string can be 400 kB). */
function shortReport(details: fc.RunDetails<[FuzzRequest]>): void {
  if (!details.failed) return;
  const example = JSON.stringify(details.counterexample?.[0] ?? null, (_, v: unknown) => (typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}…(${v.length})` : v));
  throw new Error(`seed ${details.seed}, path ${String(details.counterexamplePath)}: ${example}\n${String(details.errorInstance ?? '').slice(0, 2000)}`);
}

describe('contract fuzz: every call of the built-in API, valid-looking and malformed requests', () => {
  it.each(allCalls().map((def) => [`${def.method} ${def.path}`, def] as const))('%s: no 5xx, answers on schema, rejected calls move no money', async (_, def) => {
    const requests = fc.oneof({ weight: 1, arbitrary: validRequest(def, hints) }, { weight: 1, arbitrary: malformedRequest(def, hints) });
    await fc.assert(fc.asyncProperty(requests, async (req) => {
      const before = await money(member.memberId);
      const res = await send(def, req);
      const { problem, rejected } = judge(def, req, res);
      if (problem) throw new Error(`${req.kind} ${req.method} ${req.path} body=${String(req.body).slice(0, 300)} → ${problem}`);
      if (rejected) expect(await money(member.memberId)).toEqual(before);
    }), { seed: SEED, numRuns: RUNS, endOnFailure: true, reporter: shortReport });
  }, 60_000);
});
