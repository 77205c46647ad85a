import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountsWire } from '../accounts-wire';
import { derive } from '../../../worker/services/crypto/password';
import { LOGIN_SLOWDOWN, LOGIN_THRESHOLDS } from '../../../worker/services/accounts/login-guard';
import { PASSWORD_CHANGE_MAX_FAILURES } from '../../../worker/services/accounts/passwords';
import { sealedCall, payloadKey } from '../sealed';
import { ensureAccountSettings, fromIp, registerMember, uniqueIp, uniqueUsername, withTestCaptcha } from '../accounts-fixtures';

/**
 * Issue 10 findings 1 and 2, proved in workerd on the real local D1: the login guard and the password change count
 * an attempt atomically BEFORE the password check, so a burst of parallel guesses reaches the check at most as
 * often as the policy allows; and no amount of failures from any number of addresses stops the owner who solves
 * the captcha and types the right password (ASVS 6.3.1, NIST 800-63B §5.2.2: no hard lock-out).
 */

// What reached the password check is read from the answers: only a checked wrong password is answered 401
// `login.cred.err` (old password: 400 `wrong_password`); an attempt stopped before the check gets 400
// `captcha_required` or 429. The counter rows must agree.

/** The account's failure counter row (0 when absent). */
async function accountCounter(username: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT count FROM rate_limits WHERE bucket = ?`)
    .bind(`login:acct:DEMO:${username.toLowerCase()}`)
    .first<{ count: number }>();
  return row?.count ?? 0;
}

beforeAll(ensureAccountSettings);

const CAPTCHA = withTestCaptcha.TEST_CAPTCHA_ANSWER;

/** A member whose stored hash uses the cheapest accepted scrypt cost (ln=10), so hundreds of checks stay fast. */
async function cheapMember(password = 'owner2024') {
  const username = uniqueUsername('race');
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await derive(password, salt, 10, 8, 1, 32);
  const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/=+$/, '');
  await env.DB.prepare(
    `INSERT INTO members (merchant_code, username, account, password_hash, type, created_at) VALUES ('DEMO', ?, ?, ?, 0, ?)`,
  )
    .bind(username, username, `$scrypt$ln=10,r=8,p=1$${b64(salt)}$${b64(key)}`, Date.now())
    .run();
  await env.DB.prepare(`INSERT INTO wallets (member_id, currency, updated_at) VALUES ((SELECT id FROM members WHERE username = ?), 'USD', 0)`)
    .bind(username)
    .run();
  return { username, password };
}

async function login(body: Record<string, unknown>, ip: string, captcha = false) {
  // One key fetch per call is part of what a browser does; fetch it here so bursts start together.
  const key = await payloadKey(withTestCaptcha);
  return sealedCall<AccountsWire['SessionValue']>('/wps/session/login', {
    method: 'POST',
    json: { type: 'username', ...body, ...(captcha ? { captcha: CAPTCHA } : {}) },
    headers: fromIp(ip),
    env: withTestCaptcha,
    key,
  });
}

describe('login guard under a burst of parallel guesses', { timeout: 30_000 }, () => {
  it('60 parallel wrong passwords without a captcha: at most the open allowance is checked; then the right one needs the captcha', async () => {
    const { username, password } = await cheapMember();
    const ip = uniqueIp();
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => login({ username, password: `wrong${i}x` }, ip)));
    const verified = burst.filter((r) => r.status === 401 && r.body.errorCode === 'login.cred.err').length;
    expect(verified).toBeGreaterThan(0);
    expect(verified).toBeLessThanOrEqual(LOGIN_THRESHOLDS.captchaAfterAccountFailures);
    // The others were stopped before the check: captcha required, or (while the burst's own attempts were in
    // flight and counted) this address throttled.
    const stopped = burst.filter((r) => ['captcha_required', 'TOO_MANY_REQUEST'].includes(r.body.errorCode));
    expect(stopped.length).toBe(60 - verified);
    for (const res of burst) expect(res.body.value).toMatchObject({ captcha: true });
    expect(await accountCounter(username)).toBe(verified);

    const noCaptcha = await login({ username, password }, ip);
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.body).toMatchObject({ errorCode: 'captcha_required', value: { captcha: true } });

    const owner = await login({ username, password }, uniqueIp(), true);
    expect(owner.status).toBe(200);
    expect(owner.body.value.userName).toBe(username);
  });

  it('60 parallel wrong passwords WITH captchas from one address: at most the per-(account, IP) limit is checked, the rest get 429', async () => {
    const { username, password } = await cheapMember();
    const ip = uniqueIp();
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => login({ username, password: `wrong${i}y` }, ip, true)));
    const verified = burst.filter((r) => r.status === 401 && r.body.errorCode === 'login.cred.err').length;
    expect(verified).toBeGreaterThan(0);
    expect(verified).toBeLessThanOrEqual(LOGIN_THRESHOLDS.maxPairFailures);
    expect(await accountCounter(username)).toBe(verified);
    const throttled = burst.filter((r) => r.status === 429);
    expect(throttled.length).toBe(60 - verified);
    expect(throttled[0]?.body.errorCode).toBe('TOO_MANY_REQUEST');
    expect(Number(throttled[0]?.headers.get('Retry-After'))).toBeGreaterThan(0);

    // The owner, from another address, with the captcha and the right password, gets in.
    expect((await login({ username, password }, uniqueIp(), true)).status).toBe(200);
  });

  it('never locks the owner out: 100 failures from 20 addresses, then captcha + right password succeeds', async () => {
    const { username, password } = await cheapMember();
    const attackers = Array.from({ length: 20 }, uniqueIp);
    const attempts = attackers.flatMap((ip, a) => Array.from({ length: 5 }, (_, i) => ({ ip, password: `guess${a}x${i}` })));
    const results = await Promise.all(attempts.map((t) => login({ username, password: t.password }, t.ip, true)));
    expect(results.every((r) => r.status === 401 && r.body.errorCode === 'login.cred.err')).toBe(true);

    expect(await accountCounter(username)).toBeGreaterThanOrEqual(100);

    // While the attacker keeps failing from many addresses, the owner (fresh address, captcha, right password) gets
    // in: slowed down by the account's failures, never stopped.
    const started = Date.now();
    const [owner, ...more] = await Promise.all([
      login({ username, password }, uniqueIp(), true),
      ...attackers.slice(0, 5).map((ip, i) => login({ username, password: `again${i}` }, ip, true)),
    ]);
    expect(owner?.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGIN_SLOWDOWN.maxMs);
    for (const res of more) expect([401, 429]).toContain(res.status);
    expect(more.every((r) => r.status !== 200)).toBe(true);
  });
});

describe('password change under a burst of parallel old-password guesses', { timeout: 30_000 }, () => {
  async function change(token: string, oldPassword: string) {
    const key = await payloadKey();
    return sealedCall('/wps/member/password', {
      method: 'POST',
      json: { oldPassword, newPassword: 'fresh2024', confirmNewPassword: 'fresh2024' },
      token,
      headers: { ModuleId: 'PASS3' },
      key,
    });
  }

  it('60 parallel wrong old passwords: at most the allowed number are checked, the rest and then the right one get 429', async () => {
    const { session, password } = await registerMember();
    const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => change(session.token, `wrong${i}z`)));
    const verified = burst.filter((r) => r.body.errorCode === 'wrong_password').length;
    expect(verified).toBeGreaterThan(0);
    expect(verified).toBeLessThanOrEqual(PASSWORD_CHANGE_MAX_FAILURES);
    expect(burst.filter((r) => r.status === 429).length).toBe(60 - verified);

    const right = await change(session.token, password);
    expect(right.status).toBe(429);
    expect(right.body.errorCode).toBe('TOO_MANY_REQUEST');
  });
});
