import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as accounts from '../../../src/api/accounts';
import { $session } from '../../../src/stores/concepts/session';
import { accountsCalls } from '../../../contract/calls/accounts';
import type { CallDef } from '../../../contract/call';
import {
  EPHEMERAL_KEY_BYTES, IV_BYTES, PAYLOAD_ALGORITHM, deriveAesKey, fromBase64, payloadAad, type PayloadPlaintext,
} from '../../../contract/payload-crypto';

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

// The sealed wrappers (§1.6 calls): the body travels as `{ data }` sealed for the server's P-256 key
// (contract/payload-crypto.ts); opened here with the private key, it must carry the contract's field names.
describe('sealed wrappers', () => {
  const KEY_ID = 'k-test-1';
  let serverKeys: CryptoKeyPair;
  let publicKeyJwk: JsonWebKey;
  const session = { token: 'tok123', userName: 'p', type: 0, firstTimeLogin: false, merchantCode: 'DEMO' };

  beforeAll(async () => {
    serverKeys = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
    publicKeyJwk = (await crypto.subtle.exportKey('jwk', serverKeys.publicKey)) as JsonWebKey;
  });

  beforeEach(() => {
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({ url, method: String(init.method), headers: { ...(init.headers as Record<string, string>) }, body: (init.body as string | null) ?? null });
      if (url === '/wps/playdeck/payloadKey') return answer({ keyId: KEY_ID, algorithm: PAYLOAD_ALGORITHM, publicKeyJwk });
      if (url === '/wps/member/trialuser') return answer('trial_abc');
      if (url === '/wps/session/login' || url.startsWith('/wps/member/register')) return answer(session);
      if (url === '/wps/member/password') return answer({ rememberToken: null });
      return answer(null);
    });
  });

  /** Opens a sealed body as the worker does (worker/middleware/encrypted-body.ts). */
  async function open(data: string, path: string): Promise<PayloadPlaintext> {
    const bytes = fromBase64(data);
    if (!bytes) throw new Error('data is not base64');
    const ephemeralRaw = bytes.slice(0, EPHEMERAL_KEY_BYTES);
    const ephemeral = await crypto.subtle.importKey('raw', ephemeralRaw, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    const aesKey = await deriveAesKey(serverKeys.privateKey, ephemeral, ephemeralRaw, KEY_ID, 'decrypt');
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(EPHEMERAL_KEY_BYTES, EPHEMERAL_KEY_BYTES + IV_BYTES), additionalData: payloadAad(KEY_ID, path) },
      aesKey,
      bytes.slice(EPHEMERAL_KEY_BYTES + IV_BYTES),
    );
    return JSON.parse(new TextDecoder().decode(plain)) as PayloadPlaintext;
  }

  const phone = { countryDialingCode: '63', mobileNum: '09171234567' };
  const reset = { token: 'r'.repeat(43), newPassword: 'mailed2024', confirmNewPassword: 'mailed2024' };
  const cases: { name: string; def: CallDef; run: () => Promise<unknown>; sent: Record<string, unknown>; answer: unknown }[] = [
    {
      name: 'login by username', def: accountsCalls.login, answer: session,
      run: () => accounts.login({ type: 'username', username: 'player1', password: 'secret123', rememberMe: true }),
      sent: { type: 'username', username: 'player1', password: 'secret123', rememberMe: true },
    },
    {
      name: 'login by SMS code (mobile as username, code as password)', def: accountsCalls.login, answer: session,
      run: () => accounts.login({ type: 'sms', countryDialingCode: '63', username: phone.mobileNum, password: '123456' }),
      sent: { type: 'sms', countryDialingCode: '63', username: phone.mobileNum, password: '123456' },
    },
    {
      name: 'login by Firebase', def: accountsCalls.login, answer: session,
      run: () => accounts.login({ type: 'firebase', firebaseChannel: 'sms', firebaseIdToken: 'h.p.s', firebaseMobileNo: phone.mobileNum, countryDialingCode: '63' }),
      sent: { type: 'firebase', firebaseChannel: 'sms', firebaseIdToken: 'h.p.s', firebaseMobileNo: phone.mobileNum, countryDialingCode: '63' },
    },
    {
      name: 'trial login (the trial name as username and password)', def: accountsCalls.login, answer: session,
      run: () => accounts.loginAsTrialUser(),
      sent: { type: 'username', username: 'trial_abc', password: 'trial_abc' },
    },
    {
      name: 'register', def: accountsCalls.register, answer: session,
      run: () => accounts.register({ username: 'player1', password: 'secret123', confirmPassword: 'secret123', captcha: 'AB12', type: 0, login: true }),
      sent: { username: 'player1', password: 'secret123', confirmPassword: 'secret123', captcha: 'AB12', type: 0, login: true },
    },
    {
      name: 'register by mobile', def: accountsCalls.registerMobile, answer: session,
      run: () => accounts.registerMobile({ ...phone, verificationCode: '123456', firebaseChannel: 'sms', type: 0, login: true }),
      sent: { ...phone, verificationCode: '123456', firebaseChannel: 'sms', type: 0, login: true },
    },
    {
      name: 'change password', def: accountsCalls.changePassword, answer: { rememberToken: null },
      run: () => accounts.changePassword({ oldPassword: 'old12345', newPassword: 'new12345', confirmNewPassword: 'new12345' }),
      sent: { oldPassword: 'old12345', newPassword: 'new12345', confirmNewPassword: 'new12345' },
    },
    {
      name: 'set password by phone', def: accountsCalls.setPasswordByPhone, answer: null,
      run: () => accounts.setPasswordByPhone({ ...phone, verificationCode: '123456', newPassword: 'reset2024' }),
      sent: { ...phone, verificationCode: '123456', newPassword: 'reset2024' },
    },
    {
      name: 'e-mail reset (extension)', def: accountsCalls.emailReset, answer: null,
      run: () => accounts.resetPasswordByEmailToken(reset), sent: reset,
    },
  ];

  it('covers every encrypted call of the contract', () => {
    const encrypted = Object.values(accountsCalls).filter((def: CallDef) => def.encrypted).map((def) => def.name);
    expect(new Set(cases.map((c) => c.def.name))).toEqual(new Set(encrypted));
  });

  it.each(cases)('$name: seals the contract body for $def.path', async ({ def, run, sent, answer: value }) => {
    expect(await run()).toEqual(value);
    for (const request of seen.filter((r) => r.url === '/wps/playdeck/payloadKey')) {
      expect(request.method).toBe('GET');
      expect(request.headers.Authorization).toBeUndefined();
    }
    const request = seen.at(-1);
    expect(request).toBeDefined();
    if (!request) return;
    expect(request.method).toBe(def.method);
    expect(request.url).toBe(def.path);
    expect(request.headers.Encryption).toBe(`${PAYLOAD_ALGORITHM};${KEY_ID}`);
    expect(request.headers.Encryption).toMatch(/^ECDH-P256-A256GCM;[^;]+$/);
    expect(request.headers['Content-Type']).toBe('application/json');
    expect(request.headers.ModuleId).toBe(def.moduleId);
    expect(request.headers.Device).toBe(def.device ? 'OTHERS' : undefined);
    expect(request.headers.Authorization).toBe(def.auth === 'none' ? undefined : 'tok123');
    expect(request.headers.Merchant).toBe('DEMO');
    const body = JSON.parse(request.body ?? 'null') as { data: string };
    expect(Object.keys(body)).toEqual(['data']);
    const opened = await open(body.data, def.path);
    expect(opened.body).toEqual(sent);
    expect(def.body?.safeParse(opened.body).success).toBe(true);
    expect(Math.abs(opened.ts - Date.now())).toBeLessThan(60_000);
    expect(opened.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('a seal opens only for its own path', async () => {
    await accounts.changePassword({ oldPassword: 'old12345', newPassword: 'new12345', confirmNewPassword: 'new12345' });
    const data = (JSON.parse(seen.at(-1)?.body ?? 'null') as { data: string }).data;
    await expect(open(data, '/wps/session/login')).rejects.toThrow();
  });
});
