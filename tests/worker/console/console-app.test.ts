import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../worker/index';
import { builtInOnly, type ConsoleEnv } from '../../../worker/console/access';
import { withNonce } from '../../../worker/console/app-page';
import type { Bindings } from '../../../worker/env';
import { call } from '../helpers';
import { enrolled, makeOperator, signIn, totpCode, type Me } from './console-helpers';

/**
 * The back office app's serving and modes (docs/back-office.md "The back office app"): the page at /console/ and
 * every deep link below it with a nonce-based policy (no 'unsafe-inline'), the chat console at /console/chat/, the
 * me answer's upstream flag and site links, and upstream mode (the app and the session calls served, built-in-only
 * calls 404 `function.not.available`).
 */
const BUILT_PAGE = '<!DOCTYPE html><html><head><meta property="csp-nonce" nonce="CONSOLE_NONCE"><meta http-equiv="content-security-policy" content="script-src \'self\' \'sha256-x\'"></head><body><div id="console-root"></div></body></html>';
const assets = { fetch: (request: Request) => Promise.resolve(new URL(request.url).pathname === '/console.html' ? new Response(BUILT_PAGE) : new Response('nope', { status: 404 })) } as unknown as Fetcher;
const UPSTREAM = { UPSTREAM_API_URL: 'http://platform.invalid' } as Partial<Bindings>;

async function page(path: string, bindings: Partial<Bindings> = {}, headers: Record<string, string> = {}) {
  const res = await createApp().request(`http://127.0.0.1${path}`, { headers }, { ...env, ASSETS: assets, ...bindings });
  return { res, html: await res.text() };
}

describe('the back office page', () => {
  it('answers /console/ and its deep links with the built page, a fresh nonce and no inline scripts', async () => {
    for (const path of ['/console', '/console/', '/console/audit', '/console/players/42/show']) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      const policy = res.headers.get('Content-Security-Policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? '';
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
      expect(policy).toContain("script-src 'self';");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe-inline');
      expect(html).toContain(`nonce="${nonce}"`);
      expect(html).not.toContain('http-equiv="content-security-policy"');
    }
    const [a, b] = [await page('/console/'), await page('/console/')];
    expect(a.res.headers.get('Content-Security-Policy')).not.toBe(b.res.headers.get('Content-Security-Policy'));
  });

  it('says so when the site is not built, and keeps the chat console at /console/chat/', async () => {
    const { res } = await page('/console/', { ASSETS: { fetch: () => Promise.resolve(new Response('', { status: 404 })) } as unknown as Fetcher });
    expect(res.status).toBe(503);
    const chat = await page('/console/chat/');
    expect(chat.res.status).toBe(200);
    expect(chat.html).toContain('Support console');
    expect(withNonce('<meta nonce="CONSOLE_NONCE">', 'abc')).toBe('<meta nonce="abc">');
  });

  it("me names the site's mode and the operator's other sites' back offices", async () => {
    const owner = await enrolled('owner', 'DEMO', ['DEMO2']);
    const me = await call<Me & { upstream: boolean; siteLinks: { code: string; url: string }[] }>('/console/api/me', { headers: { Cookie: owner.session.cookie } });
    expect(me.body.value.upstream).toBe(false);
    expect(me.body.value.siteLinks).toEqual([expect.objectContaining({ code: 'DEMO2', url: 'http://play2.localhost/console/' })]);
    const agent = await signIn(await makeOperator('support'));
    expect((agent.res.body.value as unknown as { siteLinks: unknown[] }).siteLinks).toEqual([]);
  });
});

describe('the sign-in in the audit log', () => {
  it('writes operator.sign_in with the second factor used and the address, on the site signed in to', async () => {
    const owner = await enrolled('owner');
    const again = await signIn(owner.username, { code: totpCode(owner.secret, Date.now() + 30_000), ip: '10.79.0.9' });
    expect(again.res.status).toBe(200);
    const rows = await call<{ items: { action: string; after: string; address: string; merchantCode: string }[] }>(
      `/console/api/audit?operator=${owner.username}&action=operator.sign_in`, { headers: { Cookie: again.cookie } },
    );
    expect(rows.body.value.items.map((r) => [r.action, JSON.parse(r.after), r.merchantCode])).toEqual([
      ['operator.sign_in', { secondFactor: 'totp', enrolOnly: false }, 'DEMO'],
      ['operator.sign_in', { secondFactor: null, enrolOnly: true }, 'DEMO'],
    ]);
    expect(rows.body.value.items[0]?.address).toBe('10.79.0.9');
  });
});

describe('the back office in upstream mode', () => {
  it('serves the app, sign-in and me (upstream: true) and the audit log; the chat console is not there', async () => {
    expect((await page('/console/', UPSTREAM)).res.status).toBe(200);
    const username = await makeOperator('support');
    const res = await call<Me & { upstream: boolean }>('/console/api/login', {
      method: 'POST', json: { username, password: 'console-secret-1' }, headers: { 'CF-Connecting-IP': '10.78.0.1' }, env: UPSTREAM,
    });
    expect([res.status, res.body.value.upstream]).toEqual([200, true]);
    const cookie = (res.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
    const me = await call<{ upstream: boolean }>('/console/api/me', { headers: { Cookie: cookie }, env: UPSTREAM });
    expect(me.body.value.upstream).toBe(true);
    const chat = await call('/console/api/conversations', { headers: { Cookie: cookie }, env: UPSTREAM });
    expect([chat.status, chat.body.errorCode]).toEqual([404, 'function.not.available']);
    expect((await page('/console/chat/', UPSTREAM)).res.status).toBe(404);
    const admin = await enrolled('admin');
    expect((await call('/console/api/audit', { headers: { Cookie: admin.session.cookie }, env: UPSTREAM })).status).toBe(200);
  });

  it('builtInOnly answers 404 function.not.available in upstream mode and passes in built-in mode', async () => {
    const area = new Hono<ConsoleEnv>().use('*', builtInOnly).get('/', (c) => c.json({ ok: true }));
    const host = new Hono<ConsoleEnv>().route('/api/players', area).onError((error, c) => c.json({ errorCode: (error as { errorCode?: string }).errorCode }, 404));
    expect((await host.request('http://x/api/players', {}, env)).status).toBe(200);
    const refused = await host.request('http://x/api/players', {}, { ...env, ...UPSTREAM });
    expect([refused.status, await refused.json()]).toEqual([404, { errorCode: 'function.not.available' }]);
  });
});
