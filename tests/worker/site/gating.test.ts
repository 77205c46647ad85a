import { describe, expect, it } from 'vitest';
import type { SystemStatusValue } from '../../../contract/calls/system';
import type { Envelope } from '../../../worker/lib/envelope';
import { BUILD_FILES, fakeBuild, file, page, RESTRICTED_PAGE, withSiteState } from '../page-helpers';

const build = () => fakeBuild(BUILD_FILES);
const FROM_FRANCE = { 'CF-IPCountry': 'FR', 'CF-Connecting-IP': '198.51.100.23' };

describe('maintenance gate (player-shell §4 App status: maintenance page)', () => {
  it('answers every page route with the maintenance page, 503 and Retry-After, never cached', async () => {
    const { assets } = build();
    await withSiteState('DEMO', { maintenance: true }, async () => {
      for (const path of ['/', '/m/home', '/m/login', '/m/gameList?gameType=RNG', '/m/unknown/page', '/play/slot']) {
        const answer = await page(path, { env: { ASSETS: assets } });
        expect(answer.status, path).toBe(503);
        expect(answer.file, path).toBe(file('maintenance EN'));
        expect(answer.headers.get('Retry-After')).toBe('300');
        expect(answer.headers.get('Cache-Control')).toBe('no-store');
        expect(answer.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
        expect(answer.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'self'");
      }
    });
  });

  it("wears the site's theme: a light site's maintenance page is light", async () => {
    await withSiteState('DEMO2', { maintenance: true }, async () => {
      const answer = await page('http://play2.localhost/m/home', { env: { ASSETS: build().assets } });
      expect(answer.status).toBe(503);
      expect(answer.text).toMatch(/<html[^>]*data-site-theme="light"/);
    });
  });

  it('cannot be bypassed by asking for a page file directly', async () => {
    const { assets } = build();
    await withSiteState('DEMO', { maintenance: true }, async () => {
      expect((await page('/play/slot.html', { env: { ASSETS: assets } })).status).toBe(503);
      expect((await page('/m/home.html', { env: { ASSETS: assets } })).status).toBe(503);
      expect((await page('/i18n/cn/m/home.html', { env: { ASSETS: assets } })).status).toBe(404);
    });
  });

  it('keeps the API working so the client can read the status', async () => {
    await withSiteState('DEMO', { maintenance: true }, async () => {
      const answer = await page('/wps/system/status');
      expect(answer.status).toBe(200);
      const body = JSON.parse(answer.text) as Envelope<SystemStatusValue>;
      expect(body.value.maintenance).toBe(true);
    });
  });

  it('never gates static files', async () => {
    const { assets } = build();
    await withSiteState('DEMO', { maintenance: true, restrictedRegions: ['FR'] }, async () => {
      const icon = await page('/favicon.svg', { env: { ASSETS: assets }, headers: FROM_FRANCE });
      const script = await page('/_assets/app.abc123.js', { env: { ASSETS: assets }, headers: FROM_FRANCE });
      expect(icon.status).toBe(200);
      expect(script.status).toBe(200);
      expect(script.text).toBe('console.log(1)');
    });
  });

  it('falls back to a built-in maintenance page when the build lacks one', async () => {
    const { assets } = fakeBuild({ '/m/home.html': file('home EN') });
    await withSiteState('DEMO', { maintenance: true }, async () => {
      const answer = await page('/m/home', { env: { ASSETS: assets } });
      expect(answer.status).toBe(503);
      expect(answer.text).toContain('<h1>Under maintenance</h1>');
      expect(answer.text).not.toContain('<script');
    });
  });

  it('lifts as soon as maintenance is switched off', async () => {
    const { assets } = build();
    await withSiteState('DEMO', { maintenance: true }, async () => {
      expect((await page('/m/home', { env: { ASSETS: assets } })).status).toBe(503);
    });
    const after = await page('/m/home', { env: { ASSETS: assets } });
    expect(after.status).toBe(200);
    expect(after.file).toBe(file('home EN'));
  });
});

describe('region gate (player-shell §4 App status: IP-restricted page)', () => {
  it('answers a visitor from a restricted country with 451 and shows their IP in the page', async () => {
    const { assets } = build();
    await withSiteState('DEMO', { restrictedRegions: ['US', 'FR'] }, async () => {
      const answer = await page('/m/home', { env: { ASSETS: assets }, headers: FROM_FRANCE });
      expect(answer.status).toBe(451);
      expect(answer.file).toBe(RESTRICTED_PAGE.replace('—', '198.51.100.23'));
      expect(answer.headers.get('Cache-Control')).toBe('no-store');
      expect(answer.headers.get('Retry-After')).toBeNull();
      expect(answer.headers.get('Content-Security-Policy')).toBeTruthy();
    });
  });

  it('matches the country case-insensitively', async () => {
    const { assets } = build();
    await withSiteState('DEMO', { restrictedRegions: ['fr'] }, async () => {
      expect((await page('/m/login', { env: { ASSETS: assets }, headers: { 'CF-IPCountry': 'Fr' } })).status).toBe(451);
    });
  });

  it('writes the IP as text, so markup in a forged address header cannot inject HTML', async () => {
    const { assets } = build();
    await withSiteState('DEMO', { restrictedRegions: ['FR'] }, async () => {
      const answer = await page('/m/home', {
        env: { ASSETS: assets },
        headers: { 'CF-IPCountry': 'FR', 'CF-Connecting-IP': '<img src=x onerror=alert(1)>' },
      });
      expect(answer.status).toBe(451);
      expect(answer.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(answer.text).not.toContain('<img');
    });
  });

  it('lets visitors from other or unknown countries through', async () => {
    const { assets } = build();
    await withSiteState('DEMO', { restrictedRegions: ['FR'] }, async () => {
      const other = await page('/m/home', { env: { ASSETS: assets }, headers: { 'CF-IPCountry': 'VN' } });
      const unknown = await page('/m/home', { env: { ASSETS: assets } });
      expect(other.status).toBe(200);
      expect(other.file).toBe(file('home EN'));
      expect(unknown.status).toBe(200);
    });
  });

  it('shows the IP in the built-in restricted page when the build lacks one', async () => {
    const { assets } = fakeBuild({});
    await withSiteState('DEMO', { restrictedRegions: ['FR'] }, async () => {
      const answer = await page('/m/home', { env: { ASSETS: assets }, headers: FROM_FRANCE });
      expect(answer.status).toBe(451);
      expect(answer.text).toContain('<strong data-client-ip>198.51.100.23</strong>');
    });
  });

  it('agrees with /wps/system/status, which still answers the restricted visitor', async () => {
    await withSiteState('DEMO', { restrictedRegions: ['FR'] }, async () => {
      const answer = await page('/wps/system/status', { headers: FROM_FRANCE });
      expect(answer.status).toBe(200);
      const body = JSON.parse(answer.text) as Envelope<SystemStatusValue>;
      expect(body.value.regionRestriction).toBe(true);
      expect(body.value.location.ip).toBe('198.51.100.23');
    });
  });
});

describe('both gates at once', () => {
  it('serves maintenance when the site is in maintenance and the visitor is restricted too', async () => {
    const { assets } = build();
    await withSiteState('DEMO', { maintenance: true, restrictedRegions: ['FR'] }, async () => {
      const answer = await page('/m/home', { env: { ASSETS: assets }, headers: FROM_FRANCE });
      expect(answer.status).toBe(503);
      expect(answer.file).toBe(file('maintenance EN'));
    });
  });
});

describe('gating of the API, in both modes (worker/edge/pages/api-gate.ts)', () => {
  const seen: Request[] = [];
  const platform = (request: Request) => {
    seen.push(request);
    return Promise.resolve(Response.json({ success: true, value: { ok: true }, message: '', errorCode: '' }));
  };
  const modes = [
    ['built-in', {}, {}],
    ['upstream', { UPSTREAM_API_URL: 'https://gated.platform.test' }, { upstream: { fetch: platform } }],
  ] as const;

  it.each(modes)('%s: during maintenance the player API answers 503 maintenance with Retry-After; the status calls still answer', async (_mode, modeEnv, options) => {
    seen.length = 0;
    await withSiteState('DEMO', { maintenance: true }, async () => {
      for (const path of ['/wps/member/info', '/wps/relay/GCSGAME_gameList', '/wps/session/login']) {
        const answer = await page(path, { method: path.endsWith('login') ? 'POST' : 'GET', env: modeEnv, options });
        expect(answer.status, path).toBe(503);
        expect(answer.headers.get('Retry-After'), path).toBe('300');
        expect((JSON.parse(answer.text) as Envelope<null>).errorCode, path).toBe('maintenance');
      }
      const gateway = await page('/lgw/games', { env: modeEnv, options });
      expect(gateway.status).toBe(503);
      expect(JSON.parse(gateway.text)).toMatchObject({ errorCode: 'maintenance' });
      expect(seen).toHaveLength(0);
      for (const path of ['/wps/system/status', '/wps/v2/system/status']) {
        expect((await page(path, { env: modeEnv, options })).status, path).toBe(200);
      }
    });
  });

  it.each(modes)('%s: a restricted region gets 451 region_restricted on calls that play or move money, and reads the rest', async (_mode, modeEnv, options) => {
    seen.length = 0;
    await withSiteState('DEMO', { restrictedRegions: ['FR'] }, async () => {
      for (const [method, path] of [['GET', '/wps/game/launchGame?gameId=1'], ['POST', '/lgw/orders/betting'], ['POST', '/wps/transaction/withdraw'], ['POST', '/wps/relay/GCS_walletTransfer']] as const) {
        const answer = await page(path, { method, body: method === 'POST' ? '{}' : null, headers: { ...FROM_FRANCE, 'Content-Type': 'application/json' }, env: modeEnv, options });
        expect(answer.status, path).toBe(451);
        expect((JSON.parse(answer.text) as { errorCode: string }).errorCode, path).toBe('region_restricted');
      }
      expect(seen).toHaveLength(0);
      expect((await page('/wps/system/status', { headers: FROM_FRANCE, env: modeEnv, options })).status).toBe(200);
      expect((await page('/wps/game/launchGame?gameId=1', { headers: { 'CF-IPCountry': 'DE' }, env: modeEnv, options })).status).not.toBe(451);
    });
  });
});
