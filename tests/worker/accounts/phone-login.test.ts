import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountsWire } from '../accounts-wire';
import { call } from '../helpers';
import { ensureAccountSettings, postLogin, setSwitch } from '../accounts-fixtures';
import { memberWithPhone, recordingOutbound, smsCodeFor, uniquePhone } from '../sms-fixtures';
import { configureProvider, localSigner, type LocalSigner } from '../idp-fixtures';

const PROJECT = 'playdeck-test';
const JWKS_URL = `https://jwks.test/${crypto.randomUUID()}/jwk`;
let signer: LocalSigner;
const jwksServer = recordingOutbound((request) =>
  request.url === JWKS_URL ? Response.json(signer.jwks) : new Response('not found', { status: 404 }),
);
const withJwks = { env: { OUTBOUND: jwksServer.binding } };

beforeAll(async () => {
  await ensureAccountSettings();
  signer = await localSigner();
  await configureProvider('firebase', { client_id: PROJECT, jwks_url: JWKS_URL });
});

const smsLogin = (phone: { countryDialingCode: string; mobileNum: string }, verificationCode: string) =>
  postLogin({ type: 'sms', countryDialingCode: phone.countryDialingCode, username: phone.mobileNum, password: verificationCode });

describe('login by SMS code', () => {
  it('logs in the account with that phone and uses the code once', async () => {
    const member = await memberWithPhone();
    const code = await smsCodeFor('noLogin', member.phone);
    const res = await smsLogin(member.phone, code);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ userName: member.username, type: 0, firstTimeLogin: true });
    const info = await call<AccountsWire['MemberInfo']>('/wps/member/info', { token: res.body.value.token });
    expect(info.body.value.id).toBe(member.memberId);
    expect((await smsLogin(member.phone, code)).body.errorCode).toBe('verification_code_error');
  });

  it('accepts mobileNo and a remember-me request', async () => {
    const member = await memberWithPhone();
    const code = await smsCodeFor('noLogin', member.phone);
    const res = await postLogin({
      type: 'sms', countryDialingCode: '+63', username: member.phone.mobileNum, password: code, rememberMe: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.value.rememberToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a wrong code, and a code for a number without an account, with the same answer', async () => {
    const member = await memberWithPhone();
    const code = await smsCodeFor('noLogin', member.phone);
    const wrong = await smsLogin(member.phone, code === '000000' ? '999999' : '000000');
    const unknown = await smsLogin(uniquePhone(), '123456');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorCode).toBe('verification_code_error');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a code sent for registration', async () => {
    await setSwitch('REGMOBVERF3', true);
    try {
      const phone = uniquePhone();
      const code = await smsCodeFor('register', phone);
      expect((await smsLogin(phone, code)).body.errorCode).toBe('verification_code_error');
    } finally {
      await setSwitch('REGMOBVERF3', false);
    }
  });

  it('answers 403 account_disabled for a disabled account with the right code', async () => {
    const member = await memberWithPhone();
    await env.DB.prepare(`UPDATE members SET status = 0 WHERE id = ?`).bind(member.memberId).run();
    const code = await smsCodeFor('noLogin', member.phone);
    expect((await smsLogin(member.phone, code)).body.errorCode).toBe('account_disabled');
  });

  it('answers 403 feature_disabled while MOBILEVERCODELOGIN3 is off', async () => {
    const member = await memberWithPhone();
    const code = await smsCodeFor('noLogin', member.phone);
    await setSwitch('MOBILEVERCODELOGIN3', false);
    try {
      const res = await smsLogin(member.phone, code);
      expect(res.status).toBe(403);
      expect(res.body.errorCode).toBe('function.not.available');
    } finally {
      await setSwitch('MOBILEVERCODELOGIN3', true);
    }
  });

  it.each([
    ['a 5-digit code', { password: '12345' }],
    ['no dialling code', { countryDialingCode: undefined }],
    ['a password instead of a code', { password: 'secret123' }],
  ])('answers 400 invalid_input for %s', async (_name, overrides) => {
    const phone = uniquePhone();
    const res = await postLogin({ type: 'sms', countryDialingCode: phone.countryDialingCode, username: phone.mobileNum, password: '123456', ...overrides });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('request_param_err');
  });
});

describe('login with a Firebase ID token', () => {
  const issuer = `https://securetoken.google.com/${PROJECT}`;
  const tokenFor = (phone: string | undefined, options: Parameters<LocalSigner['sign']>[1] = {}, claims: Record<string, unknown> = {}) =>
    signer.sign(
      { auth_time: Math.floor(Date.now() / 1000) - 5, ...(phone ? { phone_number: phone } : {}), ...claims },
      { issuer, audience: PROJECT, subject: `uid-${crypto.randomUUID()}`, ...options },
    );
  const firebaseLogin = (firebaseIdToken: string, extra: Record<string, unknown> = {}) =>
    postLogin({ type: 'firebase', firebaseChannel: 'sms', firebaseIdToken, ...extra }, withJwks);

  it('logs in the account whose phone the token proves', async () => {
    const member = await memberWithPhone();
    const res = await firebaseLogin(await tokenFor(member.phone.e164), {
      firebaseMobileNo: member.phone.mobileNum, countryDialingCode: member.phone.countryDialingCode,
    });
    expect(res.status).toBe(200);
    expect(res.body.value.userName).toBe(member.username);
    expect(jwksServer.requests.every((r) => r.url === JWKS_URL)).toBe(true);
  });

  it.each([
    ['another audience', { audience: 'other-project' }, {}],
    ['another issuer', { issuer: 'https://securetoken.google.com/other-project' }, {}],
    ['an expired token', { expiresIn: Math.floor(Date.now() / 1000) - 3600 }, {}],
    ['an unknown signing key', { kid: 'no-such-kid' }, {}],
    ['an auth_time in the future', {}, { auth_time: Math.floor(Date.now() / 1000) + 3600 }],
  ])('refuses %s with 401 invalid_firebase_token', async (_name, options, claims) => {
    const member = await memberWithPhone();
    const res = await firebaseLogin(await tokenFor(member.phone.e164, options, claims));
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe('invalid_firebase_token');
  });

  it('refuses a token signed by a key other than the published one', async () => {
    const member = await memberWithPhone();
    const forger = await localSigner(signer.kid);
    const forged = await forger.sign({ phone_number: member.phone.e164, auth_time: Math.floor(Date.now() / 1000) }, {
      issuer, audience: PROJECT, subject: 'uid-x',
    });
    expect((await firebaseLogin(forged)).body.errorCode).toBe('invalid_firebase_token');
  });

  it('refuses a tampered token and a token without a phone', async () => {
    const member = await memberWithPhone();
    const token = await tokenFor(member.phone.e164);
    const [h, p, sig] = token.split('.');
    const claims = JSON.parse(atob((p ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    const other = btoa(JSON.stringify({ ...claims, phone_number: uniquePhone().e164 })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    expect((await firebaseLogin(`${h}.${other}.${sig}`)).body.errorCode).toBe('invalid_firebase_token');
    expect((await firebaseLogin(await tokenFor(undefined))).body.errorCode).toBe('invalid_firebase_token');
  });

  it('answers 400 phone_mismatch when the body names another number', async () => {
    const member = await memberWithPhone();
    const other = uniquePhone();
    const res = await firebaseLogin(await tokenFor(member.phone.e164), {
      firebaseMobileNo: other.mobileNum, countryDialingCode: other.countryDialingCode,
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('phone_mismatch');
  });

  it('answers 404 user_not_found for a proven phone without an account', async () => {
    const res = await firebaseLogin(await tokenFor(uniquePhone().e164));
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe('not.exists.user');
  });

  it('answers 404 provider_not_configured while the site has no Firebase project', async () => {
    await configureProvider('firebase', { client_id: '' });
    try {
      const res = await firebaseLogin(await tokenFor(uniquePhone().e164));
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe('provider_not_configured');
    } finally {
      await configureProvider('firebase', { client_id: PROJECT });
    }
  });
});
