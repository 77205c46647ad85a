import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { hashToken } from '../../../worker/services/crypto/tokens';
import { CONSOLE_STEP_UP_FAILURES } from '../../../worker/services/operators/sign-in';
import { openTotpSecret, sealTotpSecret, totpSealKey } from '../../../worker/services/operators/totp-seal';
import { enrolled, freshIp, makeOperator, signIn, totpCode } from './console-helpers';

describe('console two-factor sign-in (docs/back-office.md "Two-factor sign-in")', () => {
  it('enrols: the secret once as otpauth URI and base32, confirmed by a first code, ten recovery codes', async () => {
    const username = await makeOperator('finance');
    const { cookie, csrf } = await signIn(username);
    const headers = { Cookie: cookie, 'X-CSRF-Token': csrf };
    const start = await call<{ secret: string; uri: string }>('/console/api/totp/enrol', { method: 'POST', headers });
    expect(start.body.value.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(start.body.value.secret).toMatch(/^[A-Z2-7]{32}$/);
    const wrong = await call('/console/api/totp/confirm', { method: 'POST', headers, json: { code: '000000' === totpCode(start.body.value.secret) ? '111111' : '000000' } });
    expect([wrong.status, wrong.body.errorCode]).toEqual([400, 'console_totp_invalid']);
    const ok = await call<{ recoveryCodes: string[] }>('/console/api/totp/confirm', { method: 'POST', headers, json: { code: totpCode(start.body.value.secret) } });
    expect(ok.body.value.recoveryCodes).toHaveLength(10);
    const me = await call<{ enrolRequired: boolean; totpEnabled: boolean }>('/console/api/me', { headers });
    expect(me.body.value).toMatchObject({ enrolRequired: false, totpEnabled: true });
    const again = await call('/console/api/totp/enrol', { method: 'POST', headers });
    expect([again.status, again.body.errorCode]).toEqual([409, 'console_totp_enabled']);
    expect(JSON.stringify(me.body)).not.toContain(start.body.value.secret);
    const stored = await env.DB.prepare(`SELECT code_hash FROM console_recovery_codes rc JOIN console_operators o ON o.id = rc.operator_id WHERE o.username = ?`)
      .bind(username).all<{ code_hash: string }>();
    expect(stored.results.map((r) => r.code_hash)).not.toContain(ok.body.value.recoveryCodes[0]);
    // The secret is stored sealed (AES-GCM under CONSOLE_TOTP_KEY), never as the base32 the app was shown.
    const secretRow = await env.DB.prepare(`SELECT id, totp_secret FROM console_operators WHERE username = ?`).bind(username).first<{ id: number; totp_secret: string }>();
    expect(secretRow?.totp_secret).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    expect(secretRow?.totp_secret).not.toContain(start.body.value.secret);
    const key = await totpSealKey(env);
    expect(await openTotpSecret(key, secretRow!.id, secretRow!.totp_secret)).toBe(start.body.value.secret);
    // Bound to its operator: the same sealed value on another operator's row does not open.
    expect(await openTotpSecret(key, secretRow!.id + 1, secretRow!.totp_secret)).toBeNull();
  });

  it('refuses enrolment without a usable key outside development (503 encryption_unavailable), and still reads a secret stored in the clear', async () => {
    await expect(totpSealKey({ APP_ENV: 'production' })).rejects.toMatchObject({ status: 503, errorCode: 'encryption_unavailable' });
    await expect(totpSealKey({ APP_ENV: 'production', CONSOLE_TOTP_KEY: 'c2hvcnQ' })).rejects.toMatchObject({ errorCode: 'encryption_unavailable' });
    const key = await totpSealKey({ APP_ENV: 'production', CONSOLE_TOTP_KEY: 'cGxheWRlY2stY29uc29sZS10b3RwLXRlc3Qta2V5MzI' });
    expect(await openTotpSecret(key, 7, 'JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
    expect(await openTotpSecret(key, 7, await sealTotpSecret(key, 7, 'JBSWY3DPEHPK3PXP'))).toBe('JBSWY3DPEHPK3PXP');
    expect(await openTotpSecret(key, 7, 'v1.broken')).toBeNull();
  });

  it('asks for the code after the right password, refuses a replayed code, accepts the next one', async () => {
    const owner = await enrolled('owner');
    const missing = await signIn(owner.username);
    expect([missing.res.status, missing.res.body.errorCode]).toEqual([401, 'console_totp_required']);
    // The confirmation used the current step: the same code again is a replay.
    const replay = await signIn(owner.username, { code: totpCode(owner.secret, owner.confirmedAt) });
    expect([replay.res.status, replay.res.body.errorCode]).toEqual([401, 'console_totp_invalid']);
    const next = await signIn(owner.username, { code: totpCode(owner.secret, owner.confirmedAt + 30_000) });
    expect(next.res.status).toBe(200);
    expect(next.res.body.value).toMatchObject({ role: 'owner', totpEnabled: true, enrolRequired: false });
    const twice = await signIn(owner.username, { code: totpCode(owner.secret, owner.confirmedAt + 30_000) });
    expect(twice.res.body.errorCode).toBe('console_totp_invalid');
  });

  it('a recovery code works once', async () => {
    const owner = await enrolled('admin');
    const code = owner.recoveryCodes[3]!;
    expect((await signIn(owner.username, { code: code.toUpperCase() })).res.status).toBe(200);
    expect((await signIn(owner.username, { code })).res.body.errorCode).toBe('console_totp_invalid');
    expect((await signIn(owner.username, { code: 'abcde-fghjk' })).res.body.errorCode).toBe('console_totp_invalid');
  });
});

describe('console sign-in guard (docs/back-office.md "Sign-in guard")', () => {
  it('counts per account: after many wrong passwords from many addresses, a new address is throttled, a familiar one is not', async () => {
    const username = await makeOperator('support');
    const home = freshIp();
    expect((await signIn(username, { ip: home })).res.status).toBe(200);
    for (let i = 0; i < CONSOLE_STEP_UP_FAILURES; i += 1) {
      expect((await signIn(username, { password: `wrong-password-${i}` })).res.body.errorCode).toBe('console_login_failed');
    }
    const stranger = await signIn(username);
    expect([stranger.res.status, stranger.res.body.errorCode]).toEqual([429, 'TOO_MANY_REQUEST']);
    expect(stranger.res.headers.get('Retry-After')).toMatch(/^\d+$/);
    // The owner at a familiar address still signs in (slowed down a little, never locked out).
    expect((await signIn(username, { ip: home })).res.status).toBe(200);
  }, 30_000);

  it('under attack, an operator with a second factor still signs in from a new address with password and code together', async () => {
    const owner = await enrolled('owner');
    for (let i = 0; i < CONSOLE_STEP_UP_FAILURES; i += 1) await signIn(owner.username, { password: `wrong-password-${i}` });
    const noCode = await signIn(owner.username);
    expect(noCode.res.status).toBe(429);
    expect(noCode.res.body.value).toMatchObject({ secondFactor: true });
    const wrongCode = await signIn(owner.username, { code: '123456' === totpCode(owner.secret) ? '654321' : '123456' });
    expect(wrongCode.res.body.errorCode).toBe('console_login_failed');
    const good = await signIn(owner.username, { code: totpCode(owner.secret, owner.confirmedAt + 30_000) });
    expect(good.res.status).toBe(200);
  }, 30_000);
});

describe('console sessions expire', () => {
  it('after 30 minutes without a request and after 12 hours in any case', async () => {
    const idle = await signIn(await makeOperator());
    expect((await call('/console/api/me', { headers: { Cookie: idle.cookie } })).status).toBe(200);
    const idleHash = hashToken(idle.cookie.split('=')[1]!);
    await env.DB.prepare(`UPDATE console_sessions SET last_seen_at = ? WHERE token_hash = ?`).bind(Date.now() - 31 * 60_000, idleHash).run();
    expect((await call('/console/api/me', { headers: { Cookie: idle.cookie } })).status).toBe(401);

    const old = await signIn(await makeOperator());
    await env.DB.prepare(`UPDATE console_sessions SET expires_at = ? WHERE token_hash = ?`).bind(Date.now() - 1, hashToken(old.cookie.split('=')[1]!)).run();
    expect((await call('/console/api/me', { headers: { Cookie: old.cookie } })).status).toBe(401);
  });
});
