import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import type { Envelope } from '../../../worker/lib/envelope';
import type { UpstreamFetch } from '../../../worker/edge/upstream/upstream';
import { clearEdgeAnswers } from '../../../worker/edge/fills/api';
import { BUILD_FILES, fakeBuild, file, page } from '../page-helpers';

const UPSTREAM = 'https://platform.upstream.test/base';

/** What the upstream received, as it echoes it back. */
interface Echo {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A small upstream platform API started by the test: it echoes each request and answers some paths its own
 * way. It is reached through the injected fetch, so no call leaves the machine.
 */
function startUpstream() {
  const seen: Request[] = [];
  const upstream = new Hono()
    .get('/base/wps/session/conflict', (c) =>
      c.json({ success: false, errorCode: 'username_taken', message: 'taken', value: null }, 409, { 'X-Upstream': 'yes' }))
    .get('/base/wps/slow', () => new Promise<Response>(() => undefined))
    .all('*', async (c) => {
      const echo: Echo = {
        method: c.req.method,
        url: c.req.url,
        headers: Object.fromEntries(c.req.raw.headers),
        body: await c.req.text(),
      };
      return c.json({ success: true, errorCode: '', message: 'from upstream', value: echo }, 200, {
        'X-Upstream': 'yes',
        'Set-Cookie': 'upstream=1; Path=/',
      });
    });
  const fetch: UpstreamFetch = (request) => {
    seen.push(request);
    // A real fetch rejects when the signal aborts; the in-process upstream must behave the same.
    return new Promise<Response>((resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
      Promise.resolve(upstream.fetch(request)).then(resolve, reject);
    });
  };
  return { fetch, seen };
}

const upstreamEnv = { UPSTREAM_API_URL: UPSTREAM };

describe('upstream mode (UPSTREAM_API_URL set)', () => {
  it('forwards /wps/*: method, path, query, body and end-to-end headers, minus hop-by-hop and Host', async () => {
    const upstream = startUpstream();
    const answer = await page('/wps/relay/MCSFE_addFavoriteGameV2?merchant=DEMO&x=1%202', {
      method: 'POST',
      body: JSON.stringify({ nodeId: '7', vendor: 'PG', gameType: 'SLOT' }),
      headers: {
        'Content-Type': 'application/json',
        Authorization: 'abcdefghijklmnopqrstuvwxyz',
        ModuleId: 'GAMELOFAV3',
        Encryption: 'v1',
        'CF-Connecting-IP': '203.0.113.4',
        'Keep-Alive': 'timeout=5',
        'Proxy-Authorization': 'Basic Zm9vOmJhcg==',
        TE: 'trailers',
        Upgrade: 'websocket',
      },
      env: upstreamEnv,
      options: { upstream: { fetch: upstream.fetch } },
    });
    expect(answer.status).toBe(200);
    const echo = (JSON.parse(answer.text) as Envelope<Echo>).value;
    expect(echo.method).toBe('POST');
    expect(echo.url).toBe('https://platform.upstream.test/base/wps/relay/MCSFE_addFavoriteGameV2?merchant=DEMO&x=1%202');
    expect(JSON.parse(echo.body)).toEqual({ nodeId: '7', vendor: 'PG', gameType: 'SLOT' });
    expect(echo.headers).toMatchObject({
      'content-type': 'application/json',
      authorization: 'abcdefghijklmnopqrstuvwxyz',
      moduleid: 'GAMELOFAV3',
      encryption: 'v1',
      'x-forwarded-for': '203.0.113.4',
      'x-forwarded-host': '127.0.0.1',
      'x-forwarded-proto': 'http',
    });
    for (const name of ['keep-alive', 'proxy-authorization', 'te', 'upgrade']) expect(echo.headers).not.toHaveProperty(name);
    expect(new URL(upstream.seen[0]!.url).host).toBe('platform.upstream.test');
  });

  it("adds the platform's headers when missing (§1.2): Merchant from domain routing, Language from the page, X-Real-UA; bare token", async () => {
    const upstream = startUpstream();
    const answer = await page('/wps/member/info', {
      headers: {
        Authorization: 'Bearer abcdefghijklmnopqrstuvwxyz',
        'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/140',
        Cookie: 'language=th',
        'Accept-Language': 'ja-JP',
      },
      env: upstreamEnv,
      options: { upstream: { fetch: upstream.fetch } },
    });
    const echo = (JSON.parse(answer.text) as Envelope<Echo>).value;
    expect(echo.headers).toMatchObject({
      merchant: 'DEMO',
      language: 'TH',
      'x-real-ua': btoa('Mozilla/5.0 (Linux; Android 14) Chrome/140'),
      authorization: 'abcdefghijklmnopqrstuvwxyz',
    });
  });

  it('keeps the headers the client sent (Language upper-cased, one Merchant) and falls back to Accept-Language, then EN', async () => {
    const upstream = startUpstream();
    const options = { upstream: { fetch: upstream.fetch } };
    const sent = await page('/wps/system/whitelabel', {
      headers: { Merchant: 'demo, DEMO', Language: 'vi', 'X-Real-UA': 'c2VudA==', 'User-Agent': 'other' },
      env: upstreamEnv, options,
    });
    expect((JSON.parse(sent.text) as Envelope<Echo>).value.headers).toMatchObject({ merchant: 'DEMO', language: 'VI', 'x-real-ua': 'c2VudA==' });
    const accept = await page('/wps/system/whitelabel', { headers: { 'Accept-Language': 'ko-KR,ko;q=0.9' }, env: upstreamEnv, options });
    expect((JSON.parse(accept.text) as Envelope<Echo>).value.headers).toMatchObject({ language: 'KO' });
    const none = await page('/wps/system/whitelabel', { env: upstreamEnv, options });
    expect((JSON.parse(none.text) as Envelope<Echo>).value.headers.language).toBe('EN');
  });

  it('refuses a Merchant header naming another site with 400 merchant_mismatch, before the upstream', async () => {
    const upstream = startUpstream();
    const answer = await page('/wps/member/info', { headers: { Merchant: 'OTHER' }, env: upstreamEnv, options: { upstream: { fetch: upstream.fetch } } });
    expect(answer.status).toBe(400);
    expect((JSON.parse(answer.text) as Envelope<null>).errorCode).toBe('merchant_mismatch');
    expect(upstream.seen).toHaveLength(0);
  });

  it('forwards /lgw/* the same way', async () => {
    const upstream = startUpstream();
    const answer = await page('/lgw/orders/detail?orderId=7', {
      env: upstreamEnv,
      options: { upstream: { fetch: upstream.fetch } },
    });
    const echo = (JSON.parse(answer.text) as Envelope<Echo>).value;
    expect(echo.method).toBe('GET');
    expect(echo.url).toBe('https://platform.upstream.test/base/lgw/orders/detail?orderId=7');
  });

  it("returns the upstream's answer as is, errors included, with the API security headers added", async () => {
    const upstream = startUpstream();
    const answer = await page('/wps/session/conflict', { env: upstreamEnv, options: { upstream: { fetch: upstream.fetch } } });
    expect(answer.status).toBe(409);
    expect(JSON.parse(answer.text)).toEqual({ success: false, errorCode: 'username_taken', message: 'taken', value: null });
    expect(answer.headers.get('X-Upstream')).toBe('yes');
    expect(answer.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
  });

  it('passes upstream cookies through', async () => {
    const upstream = startUpstream();
    const answer = await page('/wps/member/info', { env: upstreamEnv, options: { upstream: { fetch: upstream.fetch } } });
    expect(answer.headers.get('Set-Cookie')).toBe('upstream=1; Path=/');
  });

  it('answers 502 upstream_unavailable when the upstream cannot be reached', async () => {
    const unreachable: UpstreamFetch = () => Promise.reject(new TypeError('connect ECONNREFUSED'));
    const answer = await page('/wps/system/status', { env: upstreamEnv, options: { upstream: { fetch: unreachable } } });
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.text)).toEqual({
      success: false, errorCode: 'upstream_unavailable', message: expect.any(String), value: null,
    });
  });

  it('answers 502 upstream_unavailable when the upstream does not answer in time', async () => {
    const upstream = startUpstream();
    const started = Date.now();
    const answer = await page('/wps/slow', { env: upstreamEnv, options: { upstream: { fetch: upstream.fetch, timeoutMs: 50 } } });
    expect(answer.status).toBe(502);
    expect((JSON.parse(answer.text) as Envelope<null>).errorCode).toBe('upstream_unavailable');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('still does the edge work first: unknown hosts and merchant mismatches never reach the upstream', async () => {
    const upstream = startUpstream();
    const options = { upstream: { fetch: upstream.fetch } };
    const unknown = await page('http://nobody.example/wps/game/list', { env: upstreamEnv, options });
    const mismatch = await page('/wps/game/list?merchant_code=OTHER', { env: upstreamEnv, options });
    expect(unknown.status).toBe(404);
    expect((JSON.parse(unknown.text) as Envelope<null>).errorCode).toBe('unknown_site');
    expect(mismatch.status).toBe(400);
    expect((JSON.parse(mismatch.text) as Envelope<null>).errorCode).toBe('merchant_mismatch');
    expect(upstream.seen).toHaveLength(0);
  });

  it("keeps serving pages locally, asking the platform only for what the edge writes into them (home's announcements, vendors and hot games)", async () => {
    clearEdgeAnswers();
    const upstream = startUpstream();
    const { assets } = fakeBuild(BUILD_FILES);
    const answer = await page('/m/home', { env: { ...upstreamEnv, ASSETS: assets }, options: { upstream: { fetch: upstream.fetch } } });
    expect(answer.status).toBe(200);
    expect(answer.file).toBe(file('home EN'));
    // The page file is the build's; its banners and notices come through the announcement-list call (home-content.ts).
    // The vendor mapping (vendor game types and lanes) and the hot games row (fills/home.ts) are asked for side by side with it.
    expect(upstream.seen.map((r) => new URL(r.url).pathname).sort()).toEqual([
      '/base/wps/relay/MCSFE_getListAnnouncements', `/base${catalogueCalls.vendorGameTypes.path}`, `/base${catalogueCalls.vendorLanes.path}`,
      `/base${catalogueCalls.hotGames.path}`,
    ].sort());
    const seen = upstream.seen.length;
    const other = await page('/m/gameList', { env: { ...upstreamEnv, ASSETS: assets }, options: { upstream: { fetch: upstream.fetch } } });
    expect(other.file).toBe(file('gameList EN'));
    expect(upstream.seen).toHaveLength(seen); // no gameType: the game list has nothing to write
  });
});

describe('built-in mode (UPSTREAM_API_URL not set)', () => {
  it('answers the API itself and never calls out', async () => {
    const upstream = startUpstream();
    const answer = await page('/wps/system/settings/consolidated', { options: { upstream: { fetch: upstream.fetch } } });
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.text) as Envelope<{ merchantCode: string }>).value.merchantCode).toBe('DEMO');
    expect(upstream.seen).toHaveLength(0);
  });
});
