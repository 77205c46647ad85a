import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountsWire } from '../accounts-wire';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../../worker/db/queries/sessions';
import { hashPassword } from '../../../worker/services/crypto/password';
import { hashToken } from '../../../worker/services/crypto/tokens';
import { call } from '../helpers';
import { sealedCall } from '../sealed';
import { createMember } from '../fixtures';
import { ensureAccountSettings, fromIp, postLogin, uniqueIp, uniqueUsername } from '../accounts-fixtures';

beforeAll(ensureAccountSettings);

const info = (token: string, host = '127.0.0.1') => call<AccountsWire['MemberInfo']>(`http://${host}/wps/member/info`, { token });
const setSession = (token: string, column: 'last_seen_at' | 'expires_at', value: number) =>
  env.DB.prepare(`UPDATE sessions SET ${column} = ? WHERE token_hash = ?`).bind(value, hashToken(token)).run();
const lastSeen = async (token: string) =>
  (await env.DB.prepare(`SELECT last_seen_at FROM sessions WHERE token_hash = ?`).bind(hashToken(token)).first<{ last_seen_at: number }>())
    ?.last_seen_at;

describe('session lifetime (player-shell §4 Authentication)', () => {
  it('lives 7 days at most, whatever the activity', async () => {
    const member = await createMember();
    const row = await env.DB.prepare(`SELECT expires_at - created_at AS ttl FROM sessions WHERE token_hash = ?`)
      .bind(hashToken(member.token))
      .first<{ ttl: number }>();
    expect(row?.ttl).toBe(SESSION_ABSOLUTE_MS);
    expect(SESSION_ABSOLUTE_MS).toBe(7 * 24 * 60 * 60 * 1000);
    await setSession(member.token, 'expires_at', Date.now() - 1);
    const res = await info(member.token);
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe('user.or.token.invalid');
  });

  it('ends after 24 hours without a request', async () => {
    expect(SESSION_IDLE_MS).toBe(24 * 60 * 60 * 1000);
    const idle = await createMember();
    await setSession(idle.token, 'last_seen_at', Date.now() - SESSION_IDLE_MS);
    expect((await info(idle.token)).body.errorCode).toBe('user.or.token.invalid');
  });

  it('stays alive while used: a request after 23 idle hours renews last_seen_at', async () => {
    const active = await createMember();
    const before = Date.now() - 23 * 60 * 60 * 1000;
    await setSession(active.token, 'last_seen_at', before);
    expect((await info(active.token)).status).toBe(200);
    expect(await lastSeen(active.token)).toBeGreaterThan(before + 22 * 60 * 60 * 1000);
  });

  it('is not valid on another merchant’s site', async () => {
    const member = await createMember({ merchantCode: 'DEMO' });
    expect((await info(member.token)).status).toBe(200);
    expect((await info(member.token, 'play2.localhost')).status).toBe(401);
  });

  it('ends when the member is disabled', async () => {
    const member = await createMember();
    await env.DB.prepare(`UPDATE members SET status = 0 WHERE id = ?`).bind(member.memberId).run();
    expect((await info(member.token)).status).toBe(401);
  });

  it('logout revokes only the presented session', async () => {
    const member = await createMember();
    const second = await createMember();
    expect((await call('/wps/session/logout', { method: 'DELETE', token: member.token })).status).toBe(200);
    expect((await info(member.token)).status).toBe(401);
    expect((await info(second.token)).status).toBe(200);
  });
});

describe('member types in sessions (accounts §3 Session info, §6 Roles)', () => {
  async function memberOfType(type: number) {
    const username = uniqueUsername('t');
    await env.DB.prepare(
      `INSERT INTO members (merchant_code, username, account, password_hash, type, created_at) VALUES ('DEMO', ?, ?, ?, ?, ?)`,
    )
      .bind(username, username, await hashPassword('secret123'), type, Date.now())
      .run();
    return username;
  }

  it.each([[0], [1], [2], [40], [41], [42]])('a type %i account logs in with `customerType` (§7.2) and the same `type`', async (type) => {
    const username = await memberOfType(type);
    const res = await postLogin({ type: 'username', username, password: 'secret123' });
    expect(res.status).toBe(200);
    expect(res.body.value.type).toBe(type);
    expect(res.body.value.customerType).toBe(type);
    expect((await info(res.body.value.token)).body.value.type).toBe(type);
  }, 30_000);

  it('a trial session carries customerType 4 and member info says type 4', async () => {
    const trial = await call<AccountsWire['SessionValue']>('/wps/session/login/freeplay', { method: 'POST', json: {}, headers: fromIp(uniqueIp()) });
    expect(trial.body.value.customerType).toBe(4);
    expect(trial.body.value.type).toBeUndefined();
    expect((await info(trial.body.value.token)).body.value.type).toBe(4);
  });

  it.each([[4], [40], [41], [42]])('a type %i account is refused real-account functions with 403 free_reject', async (type) => {
    const member = await createMember({ type });
    const res = await sealedCall('/wps/member/password', {
      method: 'POST', token: member.token, json: { oldPassword: 'a1', newPassword: 'fresh2024', confirmNewPassword: 'fresh2024' },
    });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('free_reject');
  });

  it('a trial login never gets a remember-me token', async () => {
    const trial = await call<AccountsWire['SessionValue']>('/wps/session/login/freeplay', { method: 'POST', headers: fromIp(uniqueIp()) });
    expect(trial.body.value.token).toBeTruthy();
    expect(trial.body.value.rememberToken).toBeUndefined();
  });
});
