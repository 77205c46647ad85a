import { env } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../worker/lib/envelope';
import type { UpstreamFetch } from '../../../worker/edge/upstream/upstream';
import { clearPlatformKeyCache } from '../../../worker/edge/upstream/upstream-key';
import { sealPayload, type PayloadKey } from '../../../contract/payload-crypto';
import { createStandin, type Standin } from '../../platform-standin/app';
import { TEST_NOW_HEADER } from '../../../worker/lib/clock';
import { insertExclusionStatement } from '../../../worker/db/queries/protection-exclusions';
import { UPSTREAM_GUARDED_CALLS, amountOfBody, guardedCallOf } from '../../../worker/model/upstream-guarded-calls';
import { page } from '../page-helpers';

/**
 * Player protection at the edge in upstream mode (docs/player-protection.md "Upstream mode"), in front of the platform
 * stand-in: the platform's member id from its own answers, the edge's session record (session time limit, reality
 * checks), exclusions refusing log-in and play, and deposit and wager limits on the calls the edge forwards.
 */
let standin: Standin;
let options: { upstream: { fetch: UpstreamFetch } };
const upstreamEnv = { UPSTREAM_API_URL: 'http://platform.standin.test' };
const MINUTE = 60_000;
/** Platform member ids of this file (far from other files' stand-ins, which number theirs from 1). */
let nextId = 7_100_000 + Math.floor(Math.random() * 100_000) * 10;

beforeAll(async () => {
  standin = await createStandin({ captchaAnswer: '4242' });
  options = { upstream: { fetch: (request) => standin.fetch(request as Request) } };
});
beforeEach(clearPlatformKeyCache);

/** A platform account with its own member id (the stand-in keeps accounts in memory). */
function platformPlayer(balanceMinor = 100_000): { username: string; password: string; id: number } {
  const id = nextId++;
  const username = `up${id}`;
  standin.players.set(username, { id, username, password: 'secret12', nickname: username, balanceMinor, favourites: [], firstTimeLogin: true });
  return { username, password: 'secret12', id };
}

type Init = { method?: string; token?: string; json?: unknown; at?: number; headers?: Record<string, string> };

/** One call through PlayDeck in upstream mode; answers status and the parsed JSON. */
async function send<T = unknown>(path: string, init: Init = {}): Promise<{ status: number; body: Envelope<T> }> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.token) headers.Authorization = init.token;
  if (init.at !== undefined) headers[TEST_NOW_HEADER] = String(init.at);
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const answer = await page(path, {
    method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json), env: upstreamEnv, options,
  });
  return { status: answer.status, body: JSON.parse(answer.text) as Envelope<T> };
}

/** Logs in through PlayDeck (a sealed body, re-encrypted for the platform). */
async function login(username: string, password: string) {
  const key = (JSON.parse((await page('/wps/playdeck/payloadKey', { env: upstreamEnv, options })).text) as Envelope<PayloadKey>).value;
  const sealed = await sealPayload(key, '/wps/session/login', { type: 'username', username, password });
  const answer = await page('/wps/session/login', {
    method: 'POST', body: JSON.stringify(sealed.json), headers: { 'Content-Type': 'application/json', Encryption: sealed.header }, env: upstreamEnv, options,
  });
  return { status: answer.status, body: JSON.parse(answer.text) as Envelope<{ token: string; id: number } | null>, text: answer.text };
}

async function loggedIn(balanceMinor?: number) {
  const player = platformPlayer(balanceMinor);
  const answer = await login(player.username, player.password);
  expect(answer.status, answer.text).toBe(200);
  return { ...player, token: answer.body.value!.token };
}

const platformCalls = (path: string, method = 'GET') => standin.seen.filter((r) => r.method === method && new URL(r.url).pathname === path).length;

describe('the guarded calls', () => {
  it('lists each log-in, launch, deposit and bet call once, and reads amounts in currency units', () => {
    expect(new Set(UPSTREAM_GUARDED_CALLS.map((c) => `${c.method} ${c.path}`)).size).toBe(UPSTREAM_GUARDED_CALLS.length);
    expect(guardedCallOf('GET', '/wps/game/launchGame/')?.kind).toBe('launch');
    expect(guardedCallOf('POST', '/lgw/orders/betting')?.amountField).toBe('betCartAmountSum');
    expect(guardedCallOf('GET', '/wps/wallets/gcs')).toBeNull();
    expect(amountOfBody('{"amount":"12.50"}', 'amount')).toBe(1250);
    expect(amountOfBody('{"amount":7}', 'amount')).toBe(700);
    for (const bad of ['{"amount":"1e3"}', '{"amount":-5}', '{"amount":"0"}', '{}', 'not json', '{"amount":"1.005"}']) expect(amountOfBody(bad, 'amount')).toBeNull();
  });
});

describe('upstream mode: the platform member behind a session', () => {
  it('keys the limits by the platform member id from the log-in answer and offers deposit and wager limits only', async () => {
    const player = await loggedIn();
    const set = await send<{ limits: { kinds: string[] } }>('/wps/playdeck/protection/limits', {
      method: 'POST', token: player.token, json: { kind: 'deposit', period: 'day', amount: 100 },
    });
    expect(set.status).toBe(200);
    expect(set.body.value.limits.kinds).toEqual(['deposit', 'wager']);
    const row = await env.DB.prepare(`SELECT member_id, merchant_code FROM protection_limits WHERE member_id = ?`).bind(player.id).first();
    expect(row).toEqual({ member_id: player.id, merchant_code: 'DEMO' });
    const loss = await send('/wps/playdeck/protection/limits', { method: 'POST', token: player.token, json: { kind: 'loss', period: 'day', amount: 10 } });
    expect(loss.status).toBe(409);
    expect(loss.body.errorCode).toBe('limit_not_available');
    // The statements need the platform's money figures: not served in upstream mode.
    const statement = await send('/wps/playdeck/protection/statement?from=2026-01-01&to=2026-01-02', { token: player.token });
    expect(statement.body.errorCode).toBe('function.not.available');
  });

  it('identifies a token it has not seen by the platform’s member info, and refuses a token the platform refuses', async () => {
    // A token the platform never issued, and a session whose log-in the edge has no record of (as if opened before).
    const token = `sti${crypto.randomUUID().replace(/-/g, '')}`;
    const fresh = await loggedIn();
    await env.DB.prepare(`DELETE FROM upstream_sessions WHERE member_id = ?`).bind(fresh.id).run();
    const before = platformCalls('/wps/member/info');
    const limits = await send<{ limits: unknown[] }>('/wps/playdeck/protection/limits', { token: fresh.token });
    expect(limits.status).toBe(200);
    expect(platformCalls('/wps/member/info')).toBe(before + 1);
    const recorded = await env.DB.prepare(`SELECT member_id FROM upstream_sessions WHERE member_id = ?`).bind(fresh.id).first();
    expect(recorded).toEqual({ member_id: fresh.id });
    const refused = await send('/wps/playdeck/protection/limits', { token });
    expect(refused.status).toBe(401);
    expect(refused.body.errorCode).toBe('user.or.token.invalid');
  });
});

describe('upstream mode: session time limit and reality checks on the edge’s session record', () => {
  it('ends the session once its time limit passed: every call answers 401 session_time_limit and the platform session is logged out', async () => {
    const player = await loggedIn();
    const start = Date.now();
    const set = await send('/wps/playdeck/protection/sessionLimit', { method: 'POST', token: player.token, json: { minutes: 5 } });
    expect(set.status).toBe(200);
    expect((await send('/wps/wallets/gcs', { token: player.token, at: start + 4 * MINUTE })).status).toBe(200);
    const logouts = platformCalls('/wps/session/logout', 'DELETE');
    const ended = await send('/wps/wallets/gcs', { token: player.token, at: start + 6 * MINUTE });
    expect(ended.status).toBe(401);
    expect(ended.body.errorCode).toBe('session_time_limit');
    expect(platformCalls('/wps/session/logout', 'DELETE')).toBe(logouts + 1);
    // Still ended, on forwarded calls and on the calls PlayDeck answers, whatever the clock says.
    expect((await send('/wps/member/info', { token: player.token })).body.errorCode).toBe('session_time_limit');
    expect((await send('/wps/playdeck/protection/realityCheck', { token: player.token })).body.errorCode).toBe('session_time_limit');
    // A new log-in is a new session with its own start.
    const again = await login(player.username, player.password);
    expect(again.status).toBe(200);
    expect((await send('/wps/wallets/gcs', { token: again.body.value!.token })).status).toBe(200);
  });

  it('runs the reality check from the session’s start kept at the edge: due after the interval, continue only when due', async () => {
    const player = await loggedIn();
    const first = await send<{ dueAt: number; sessionStartedAt: number; intervalMinutes: number; netResult: number | null }>(
      '/wps/playdeck/protection/realityCheck', { token: player.token },
    );
    expect(first.status).toBe(200);
    expect(first.body.value.intervalMinutes).toBe(60);
    expect(first.body.value.netResult).toBeNull();
    const start = first.body.value.sessionStartedAt;
    expect(first.body.value.dueAt).toBe(start + 60 * MINUTE);
    const chosen = await send<{ dueAt: number }>('/wps/playdeck/protection/realityCheck', { method: 'POST', token: player.token, json: { minutes: 15 } });
    expect(chosen.body.value.dueAt).toBe(start + 15 * MINUTE);
    const early = await send('/wps/playdeck/protection/realityCheck/continue', { method: 'POST', token: player.token, json: {}, at: start + 10 * MINUTE });
    expect(early.body.errorCode).toBe('reality_check_not_due');
    // A reload (a new read) does not restart the clock.
    const reread = await send<{ dueAt: number; playedMs: number }>('/wps/playdeck/protection/realityCheck', { token: player.token, at: start + 16 * MINUTE });
    expect(reread.body.value.dueAt).toBe(start + 15 * MINUTE);
    expect(reread.body.value.playedMs).toBe(16 * MINUTE);
    const next = await send<{ dueAt: number }>('/wps/playdeck/protection/realityCheck/continue', {
      method: 'POST', token: player.token, json: {}, at: start + 16 * MINUTE,
    });
    expect(next.status).toBe(200);
    expect(next.body.value.dueAt).toBe(start + 31 * MINUTE);
  });
});

describe('upstream mode: exclusions at the edge', () => {
  it('refuses the log-in of a member on a break after the platform accepted it, without handing over the token', async () => {
    const player = platformPlayer();
    const now = Date.now();
    await insertExclusionStatement(env.DB, { merchantCode: 'DEMO', memberId: player.id }, { kind: 'break', startedAt: now - MINUTE, endsAt: now + 24 * 60 * MINUTE, setBy: 'player' }).run();
    const logouts = platformCalls('/wps/session/logout', 'DELETE');
    const answer = await login(player.username, player.password);
    expect(answer.status).toBe(403);
    expect(answer.body.errorCode).toBe('player_on_break');
    expect(answer.text).not.toContain('"token"');
    expect(platformCalls('/wps/session/logout', 'DELETE')).toBe(logouts + 1);
  });

  it('ends a live session of a member who became excluded: launch and every later call refused', async () => {
    const player = await loggedIn();
    const now = Date.now();
    await insertExclusionStatement(env.DB, { merchantCode: 'DEMO', memberId: player.id }, { kind: 'self_exclusion', startedAt: now, endsAt: null, setBy: 'operator' }).run();
    const launch = await send('/wps/game/launchGame?launchMode=GLS&nodeId=1001&gameId=1', { token: player.token });
    expect(launch.status).toBe(403);
    expect(launch.body.errorCode).toBe('player_self_excluded');
    expect((await send('/wps/wallets/gcs', { token: player.token })).body.errorCode).toBe('player_self_excluded');
  });
});

describe('upstream mode: deposit and wager limits on the calls the edge forwards', () => {
  const deposit = (token: string, amount: unknown, headers: Record<string, string> = {}) =>
    send<{ kind: string; remaining: number } | { redirectUrl: string }>('/wps/relay/MCSFE_depositByLaunchUrl', {
      method: 'POST', token, json: { amount, bankCode: 'X', vendorId: 1 }, headers,
    });

  it('counts the deposits it forwarded against a deposit limit and refuses the one that would pass it, naming what is left', async () => {
    const player = await loggedIn();
    await send('/wps/playdeck/protection/limits', { method: 'POST', token: player.token, json: { kind: 'deposit', period: 'day', amount: 100 } });
    expect((await deposit(player.token, '60.00')).status).toBe(200);
    const applied = standin.counts.get('POST /wps/relay/MCSFE_depositByLaunchUrl')?.applied ?? 0;
    const refused = await deposit(player.token, 50);
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('deposit_limit_exceeded');
    expect(refused.body.value).toMatchObject({ kind: 'deposit', period: 'day', limit: 100, remaining: 40 });
    expect(standin.counts.get('POST /wps/relay/MCSFE_depositByLaunchUrl')?.applied).toBe(applied);
    const limits = await send<{ limits: { kind: string; used: number }[] }>('/wps/playdeck/protection/limits', { token: player.token });
    expect(limits.body.value.limits.find((l) => l.kind === 'deposit')?.used).toBe(60);
    // An amount the edge cannot read is refused before it reaches the platform.
    expect((await deposit(player.token, 'ten')).body.errorCode).toBe('request_param_err');
  });

  it('lets parallel deposits through up to the limit and never past it; a retried key is counted once', async () => {
    const player = await loggedIn();
    await send('/wps/playdeck/protection/limits', { method: 'POST', token: player.token, json: { kind: 'deposit', period: 'week', amount: 100 } });
    const answers = await Promise.all(Array.from({ length: 8 }, () => deposit(player.token, 30)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.body.errorCode === 'deposit_limit_exceeded')).toHaveLength(5);
    const used = await env.DB.prepare(`SELECT SUM(amount_minor) AS n FROM upstream_movements WHERE member_id = ? AND status = 'accepted'`).bind(player.id).first<{ n: number }>();
    expect(used?.n).toBe(9000);
    const other = await loggedIn();
    await send('/wps/playdeck/protection/limits', { method: 'POST', token: other.token, json: { kind: 'deposit', period: 'day', amount: 50 } });
    const key = { 'Idempotency-Key': crypto.randomUUID() };
    expect((await deposit(other.token, 40, key)).status).toBe(200);
    expect((await deposit(other.token, 40, key)).status).toBe(200);
    const rows = await env.DB.prepare(`SELECT COUNT(*) AS n FROM upstream_movements WHERE member_id = ?`).bind(other.id).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it('drops a deposit the platform refused, so it does not count', async () => {
    const player = await loggedIn();
    await send('/wps/playdeck/protection/limits', { method: 'POST', token: player.token, json: { kind: 'deposit', period: 'day', amount: 100 } });
    // The stand-in refuses a deposit of another session's token: log out at the platform first, then deposit.
    await send('/wps/session/logout', { method: 'DELETE', token: player.token, json: {} });
    const gone = await deposit(player.token, 80);
    expect(gone.status).toBe(401);
    const rows = await env.DB.prepare(`SELECT COUNT(*) AS n FROM upstream_movements WHERE member_id = ?`).bind(player.id).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it('enforces a wager limit on the lottery bets it forwards (the gateway’s error shape)', async () => {
    const player = await loggedIn();
    await send('/wps/playdeck/protection/limits', { method: 'POST', token: player.token, json: { kind: 'wager', period: 'day', amount: 20 } });
    const bet = (amount: number) => page('/lgw/orders/betting', {
      method: 'POST', headers: { Authorization: player.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ gameId: 'G1', betCartAmountSum: amount, bettingSlipString: '1|2' }), env: upstreamEnv, options,
    });
    expect((await bet(15)).status).toBe(200);
    const refused = await bet(10);
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.text)).toMatchObject({ errorCode: 'wager_limit_exceeded' });
    expect((await bet(5)).status).toBe(200);
  });
});
