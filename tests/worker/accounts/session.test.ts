import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountsWire } from '../accounts-wire';
import { minorToWire } from '../../../contract/money';
import { hashPassword } from '../../../worker/services/crypto/password';
import { hashToken } from '../../../worker/services/crypto/tokens';
import { issueCaptcha } from '../../../worker/services/accounts/captcha';
import { call } from '../helpers';
import { sealedCall } from '../sealed';
import {
  demoAmounts, ensureAccountSettings, fromIp, registerMember, setSwitch, uniqueIp, uniqueUsername, withTestCaptcha,
} from '../accounts-fixtures';

beforeAll(ensureAccountSettings);

function login(body: Record<string, unknown>, ip: string, extra: { cookie?: string; testCaptcha?: boolean } = {}) {
  const headers: Record<string, string> = fromIp(ip);
  if (extra.cookie) headers.Cookie = extra.cookie;
  return sealedCall<AccountsWire['SessionValue']>('/wps/session/login', {
    method: 'POST',
    json: { type: 'username', ...body },
    headers,
    ...(extra.testCaptcha ? { env: withTestCaptcha } : {}),
  });
}

/** A member created the way an operator would (never logged in yet). */
async function operatorMember(password = 'secret123') {
  const username = uniqueUsername('op');
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO members (merchant_code, username, account, password_hash, type, created_at) VALUES ('DEMO', ?, ?, ?, 0, ?)`,
    ).bind(username, username, await hashPassword(password), Date.now()),
    env.DB.prepare(
      `INSERT INTO wallets (member_id, currency, updated_at) VALUES ((SELECT id FROM members WHERE username = ?), 'USD', 0)`,
    ).bind(username),
  ]);
  return { username, password };
}

// Every login runs scrypt on purpose (≈ 0.1–1 s in the test runtime), hence the generous timeouts.
describe('POST /wps/session/login', { timeout: 30_000 }, () => {
  it('logs in case-insensitively with a trimmed username and returns the session', async () => {
    const { username, password } = await registerMember({ username: uniqueUsername('Case') });
    const { status, body } = await login({ username: `  ${username.toUpperCase()} `, password }, uniqueIp());
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ userName: username, merchantCode: 'DEMO', type: 0 });
    expect(body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('says firstTimeLogin only on the first login', async () => {
    const member = await operatorMember();
    const first = await login(member, uniqueIp());
    const second = await login(member, uniqueIp());
    expect(first.body.value.firstTimeLogin).toBe(true);
    expect(second.body.value.firstTimeLogin).toBe(false);
    const row = await env.DB.prepare(`SELECT last_login_at FROM members WHERE username = ?`)
      .bind(member.username)
      .first<{ last_login_at: number }>();
    expect(row?.last_login_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('stores only the SHA-256 of the session token', async () => {
    const { session } = await registerMember();
    const raw = await env.DB.prepare(`SELECT COUNT(*) AS n FROM sessions WHERE token_hash = ?`).bind(session.token).first<{ n: number }>();
    const hashed = await env.DB.prepare(`SELECT COUNT(*) AS n FROM sessions WHERE token_hash = ?`)
      .bind(hashToken(session.token))
      .first<{ n: number }>();
    expect(raw?.n).toBe(0);
    expect(hashed?.n).toBe(1);
  });

  it('answers a wrong password and an unknown user identically: 401 invalid_credentials asking for a captcha', async () => {
    const { username } = await registerMember();
    const wrong = await login({ username, password: 'wrong1234' }, uniqueIp());
    const unknown = await login({ username: uniqueUsername('ghost'), password: 'wrong1234' }, uniqueIp());
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, errorCode: 'login.cred.err', message: expect.any(String), value: { captcha: true } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('after a failure requires a captcha, and accepts the correct password with a valid one', async () => {
    const { username, password } = await registerMember();
    const ip = uniqueIp();
    expect((await login({ username, password: 'wrong1234' }, ip)).body.value).toEqual({ captcha: true });

    const missing = await login({ username, password }, ip);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ errorCode: 'captcha_required', value: { captcha: true } });

    const wrongCaptcha = await login({ username, password, captcha: 'NOPE' }, ip, { testCaptcha: true });
    expect(wrongCaptcha.status).toBe(400);
    expect(wrongCaptcha.body).toMatchObject({ errorCode: 'captcha_invalid', value: { captcha: true } });

    const ok = await login({ username, password, captcha: withTestCaptcha.TEST_CAPTCHA_ANSWER }, ip, { testCaptcha: true });
    expect(ok.status).toBe(200);
    // Success resets the account's counter: the next login needs no captcha (the IP has 2 failures, below 3).
    expect((await login({ username, password }, ip)).status).toBe(200);
  });

  it('accepts a real captcha challenge once: replaying it fails, and a wrong answer burns it too', async () => {
    const { username, password } = await registerMember();
    const ip = uniqueIp();
    await login({ username, password: 'wrong1234' }, ip);
    const { id } = await issueCaptcha(env.DB, { text: '4+3=?', answer: '7' });
    const cookie = `pd_captcha=${id}`;
    const first = await login({ username, password, captcha: '7' }, ip, { cookie });
    expect(first.status).toBe(200);
    expect(first.headers.get('Set-Cookie')).toMatch(/pd_captcha=;.*Max-Age=0/);

    await login({ username, password: 'wrong1234' }, ip);
    const replay = await login({ username, password, captcha: '7' }, ip, { cookie });
    expect(replay.body.errorCode).toBe('captcha_invalid');

    const second = await issueCaptcha(env.DB, { text: 'KXP7', answer: 'KXP7' });
    const burnt = await login({ username, password, captcha: 'KXP8' }, ip, { cookie: `pd_captcha=${second.id}` });
    expect(burnt.body.errorCode).toBe('captcha_invalid');
    const retry = await login({ username, password, captcha: 'kxp7' }, ip, { cookie: `pd_captcha=${second.id}` });
    expect(retry.body.errorCode).toBe('captcha_invalid');
  });

  it('refuses an expired captcha challenge', async () => {
    const { username, password } = await registerMember();
    const ip = uniqueIp();
    await login({ username, password: 'wrong1234' }, ip);
    const { id } = await issueCaptcha(env.DB, { text: '2+2=?', answer: '4' }, Date.now() - 5 * 60 * 1000 - 1);
    const { status, body } = await login({ username, password, captcha: '4' }, ip, { cookie: `pd_captcha=${id}` });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('captcha_invalid');
  });

  it('never locks an account: after 10 failures from other addresses the owner with a captcha and the right password gets in', async () => {
    const { username, password } = await registerMember();
    const failures = await Promise.all(
      Array.from({ length: 10 }, () =>
        login({ username, password: 'wrong1234', captcha: withTestCaptcha.TEST_CAPTCHA_ANSWER }, uniqueIp(), { testCaptcha: true })),
    );
    for (const res of failures) expect(res.status).toBe(401);
    expect((await login({ username, password }, uniqueIp())).body.errorCode).toBe('captcha_required');
    const owner = await login({ username, password, captcha: withTestCaptcha.TEST_CAPTCHA_ANSWER }, uniqueIp(), { testCaptcha: true });
    expect(owner.status).toBe(200);
  }, 90_000);

  it('throttles one address on one account after 10 failures (429 TOO_MANY_REQUEST, Retry-After), not the others', async () => {
    const { username, password } = await operatorMember();
    const ip = uniqueIp();
    await env.DB.prepare(`INSERT OR REPLACE INTO rate_limits (bucket, window_start, count) VALUES (?, ?, 10)`)
      .bind(`login:pair:DEMO:${username}:${ip}`, Date.now())
      .run();
    const throttled = await login({ username, password, captcha: withTestCaptcha.TEST_CAPTCHA_ANSWER }, ip, { testCaptcha: true });
    expect(throttled.status).toBe(429);
    expect(throttled.body).toMatchObject({ errorCode: 'TOO_MANY_REQUEST', value: { captcha: true } });
    const retryAfter = Number(throttled.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await login({ username, password }, uniqueIp())).status).toBe(200);
  });

  it('requires a captcha on every account from an address with 3 failures, and throttles it at 50', async () => {
    const ip = uniqueIp();
    const now = Date.now();
    const seed = (count: number) =>
      env.DB.prepare(`INSERT OR REPLACE INTO rate_limits (bucket, window_start, count) VALUES (?, ?, ?)`).bind(`login:ip:${ip}`, now, count).run();
    const { username, password } = await operatorMember();
    await seed(3);
    expect((await login({ username, password }, ip)).body.errorCode).toBe('captcha_required');
    await seed(50);
    const throttled = await login({ username, password, captcha: withTestCaptcha.TEST_CAPTCHA_ANSWER }, ip, { testCaptcha: true });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect((await login({ username, password }, uniqueIp())).status).toBe(200);
  });

  it('throttles an IPv6 address by its /64: rotating inside the prefix gains nothing', async () => {
    const [a, b] = crypto.getRandomValues(new Uint16Array(2));
    const prefix = `2001:db8:${(a ?? 0).toString(16)}:${(b ?? 0).toString(16)}`;
    await env.DB.prepare(`INSERT OR REPLACE INTO rate_limits (bucket, window_start, count) VALUES (?, ?, 50)`)
      .bind(`login:ip:${prefix}::/64`, Date.now())
      .run();
    const { username, password } = await operatorMember();
    const captcha = withTestCaptcha.TEST_CAPTCHA_ANSWER;
    expect((await login({ username, password, captcha }, `${prefix}:1:2:3:4`, { testCaptcha: true })).status).toBe(429);
    expect((await login({ username, password, captcha }, `${prefix}::beef`, { testCaptcha: true })).status).toBe(429);
  });

  it('answers 403 account_disabled only to someone who knows the password', async () => {
    const { username, password } = await operatorMember();
    await env.DB.prepare(`UPDATE members SET status = 0 WHERE username = ?`).bind(username).run();
    expect((await login({ username, password }, uniqueIp())).body.errorCode).toBe('account_disabled');
    expect((await login({ username, password: 'wrong1234' }, uniqueIp())).body.errorCode).toBe('login.cred.err');
  });

  it.each([
    ['a body that is not JSON', { body: 'username=a', headers: { 'Content-Type': 'application/json' } }, 'request_param_err'],
    ['no password', { json: { username: 'someone' } }, 'request_param_err'],
    ['a numeric username', { json: { username: 42, password: 'x' } }, 'request_param_err'],
    ['an over-long password', { json: { username: 'someone', password: 'p'.repeat(129) } }, 'request_param_err'],
    ['an over-long captcha', { json: { username: 'someone', password: 'x', captcha: 'c'.repeat(17) } }, 'request_param_err'],
    ['an unsupported login type', { json: { username: 'someone', password: 'x', type: 'firebase' } }, 'request_param_err'],
    ['a blank username', { json: { username: '   ', password: 'x' } }, 'request_param_err'],
  ])('answers 400 %s with a stable code', async (_name, init, code) => {
    const { status, body } = 'json' in init
      ? await sealedCall('/wps/session/login', { method: 'POST', json: init.json })
      : await call('/wps/session/login', { method: 'POST', ...init });
    expect(status).toBe(400);
    expect(body.errorCode).toBe(code);
  });
});

describe('DELETE /wps/session/logout', { timeout: 30_000 }, () => {
  it('revokes the session, and answers 401 without one', async () => {
    const { session } = await registerMember();
    expect((await call('/wps/session/logout', { method: 'DELETE', token: session.token })).body.success).toBe(true);
    const row = await env.DB.prepare(`SELECT revoked_at FROM sessions WHERE token_hash = ?`)
      .bind(hashToken(session.token))
      .first<{ revoked_at: number | null }>();
    expect(row?.revoked_at).not.toBeNull();
    expect((await call('/wps/session/logout', { method: 'DELETE', token: session.token })).status).toBe(401);
    expect((await call('/wps/session/logout', { method: 'DELETE' })).body.errorCode).toBe('customer.not.login');
  });
});

describe('POST /wps/session/login/freeplay', { timeout: 30_000 }, () => {
  it('opens a trial session (customerType 4) whose wallet holds the trial balance, with a trial_credit ledger entry', async () => {
    const amounts = await demoAmounts();
    const { status, body } = await call<AccountsWire['SessionValue']>('/wps/session/login/freeplay', {
      method: 'POST', headers: { ...fromIp(uniqueIp()), ModuleId: 'FREEPLAY3' },
    });
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ customerType: 4, merchantCode: 'DEMO' });
    expect(body.value).not.toHaveProperty('type');
    const wallet = await call<AccountsWire['WalletValue']>('/wps/wallets/gcs', { token: body.value.token });
    expect(wallet.body.value.sumBalance).toBe(minorToWire(amounts.trial));
    const ledger = await env.DB.prepare(
      `SELECT l.kind, l.amount_minor FROM ledger_entries l JOIN members m ON m.id = l.member_id WHERE m.username = ?`,
    )
      .bind(body.value.userName)
      .all();
    expect(ledger.results).toEqual([{ kind: 'trial_credit', amount_minor: amounts.trial }]);
  });

  it('trial accounts cannot log in by password', async () => {
    const trial = await call<AccountsWire['SessionValue']>('/wps/session/login/freeplay', { method: 'POST', json: {}, headers: fromIp(uniqueIp()) });
    const { status } = await login({ username: trial.body.value.userName, password: 'anything1' }, uniqueIp());
    expect(status).toBe(401);
  });

  it('answers 403 feature_disabled while FREEPLAY3 is off', async () => {
    await setSwitch('FREEPLAY3', false);
    try {
      const { status, body } = await call('/wps/session/login/freeplay', { method: 'POST', json: {} });
      expect(status).toBe(403);
      expect(body.errorCode).toBe('function.not.available');
    } finally {
      await setSwitch('FREEPLAY3', true);
    }
  });

  it('allows 20 trial accounts per IP per hour, then answers 429', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) {
      expect((await call('/wps/member/trialuser', { headers: fromIp(ip) })).status).toBe(200);
    }
    const { status, body } = await call('/wps/session/login/freeplay', { method: 'POST', json: {}, headers: fromIp(ip) });
    expect(status).toBe(429);
    expect(body.errorCode).toBe('TOO_MANY_REQUEST');
  });

  // platform-contract.md §2: free play has NO body (the module is the ModuleId header), so none is read.
  it.each<[string, { body?: string; json?: unknown; headers?: Record<string, string> }]>([
    ['a body that is not JSON', { body: '{', headers: { 'Content-Type': 'application/json' } }],
    ['a moduleId in the body', { json: { moduleId: 3 } }],
  ])('reads no body: %s changes nothing', async (_name, init) => {
    const { status, body } = await call<AccountsWire['SessionValue']>('/wps/session/login/freeplay', {
      method: 'POST', ...init, headers: { ...fromIp(uniqueIp()), ...(init.headers ?? {}) },
    });
    expect(status).toBe(200);
    expect(body.value.customerType).toBe(4);
  });
});
