import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '../../../worker/lib/envelope';
import type { UpstreamFetch, UpstreamOptions } from '../../../worker/edge/upstream/upstream';
import { breakerState, GENERIC_PLATFORM_MESSAGE } from '../../../worker/edge/upstream/upstream-guard';
import { createApp } from '../../../worker/index';
import { env } from 'cloudflare:test';
import { BUILD_FILES, fakeBuild, page } from '../page-helpers';

// docs/upstream-mode.md, "When the platform is slow, down or wrong" (worker/edge/upstream/upstream-guard.ts): the platform is reached through an
// injected fetch that fails the way real platforms do; every answer must be PlayDeck's own, in time.

const UPSTREAM = 'https://faulty.platform.test';
/** A text that only the platform's failures carry: it must never reach the player. */
const SECRET = 'SECRET-PLATFORM-DETAIL';
const STACK = `java.lang.NullPointerException: ${SECRET}\n\tat com.platform.wallet.WalletService.balance(WalletService.java:42)\n\tat sun.reflect.Method.invoke(Unknown Source)`;
const LIMIT = 64 * 1024;

type Fault = 'none' | 'slow' | 'refused' | 'text500' | 'html' | 'invalidJson' | 'tooLarge' | 'tooLargeDeclared' | 'cut';
const FAULTS: Fault[] = ['slow', 'refused', 'text500', 'html', 'invalidJson', 'tooLarge', 'tooLargeDeclared', 'cut'];

const HELP = [{ id: 1, title: 'Platform help title', tag: 'p', content: '<p>How to play</p>', children: [] }];
/** A promotion item as the contract gives it (platform-contract.md §2; accounts §3 "Announcement"). */
const PROMOTION = {
  id: 5, type: 'PR', title: 'Platform promo title', content: '<p>Bonus</p>', startDate: Date.UTC(2026, 0, 1), endDate: null, execution: 'B',
  groupName: '', promotionType: '', label: '', linkageType: '', linkage: '', url: '', read: false, applicable: false, status: '', announcementImages: [],
};
const PROMOTIONS = { banners: [], player: [], popup: [], hot: [], promotion: [PROMOTION] };

/** A stream of `total` bytes of JSON-looking text in 8 KiB chunks (no Content-Length). */
function bigStream(total: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode('{"x":"'.padEnd(8192, 'a'));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

/** A stream that sends some bytes, then errors: a connection dropped midway. */
function droppedStream(): ReadableStream<Uint8Array> {
  let step = 0;
  return new ReadableStream({
    pull(controller) {
      step += 1;
      if (step === 1) controller.enqueue(new TextEncoder().encode('{"success":true,"value":[{"id":1,'));
      else controller.error(new Error(`connection reset ${SECRET}`));
    },
  });
}

/** The platform: healthy answers, or the fault of the moment; every request it got is in `seen`. */
function platform() {
  const state = { fault: 'none' as Fault, seen: [] as Request[], bodies: [] as string[] };
  const healthy = (url: URL): Response => {
    const value = url.pathname === '/wps/system/helpCenter' ? HELP
      : url.pathname === '/wps/relay/MCSFE_getListAnnouncements' ? PROMOTIONS
        : url.pathname === '/lgw/games' ? { list: [] }
          : { ok: true };
    return Response.json(url.pathname.startsWith('/lgw/') ? value : { success: true, value, message: '', errorCode: '' });
  };
  const answer = (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    switch (state.fault) {
      case 'none':
        return Promise.resolve(healthy(url));
      case 'slow':
        return new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason as Error)));
      case 'refused':
        return Promise.reject(new TypeError(`Network connection lost: connect ECONNREFUSED ${SECRET}`));
      case 'text500':
        return Promise.resolve(new Response(STACK, { status: 500, headers: { 'Content-Type': 'text/plain' } }));
      case 'html':
        return Promise.resolve(new Response(`<!doctype html><html><body><h1>Bad Gateway</h1><p>${SECRET}</p></body></html>`, {
          status: 200, headers: { 'Content-Type': 'text/html' },
        }));
      case 'invalidJson':
        return Promise.resolve(new Response(`{"success":true,"value":{"list":["${SECRET}"`, { headers: { 'Content-Type': 'application/json' } }));
      case 'tooLarge':
        return Promise.resolve(new Response(bigStream(LIMIT * 4), { headers: { 'Content-Type': 'application/json' } }));
      case 'tooLargeDeclared':
        return Promise.resolve(new Response('x'.repeat(LIMIT + 1), { headers: { 'Content-Type': 'application/json', 'Content-Length': String(LIMIT + 1) } }));
      case 'cut':
        return Promise.resolve(new Response(droppedStream(), { headers: { 'Content-Type': 'application/json' } }));
    }
  };
  const fetch: UpstreamFetch = async (request) => {
    state.seen.push(request);
    state.bodies.push(request.body ? await request.clone().text() : '');
    return answer(request);
  };
  return { state, fetch };
}

const upstreamEnv = { UPSTREAM_API_URL: UPSTREAM };
/** Short limits for the tests; a breaker that needs many failures unless a test says otherwise. */
const options = (fetch: UpstreamFetch, more: UpstreamOptions = {}) => ({ upstream: { fetch, timeoutMs: 400, maxAnswerBytes: LIMIT, breakerFailures: 1000, ...more } });
/** Time a test allows above a deadline: the app's own work on a loaded 2-core machine. */
const MARGIN_MS = 1500;

const envelopeOf = (text: string) => JSON.parse(text) as Envelope<unknown>;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('API calls when the platform fails (502 upstream_unavailable, in time, nothing of its text)', () => {
  it.each(FAULTS)('%s', async (fault) => {
    const upstream = platform();
    upstream.state.fault = fault;
    const started = Date.now();
    const answer = await page('/wps/system/whitelabel', { env: upstreamEnv, options: options(upstream.fetch) });
    expect(Date.now() - started).toBeLessThan(400 + MARGIN_MS);
    expect(answer.status).toBe(502);
    expect(envelopeOf(answer.text)).toEqual({ success: false, errorCode: 'upstream_unavailable', message: expect.any(String), value: null });
    expect(answer.text).not.toContain(SECRET);
    expect(answer.text).not.toContain('java');
    // Only a network error is sent again (GET: once more); an HTTP answer and a timeout are not.
    expect(upstream.state.seen).toHaveLength(fault === 'refused' ? 2 : 1);
  });

  it("answers the lottery gateway's own shape, { errorCode }, on /lgw", async () => {
    const upstream = platform();
    upstream.state.fault = 'text500';
    const answer = await page('/lgw/games', { env: upstreamEnv, options: options(upstream.fetch) });
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.text)).toEqual({ errorCode: 'upstream_unavailable', message: expect.any(String) });
    expect(answer.text).not.toContain(SECRET);
  });

  it("still relays the contract's own errors (the client acts on their codes), with a player-facing message only", async () => {
    const answers: Record<string, Response> = {
      '/wps/member/info': Response.json({ success: false, errorCode: 'user.or.token.invalid', message: 'Please log in again', value: null }, { status: 401 }),
      '/wps/game/launchGame': Response.json({ success: false, errorCode: '#727', message: '#727 system busy', value: null }, { status: 500 }),
      '/wps/wallets/gcs': Response.json({ success: false, errorCode: 'request_param_err', message: STACK, value: null }, { status: 500 }),
      '/lgw/orders/betting': Response.json({ errorCode: 'draw_closed' }, { status: 500 }),
    };
    const fetch: UpstreamFetch = (request) => Promise.resolve(answers[new URL(request.url).pathname]!.clone());
    const ask = (path: string, method = 'GET') => page(path, { method, env: upstreamEnv, options: options(fetch) });
    const session = await ask('/wps/member/info');
    expect(session.status).toBe(401);
    expect(envelopeOf(session.text)).toMatchObject({ errorCode: 'user.or.token.invalid', message: 'Please log in again' });
    const busy = await ask('/wps/game/launchGame');
    expect(busy.status).toBe(500);
    expect(envelopeOf(busy.text)).toMatchObject({ errorCode: '#727', message: '#727 system busy' });
    const leaky = await ask('/wps/wallets/gcs');
    expect(leaky.status).toBe(500);
    expect(envelopeOf(leaky.text)).toEqual({ success: false, errorCode: 'request_param_err', message: GENERIC_PLATFORM_MESSAGE, value: null });
    const lottery = await ask('/lgw/orders/betting', 'POST');
    expect(lottery.status).toBe(500);
    expect(JSON.parse(lottery.text)).toEqual({ errorCode: 'draw_closed' });
  });
});

// The pages the edge fills (worker/edge/pages/pages.ts): help, promotions and the lottery are read on every request, the
// others kept for SITE_CACHE_SECONDS; all bounded by UPSTREAM_FILL_DEADLINE_MS.
const HELP_PAGE = '<!doctype html><html><body><main><div data-fill="help" data-open="Open" data-failed="Help could not be loaded" data-retry="Try again">'
  + '<p class="empty-state">help empty</p></div><nav data-fill="help-strip"></nav></main></body></html>';
const ACTIVITY_PAGE = '<!doctype html><html><body><main><div data-fill="promotions" data-more="More" data-failed="Promotions could not be loaded" data-retry="Try again">'
  + '<p class="empty-state">no promotions</p></div></main></body></html>';
/** What help and promotions show when their fill failed (fills/content.ts failedBlock): never their empty state. */
const FAILED = (what: string) => `<div class="load-failed" role="alert" data-load-failed><p>${what} could not be loaded</p><a class="btn btn-primary" href="">Try again</a></div>`;
const pagesBuild = () => fakeBuild({ ...BUILD_FILES, '/m/help.html': HELP_PAGE, '/m/activity.html': ACTIVITY_PAGE }).assets;
const FILLED_PAGES = ['/m/home', '/m/help', '/m/activity', '/m/register', '/m/gameList?gameType=RNG', '/m/lottery'];
const FILL_DEADLINE_MS = 300;
const pageEnv = () => ({ ...upstreamEnv, ASSETS: pagesBuild(), UPSTREAM_FILL_DEADLINE_MS: String(FILL_DEADLINE_MS) });

describe('pages with fills when the platform fails (the fill deadline, then the last good answer, the failed state or no block)', () => {
  it.each(FAULTS)('%s: every filled page answers within the fill deadline; help and promotions say they could not load', async (fault) => {
    const upstream = platform();
    upstream.state.fault = fault;
    for (const path of FILLED_PAGES) {
      const started = Date.now();
      // The API's own timeout is far longer: only the fill deadline can make these pages fast.
      const answer = await page(path, { env: pageEnv(), options: options(upstream.fetch, { timeoutMs: 10_000 }) });
      expect(Date.now() - started, path).toBeLessThan(FILL_DEADLINE_MS + MARGIN_MS);
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).not.toContain(SECRET);
    }
    // No last good answer here: help and promotions show their "could not be loaded, try again" state, not their
    // empty state (a failing platform is not "nothing to show"); the other pages go without the block.
    const help = await page('/m/help', { env: pageEnv(), options: options(upstream.fetch, { timeoutMs: 10_000 }) });
    expect(help.text).toContain(FAILED('Help'));
    expect(help.text).not.toContain('help empty');
    const promotions = await page('/m/activity', { env: pageEnv(), options: options(upstream.fetch, { timeoutMs: 10_000 }) });
    expect(promotions.text).toContain(FAILED('Promotions'));
    expect(promotions.text).not.toContain('no promotions');
  });

  it('help and promotions, read on every request, show the last good answer while the platform hangs', async () => {
    const upstream = platform();
    const opts = options(upstream.fetch, { timeoutMs: 10_000 });
    const good = await page('/m/help', { env: pageEnv(), options: opts });
    expect(good.text).toContain('Platform help title');
    const promos = await page('/m/activity', { env: pageEnv(), options: opts });
    expect(promos.text).toContain('Platform promo title');
    upstream.state.fault = 'slow';
    for (const [path, text] of [['/m/help', 'Platform help title'], ['/m/activity', 'Platform promo title']] as const) {
      const asked = upstream.state.seen.length;
      const started = Date.now();
      const stale = await page(path, { env: pageEnv(), options: opts });
      expect(Date.now() - started, path).toBeLessThan(FILL_DEADLINE_MS + MARGIN_MS);
      expect(stale.text, path).toContain(text);
      expect(upstream.state.seen.length, `${path} is still asked`).toBeGreaterThan(asked);
    }
    upstream.state.fault = 'html';
    const afterGarbage = await page('/m/help', { env: pageEnv(), options: opts });
    expect(afterGarbage.text).toContain('Platform help title');
    expect(afterGarbage.text).not.toContain('data-load-failed');
  });
});

describe('circuit breaker (per upstream, per isolate)', () => {
  it('opens after N failures in a row and then fails fast with 503 + Retry-After, without asking the platform', async () => {
    const warn = vi.spyOn(console, 'warn');
    const upstream = platform();
    upstream.state.fault = 'text500';
    const opts = options(upstream.fetch, { breakerFailures: 3, breakerOpenMs: 60_000 });
    for (let i = 0; i < 3; i += 1) expect((await page('/wps/system/whitelabel', { env: upstreamEnv, options: opts })).status).toBe(502);
    expect(breakerState(UPSTREAM)).toBe('open');
    expect(warn.mock.calls.some((args) => args[0] === '[upstream-breaker]' && String(args[1]).startsWith('open'))).toBe(true);
    const asked = upstream.state.seen.length;
    const started = Date.now();
    const refused = await page('/wps/member/info', { env: upstreamEnv, options: opts });
    expect(Date.now() - started).toBeLessThan(MARGIN_MS);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(envelopeOf(refused.text).errorCode).toBe('upstream_unavailable');
    expect(upstream.state.seen).toHaveLength(asked);
  });

  it('serves pages at once while open (no block), and lets one probe through after the interval; success closes it', async () => {
    const info = vi.spyOn(console, 'log');
    const upstream = platform();
    upstream.state.fault = 'refused';
    const opts = options(upstream.fetch, { breakerFailures: 2, breakerOpenMs: 300, timeoutMs: 10_000 });
    for (let i = 0; i < 2; i += 1) await page('/wps/system/whitelabel', { env: upstreamEnv, options: opts });
    expect(breakerState(UPSTREAM)).toBe('open');
    const asked = upstream.state.seen.length;
    const home = await page('/m/home', { env: pageEnv(), options: opts });
    expect(home.status).toBe(200);
    expect(upstream.state.seen).toHaveLength(asked);

    await new Promise((resolve) => setTimeout(resolve, 350));
    upstream.state.fault = 'none';
    const probe = await page('/wps/system/whitelabel', { env: upstreamEnv, options: opts });
    expect(probe.status).toBe(200);
    expect(breakerState(UPSTREAM)).toBe('closed');
    expect(info.mock.calls.some((args) => args[0] === '[upstream-breaker]' && String(args[1]).startsWith('half-open'))).toBe(true);
    expect(info.mock.calls.some((args) => args[0] === '[upstream-breaker]' && String(args[1]).startsWith('closed'))).toBe(true);
    expect((await page('/wps/member/info', { env: upstreamEnv, options: opts })).status).toBe(200);
  });

  it('lets ONE probe through at a time when half-open, and opens again when it fails', async () => {
    const upstream = platform();
    upstream.state.fault = 'refused';
    const opts = options(upstream.fetch, { breakerFailures: 1, breakerOpenMs: 200, timeoutMs: 500 });
    await page('/wps/system/whitelabel', { env: upstreamEnv, options: opts });
    expect(breakerState(UPSTREAM)).toBe('open');
    await new Promise((resolve) => setTimeout(resolve, 250));
    upstream.state.fault = 'slow';
    const asked = upstream.state.seen.length;
    const probe = page('/wps/system/whitelabel', { env: upstreamEnv, options: opts });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const other = await page('/wps/member/info', { env: upstreamEnv, options: opts });
    expect(other.status).toBe(503);
    expect(upstream.state.seen).toHaveLength(asked + 1);
    expect((await probe).status).toBe(502);
    expect(breakerState(UPSTREAM)).toBe('open');
  });
});

describe('retries: only what cannot be applied twice', () => {
  /** Fails the first request with a network error, answers the next ones. */
  function flaky() {
    const upstream = platform();
    let first = true;
    const fetch: UpstreamFetch = async (request) => {
      const answer = upstream.fetch(request);
      if (first) {
        first = false;
        await answer.catch(() => undefined);
        throw new TypeError('Network connection lost');
      }
      return answer;
    };
    return { upstream, fetch };
  }

  it('a GET is sent once more after a network error, with jitter, and answers', async () => {
    const { upstream, fetch } = flaky();
    const started = Date.now();
    const answer = await page('/wps/system/whitelabel', { env: upstreamEnv, options: options(fetch, { timeoutMs: 5_000 }) });
    expect(answer.status).toBe(200);
    expect(upstream.state.seen).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
  });

  it('a state-changing call without an Idempotency-Key is forwarded once, and not sent again', async () => {
    const { upstream, fetch } = flaky();
    const answer = await page('/wps/relay/MCSFE_addFavoriteGameV2', {
      method: 'POST', body: JSON.stringify({ nodeId: '7' }), headers: { 'Content-Type': 'application/json' },
      env: upstreamEnv, options: options(fetch, { timeoutMs: 5_000 }),
    });
    expect(answer.status).toBe(502);
    expect(envelopeOf(answer.text).errorCode).toBe('upstream_unavailable');
    expect(upstream.state.seen).toHaveLength(1);
  });

  it('a POST with an Idempotency-Key is sent once more after a network error, with the same key and body', async () => {
    const { upstream, fetch } = flaky();
    const answer = await page('/lgw/orders/betting', {
      method: 'POST', body: JSON.stringify({ gameId: 1, betCartAmountSum: '10.00' }),
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'key-123' },
      env: upstreamEnv, options: options(fetch, { timeoutMs: 5_000 }),
    });
    expect(answer.status).toBe(200);
    expect(upstream.state.seen).toHaveLength(2);
    expect(upstream.state.seen.map((r) => r.headers.get('Idempotency-Key'))).toEqual(['key-123', 'key-123']);
    expect(upstream.state.bodies).toEqual([JSON.stringify({ gameId: 1, betCartAmountSum: '10.00' }), JSON.stringify({ gameId: 1, betCartAmountSum: '10.00' })]);
  });

  it('a call past its deadline is never sent again, even with a key', async () => {
    const upstream = platform();
    upstream.state.fault = 'slow';
    const answer = await page('/wps/transaction/withdraw', {
      method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'key-9' },
      env: upstreamEnv, options: options(upstream.fetch, { timeoutMs: 200 }),
    });
    expect(answer.status).toBe(502);
    expect(upstream.state.seen).toHaveLength(1);
    expect(upstream.state.seen[0]!.headers.get('Idempotency-Key')).toBe('key-9');
  });
});

describe("the platform's lottery pages (/m/lotto-h5/…)", () => {
  it('a 5xx or an unreachable platform is upstream_unavailable, never its error page', async () => {
    for (const fault of ['text500', 'refused'] as const) {
      const upstream = platform();
      upstream.state.fault = fault;
      const answer = await page('/m/lotto-h5/mui/1/games/7', { env: upstreamEnv, options: options(upstream.fetch) });
      expect(answer.status, fault).toBe(502);
      expect(answer.text, fault).not.toContain(SECRET);
    }
  });

  it('a page larger than UPSTREAM_MAX_PAGE_BYTES is cut off, never streamed whole: the site\'s unavailable page instead', async () => {
    // An HTML page (what a lottery page is) that never ends within the limit: read up to the limit, then refused.
    const huge: UpstreamFetch = () => Promise.resolve(new Response(bigStream(LIMIT * 4), { headers: { 'Content-Type': 'text/html' } }));
    const response = await createApp(options(huge, { maxPageBytes: LIMIT })).request(
      'http://127.0.0.1/m/lotto-h5/mui/1/games/7', {}, { ...env, ...upstreamEnv },
    );
    expect(response.status).toBe(502);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const text = await response.text();
    expect(text).toContain('data-platform-unavailable');
    expect(text).not.toContain('{"x":"aaaa');
  });
});
