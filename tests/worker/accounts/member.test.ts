import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountsWire } from '../accounts-wire';
import { minorToWire } from '../../../contract/money';
import { call } from '../helpers';
import { sealedCall } from '../sealed';
import {
  TEST_ANSWER, demoAmounts, ensureAccountSettings, fromIp, postLogin, registerMember, registration, setSwitch, uniqueIp,
  uniqueUsername, withTestCaptcha,
} from '../accounts-fixtures';

beforeAll(ensureAccountSettings);

function register(payload: Record<string, unknown>, ip = uniqueIp()) {
  return sealedCall<AccountsWire['SessionValue']>('/wps/member/register', { method: 'PUT', json: payload, headers: fromIp(ip), env: withTestCaptcha });
}

// Registration runs scrypt on purpose (≈ 0.1–1 s in the test runtime), hence the generous timeouts.
describe('PUT /wps/member/register', { timeout: 30_000 }, () => {
  it('creates the member, logs them in, and credits the welcome bonus with a ledger entry', async () => {
    const amounts = await demoAmounts();
    const payload = registration({ username: uniqueUsername('Mixed'), nickname: 'Lucky', email: 'lucky@example.com' });
    const { status, body } = await register(payload);
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ userName: payload.username, merchantCode: 'DEMO', type: 0, firstTimeLogin: true });
    expect(body.value.customerType).toBe(0); // §7.2: the platform's client stores its session type from customerType

    const wallet = await call<AccountsWire['WalletValue']>('/wps/wallets/gcs', { token: body.value.token });
    expect(wallet.body.value.sumBalance).toBe(minorToWire(amounts.welcome));

    const ledger = await env.DB.prepare(
      `SELECT l.amount_minor, l.balance_after_minor, l.bonus_amount_minor, l.bonus_after_minor, l.kind, l.idempotency_key FROM ledger_entries l
       JOIN members m ON m.id = l.member_id WHERE m.username = ?`,
    )
      .bind(String(payload.username).toLowerCase())
      .all();
    expect(ledger.results).toEqual([
      // The welcome bonus is bonus money by default (docs/honest-money.md): it moves the bonus balance, not cash.
      {
        amount_minor: 0, balance_after_minor: 0, bonus_amount_minor: amounts.welcome, bonus_after_minor: amounts.welcome,
        kind: 'welcome_bonus', idempotency_key: 'welcome',
      },
    ]);
  });

  it('refuses a username that exists in another letter case with 409 username_taken', async () => {
    const { username } = await registerMember();
    const { status, body } = await register(registration({ username: username.toUpperCase() }));
    expect(status).toBe(409);
    expect(body.errorCode).toBe('username_taken');
  });

  it('stores a salted scrypt hash, never the password itself', async () => {
    const { username, password } = await registerMember({ password: 'TopSecret9', confirmPassword: 'TopSecret9' });
    const row = await env.DB.prepare(`SELECT password_hash FROM members WHERE username = ?`)
      .bind(username.toLowerCase())
      .first<{ password_hash: string }>();
    expect(row?.password_hash).toMatch(/^\$scrypt\$ln=14,r=8,p=1\$[A-Za-z0-9+/]{20,}\$[A-Za-z0-9+/]{40,}$/);
    expect(row?.password_hash).not.toContain(password);
  });

  it('keeps the enabled optional fields and ignores disabled ones', async () => {
    const payload = registration({ email: 'a@b.co', mobileNum: '0912345678', qqNum: 'not checked, disabled' });
    const { status } = await register(payload);
    expect(status).toBe(200);
    const row = await env.DB.prepare(`SELECT profile, register_method FROM members WHERE username = ?`)
      .bind(String(payload.username).toLowerCase())
      .first<{ profile: string; register_method: string }>();
    const profile = JSON.parse(row?.profile ?? '{}') as Record<string, string>;
    expect(profile).toMatchObject({ mobileNum: '0912345678' });
    // The e-mail waits for its confirmation link (services/accounts/email-binding.ts): not bound yet.
    expect(profile).not.toHaveProperty('email');
    const pending = await env.DB.prepare(
      `SELECT c.address FROM email_confirmations c JOIN members m ON m.id = c.member_id WHERE m.username = ? AND c.used_at IS NULL`,
    ).bind(String(payload.username).toLowerCase()).first<{ address: string }>();
    expect(pending?.address).toBe('a@b.co');
    expect(profile).not.toHaveProperty('qqNum');
    expect(row?.register_method).toBe('H5');
  });

  // accounts §5 and the task's field rules; each row breaks exactly one rule.
  it.each([
    ['username shorter than 4', { username: 'abc' }, 'username', undefined],
    ['username starting with a digit', { username: '1abcd' }, 'username', undefined],
    ['username longer than 16', { username: 'a'.repeat(17) }, 'username', undefined],
    ['password without a digit', { password: 'abcdefg', confirmPassword: 'abcdefg' }, 'password', undefined],
    ['password shorter than 6', { password: 'ab1', confirmPassword: 'ab1' }, 'password', undefined],
    ['confirmation that differs', { confirmPassword: 'other1234' }, 'confirmPassword', 'in_confirmation_correct'],
    ['confirmation missing', { confirmPassword: '' }, 'confirmPassword', 'in_incorrect_password'],
    ['captcha missing', { captcha: '' }, 'captcha', 'in_vwrite_code'],
    ['malformed e-mail', { email: 'not-an-email' }, 'email', undefined],
    ['mobile number of 9 digits', { mobileNum: '091234567' }, 'mobileNum', undefined],
    ['nickname over 20 characters', { nickname: 'n'.repeat(21) }, 'nickname', undefined],
  ])('refuses a %s with 400 invalid_input naming the field', async (_name, overrides, path, key) => {
    const { status, body } = await register(registration(overrides));
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
    const issues = (body.value as unknown as { issues: { path: string; key?: string }[] }).issues;
    expect(issues).toContainEqual(expect.objectContaining({ path, ...(key ? { key } : {}) }));
  });

  it('refuses a wrong captcha answer with 400 captcha_invalid', async () => {
    const { status, body } = await register(registration({ captcha: 'WRONG' }));
    expect(status).toBe(400);
    expect(body).toMatchObject({ errorCode: 'captcha_invalid', value: { captcha: true } });
    expect(TEST_ANSWER).not.toBe('WRONG');
  });

  it('answers 403 feature_disabled while username registration is switched off', async () => {
    await setSwitch('USERNAMEREG3', false);
    try {
      const { status, body } = await register(registration());
      expect(status).toBe(403);
      expect(body.errorCode).toBe('function.not.available');
    } finally {
      await setSwitch('USERNAMEREG3', true);
    }
  });

  it('allows 10 registration attempts per IP per hour, then answers 429 with Retry-After', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++) {
      const { status } = await register(registration({ username: 'x' }), ip);
      expect(status).toBe(400);
    }
    const { status, body, headers } = await register(registration(), ip);
    expect(status).toBe(429);
    expect(body.errorCode).toBe('TOO_MANY_REQUEST');
    expect(Number(headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  // Malformed input never reaches the rules and never causes a 500.
  it.each([
    ['a body that is not JSON', { body: '{"username":', headers: { 'Content-Type': 'application/json' } }, 'request_param_err'],
    ['a number where text belongs', { json: { ...registration(), username: 12345 } }, 'request_param_err'],
    ['an over-long field', { json: registration({ email: `${'e'.repeat(300)}@x.io` }) }, 'request_param_err'],
    ['a member type other than 0', { json: registration({ type: 1 }) }, 'request_param_err'],
    ['an unknown register method', { json: registration({ registerMethod: 'FAX' }) }, 'request_param_err'],
    ['no fields at all', { json: {} }, 'request_param_err'],
  ])('answers 400 %s with a stable code', async (_name, init, code) => {
    const { status, body } = 'json' in init
      ? await sealedCall('/wps/member/register', { method: 'PUT', json: init.json, env: withTestCaptcha })
      : await call('/wps/member/register', { method: 'PUT', ...init, env: withTestCaptcha });
    expect(status).toBe(400);
    expect(body.errorCode).toBe(code);
  });
});

describe('GET /wps/member/info', { timeout: 30_000 }, () => {
  it('returns the member of the session, with VIP label 0 when none', async () => {
    const { session, username } = await registerMember({ nickname: 'Ace' });
    const { status, body } = await call<AccountsWire['MemberInfo']>('/wps/member/info', { token: session.token });
    expect(status).toBe(200);
    expect(body.value).toEqual({
      id: expect.any(Number), type: 0, nickname: 'Ace', account: username, clubLabel: { labelName: '0' },
    });
  });

  it('answers 401 not_logged_in without a token and session_expired with an unknown one', async () => {
    expect((await call('/wps/member/info')).body.errorCode).toBe('customer.not.login');
    const unknown = await call('/wps/member/info', { token: 'x'.repeat(43) });
    expect(unknown.status).toBe(401);
    expect(unknown.body.errorCode).toBe('user.or.token.invalid');
  });

  it('answers 401 session_expired with a token revoked by logout', async () => {
    const { session } = await registerMember();
    expect((await call('/wps/session/logout', { method: 'DELETE', token: session.token })).status).toBe(200);
    const { status, body } = await call('/wps/member/info', { token: session.token });
    expect(status).toBe(401);
    expect(body.errorCode).toBe('user.or.token.invalid');
  });
});

describe('GET /wps/member/trialuser', () => {
  it('creates a trial member (type 4) holding the trial balance', async () => {
    const amounts = await demoAmounts();
    const ip = uniqueIp();
    const res = await call<string>('/wps/member/trialuser', { headers: fromIp(ip) });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatch(/^trial_[a-z0-9]{10}$/);
    // platform-contract.md §3: the client then logs in with the trial name (bound to this browser's cookie).
    const cookie = (res.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^pd_trial=/);
    const login = await postLogin({ type: 'username', username: res.body.value, password: res.body.value }, { ip, cookie });
    expect(login.status).toBe(200);
    const body = login.body;
    expect(body.value).toMatchObject({ customerType: 4, firstTimeLogin: true, userName: res.body.value });
    expect(body.value.type).toBeUndefined();
    const wallet = await call<AccountsWire['WalletValue']>('/wps/wallets/gcs', { token: body.value.token });
    expect(wallet.body.value.sumBalance).toBe(minorToWire(amounts.trial));
    // One use only, and only with the cookie: nobody logs into someone else's trial.
    expect((await postLogin({ type: 'username', username: res.body.value, password: res.body.value }, { ip, cookie })).body.errorCode).toBe('login.cred.err');
  });

  it('refuses a trial name without the browser cookie it was issued with', async () => {
    const res = await call<string>('/wps/member/trialuser', { headers: fromIp(uniqueIp()) });
    const login = await postLogin({ type: 'username', username: res.body.value, password: res.body.value });
    expect(login.status).toBe(401);
    expect(login.body.errorCode).toBe('login.cred.err');
  });
});
