import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountsWire } from '../accounts-wire';
import { hashPassword } from '../../../worker/services/crypto/password';
import { call } from '../helpers';
import { sealedCall } from '../sealed';
import { createMember } from '../fixtures';
import { ensureAccountSettings, postLogin, registerMember } from '../accounts-fixtures';
import { memberWithPhone, smsCodeFor, uniquePhone } from '../sms-fixtures';

beforeAll(ensureAccountSettings);

function change(token: string, body: Record<string, unknown>) {
  return sealedCall<{ rememberToken: string | null }>('/wps/member/password', {
    method: 'POST', token, json: body, headers: { ModuleId: 'PASS3' },
  });
}

const isLive = async (token: string) => (await call<AccountsWire['MemberInfo']>('/wps/member/info', { token })).status === 200;

// Password hashing runs scrypt on purpose, hence the generous timeouts.
describe('POST /wps/member/password', { timeout: 60_000 }, () => {
  it('changes the password: the old one stops working, the new one logs in, and the current session stays', async () => {
    const { session, username, password } = await registerMember();
    const other = await postLogin({ type: 'username', username, password });
    const res = await change(session.token, { oldPassword: password, newPassword: 'fresh2024', confirmNewPassword: 'fresh2024' });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({ rememberToken: null });
    expect(await isLive(session.token)).toBe(true);
    expect(await isLive(other.body.value.token)).toBe(false);
    expect((await postLogin({ type: 'username', username, password: 'fresh2024' })).status).toBe(200);
    expect((await postLogin({ type: 'username', username, password })).status).toBe(401);
  });

  it('revokes remember-me tokens and hands back a fresh one when the member had one', async () => {
    const { session, username, password } = await registerMember();
    const remembered = await postLogin({ type: 'username', username, password, rememberMe: true });
    const oldRemember = remembered.body.value.rememberToken ?? '';
    const res = await change(session.token, { oldPassword: password, newPassword: 'fresh2024', confirmNewPassword: 'fresh2024' });
    const fresh = res.body.value.rememberToken ?? '';
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await call('/wps/playdeck/session/remember', { method: 'POST', json: { token: oldRemember } })).body.errorCode).toBe('remember_invalid');
    expect((await call('/wps/playdeck/session/remember', { method: 'POST', json: { token: fresh } })).status).toBe(200);
  });

  it('refuses a new password equal to the old one with 400 same_password', async () => {
    const { session, password } = await registerMember();
    const res = await change(session.token, { oldPassword: password, newPassword: password, confirmNewPassword: password });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('same_password');
  });

  it('refuses a wrong old password with 400 wrong_password, and after 5 in 15 minutes with 429', async () => {
    const { session, password } = await registerMember();
    for (let i = 0; i < 5; i++) {
      const res = await change(session.token, { oldPassword: `wrong${i}abc`, newPassword: 'fresh2024', confirmNewPassword: 'fresh2024' });
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('wrong_password');
    }
    const locked = await change(session.token, { oldPassword: password, newPassword: 'fresh2024', confirmNewPassword: 'fresh2024' });
    expect(locked.status).toBe(429);
    expect(locked.body.errorCode).toBe('TOO_MANY_REQUEST');
  });

  it.each([
    ['a new password without a digit', { newPassword: 'abcdefgh', confirmNewPassword: 'abcdefgh' }, 'newPassword', undefined],
    ['a new password of 5 characters', { newPassword: 'abc12', confirmNewPassword: 'abc12' }, 'newPassword', undefined],
    ['a confirmation that differs', { newPassword: 'fresh2024', confirmNewPassword: 'fresh2025' }, 'confirmNewPassword', 'in_confirmation_correct'],
  ])('refuses %s with 400 invalid_input naming the field', async (_name, body, path, key) => {
    const { session, password } = await registerMember();
    const res = await change(session.token, { oldPassword: password, ...body });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('request_param_err');
    const issues = (res.body.value as unknown as { issues: { path: string; key?: string }[] }).issues;
    expect(issues).toContainEqual(expect.objectContaining({ path, ...(key ? { key } : {}) }));
  });

  it('needs a session (401) and a real account: trial and special accounts get 403 free_reject', async () => {
    const none = await call('/wps/member/password', { method: 'POST', json: {} });
    expect(none.status).toBe(401);
    for (const type of [4, 40, 41, 42]) {
      const member = await createMember({ type });
      const res = await change(member.token, { oldPassword: 'x1', newPassword: 'fresh2024', confirmNewPassword: 'fresh2024' });
      expect(res.status).toBe(403);
      expect(res.body.errorCode).toBe('free_reject');
    }
  });

  it('reads no moduleId from the body (the module travels in the ModuleId header)', async () => {
    const { session, password } = await registerMember();
    const res = await change(session.token, { oldPassword: password, newPassword: 'fresh2024', confirmNewPassword: 'fresh2024', moduleId: 'OTHER' });
    expect(res.status).toBe(200);
  });
});

describe('POST /wps/member/password/verification', { timeout: 60_000 }, () => {
  async function resetFor(phone: { countryDialingCode: string; mobileNum: string }, verificationCode: string, newPassword = 'reset2024') {
    return sealedCall<{ token: string; userName: string } | null>('/wps/member/password/verification', {
      method: 'POST',
      json: { ...phone, verificationCode, newPassword, confirmNewPassword: newPassword },
    });
  }

  it('sets a new password with the SMS code and revokes every session and remember-me token', async () => {
    const member = await memberWithPhone(await hashPassword('before123'));
    const login = await postLogin({ type: 'username', username: member.username, password: 'before123', rememberMe: true });
    const code = await smsCodeFor('noLogin', member.phone);
    const res = await resetFor(member.phone, code);
    expect(res.status).toBe(200);
    expect(await isLive(login.body.value.token)).toBe(false);
    const remember = await call('/wps/playdeck/session/remember', { method: 'POST', json: { token: login.body.value.rememberToken } });
    expect(remember.body.errorCode).toBe('remember_invalid');
    expect((await postLogin({ type: 'username', username: member.username, password: 'reset2024' })).status).toBe(200);
  });

  it('answers a session of the account (its user name, not the phone digits) and leaves no failed login behind', async () => {
    const member = await memberWithPhone(await hashPassword('before123'));
    // A failed login before the reset puts a captcha on the account (login-guard.ts)...
    const wrong = await postLogin({ type: 'username', username: member.username, password: 'wrong1234' });
    expect([wrong.status, (wrong.body.value as { captcha?: boolean } | null)?.captcha]).toEqual([401, true]);
    const code = await smsCodeFor('noLogin', member.phone);
    const res = await resetFor(member.phone, code);
    expect(res.status).toBe(200);
    expect(res.body.value?.userName).toBe(member.username);
    expect(await isLive(res.body.value?.token ?? '')).toBe(true);
    // ...which the reset clears: the owner logs in with the new password and no captcha.
    const after = await postLogin({ type: 'username', username: member.username, password: 'reset2024' });
    expect(after.status).toBe(200);
    const counters = await env.DB.prepare(`SELECT COUNT(*) AS n FROM rate_limits WHERE bucket = ?`)
      .bind(`login:acct:DEMO:${member.username}`).first<{ n: number }>();
    expect(counters?.n).toBe(0);
  });

  it('gives a disabled account its new password but no session', async () => {
    const member = await memberWithPhone(await hashPassword('before123'));
    await env.DB.prepare(`UPDATE members SET status = 0 WHERE id = ?`).bind(member.memberId).run();
    const code = await smsCodeFor('noLogin', member.phone);
    const res = await resetFor(member.phone, code);
    expect([res.status, res.body.value]).toEqual([200, null]);
  });

  it('answers a wrong code for a known number exactly like any code for an unknown number', async () => {
    const member = await memberWithPhone(await hashPassword('before123'));
    const code = await smsCodeFor('noLogin', member.phone);
    const known = await resetFor(member.phone, code === '123456' ? '654321' : '123456');
    const unknown = await resetFor(uniquePhone(), '123456');
    expect(known.status).toBe(400);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.errorCode).toBe('verification_code_error');
  });

  it('uses each code once', async () => {
    const member = await memberWithPhone(await hashPassword('before123'));
    const code = await smsCodeFor('noLogin', member.phone);
    expect((await resetFor(member.phone, code)).status).toBe(200);
    expect((await resetFor(member.phone, code, 'again2024')).body.errorCode).toBe('verification_code_error');
  });

  it('checks the new password before spending the code', async () => {
    const member = await memberWithPhone(await hashPassword('before123'));
    const code = await smsCodeFor('noLogin', member.phone);
    const weak = await resetFor(member.phone, code, 'short');
    expect(weak.body.errorCode).toBe('request_param_err');
    expect((await resetFor(member.phone, code)).status).toBe(200);
  });

  it.each([
    ['a 5-digit code', { verificationCode: '12345' }],
    ['no phone', { mobileNum: undefined }],
  ])('answers 400 invalid_input for %s', async (_name, overrides) => {
    const res = await sealedCall('/wps/member/password/verification', {
      method: 'POST',
      json: { ...uniquePhone(), verificationCode: '123456', newPassword: 'reset2024', confirmNewPassword: 'reset2024', ...overrides },
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('request_param_err');
  });
});

describe('remember-me', { timeout: 60_000 }, () => {
  it('issues a 30-day token only when asked, stored as a hash', async () => {
    const { username, password } = await registerMember();
    const plain = await postLogin({ type: 'username', username, password });
    expect(plain.body.value.rememberToken).toBeUndefined();
    const remembered = await postLogin({ type: 'username', username, password, rememberMe: true });
    const token = remembered.body.value.rememberToken ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await env.DB.prepare(`SELECT token_hash FROM remember_tokens WHERE token_hash = ?`)
      .bind(token)
      .all();
    expect(rows.results).toHaveLength(0);
    const stored = await env.DB.prepare(
      `SELECT r.expires_at - r.created_at AS ttl FROM remember_tokens r JOIN members m ON m.id = r.member_id WHERE m.username = ?`,
    )
      .bind(username.toLowerCase())
      .first<{ ttl: number }>();
    expect(stored?.ttl).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it('trades the token for a new session and a replacement token; the old token works once', async () => {
    const { username, password } = await registerMember();
    const first = await postLogin({ type: 'username', username, password, rememberMe: true });
    const resumed = await call<AccountsWire['SessionValue']>('/wps/playdeck/session/remember', { method: 'POST', json: { token: first.body.value.rememberToken } });
    expect(resumed.status).toBe(200);
    expect(resumed.body.value).toMatchObject({ userName: username, type: 0 });
    expect(resumed.body.value.rememberToken).not.toBe(first.body.value.rememberToken);
    expect(await isLive(resumed.body.value.token)).toBe(true);
    const replay = await call('/wps/playdeck/session/remember', { method: 'POST', json: { token: first.body.value.rememberToken } });
    expect(replay.status).toBe(401);
    expect(replay.body.errorCode).toBe('remember_invalid');
  });

  it('refuses an expired token and a disabled member', async () => {
    const { username, password } = await registerMember();
    const a = await postLogin({ type: 'username', username, password, rememberMe: true });
    const b = await postLogin({ type: 'username', username, password, rememberMe: true });
    await env.DB.prepare(
      `UPDATE remember_tokens SET expires_at = ? WHERE member_id = (SELECT id FROM members WHERE username = ?) AND created_at <= ?`,
    )
      .bind(Date.now() - 1, username.toLowerCase(), Date.now())
      .run();
    expect((await call('/wps/playdeck/session/remember', { method: 'POST', json: { token: a.body.value.rememberToken } })).body.errorCode).toBe('remember_invalid');
    await env.DB.prepare(`UPDATE members SET status = 0 WHERE username = ?`).bind(username.toLowerCase()).run();
    expect((await call('/wps/playdeck/session/remember', { method: 'POST', json: { token: b.body.value.rememberToken } })).status).toBe(401);
  });

  it('logout everywhere revokes every session and remember-me token', async () => {
    const { session, username, password } = await registerMember();
    const other = await postLogin({ type: 'username', username, password, rememberMe: true });
    expect((await call('/wps/playdeck/session/logoutAll', { method: 'DELETE', token: session.token })).status).toBe(200);
    expect(await isLive(session.token)).toBe(false);
    expect(await isLive(other.body.value.token)).toBe(false);
    expect((await call('/wps/playdeck/session/remember', { method: 'POST', json: { token: other.body.value.rememberToken } })).status).toBe(401);
    expect((await call('/wps/playdeck/session/logoutAll', { method: 'DELETE' })).status).toBe(401);
  });
});
