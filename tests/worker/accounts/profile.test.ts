import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { createMember } from '../fixtures';
import { confirmEmail } from '../email-fixtures';

const post = (path: string, token: string, json: unknown) => call(`/wps/member/info/${path}`, { method: 'POST', token, json });

describe('member-info sub-paths: nickname, e-mail, payee name (issue 13, Member centre)', { timeout: 30_000 }, () => {
  it('changes the nickname shown by member info', async () => {
    const member = await createMember();
    expect((await post('nickname', member.token, { nickname: ' Lucky Ana ' })).status).toBe(200);
    const info = await call<{ nickname: string }>('/wps/member/info', { token: member.token });
    expect(info.body.value.nickname).toBe('Lucky Ana');
    expect((await post('nickname', member.token, { nickname: 'x'.repeat(21) })).body.errorCode).toBe('request_param_err');
  });

  it('binds an e-mail address once its mailed link is opened; the security page shows it masked', async () => {
    const member = await createMember();
    expect((await post('email', member.token, { email: 'not-an-address' })).status).toBe(400);
    expect((await post('email', member.token, { email: 'ana@example.com' })).status).toBe(200);
    const security = () => call<{ emailBound: boolean; email: string; emailPending: string }>('/wps/v2/member/securityConfig', { token: member.token });
    expect((await security()).body.value).toMatchObject({ emailBound: false, email: '', emailPending: 'a***@example.com' });
    expect(await confirmEmail('ana@example.com')).toBe('/m/member/security#emailConfirm=ok');
    expect((await security()).body.value).toMatchObject({ emailBound: true, email: 'a***@example.com', emailPending: '' });
  });

  it('sets the payee name once; the withdraw page offers it; a change is refused', async () => {
    const member = await createMember();
    expect((await post('payeename', member.token, { payeeName: 'Ana Cruz' })).status).toBe(200);
    const again = await post('payeename', member.token, { payeeName: 'Someone Else' });
    expect([again.status, again.body.errorCode]).toEqual([409, 'payee_locked']);
    const info = await call<{ payeeName: string }>('/wps/transaction/withdraw', { token: member.token });
    expect(info.body.value.payeeName).toBe('Ana Cruz');
    const row = await env.DB.prepare(`SELECT json_extract(profile, '$.payeeName') AS p FROM members WHERE id = ?`).bind(member.memberId).first();
    expect(row).toEqual({ p: 'Ana Cruz' });
  });

  it('refuses trial accounts with free_reject and visitors with 401', async () => {
    const trial = await createMember({ type: 4 });
    for (const path of ['nickname', 'email', 'payeename']) {
      const body = { nickname: 'Ana', email: 'a@b.co', payeeName: 'Ana' };
      expect((await post(path, trial.token, body)).body.errorCode).toBe('free_reject');
      expect((await call(`/wps/member/info/${path}`, { method: 'POST', json: body })).status).toBe(401);
    }
  });
});
