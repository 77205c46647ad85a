import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '../../src/api/accounts';
import { $session } from '../../src/stores/session';

/** What one stubbed fetch saw. */
interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

let seen: Seen[] = [];

function answer(value: unknown): Response {
  return new Response(JSON.stringify({ success: true, value, message: 'ok', errorCode: '' }), { status: 200 });
}

beforeEach(() => {
  seen = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    seen.push({ url, method: String(init.method), headers: { ...(init.headers as Record<string, string>) }, body: (init.body as string | null) ?? null });
    if (url.startsWith('/wps/wallets/gcs')) return answer({ sumBalance: 12.34, currency: 'USD', currencySymbol: '$' });
    return answer(url.startsWith('/wps/member/trialuser') ? 'trial_abc' : null);
  });
  $session.set({ token: 'tok123', merchantCode: 'DEMO', userName: 'p', firstTimeLogin: false, type: 0 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  $session.set(null);
});

// platform-contract.md §2–§3: method, path, ModuleId header, query/body of every plain accounts wrapper.
describe.each([
  ['logout', () => accounts.logout(), 'DELETE', '/wps/session/logout', 'COMM3', null, true],
  ['free play', () => accounts.freePlay(), 'POST', '/wps/session/login/freeplay', 'FREEPLAY3', null, false],
  ['trial user', () => accounts.createTrialUser(), 'GET', '/wps/member/trialuser', undefined, null, false],
  ['registration settings', () => accounts.getRegisterSettings(), 'GET', '/wps/system/setting/register', 'REG3', null, false],
  ['username check', () => accounts.checkUsername('abcd1'), 'GET', '/wps/check/username?username=abcd1', undefined, null, false],
  ['affiliate', () => accounts.lookupAffiliate('AG1', 'play.example'), 'GET', '/wps/agent/affiliate?code=AG1&domain=play.example', 'AFFMAN3', null, false],
  ['member info', () => accounts.getMemberInfo(), 'GET', '/wps/member/info', 'COMM3', null, true],
  ['wallet', () => accounts.getWallet(), 'GET', '/wps/wallets/gcs', 'COMM3', null, true],
  ['forgot by e-mail', () => accounts.forgotPasswordByEmail({ username: 'abcd1', email: 'a@b.co' }), 'POST', '/wps/member/password/email', 'COMM3', 'username=abcd1&email=a%40b.co', false],
  ['SMS no login', () => accounts.sendSmsCodeNoLogin({ mobileNum: '0912345678', countryDialingCode: '63', captcha: 'x' }), 'POST', '/wps/verification/sms/noLogin', 'VERIFICATION3', '{"mobileNum":"0912345678","countryDialingCode":"63","captcha":"x"}', false],
  ['SMS register (mobile)', () => accounts.sendSmsCodeRegister({ mobileNo: '0912345678', countryDialingCode: '63', captcha: 'x' }), 'POST', '/wps/verification/sms/register', 'MOBILENUMREG3', '{"mobileNo":"0912345678","countryDialingCode":"63","captcha":"x"}', false],
  ['SMS register (username)', () => accounts.sendSmsCodeRegister({ mobileNo: '0912345678', countryDialingCode: '63', captcha: 'x' }, 'REGMOBVERF3'), 'POST', '/wps/verification/sms/register', 'REGMOBVERF3', '{"mobileNo":"0912345678","countryDialingCode":"63","captcha":"x"}', false],
  ['remembered login (extension)', () => accounts.resumeRememberedLogin('t'.repeat(30)), 'POST', '/wps/playdeck/session/remember', undefined, `{"token":"${'t'.repeat(30)}"}`, false],
  ['log out everywhere (extension)', () => accounts.logoutEverywhere(), 'DELETE', '/wps/playdeck/session/logoutAll', undefined, null, true],
  ['session exchange (extension)', () => accounts.exchangeSession('c'.repeat(30)), 'POST', '/wps/playdeck/session/exchange', undefined, `{"code":"${'c'.repeat(30)}"}`, false],
] as const)('%s', (_name, run, method, url, moduleId, body, withToken) => {
  it('sends the platform method, path, ModuleId, body and headers', async () => {
    await run();
    const request = seen[0];
    expect(request).toBeDefined();
    if (!request) return;
    expect(request.method).toBe(method);
    expect(request.url).toBe(url);
    expect(request.headers.ModuleId).toBe(moduleId);
    expect(request.body).toBe(body);
    expect(request.headers.Authorization).toBe(withToken ? 'tok123' : undefined);
    expect(request.headers.Merchant).toBe('DEMO');
    expect(request.headers.Language).toMatch(/^[A-Z-]+$/);
    expect(request.headers['X-Real-UA']).toBeTypeOf('string');
    expect(request.headers.Device).toBeUndefined();
    if (body?.startsWith('username=')) expect(request.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
  });
});

describe('wallet', () => {
  it('keeps minor units in the browser: 12.34 on the wire is 1234', async () => {
    expect((await accounts.getWallet()).sumBalance).toBe(1234);
  });
});

describe('social login', () => {
  it('starts at the extension OAuth path', () => {
    expect(accounts.socialLoginUrl('google')).toBe('/wps/playdeck/oauth/google/start');
  });
});
