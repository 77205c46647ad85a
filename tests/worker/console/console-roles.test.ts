import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { makeOperator, signIn, enrolled } from './console-helpers';

describe('console roles and sites (docs/back-office.md "Roles and sites")', () => {
  it('keeps accounts made before roles as support agents of their merchant', async () => {
    const username = await makeOperator();
    const { res } = await signIn(username);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ role: 'support', sites: ['DEMO'], enrolRequired: false });
  });

  it('refuses a call the role may not make with 403 console_role_forbidden', async () => {
    const support = await signIn(await makeOperator('support'));
    const audit = await call('/console/api/audit', { headers: { Cookie: support.cookie } });
    expect([audit.status, audit.body.errorCode]).toEqual([403, 'console_role_forbidden']);
    const content = await signIn(await makeOperator('content'));
    const list = await call('/console/api/conversations', { headers: { Cookie: content.cookie } });
    expect([list.status, list.body.errorCode]).toEqual([403, 'console_role_forbidden']);
    const ticket = await call('/console/api/ticket', {
      method: 'POST', headers: { Cookie: content.cookie, 'X-CSRF-Token': content.csrf }, json: { conversationId: 'abcdefgh12' },
    });
    expect([ticket.status, ticket.body.errorCode]).toEqual([403, 'console_role_forbidden']);
    expect((await call('/console/api/me', { headers: { Cookie: content.cookie } })).status).toBe(200);
  });

  it('owner, admin and finance must enrol a second factor before anything else', async () => {
    for (const role of ['owner', 'admin', 'finance']) {
      const { res, cookie } = await signIn(await makeOperator(role));
      expect(res.body.value.enrolRequired).toBe(true);
      const list = await call('/console/api/audit', { headers: { Cookie: cookie } });
      expect([list.status, list.body.errorCode]).toEqual([403, 'console_totp_enrolment_required']);
    }
    const admin = await enrolled('admin');
    expect((await call('/console/api/audit', { headers: { Cookie: admin.session.cookie } })).status).toBe(200);
    expect((await call('/console/api/conversations', { headers: { Cookie: admin.session.cookie } })).status).toBe(200);
  });

  it('an operator sees only their sites: another site answers 403 console_site_forbidden, a given one works', async () => {
    const demoOnly = await signIn(await makeOperator('support', 'DEMO'));
    const foreign = await call('http://play2.localhost/console/api/conversations', { headers: { Cookie: demoOnly.cookie } });
    expect([foreign.status, foreign.body.errorCode]).toEqual([403, 'console_site_forbidden']);
    expect((await signIn(await makeOperator('support', 'DEMO'), { host: 'play2.localhost' })).res.status).toBe(401);

    const both = await makeOperator('support', 'DEMO', ['DEMO2']);
    const onDemo2 = await signIn(both, { host: 'play2.localhost' });
    expect(onDemo2.res.status).toBe(200);
    expect(onDemo2.res.body.value.sites.sort()).toEqual(['DEMO', 'DEMO2']);
    expect((await call('http://play2.localhost/console/api/conversations', { headers: { Cookie: onDemo2.cookie } })).status).toBe(200);
  });

  it('an admin reads the audit log of their site only', async () => {
    const admin = await enrolled('admin');
    await env.DB.prepare(`INSERT INTO console_audit (at, merchant_code, operator, action, target) VALUES (?, 'DEMO2', 'x', 'chat.close', 'conversation:foreign')`).bind(Date.now()).run();
    const rows = await call<{ items: { merchantCode: string }[] }>('/console/api/audit?perPage=500', { headers: { Cookie: admin.session.cookie } });
    expect(rows.status).toBe(200);
    expect(rows.body.value.items.every((r) => r.merchantCode === 'DEMO')).toBe(true);
    const other = await call('http://play2.localhost/console/api/audit', { headers: { Cookie: admin.session.cookie } });
    expect([other.status, other.body.errorCode]).toEqual([403, 'console_site_forbidden']);
  });
});
