import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { createMember } from '../fixtures';
import { callDef } from '../catalogue-helpers';
import { conversationCalls } from '../../../contract/calls/conversations';
import { auditCsv, csvField, recordAudit, searchAudit } from '../../../worker/services/operators/audit';
import { connect } from '../chat-helpers';
import { enrolled, makeOperator, signIn } from './console-helpers';

describe('console audit log (docs/back-office.md "Audit log")', () => {
  it('recordAudit joins a change\'s batch: both or neither', async () => {
    const target = `site-setting-${Date.now()}`;
    const entry = { merchantCode: 'DEMO', operatorId: null, operator: 'cli:test', action: 'setting.change', target, before: { on: false }, after: { on: true }, reason: 'launch' };
    await env.DB.batch([env.DB.prepare(`SELECT 1`), recordAudit(env.DB, entry)]);
    await expect(env.DB.batch([recordAudit(env.DB, { ...entry, target: `${target}-failed` }), env.DB.prepare(`INSERT INTO no_such_table VALUES (1)`)])).rejects.toThrow();
    const rows = await searchAudit(env.DB, { merchantCode: 'DEMO', action: 'setting.change', limit: 500 });
    expect(rows.filter((r) => r.target === target)).toHaveLength(1);
    expect(rows.some((r) => r.target === `${target}-failed`)).toBe(false);
    expect(rows.find((r) => r.target === target)).toMatchObject({ before: '{"on":false}', after: '{"on":true}', reason: 'launch', operator: 'cli:test' });
  });

  it('is append-only: UPDATE and DELETE are refused by the database', async () => {
    await recordAudit(env.DB, { merchantCode: 'DEMO', operatorId: null, operator: 'cli:test', action: 'x.y', target: 't' }).run();
    await expect(env.DB.prepare(`UPDATE console_audit SET reason = 'changed'`).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare(`DELETE FROM console_audit`).run()).rejects.toThrow(/append-only/);
  });

  it('searches by operator, action (exact or prefix.*) and time range, and exports CSV', async () => {
    const admin = await enrolled('admin');
    const t0 = Date.UTC(2026, 0, 1);
    for (const [i, action] of ['promo.edit', 'promo.publish', 'banner.edit'].entries()) {
      await recordAudit(env.DB, { merchantCode: 'DEMO', operatorId: 1, operator: 'ann-audit', action, target: `t${i}`, at: t0 + i * 3_600_000, reason: i === 2 ? '=SUM(A1),"quoted"' : '' }).run();
    }
    const headers = { Cookie: admin.session.cookie };
    const byPrefix = await call<{ items: { action: string }[]; total: number }>('/console/api/audit?operator=ann-audit&action=promo.*', { headers });
    expect(byPrefix.body.value.items.map((r) => r.action)).toEqual(['promo.publish', 'promo.edit']);
    expect(byPrefix.body.value.total).toBe(2);
    const byTime = await call<{ items: { target: string }[] }>(`/console/api/audit?operator=ann-audit&from=${t0 + 1}&to=2026-01-01T02:00:00Z`, { headers });
    expect(byTime.body.value.items.map((r) => r.target)).toEqual(['t1']);
    // The back office's list convention: pages of perPage rows, the total of the whole filter.
    const page2 = await call<{ items: { target: string }[]; total: number }>('/console/api/audit?operator=ann-audit&page=2&perPage=2&sort=id&order=DESC', { headers });
    expect([page2.body.value.items.map((r) => r.target), page2.body.value.total]).toEqual([['t0'], 3]);
    const bad = await call('/console/api/audit?from=yesterday', { headers });
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'request_param_err']);

    const app = (await import('../../../worker/index')).createApp();
    const csv = await app.request('http://127.0.0.1/console/api/audit.csv?operator=ann-audit', { headers }, env);
    expect(csv.headers.get('Content-Type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,time,site,operator,action,target,before,after,reason,address');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`,2026-01-01T02:00:00.000Z,DEMO,ann-audit,banner.edit,t2,,,"'=SUM(A1),""quoted""",`);
    expect(csvField('plain')).toBe('plain');
    expect(auditCsv([])).toBe('id,time,site,operator,action,target,before,after,reason,address\r\n');
  });

  it('an agent closing a conversation writes chat.close with who and which site', async () => {
    const username = await makeOperator('support');
    const { cookie, csrf } = await signIn(username);
    const me = await createMember();
    const launched = await callDef(conversationCalls.chatLaunch, 'language=EN', { token: me.token });
    const conversationId = new URL(launched.body.value.chatUrl, 'http://x').searchParams.get('c')!;
    const ticket = await call<{ ticket: string }>('/console/api/ticket', { method: 'POST', headers: { Cookie: cookie, 'X-CSRF-Token': csrf }, json: { conversationId } });
    const agent = await connect(ticket.body.value.ticket);
    agent.send({ type: 'close' });
    await agent.next('closed');
    const rows = await searchAudit(env.DB, { merchantCode: 'DEMO', operator: username, action: 'chat.close', limit: 10 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ target: `conversation:${conversationId}`, before: '{"status":"open"}', after: '{"status":"closed"}' });
  });
});
