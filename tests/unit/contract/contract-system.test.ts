import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getCaptcha, getConsolidatedSettings, getCountryList, getDomainRoute, getSystemStatus, getWhitelabel,
} from '../../../src/api/system';
import { $session } from '../../../src/stores/concepts/session';
import { $captchaImage, loadCaptcha } from '../../../src/stores/concepts/captcha';
import { base64Utf8 } from '../../../contract/headers';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';

/** What one stubbed fetch saw. */
interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

let seen: Seen[] = [];
let answerValue: unknown = null;

beforeEach(() => {
  seen = [];
  answerValue = null;
  $session.set({ token: TOKEN, merchantCode: 'DEMO', userName: 'player1', type: 1, firstTimeLogin: false });
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    seen.push({
      method: init.method ?? 'GET',
      url: new URL(input, 'http://site.test'),
      headers: new Headers(init.headers),
      body: init.body ?? null,
    });
    return new Response(JSON.stringify({ success: true, value: answerValue, message: 'ok', errorCode: '' }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  $session.set(null);
});

/**
 * Each client wrapper of the system area (platform-contract.md §2, §3): method, path, query, and the platform
 * headers (§1.2): bare-token Authorization (except captcha: no token), Merchant, Language, X-Real-UA, ModuleId.
 */
describe.each([
  {
    call: 'system status (§2, newer mobile path)',
    run: () => getSystemStatus({ device: 'MOBILE', originalDomain: 'play.example', url: 'play.example:8443', track: 'aff1' }),
    method: 'GET', path: '/wps/v2/system/status', moduleId: 'COMM3', token: true,
    query: { device: 'MOBILE', originalDomain: 'play.example', url: 'play.example:8443', track: 'aff1' },
    extraHeaders: { 'cache-control': 'no-cache' },
  },
  { call: 'whitelabel switches (§2)', run: () => getWhitelabel(), method: 'GET', path: '/wps/system/whitelabel', moduleId: 'COMM3', token: true, query: {} },
  {
    call: 'domain route (§2)', run: () => getDomainRoute(), method: 'GET', path: '/wps/system/domainRoute', moduleId: 'COMM3', token: true,
    query: { device: 'MOBILE' },
  },
  { call: 'captcha (§3)', run: () => getCaptcha(), method: 'GET', path: '/wps/captcha', moduleId: 'CAPTCHA3', token: false, query: {} },
  { call: 'system country (§3)', run: () => getCountryList(), method: 'GET', path: '/wps/system/country', moduleId: 'COMM3', token: true, query: {} },
  {
    call: 'consolidated settings (§3)', run: () => getConsolidatedSettings(), method: 'GET', path: '/wps/system/settings/consolidated',
    moduleId: 'COMM3', token: true, query: {},
  },
])('$call', ({ run, method, path, moduleId, token, query, extraHeaders }) => {
  it(`sends ${method} ${path} with its query and the platform headers`, async () => {
    await run();
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request?.method).toBe(method);
    expect(request?.url.pathname).toBe(path);
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual(query);
    expect(request?.body).toBeNull();
    const headers = request?.headers ?? new Headers();
    expect(headers.get('ModuleId')).toBe(moduleId);
    expect(headers.get('Authorization')).toBe(token ? TOKEN : null);
    expect(headers.get('Merchant')).toBe('DEMO');
    expect(headers.get('Language')).toBe('EN');
    expect(headers.get('X-Real-UA')).toBe(base64Utf8(navigator.userAgent));
    expect(headers.get('Device')).toBeNull();
    for (const [name, value] of Object.entries(extraHeaders ?? {})) expect(headers.get(name)).toBe(value);
  });
});

describe('captcha store (src/stores/concepts/captcha.ts)', () => {
  it('shows the answer as a PNG data URL', async () => {
    answerValue = 'iVBORw0KGgo=';
    await loadCaptcha();
    expect($captchaImage.get()).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('keeps only the image of the latest request (the one the server checks against)', async () => {
    const answers = ['Zmlyc3Q=', 'c2Vjb25k'];
    vi.stubGlobal('fetch', async () => {
      const value = answers.shift();
      // The first request answers after the second.
      if (value === 'Zmlyc3Q=') await new Promise((done) => setTimeout(done, 20));
      return new Response(JSON.stringify({ success: true, value, message: 'ok', errorCode: '' }), { status: 200 });
    });
    await Promise.all([loadCaptcha(), loadCaptcha()]);
    expect($captchaImage.get()).toBe('data:image/png;base64,c2Vjb25k');
  });

  it('shows no image when the fetch fails', async () => {
    vi.stubGlobal('fetch', async () =>
      new Response(JSON.stringify({ success: false, value: null, message: 'slow down', errorCode: 'TOO_MANY_REQUEST' }), { status: 429 }));
    await loadCaptcha();
    expect($captchaImage.get()).toBeNull();
  });
});
