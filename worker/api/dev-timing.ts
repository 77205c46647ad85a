import { Hono, type ExecutionContext as HonoExecutionContext } from 'hono';
import type { AppEnv, Bindings } from '../env';
import { catalogueCalls } from '../../contract/calls/catalogue';
import { ApiError, ok } from '../lib/envelope';
import { pageGamesStatements } from '../db/queries/games';
import { EMPTY_TYPES, gameListFilter } from '../services/games/game-list';
import { walletDebitStatements } from '../services/games/providers/wallet';
import { loadBonusRules } from '../services/wallet/bonus-rules';
import { signedHeaders } from '../services/wallet/payments/signature';
import { findGameProvider, findProviderSession } from '../db/queries/provider-wallet';
import { findBonusRulesRow } from '../db/queries/bonus-rules';

/** Fetch of the whole worker app (the timing route calls the real game-list route in-process). */
export type AppFetch = (request: Request, env: Bindings, ctx: HonoExecutionContext | undefined) => Response | Promise<Response>;

/** The request's execution context, or undefined where there is none (`app.request` in tests). */
function executionContext(c: { executionCtx: HonoExecutionContext }): HonoExecutionContext | undefined {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

/** Timings in one block of the measurement: this many game-list requests, then this many bare queries. */
const BLOCK = 10;
/** Runs per measurement: default and cap (each run is one request and one query). */
const DEFAULT_RUNS = 200;
const MAX_RUNS = 2000;

/**
 * Development-only measurement for `npm run bench:api` (scripts/bench-api.ts), mounted at /wps/playdeck/dev.
 * Outside APP_ENV=development every path here answers exactly like an unknown API route (404 `not_found`), so
 * the production worker exposes nothing.
 *
 * GET /gameListTiming?runs=200&<game-list query> → `{ runs, handlerMs, queryMs, ratio }`: the mean time (ms) of
 * one whole GET /wps/relay/GCSGAME_gameList with that query through the worker in-process (edge middleware,
 * validation, handler, envelope, body read; no network), the mean time of the bare D1 batch that handler runs
 * (the same statements, `pageGamesStatements`, rows not mapped), and handler ÷ query. Measured in alternating
 * blocks of 10 with `performance.now()` (it advances with CPU time in local workerd; production freezes it
 * between I/O, another reason this never runs there). 400 `request_param_err` for an invalid game-list query
 * or an empty game type (no query to time); 500 `internal_error` when the game list itself fails.
 */
export function devTimingRouter(appFetch: AppFetch) {
  return new Hono<AppEnv>()
    .use('*', async (c, next) => {
      if (c.env.APP_ENV !== 'development') throw new ApiError(404, 'not_found', 'No such API route');
      await next();
    })
    .get('/gameListTiming', async (c) => {
      const url = new URL(c.req.url);
      const runsParam = Number(url.searchParams.get('runs') ?? DEFAULT_RUNS);
      const runs = Number.isInteger(runsParam) ? Math.min(Math.max(runsParam, BLOCK), MAX_RUNS) : DEFAULT_RUNS;
      url.searchParams.delete('runs');
      const parsed = catalogueCalls.gameList.query!.safeParse(Object.fromEntries(url.searchParams));
      if (!parsed.success || (parsed.data.gameType !== undefined && EMPTY_TYPES.has(parsed.data.gameType))) {
        throw new ApiError(400, 'request_param_err', 'A game-list query with stored games is needed');
      }
      const q = parsed.data;
      const filter = gameListFilter(q, () => {
        throw new ApiError(400, 'request_param_err', 'favourites are not timed');
      });
      const db = c.env.DB;
      const listUrl = new URL(`/wps/relay/GCSGAME_gameList${url.search}`, url);
      const headers = new Headers(c.req.raw.headers);
      const ctx = executionContext(c);
      let handlerMs = 0;
      let queryMs = 0;
      for (let done = 0; done < runs; done += BLOCK) {
        const t0 = performance.now();
        for (let i = 0; i < BLOCK; i++) {
          const res = await appFetch(new Request(listUrl, { headers }), c.env, ctx);
          await res.text();
          if (!res.ok) throw new ApiError(500, 'internal_error', `The game list answered ${res.status}`);
        }
        const t1 = performance.now();
        for (let i = 0; i < BLOCK; i++) {
          await db.batch(pageGamesStatements(db, c.var.merchant.code, filter, { pageNo: q.pageNo, pageSize: q.pageSize }));
        }
        handlerMs += t1 - t0;
        queryMs += performance.now() - t1;
      }
      const measured = Math.ceil(runs / BLOCK) * BLOCK;
      return ok(c, {
        runs: measured,
        handlerMs: handlerMs / measured,
        queryMs: queryMs / measured,
        ratio: queryMs > 0 ? handlerMs / queryMs : null,
      });
    })
    /**
     * GET /walletTiming?runs=200&provider=<code>&sessionId=<id> → `{ runs, handlerMs, queryMs, ratio }`: the mean time
     * (ms) of one whole signed debit of 0.01 (POST /wps/playdeck/games/wallet/<code>/debit, a new transaction id each)
     * through the worker in-process, against the bare D1 batch such a debit writes (walletDebitStatements: ledger
     * entry, provider transaction with its row check, limit guard), alternating blocks of 10 as above. 400 `request_param_err` without a
     * provider with its key set or a live session of it (docs/game-providers.md; scripts/bench-api.ts makes both).
     */
    .get('/walletTiming', async (c) => {
      const url = new URL(c.req.url);
      const runsParam = Number(url.searchParams.get('runs') ?? DEFAULT_RUNS);
      const runs = Number.isInteger(runsParam) ? Math.min(Math.max(runsParam, BLOCK), MAX_RUNS) : DEFAULT_RUNS;
      const where = { merchantCode: c.var.merchant.code, providerCode: url.searchParams.get('provider') ?? '' };
      const provider = await findGameProvider(c.env.DB, where.merchantCode, where.providerCode);
      const secret = provider ? (c.env as unknown as Record<string, unknown>)[provider.secretName] : undefined;
      const session = await findProviderSession(c.env.DB, where, url.searchParams.get('sessionId') ?? '');
      if (!provider || typeof secret !== 'string' || !session?.sessionId) {
        throw new ApiError(400, 'request_param_err', 'A provider with its key and a live session of it are needed');
      }
      const db = c.env.DB;
      const rules = await loadBonusRules(db, where.merchantCode);
      // The same row check a debit from cached reads writes (docs/game-providers.md "Wallet timing").
      const live = { sessionId: session.sessionId, secretName: provider.secretName, contributions: (await findBonusRulesRow(db, where.merchantCode))?.contributions?.toString() ?? null };
      const debitUrl = new URL(`/wps/playdeck/games/wallet/${provider.code}/debit`, url);
      const ctx = executionContext(c);
      const stamp = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
      let handlerMs = 0;
      let queryMs = 0;
      for (let done = 0; done < runs; done += BLOCK) {
        const bodies = Array.from({ length: BLOCK }, (_, i) => JSON.stringify({
          sessionId: session.sessionId, playerId: String(session.memberId), transactionId: `timing-${stamp}-${done + i}`,
          roundId: `timing-${stamp}-${done + i}`, gameCode: session.gameCode, amount: '0.01', currency: session.currency,
        }));
        const signed = await Promise.all(bodies.map((body) => signedHeaders(secret, body)));
        const t0 = performance.now();
        for (let i = 0; i < BLOCK; i++) {
          const res = await appFetch(new Request(debitUrl, {
            method: 'POST', body: bodies[i], headers: { ...signed[i], 'Content-Type': 'application/json', Host: url.host },
          }), c.env, ctx);
          await res.text();
          if (!res.ok) throw new ApiError(500, 'internal_error', `The wallet debit answered ${res.status}`);
        }
        const t1 = performance.now();
        for (let i = 0; i < BLOCK; i++) {
          await db.batch(walletDebitStatements(db, where, session, rules, { transactionId: `timing-${stamp}-bare-${done + i}`, roundId: `timing-${stamp}-bare`, amountMinor: 1, live }, Date.now()));
        }
        handlerMs += t1 - t0;
        queryMs += performance.now() - t1;
      }
      const measured = Math.ceil(runs / BLOCK) * BLOCK;
      return ok(c, { runs: measured, handlerMs: handlerMs / measured, queryMs: queryMs / measured, ratio: queryMs > 0 ? handlerMs / queryMs : null });
    });
}
