import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsWire } from '../accounts-wire';
import { minorToWire } from '../../../contract/money';
import type { Bindings } from '../../../worker/env';
import { createApp } from '../../../worker/index';
import { call } from '../helpers';
import { demoAmounts, ensureAccountSettings, fromIp, setSwitch, uniqueIp } from '../accounts-fixtures';
import { configureProvider } from '../idp-fixtures';
import { BUILD_FILES, fakeBuild, page } from '../page-helpers';
import { localProvider, type Player } from './oidc-provider';

const app = createApp();
const google = await localProvider({ base: 'https://accounts.google.test', clientId: 'google-client', clientSecret: 'g-secret' });
const facebook = await localProvider({ base: 'https://graph.facebook.test', clientId: 'fb-app', clientSecret: 'fb-secret' });
const providers = { google, facebook };

/** Bindings of the social-login tests: the client secrets and the local providers behind OUTBOUND. */
const bindings = (extra: Partial<Bindings> = {}) =>
  ({
    ...env,
    GOOGLE_CLIENT_SECRET: 'g-secret',
    FACEBOOK_CLIENT_SECRET: 'fb-secret',
    OUTBOUND: {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new Request(input, init).url;
        return (url.startsWith(google.urls.issuer) ? google : facebook).binding.fetch(input, init);
      },
    },
    ...extra,
  }) as Bindings;

/** A raw request (redirects are not envelopes). */
function raw(url: string, init: { cookie?: string; ip?: string; env?: Partial<Bindings> } = {}) {
  const headers: Record<string, string> = fromIp(init.ip ?? uniqueIp());
  if (init.cookie) headers.Cookie = init.cookie;
  return app.request(url.startsWith('http') ? url : `http://127.0.0.1${url}`, { headers, redirect: 'manual' }, bindings(init.env));
}

const cookieOf = (res: Response) => /pd_oauth=([^;]+)/.exec(res.headers.get('Set-Cookie') ?? '')?.[1] ?? '';
const newPlayer = (): Player => ({ sub: `sub-${crypto.randomUUID()}`, email: 'player@example.com', name: 'Lucky Player' });

/** Start → provider approves → callback: returns the callback's redirect. */
async function socialLogin(provider: 'google' | 'facebook', player: Player, tweak: { cookie?: (c: string) => string } = {}) {
  const start = await raw(`/wps/playdeck/oauth/${provider}/start`);
  expect(start.status).toBe(302);
  const cookie = cookieOf(start);
  const callbackUrl = providers[provider].approve(start.headers.get('Location') ?? '', player);
  const callback = await raw(callbackUrl, { cookie: `pd_oauth=${tweak.cookie ? tweak.cookie(cookie) : cookie}` });
  return { start, callback, callbackUrl, cookie, location: callback.headers.get('Location') ?? '' };
}

const exchange = (code: string) => call<AccountsWire['SessionValue']>('/wps/playdeck/session/exchange', { method: 'POST', json: { code } });
const sessionCodeOf = (location: string) => decodeURIComponent(/^\/m\/home#session=(.+)$/.exec(location)?.[1] ?? '');

beforeAll(async () => {
  await ensureAccountSettings();
  await configureProvider('google', {
    client_id: 'google-client', authorize_url: google.urls.authorize, token_url: google.urls.token,
    issuer: google.urls.issuer, jwks_url: google.urls.jwks, scopes: 'openid email profile',
  });
  await configureProvider('facebook', {
    client_id: 'fb-app', authorize_url: facebook.urls.authorize, token_url: facebook.urls.token, userinfo_url: facebook.urls.me,
    scopes: 'public_profile email',
  });
  await setSwitch('GOOGLELOGIN3', true);
  await setSwitch('FACEBOOKLOGIN3', true);
});

afterEach(() => {
  google.tamper.idToken = undefined;
});

describe('GET /wps/playdeck/oauth/:provider/start', () => {
  it('redirects to the provider with state, PKCE S256 and an OIDC nonce, and binds the request to a cookie', async () => {
    const res = await raw('/wps/playdeck/oauth/google/start');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('Location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(google.urls.authorize);
    const p = location.searchParams;
    expect(Object.fromEntries(p)).toMatchObject({
      response_type: 'code', client_id: 'google-client', redirect_uri: 'http://127.0.0.1/wps/playdeck/oauth/google/callback',
      scope: 'openid email profile', code_challenge_method: 'S256',
    });
    expect(p.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/^pd_oauth=[A-Za-z0-9_-]{43};/);
    for (const part of ['HttpOnly', 'SameSite=Lax', 'Path=/wps/playdeck/oauth', 'Max-Age=600']) expect(cookie).toContain(part);
    // Only hashes of the state and of the cookie are stored.
    const rows = await env.DB.prepare(`SELECT COUNT(*) AS n FROM oauth_states WHERE state_hash = ? OR browser_hash = ?`)
      .bind(p.get('state'), cookieOf(res))
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it('sends no nonce to Facebook (not OIDC)', async () => {
    const res = await raw('/wps/playdeck/oauth/facebook/start');
    expect(new URL(res.headers.get('Location') ?? '').searchParams.has('nonce')).toBe(false);
  });

  // The browser navigates to /start: every refusal is a page (the login page with the code), never JSON (issue 10).
  const landing = (res: Response) => [res.status, res.headers.get('Location'), res.headers.get('Content-Type')];

  it('sends the browser to the login page with function.not.available while the site switch is off', async () => {
    await setSwitch('GOOGLELOGIN3', false);
    try {
      const res = await raw('/wps/playdeck/oauth/google/start');
      expect(landing(res)).toEqual([302, '/m/login#oauthError=function.not.available', null]);
    } finally {
      await setSwitch('GOOGLELOGIN3', true);
    }
  });

  it('sends the browser to the login page with provider_not_configured without the client secret', async () => {
    const res = await raw('/wps/playdeck/oauth/google/start', { env: { GOOGLE_CLIENT_SECRET: '' } as Partial<Bindings> });
    expect(landing(res)).toEqual([302, '/m/login#oauthError=provider_not_configured', null]);
  });

  it('sends the browser to the login page with request_param_err for an unknown provider', async () => {
    const res = await raw('/wps/playdeck/oauth/twitter/start');
    expect(landing(res)).toEqual([302, '/m/login#oauthError=request_param_err', null]);
  });

  it('sends the browser to the login page with TOO_MANY_REQUEST past 30 starts per IP', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 30; i++) expect((await raw('/wps/playdeck/oauth/facebook/start', { ip })).status).toBe(302);
    const res = await raw('/wps/playdeck/oauth/facebook/start', { ip });
    expect(landing(res)).toEqual([302, '/m/login#oauthError=TOO_MANY_REQUEST', null]);
  });

  it('sends the browser to the login page from a callback for an unknown provider or a malformed query', async () => {
    expect(landing(await raw('/wps/playdeck/oauth/twitter/callback?code=x&state=y'))).toEqual([302, '/m/login#oauthError=request_param_err', null]);
    expect(landing(await raw(`/wps/playdeck/oauth/google/callback?state=${'s'.repeat(300)}`))).toEqual([302, '/m/login#oauthError=request_param_err', null]);
  });
});

describe('social login callback and session exchange', () => {
  it('Google: creates a real account with the welcome bonus, then hands a one-time code, never the token, in the URL', async () => {
    const player = newPlayer();
    const { callback, location } = await socialLogin('google', player);
    expect(callback.status).toBe(302);
    expect(location).toMatch(/^\/m\/home#session=[A-Za-z0-9_-]{43}$/);
    expect(callback.headers.get('Set-Cookie')).toMatch(/pd_oauth=;.*Max-Age=0/);
    const session = await exchange(sessionCodeOf(location));
    expect(session.status).toBe(200);
    expect(session.body.value).toMatchObject({ type: 0, firstTimeLogin: true, merchantCode: 'DEMO' });
    expect(session.body.value.userName).toMatch(/^g_[0-9a-f]{12}$/);
    expect(location).not.toContain(session.body.value.token);
    const wallet = await call<AccountsWire['WalletValue']>('/wps/wallets/gcs', { token: session.body.value.token });
    expect(wallet.body.value.sumBalance).toBe(minorToWire((await demoAmounts()).welcome));
    const info = await call<AccountsWire['MemberInfo']>('/wps/member/info', { token: session.body.value.token });
    expect(info.body.value.nickname).toBe('Lucky Player');
    // The token request carried the PKCE verifier and the client secret; the provider checked them.
    const form = google.seen.tokenRequests.at(-1);
    expect(form?.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('links the same provider account to the same member on the next login', async () => {
    const player = newPlayer();
    const first = await exchange(sessionCodeOf((await socialLogin('google', player)).location));
    const second = await exchange(sessionCodeOf((await socialLogin('google', player)).location));
    expect(second.body.value.userName).toBe(first.body.value.userName);
    expect(second.body.value.firstTimeLogin).toBe(false);
    const links = await env.DB.prepare(`SELECT COUNT(*) AS n FROM oauth_identities WHERE subject = ?`).bind(player.sub).first<{ n: number }>();
    expect(links?.n).toBe(1);
  });

  it('Facebook: identifies the player through Graph /me with appsecret_proof', async () => {
    const player = newPlayer();
    const { location } = await socialLogin('facebook', player);
    const session = await exchange(sessionCodeOf(location));
    expect(session.status).toBe(200);
    expect(session.body.value.userName).toMatch(/^fb_[0-9a-f]{12}$/);
    expect(facebook.seen.meRequests.at(-1)?.searchParams.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('uses an exchange code once, and refuses it after 2 minutes', async () => {
    const code = sessionCodeOf((await socialLogin('google', newPlayer())).location);
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(401);
    expect(again.body.errorCode).toBe('exchange_invalid');
    const late = sessionCodeOf((await socialLogin('google', newPlayer())).location);
    await env.DB.prepare(`UPDATE session_exchange_codes SET expires_at = ? WHERE used_at IS NULL`).bind(Date.now() - 1).run();
    expect((await exchange(late)).body.errorCode).toBe('exchange_invalid');
  });

  it('refuses a callback from another browser (missing or other cookie) and a replayed state', async () => {
    const other = await socialLogin('google', newPlayer(), { cookie: () => 'x'.repeat(43) });
    expect(other.location).toBe('/m/login#oauthError=oauth_state_invalid');
    const ok = await socialLogin('google', newPlayer());
    expect(ok.location).toMatch(/^\/m\/home#session=/);
    const replay = await raw(ok.callbackUrl, { cookie: `pd_oauth=${ok.cookie}` });
    expect(replay.headers.get('Location')).toBe('/m/login#oauthError=oauth_state_invalid');
    const noCookie = await raw(google.approve((await raw('/wps/playdeck/oauth/google/start')).headers.get('Location') ?? '', newPlayer()));
    expect(noCookie.headers.get('Location')).toBe('/m/login#oauthError=oauth_state_invalid');
  });

  it('refuses an expired state', async () => {
    const start = await raw('/wps/playdeck/oauth/google/start');
    await env.DB.prepare(`UPDATE oauth_states SET expires_at = ? WHERE used_at IS NULL`).bind(Date.now() - 1).run();
    const back = await raw(google.approve(start.headers.get('Location') ?? '', newPlayer()), { cookie: `pd_oauth=${cookieOf(start)}` });
    expect(back.headers.get('Location')).toBe('/m/login#oauthError=oauth_state_invalid');
  });

  it.each([
    ['another audience', { audience: 'someone-else' }],
    ['another nonce', { nonce: 'replayed-nonce' }],
    ['another issuer', { issuer: 'https://evil.test' }],
  ])('refuses an ID token with %s (oauth_failed) and creates no account', async (_name, idToken) => {
    google.tamper.idToken = idToken;
    const player = newPlayer();
    const { location } = await socialLogin('google', player);
    expect(location).toBe('/m/login#oauthError=oauth_failed');
    const links = await env.DB.prepare(`SELECT COUNT(*) AS n FROM oauth_identities WHERE subject = ?`).bind(player.sub).first<{ n: number }>();
    expect(links?.n).toBe(0);
  });

  it('reports a refused authorization (error=access_denied) as oauth_denied', async () => {
    const start = await raw('/wps/playdeck/oauth/google/start');
    const state = new URL(start.headers.get('Location') ?? '').searchParams.get('state') ?? '';
    const back = await raw(`/wps/playdeck/oauth/google/callback?error=access_denied&state=${state}`, { cookie: `pd_oauth=${cookieOf(start)}` });
    expect(back.headers.get('Location')).toBe('/m/login#oauthError=oauth_denied');
  });

  it('reports a code the provider refuses as oauth_failed', async () => {
    const start = await raw('/wps/playdeck/oauth/google/start');
    const state = new URL(start.headers.get('Location') ?? '').searchParams.get('state') ?? '';
    const back = await raw(`/wps/playdeck/oauth/google/callback?code=made-up&state=${state}`, { cookie: `pd_oauth=${cookieOf(start)}` });
    expect(back.headers.get('Location')).toBe('/m/login#oauthError=oauth_failed');
  });

  it('refuses a disabled linked member with account_disabled', async () => {
    const player = newPlayer();
    const first = await exchange(sessionCodeOf((await socialLogin('google', player)).location));
    await env.DB.prepare(`UPDATE members SET status = 0 WHERE username = ?`).bind(first.body.value.userName).run();
    expect((await socialLogin('google', player)).location).toBe('/m/login#oauthError=account_disabled');
  });

  it.each([[{}], [{ code: 'short' }], [{ code: 42 }]])('answers 400 invalid_input for the exchange body %j', async (json) => {
    const res = await call('/wps/playdeck/session/exchange', { method: 'POST', json });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('request_param_err');
  });
});

describe('social login buttons follow the configuration (issue 10)', () => {
  const capabilitiesOf = (html: string) => (/<html[^>]*data-capabilities="([^"]*)"/.exec(html)?.[1] ?? '').split(' ');
  const assets = fakeBuild(BUILD_FILES).assets;

  it('writes oauth-<provider> into the page only for a provider the site has configured', async () => {
    const both = await page('/m/login', { env: { ...bindings(), ASSETS: assets, SITE_CACHE_SECONDS: '0' } });
    expect(capabilitiesOf(both.text)).toEqual(expect.arrayContaining(['oauth', 'oauth-google', 'oauth-facebook']));
    const noGoogle = await page('/m/login', { env: { ...bindings({ GOOGLE_CLIENT_SECRET: '' } as Partial<Bindings>), ASSETS: assets, SITE_CACHE_SECONDS: '0' } });
    expect(capabilitiesOf(noGoogle.text)).toContain('oauth-facebook');
    expect(capabilitiesOf(noGoogle.text)).not.toContain('oauth-google');
  });

  it('writes no provider capability in upstream mode (no oauth there)', async () => {
    const upstream = await page('/m/login', {
      env: { ...bindings(), ASSETS: assets, SITE_CACHE_SECONDS: '0', UPSTREAM_API_URL: 'https://platform.test' },
    });
    expect(capabilitiesOf(upstream.text).filter((c) => c.startsWith('oauth'))).toEqual([]);
  });
});
