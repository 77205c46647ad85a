import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../worker/index';
import type { Bindings } from '../../../worker/env';
import { accountsCalls } from '../../../contract/calls/accounts';
import { envelopeSchema, failureEnvelopeSchema } from '../../../contract/envelope';
import type { CallDef } from '../../../contract/call';
import { hashPassword } from '../../../worker/services/crypto/password';
import { hashToken, newToken } from '../../../worker/services/crypto/tokens';
import { insertExchangeCode } from '../../../worker/db/queries/oauth';
import { call } from '../helpers';
import { sealedCall } from '../sealed';
import { createMember } from '../fixtures';
import {
  TEST_ANSWER, ensureAccountSettings, fromIp, registerMember, registration, setSwitch, uniqueIp, uniqueUsername, withTestCaptcha,
} from '../accounts-fixtures';
import { memberWithPhone, smsCodeFor, uniquePhone } from '../sms-fixtures';
import { confirmEmail } from '../email-fixtures';

/**
 * Contract tests of the accounts area (contract/calls/accounts.ts, platform-contract.md §2–§3): every call
 * driven through the worker app as the browser sends it (the def's method, path, ModuleId and Device headers,
 * sealed where `encrypted`), its success answer checked against the def's `value` schema, and the error codes
 * its docstring names checked against the failure envelope.
 */

// The register SMS is sent only where registration checks it (REGMOBVERF3 on); the calls run with it on.
beforeAll(async () => {
  await ensureAccountSettings();
  await setSwitch('REGMOBVERF3', true);
});

type Name = keyof typeof accountsCalls;
interface Res { status: number; body: unknown }
interface Send {
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  token?: string;
  headers?: Record<string, string>;
  env?: Partial<Bindings>;
}

/** Sends a call of the contract as src/api/client.ts does (a fresh client IP; the test captcha unless `env` is given). */
function send(name: Name, init: Send = {}): Promise<Res> {
  const def: CallDef = accountsCalls[name];
  const path = init.query ? `${def.path}?${new URLSearchParams(init.query).toString()}` : def.path;
  const headers: Record<string, string> = {
    ...fromIp(uniqueIp()),
    ...(def.moduleId ? { ModuleId: def.moduleId } : {}),
    ...(def.device ? { Device: 'OTHERS' } : {}),
    ...init.headers,
  };
  const common = { headers, env: init.env ?? withTestCaptcha, ...(init.token ? { token: init.token } : {}) };
  if (def.encrypted) return sealedCall(path, { method: def.method, json: init.json ?? {}, ...common });
  if (def.form) {
    return call(path, {
      ...common, method: def.method, body: new URLSearchParams(init.form).toString(),
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  }
  return call(path, { ...common, method: def.method, ...(init.json !== undefined ? { json: init.json } : {}) });
}

/** Runs `body` with a DEMO site switch set, then puts it back. */
async function withSwitch<T>(moduleId: string, enabled: boolean, body: () => Promise<T>): Promise<T> {
  await setSwitch(moduleId, enabled);
  try {
    return await body();
  } finally {
    await setSwitch(moduleId, !enabled);
  }
}

const login = (json: Record<string, unknown>) => send('login', { json: { type: 'username', ...json } });
const phoneBody = (phone: { countryDialingCode: string; mobileNum: string }) => ({ countryDialingCode: phone.countryDialingCode, mobileNum: phone.mobileNum });

async function lastMailTo(to: string): Promise<string> {
  const row = await env.DB.prepare(`SELECT body FROM email_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1`).bind(to).first<{ body: string }>();
  return /resetToken=([A-Za-z0-9_-]+)/.exec(row?.body ?? '')?.[1] ?? '';
}

async function exchangeCodeFor(memberId: number): Promise<string> {
  const code = newToken();
  await insertExchangeCode(env.DB, { codeHash: hashToken(code), memberId, merchantCode: 'DEMO', firstTimeLogin: false, expiresAt: Date.now() + 60_000 });
  return code;
}

/** One happy path per JSON call (the Record makes the typecheck fail when a call of the contract is missing). */
const happy: Record<Exclude<Name, 'legacyRsaKey'>, () => Promise<Res>> = {
  login: async () => {
    const { username, password } = await registerMember();
    return login({ username, password });
  },
  logout: async () => send('logout', { token: (await createMember()).token }),
  freePlay: () => send('freePlay'),
  trialUser: () => send('trialUser'),
  register: () => send('register', { json: registration() }),
  registerMobile: async () => {
    const phone = uniquePhone();
    const verificationCode = await smsCodeFor('register', phone);
    return send('registerMobile', { json: { ...phoneBody(phone), verificationCode, captcha: TEST_ANSWER, registerMethod: 'H5', type: 0, login: true } });
  },
  registerSettings: () => send('registerSettings'),
  checkUsername: () => send('checkUsername', { query: { username: uniqueUsername() } }),
  affiliate: () => send('affiliate', { query: { code: 'demoagent', domain: '127.0.0.1' } }),
  memberInfo: async () => send('memberInfo', { token: (await createMember()).token }),
  playerRankProgress: async () => send('playerRankProgress', { token: (await createMember()).token }),
  wallet: async () => send('wallet', { token: (await createMember({ balanceMinor: 1234 })).token }),
  changePassword: async () => {
    const { session, password } = await registerMember();
    return send('changePassword', { token: session.token, json: { oldPassword: password, newPassword: 'fresh2024', confirmNewPassword: 'fresh2024' } });
  },
  setPasswordByPhone: async () => {
    const member = await memberWithPhone(await hashPassword('before123'));
    const verificationCode = await smsCodeFor('noLogin', member.phone);
    return send('setPasswordByPhone', { json: { ...phoneBody(member.phone), verificationCode, newPassword: 'reset2024' } });
  },
  forgotPasswordEmail: () => send('forgotPasswordEmail', { form: { username: uniqueUsername(), email: 'nobody@example.com' } }),
  smsNoLogin: () => send('smsNoLogin', { json: { ...phoneBody(uniquePhone()), captcha: TEST_ANSWER } }),
  smsRegister: () => {
    const phone = uniquePhone();
    return send('smsRegister', { json: { mobileNo: phone.mobileNum, countryDialingCode: phone.countryDialingCode, captcha: TEST_ANSWER } });
  },
  rememberLogin: async () => {
    const { username, password } = await registerMember();
    const first = await login({ username, password, rememberMe: true });
    return send('rememberLogin', { json: { token: (first.body as { value: { rememberToken: string } }).value.rememberToken } });
  },
  logoutAll: async () => send('logoutAll', { token: (await createMember()).token }),
  confirmDateOfBirth: async () => send('confirmDateOfBirth', { token: (await createMember()).token, json: { dateOfBirth: '1990-05-17' } }),
  sessionExchange: async () => send('sessionExchange', { json: { code: await exchangeCodeFor((await createMember()).memberId) } }),
  emailReset: async () => {
    const email = `${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { username } = await registerMember({ email });
    await confirmEmail(email); // the reset goes only to a bound (confirmed) address
    expect((await send('forgotPasswordEmail', { form: { username, email } })).status).toBe(200);
    return send('emailReset', { json: { token: await lastMailTo(email), newPassword: 'mailed2024', confirmNewPassword: 'mailed2024' } });
  },
};

/** Further happy paths of calls with more than one form (login by SMS code). */
const moreHappy: [string, Name, () => Promise<Res>][] = [
  ['login (sms)', 'login', async () => {
    const member = await memberWithPhone();
    const code = await smsCodeFor('noLogin', member.phone);
    return send('login', { json: { type: 'sms', countryDialingCode: member.phone.countryDialingCode, username: member.phone.mobileNum, password: code } });
  }],
  ['register (value null without login)', 'register', () => send('register', { json: registration({ login: false }) })],
  ['smsRegister (REGMOBVERF3)', 'smsRegister', () => {
    const phone = uniquePhone();
    return send('smsRegister', { headers: { ModuleId: 'REGMOBVERF3' }, json: { mobileNo: phone.mobileNum, countryDialingCode: '63', captcha: TEST_ANSWER } });
  }],
];

// Registration, login and password calls run scrypt on purpose, hence the generous timeouts.
describe('accounts calls answer their contract value', { timeout: 60_000 }, () => {
  it.each([...Object.entries(happy).map(([name, run]) => [name, name as Name, run] as const), ...moreHappy])('%s', async (_label, name, run) => {
    const res = await run();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const parsed = envelopeSchema(accountsCalls[name].value).safeParse(res.body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect((res.body as { success: boolean }).success).toBe(true);
  });

  it('legacyRsaKey answers bare hex text matching the value schema', async () => {
    const def = accountsCalls.legacyRsaKey;
    const response = await createApp().request(`http://127.0.0.1${def.path}?t=${Date.now()}`, { method: def.method }, env);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(def.value.safeParse(await response.text()).success).toBe(true);
    expect(def.query?.safeParse({ t: '1700000000000' }).success).toBe(true);
  });
});

/** [label, call, request, HTTP status, errorCode]: the errors the call docstrings name, provoked cheaply. */
const failures: [string, Name, () => Promise<Res>, number, string][] = [
  ['legacyRsaKey switched off', 'legacyRsaKey', () => send('legacyRsaKey', { env: { LEGACY_ENCRYPTION: 'off' } }), 403, 'legacy_encryption_disabled'],
  ['legacyRsaKey without a key in production', 'legacyRsaKey', () => send('legacyRsaKey', { env: { APP_ENV: 'production' } }), 503, 'encryption_unavailable'],
  ['login without a password', 'login', () => login({ username: 'someone' }), 400, 'request_param_err'],
  ['login with a 5-digit SMS code', 'login', () => send('login', { json: { type: 'sms', countryDialingCode: '63', username: uniquePhone().mobileNum, password: '12345' } }), 400, 'request_param_err'],
  ['login with a wrong SMS code', 'login', () => send('login', { json: { type: 'sms', countryDialingCode: '63', username: uniquePhone().mobileNum, password: '123456' } }), 400, 'verification_code_error'],
  ['SMS login switched off', 'login', () => withSwitch('MOBILEVERCODELOGIN3', false, async () => {
    const member = await memberWithPhone();
    const code = await smsCodeFor('noLogin', member.phone);
    return send('login', { json: { type: 'sms', countryDialingCode: '63', username: member.phone.mobileNum, password: code } });
  }), 403, 'function.not.available'],
  ['freePlay switched off', 'freePlay', () => withSwitch('FREEPLAY3', false, () => send('freePlay')), 403, 'function.not.available'],
  ['trialUser switched off', 'trialUser', () => withSwitch('FREEPLAY3', false, () => send('trialUser')), 403, 'function.not.available'],
  ['register with a 3-letter username', 'register', () => send('register', { json: registration({ username: 'abc' }) }), 400, 'request_param_err'],
  ['register with a wrong captcha', 'register', () => send('register', { json: registration({ captcha: 'WRONG' }) }), 400, 'captcha_invalid'],
  ['register with an unknown invitation code', 'register', () => send('register', { json: registration({ affiliateCode: 'NOPE42' }) }), 400, 'invitation_code_error'],
  ['register switched off', 'register', () => withSwitch('USERNAMEREG3', false, () => send('register', { json: registration() })), 403, 'function.not.available'],
  ['register a taken username', 'register', async () => send('register', { json: registration({ username: (await memberWithPhone()).username }) }), 409, 'username_taken'],
  ['registerMobile without a number', 'registerMobile', () => send('registerMobile', { json: { captcha: TEST_ANSWER, type: 0, login: true, countryDialingCode: '63' } }), 400, 'request_param_err'],
  ['registerMobile switched off', 'registerMobile', () => withSwitch('MOBILENUMREG3', false, () =>
    send('registerMobile', { json: { ...phoneBody(uniquePhone()), captcha: TEST_ANSWER, type: 0, login: true } })), 403, 'function.not.available'],
  ['registerMobile a taken number', 'registerMobile', async () =>
    send('registerMobile', { json: { ...phoneBody((await memberWithPhone()).phone), verificationCode: '123456', captcha: TEST_ANSWER, type: 0, login: true } }), 409, 'mobile_taken'],
  ['checkUsername a name the rule refuses', 'checkUsername', () => send('checkUsername', { query: { username: '1abc' } }), 400, 'request_param_err'],
  ['checkUsername without a name', 'checkUsername', () => send('checkUsername'), 400, 'request_param_err'],
  ['affiliate a malformed code', 'affiliate', () => send('affiliate', { query: { code: 'no such!' } }), 400, 'request_param_err'],
  ['affiliate an unknown code', 'affiliate', () => send('affiliate', { query: { code: 'NOSUCHAGENT1' } }), 404, 'invitation_code_error'],
  ['changePassword by a trial account', 'changePassword', async () =>
    send('changePassword', { token: (await createMember({ type: 4 })).token, json: { oldPassword: 'x1', newPassword: 'fresh2024', confirmNewPassword: 'fresh2024' } }), 403, 'free_reject'],
  ['changePassword with a weak password', 'changePassword', async () =>
    send('changePassword', { token: (await createMember()).token, json: { oldPassword: 'x1', newPassword: 'abc12', confirmNewPassword: 'abc12' } }), 400, 'request_param_err'],
  ['setPasswordByPhone with a 5-digit code', 'setPasswordByPhone', () =>
    send('setPasswordByPhone', { json: { ...phoneBody(uniquePhone()), verificationCode: '12345', newPassword: 'reset2024' } }), 400, 'request_param_err'],
  ['setPasswordByPhone for an unknown number', 'setPasswordByPhone', () =>
    send('setPasswordByPhone', { json: { ...phoneBody(uniquePhone()), verificationCode: '123456', newPassword: 'reset2024' } }), 400, 'verification_code_error'],
  ['forgotPasswordEmail without an e-mail', 'forgotPasswordEmail', () => send('forgotPasswordEmail', { form: { username: 'abcd1' } }), 400, 'request_param_err'],
  ['smsNoLogin without a captcha', 'smsNoLogin', () => send('smsNoLogin', { json: phoneBody(uniquePhone()) }), 400, 'request_param_err'],
  ['smsNoLogin with a wrong captcha', 'smsNoLogin', () => send('smsNoLogin', { json: { ...phoneBody(uniquePhone()), captcha: 'WRONG' } }), 400, 'captcha_invalid'],
  ['smsRegister for another module', 'smsRegister', () =>
    send('smsRegister', { headers: { ModuleId: 'COMM3' }, json: { mobileNo: uniquePhone().mobileNum, countryDialingCode: '63', captcha: TEST_ANSWER } }), 400, 'request_param_err'],
  ['smsRegister while REGMOBVERF3 is off (no code would be checked)', 'smsRegister', () => withSwitch('REGMOBVERF3', false, () =>
    send('smsRegister', { json: { mobileNo: uniquePhone().mobileNum, countryDialingCode: '63', captcha: TEST_ANSWER } })), 403, 'function.not.available'],
  ['smsRegister a taken number', 'smsRegister', async () =>
    send('smsRegister', { json: { mobileNo: (await memberWithPhone()).phone.mobileNum, countryDialingCode: '63', captcha: TEST_ANSWER } }), 409, 'mobile_taken'],
  ['rememberLogin a malformed token', 'rememberLogin', () => send('rememberLogin', { json: { token: 'short' } }), 400, 'request_param_err'],
  ['rememberLogin an unknown token', 'rememberLogin', () => send('rememberLogin', { json: { token: newToken() } }), 401, 'remember_invalid'],
  ['sessionExchange a malformed code', 'sessionExchange', () => send('sessionExchange', { json: { code: 42 } }), 400, 'request_param_err'],
  ['sessionExchange an unknown code', 'sessionExchange', () => send('sessionExchange', { json: { code: newToken() } }), 401, 'exchange_invalid'],
  ['emailReset a weak password', 'emailReset', () => send('emailReset', { json: { token: newToken(), newPassword: 'short', confirmNewPassword: 'short' } }), 400, 'request_param_err'],
  ['emailReset an unknown token', 'emailReset', () => send('emailReset', { json: { token: newToken(), newPassword: 'good2024x', confirmNewPassword: 'good2024x' } }), 400, 'reset_link_invalid'],
];

describe('accounts calls fail with the failure envelope and their documented codes', { timeout: 60_000 }, () => {
  it.each(failures.map(([label, name, run, status, code]) => ({ label, name, run, status, code })))('$label ($name) → $status $code', async ({ run, status, code }) => {
    const res = await run();
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(failureEnvelopeSchema.safeParse(res.body).success).toBe(true);
    expect((res.body as { errorCode: string }).errorCode).toBe(code);
  });

  it('login with a wrong password: 401 login.cred.err asking for a captcha (value.captcha)', async () => {
    const { username } = await registerMember();
    const res = await login({ username, password: 'wrong1234' });
    expect(res.status).toBe(401);
    expect(failureEnvelopeSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ errorCode: 'login.cred.err', value: { captcha: true } });
  });
});

// Member calls (auth 'member'): 401 customer.not.login without a token, user.or.token.invalid with a made-up one.
describe.each(
  (Object.keys(accountsCalls) as Name[]).filter((name) => accountsCalls[name].auth === 'member').map((name) => [name]),
)('%s (auth member)', (name) => {
  // A body that fits, so the answer is about the session, not the body.
  const bodies: Partial<Record<Name, Record<string, string>>> = { confirmDateOfBirth: { dateOfBirth: '1990-01-01' } };
  const json = accountsCalls[name].encrypted ? { oldPassword: 'x1', newPassword: 'fresh2024', confirmNewPassword: 'fresh2024' } : bodies[name];
  it.each([
    ['no token', undefined, 'customer.not.login'],
    ['a made-up token', 'x'.repeat(43), 'user.or.token.invalid'],
  ])('answers 401 with %s', async (_label, token, code) => {
    const res = await send(name, { ...(token ? { token } : {}), ...(json ? { json } : {}) });
    expect(res.status).toBe(401);
    expect(failureEnvelopeSchema.safeParse(res.body).success).toBe(true);
    expect((res.body as { errorCode: string }).errorCode).toBe(code);
  });
});
