import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountsWire } from '../accounts-wire';
import { minorToWire } from '../../../contract/money';
import type { Bindings } from '../../../worker/env';
import { call } from '../helpers';
import { sealedCall } from '../sealed';
import {
  TEST_ANSWER, demoAmounts, ensureAccountSettings, fromIp, postLogin, registerMember, setSwitch, uniqueIp, uniqueUsername,
  withTestCaptcha,
} from '../accounts-fixtures';
import { lastOutboxMessage, memberWithPhone, recordingOutbound, sendSms, smsCodeFor, uniquePhone } from '../sms-fixtures';
import { configureProvider, localSigner, type LocalSigner } from '../idp-fixtures';

const PROJECT = 'playdeck-reg-test';
const JWKS_URL = `https://jwks.test/${crypto.randomUUID()}/jwk`;
let signer: LocalSigner;
const jwksServer = recordingOutbound(() => Response.json(signer.jwks));

beforeAll(async () => {
  await ensureAccountSettings();
  signer = await localSigner();
  await configureProvider('firebase', { client_id: PROJECT, jwks_url: JWKS_URL });
});

afterEach(async () => {
  await setSwitch('MOBILENUMREG3', true);
  await setSwitch('REGMOBVERF3', false);
  await setSwitch('MOBILENUMPASSREG3', false);
});

/** A mobile registration; a fresh username unless the payload names one ('' sends none). */
function registerMobile(payload: Record<string, unknown>, extraEnv: Partial<Bindings> = {}) {
  return sealedCall<AccountsWire['SessionValue']>('/wps/member/register/mobile', {
    method: 'PUT',
    json: { captcha: TEST_ANSWER, registerMethod: 'H5', type: 0, login: true, username: uniqueUsername('Mob'), ...payload },
    headers: fromIp(uniqueIp()),
    env: { ...withTestCaptcha, ...extraEnv },
  });
}

/** The newest member holding the phone, bound or pending. */
const memberRow = (e164: string) =>
  env.DB.prepare(
    `SELECT id, username, account, password_hash, mobile_e164, mobile_pending_e164, referrer_id, profile FROM members
     WHERE mobile_e164 = ?1 OR mobile_pending_e164 = ?1 ORDER BY id DESC LIMIT 1`,
  )
    .bind(e164)
    .first<{
      id: number; username: string; account: string; password_hash: string | null; mobile_e164: string | null;
      mobile_pending_e164: string | null; referrer_id: number | null; profile: string;
    }>();

// Registration may hash a password with scrypt, hence the generous timeout.
describe('PUT /wps/member/register/mobile', { timeout: 30_000 }, () => {
  it('with REGMOBVERF3 and MOBILENUMPASSREG3 off: asks for a username (no name from an unproven number), keeps the number pending, with the welcome bonus', async () => {
    const phone = uniquePhone();
    const unnamed = await registerMobile({ countryDialingCode: phone.countryDialingCode, mobileNum: phone.mobileNum, username: '' });
    expect(unnamed.status).toBe(400);
    expect((unnamed.body.value as unknown as { issues: { path: string }[] }).issues).toContainEqual(expect.objectContaining({ path: 'username' }));
    const username = uniqueUsername('Mob');
    const { status, body } = await registerMobile({ countryDialingCode: phone.countryDialingCode, mobileNum: phone.mobileNum, username, password: 'ignored1' });
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ userName: username, type: 0, firstTimeLogin: true });
    const row = await memberRow(phone.e164);
    expect(row?.password_hash).toBeNull();
    expect(row?.mobile_e164).toBeNull();
    expect(row?.mobile_pending_e164).toBe(phone.e164);
    expect(JSON.parse(row?.profile ?? '{}')).toMatchObject({ countryDialingCode: '63', mobileNum: phone.mobileNum });
    const wallet = await call<AccountsWire['WalletValue']>('/wps/wallets/gcs', { token: body.value.token });
    expect(wallet.body.value.sumBalance).toBe(minorToWire((await demoAmounts()).welcome));
  });

  it('the new password-less account logs in by SMS code, which proves the number and binds it', async () => {
    const phone = uniquePhone();
    expect((await registerMobile({ countryDialingCode: '63', mobileNum: phone.mobileNum })).status).toBe(200);
    const code = await smsCodeFor('noLogin', phone);
    expect((await postLogin({ type: 'sms', countryDialingCode: phone.countryDialingCode, username: phone.mobileNum, password: code })).status).toBe(200);
    const row = await memberRow(phone.e164);
    expect(row?.mobile_e164).toBe(phone.e164);
    expect(row?.mobile_pending_e164).toBeNull();
  });

  it('an unproven number never blocks its owner: a stranger who registered it first squats neither the number nor a name', async () => {
    await setSwitch('MOBILENUMPASSREG3', true);
    const phone = uniquePhone();
    const stranger = await registerMobile({ countryDialingCode: '63', mobileNum: phone.mobileNum, password: 'strang3r', confirmPassword: 'strang3r' });
    expect(stranger.status).toBe(200);
    // Still unproven: the owner registers the same number too.
    const owner = await registerMobile({ countryDialingCode: '63', mobileNum: phone.mobileNum, password: 'owner123', confirmPassword: 'owner123' });
    expect(owner.status).toBe(200);
    // No SMS login code opens the stranger's account (it has a password someone else chose): none is even sent.
    expect((await sendSms('noLogin', phone)).status).toBe(200);
    expect(await lastOutboxMessage(phone.mobileNum)).toBeNull();
    // With verification on, the owner proves the number and gets the account named after it.
    await setSwitch('REGMOBVERF3', true);
    const proven = await registerMobile({ countryDialingCode: '63', mobileNum: phone.mobileNum, username: '', password: 'owner123', confirmPassword: 'owner123', verificationCode: await smsCodeFor('register', phone) });
    expect(proven.status).toBe(200);
    expect(proven.body.value.userName).toBe(`mob_${phone.e164.slice(1)}`);
    expect((await memberRow(phone.e164))?.mobile_e164).toBe(phone.e164);
  });

  it('keeps a chosen username', async () => {
    const phone = uniquePhone();
    const username = uniqueUsername('Mob');
    const { body } = await registerMobile({ countryDialingCode: '63', mobileNum: phone.mobileNum, username });
    expect(body.value.userName).toBe(username);
  });

  it('with REGMOBVERF3 on: requires the register SMS code, and accepts it once', async () => {
    await setSwitch('REGMOBVERF3', true);
    const phone = uniquePhone();
    const missing = await registerMobile({ countryDialingCode: '63', mobileNum: phone.mobileNum });
    expect(missing.status).toBe(400);
    expect((missing.body.value as unknown as { issues: { path: string }[] }).issues).toContainEqual(
      expect.objectContaining({ path: 'verificationCode' }),
    );
    const wrong = await registerMobile({ countryDialingCode: '63', mobileNum: phone.mobileNum, verificationCode: '000000' });
    expect(wrong.body.errorCode).toBe('verification_code_error');
    const code = await smsCodeFor('register', phone);
    const ok = await registerMobile({ countryDialingCode: '63', mobileNum: phone.mobileNum, verificationCode: code });
    expect(ok.status).toBe(200);
    expect((await memberRow(phone.e164))?.mobile_e164).toBe(phone.e164);
  });

  it('with REGMOBVERF3 on: refuses a noLogin code', async () => {
    await setSwitch('REGMOBVERF3', true);
    const member = await memberWithPhone();
    const code = await smsCodeFor('noLogin', member.phone);
    await env.DB.prepare(`UPDATE members SET mobile_e164 = NULL WHERE id = ?`).bind(member.memberId).run();
    const res = await registerMobile({ countryDialingCode: '63', mobileNum: member.phone.mobileNum, verificationCode: code });
    expect(res.body.errorCode).toBe('verification_code_error');
  });

  it('with REGMOBVERF3 on: accepts a Firebase ID token for the same phone instead of a code', async () => {
    await setSwitch('REGMOBVERF3', true);
    const phone = uniquePhone();
    const token = (e164: string) =>
      signer.sign({ phone_number: e164, auth_time: Math.floor(Date.now() / 1000) }, {
        issuer: `https://securetoken.google.com/${PROJECT}`, audience: PROJECT, subject: 'uid-reg',
      });
    const outbound = { OUTBOUND: jwksServer.binding };
    const mismatch = await registerMobile(
      { countryDialingCode: '63', mobileNum: phone.mobileNum, firebaseChannel: 'sms', firebaseIdToken: await token(uniquePhone().e164) },
      outbound,
    );
    expect(mismatch.body.errorCode).toBe('phone_mismatch');
    const ok = await registerMobile(
      { countryDialingCode: '63', mobileNum: phone.mobileNum, firebaseChannel: 'sms', firebaseIdToken: await token(phone.e164) },
      outbound,
    );
    expect(ok.status).toBe(200);
  });

  it('with MOBILENUMPASSREG3 on: requires a valid, confirmed password and stores its hash', async () => {
    await setSwitch('MOBILENUMPASSREG3', true);
    const phone = uniquePhone();
    const none = await registerMobile({ countryDialingCode: '63', mobileNum: phone.mobileNum });
    expect(none.body.errorCode).toBe('request_param_err');
    const differ = await registerMobile({ countryDialingCode: '63', mobileNum: phone.mobileNum, password: 'secret123', confirmPassword: 'secret124' });
    expect((differ.body.value as unknown as { issues: { key?: string }[] }).issues).toContainEqual(
      expect.objectContaining({ key: 'in_confirmation_correct' }),
    );
    const ok = await registerMobile({ countryDialingCode: '63', mobileNum: phone.mobileNum, password: 'secret123', confirmPassword: 'secret123' });
    expect(ok.status).toBe(200);
    expect((await memberRow(phone.e164))?.password_hash).toMatch(/^\$scrypt\$/);
    expect((await postLogin({ type: 'username', username: ok.body.value.userName, password: 'secret123' })).status).toBe(200);
  });

  it('with REGMOBVERF3 on: answers 409 mobile_taken for a phone bound to an account, and 409 username_taken for a taken name', async () => {
    await setSwitch('REGMOBVERF3', true);
    const member = await memberWithPhone();
    const taken = await registerMobile({ countryDialingCode: '63', mobileNum: member.phone.mobileNum, verificationCode: '123456' });
    expect(taken.status).toBe(409);
    expect(taken.body.errorCode).toBe('mobile_taken');
    const { username } = await registerMember();
    const nameTaken = await registerMobile({ countryDialingCode: '63', mobileNum: uniquePhone().mobileNum, username, verificationCode: '123456' });
    expect(nameTaken.body.errorCode).toBe('username_taken');
  });

  it('links the player to the agent of a valid invitation code, and refuses an unknown one', async () => {
    const phone = uniquePhone();
    const bad = await registerMobile({ countryDialingCode: '63', mobileNum: phone.mobileNum, affiliateCode: 'NOSUCHAGENT' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('invitation_code_error');
    const ok = await registerMobile({ countryDialingCode: '63', mobileNum: phone.mobileNum, affiliateCode: 'demoagent' });
    expect(ok.status).toBe(200);
    const agent = await env.DB.prepare(`SELECT id FROM members WHERE affiliate_code = 'DEMOAGENT'`).first<{ id: number }>();
    expect((await memberRow(phone.e164))?.referrer_id).toBe(agent?.id);
  });

  it('refuses a wrong captcha and a bad phone', async () => {
    const phone = uniquePhone();
    expect((await registerMobile({ countryDialingCode: '63', mobileNum: phone.mobileNum, captcha: 'WRONG' })).body.errorCode).toBe('captcha_invalid');
    const bad = await registerMobile({ countryDialingCode: '999', mobileNum: phone.mobileNum });
    expect(bad.body.errorCode).toBe('request_param_err');
    const short = await registerMobile({ countryDialingCode: '63', mobileNum: '0912' });
    expect(short.body.errorCode).toBe('request_param_err');
  });

  it('answers 403 feature_disabled while MOBILENUMREG3 is off', async () => {
    await setSwitch('MOBILENUMREG3', false);
    const res = await registerMobile({ countryDialingCode: '63', mobileNum: uniquePhone().mobileNum });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('function.not.available');
  });
});

describe('username registration with an invitation code', { timeout: 30_000 }, () => {
  it('links the agent for a valid code and answers 400 invitation_code_error for an unknown one', async () => {
    const bad = await sealedCall('/wps/member/register', {
      method: 'PUT',
      json: { username: uniqueUsername(), password: 'secret123', confirmPassword: 'secret123', captcha: TEST_ANSWER, affiliateCode: 'NOPE42' },
      headers: fromIp(uniqueIp()),
      env: withTestCaptcha,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('invitation_code_error');
    expect(bad.body.value).toEqual({ issues: [expect.objectContaining({ path: 'affiliateCode', key: 'invitation_code_error' })] });
    const { username } = await registerMember({ affiliateCode: 'DEMOAGENT' });
    const row = await env.DB.prepare(
      `SELECT a.affiliate_code FROM members m JOIN members a ON a.id = m.referrer_id WHERE m.username = ?`,
    )
      .bind(username.toLowerCase())
      .first<{ affiliate_code: string }>();
    expect(row?.affiliate_code).toBe('DEMOAGENT');
  });
});

describe('GET /wps/check/username', () => {
  it('says whether a username is free, ignoring letter case', async () => {
    const { username } = await registerMember();
    const taken = await call<{ available: boolean }>(`/wps/check/username?username=${username.toUpperCase()}`);
    expect(taken.body.value).toEqual({ available: false });
    const free = await call<{ available: boolean }>(`/wps/check/username?username=${uniqueUsername('free')}`);
    expect(free.body.value).toEqual({ available: true });
  }, 30_000);

  it.each([['abc'], ['1abcd'], ['has space'], ['']])('answers 400 invalid_input for the username %j', async (name) => {
    const res = await call(`/wps/check/username?username=${encodeURIComponent(name)}`);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('request_param_err');
  });

  it('allows 60 checks per IP per 10 minutes', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 60; i++) await call(`/wps/check/username?username=abcd${i}`, { headers: fromIp(ip) });
    const res = await call('/wps/check/username?username=abcdz', { headers: fromIp(ip) });
    expect(res.status).toBe(429);
  });
});

describe('GET /wps/agent/affiliate', () => {
  it('returns the code of an active agent, case-insensitively', async () => {
    const res = await call<{ code: string }>('/wps/agent/affiliate?code=demoAgent&moduleId=AFFMAN3');
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({ code: 'DEMOAGENT' });
  });

  it('answers 404 invitation_code_error for an unknown code, a disabled member and a trial account', async () => {
    expect((await call('/wps/agent/affiliate?code=NOSUCH')).body.errorCode).toBe('invitation_code_error');
    const username = uniqueUsername('ag');
    await env.DB.prepare(
      `INSERT INTO members (merchant_code, username, account, type, status, created_at, affiliate_code) VALUES ('DEMO', ?, ?, 4, 1, ?, ?)`,
    )
      .bind(username, username, Date.now(), username.toUpperCase())
      .run();
    expect((await call(`/wps/agent/affiliate?code=${username}`)).status).toBe(404);
    // A player's personal invitation code counts too (issue 13, Invite friends), an agent's affiliate code as before.
    await env.DB.prepare(`UPDATE members SET type = 0 WHERE username = ?`).bind(username).run();
    expect((await call(`/wps/agent/affiliate?code=${username}`)).status).toBe(200);
    await env.DB.prepare(`UPDATE members SET type = 1, status = 0 WHERE username = ?`).bind(username).run();
    expect((await call(`/wps/agent/affiliate?code=${username}`)).status).toBe(404);
    await env.DB.prepare(`UPDATE members SET status = 1 WHERE username = ?`).bind(username).run();
    expect((await call(`/wps/agent/affiliate?code=${username}`)).status).toBe(200);
  });

  it('answers 400 invalid_input for a malformed code', async () => {
    expect((await call('/wps/agent/affiliate?code=no%20way')).body.errorCode).toBe('request_param_err');
  });
});
