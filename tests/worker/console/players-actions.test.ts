import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { callDef } from '../catalogue-helpers';
import { walletCalls } from '../../../contract/calls/wallet';
import { createMember } from '../fixtures';
import { ensureAccountSettings, postLogin, registerMember } from '../accounts-fixtures';
import { searchAudit } from '../../../worker/services/operators/audit';
import { enrolled, makeOperator, signIn } from './console-helpers';

beforeAll(ensureAccountSettings);

type Page<T = Record<string, unknown>> = { items: T[]; total: number };

/** A support agent (players.act) of DEMO: headers for reads and for state changes. */
async function agent() {
  const username = await makeOperator('support');
  const s = await signIn(username);
  return { username, read: { Cookie: s.cookie }, write: { Cookie: s.cookie, 'X-CSRF-Token': s.csrf } };
}

async function lastAudit(operator: string, action: string) {
  const rows = await searchAudit(env.DB, { merchantCode: 'DEMO', operator, action, limit: 5 });
  return rows[0];
}

describe('back office: acting on a player (docs/back-office.md "Players")', { timeout: 60_000 }, () => {
  it('suspends: sessions end, log-in is refused with account_disabled, one audit row with before/after and reason', async () => {
    const { username, password, session } = await registerMember();
    const op = await agent();
    const res = await call<{ status: string }>(`/console/api/players/${session.id}/suspend`, { method: 'POST', headers: op.write, json: { reason: 'fraud check' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value.status).toBe('suspended');
    expect(await lastAudit(op.username, 'player.suspend')).toMatchObject({
      target: `player:${session.id}`, before: '{"status":"active"}', after: '{"status":"suspended"}', reason: 'fraud check',
    });
    const balance = await callDef(walletCalls.walletBalanceV2, '', { token: session.token });
    expect(balance.status).toBe(401);
    const revoked = await env.DB.prepare(`SELECT COUNT(*) AS n FROM sessions WHERE member_id = ? AND revoked_at IS NULL`).bind(session.id).first<{ n: number }>();
    expect(revoked?.n).toBe(0);
    const login = await postLogin({ username, password });
    expect([login.status, login.body.errorCode]).toEqual([403, 'account_disabled']);
    const again = await call(`/console/api/players/${session.id}/suspend`, { method: 'POST', headers: op.write, json: { reason: 'twice' } });
    expect([again.status, again.body.errorCode]).toEqual([409, 'player_status_conflict']);
  });

  it('closes and reopens: log-in refused while closed, allowed after reopening; each an audit row', async () => {
    const { username, password, session } = await registerMember();
    const op = await agent();
    const closed = await call<{ status: string }>(`/console/api/players/${session.id}/close`, { method: 'POST', headers: op.write, json: { reason: 'player asked' } });
    expect(closed.body.value.status).toBe('closed');
    expect((await postLogin({ username, password })).body.errorCode).toBe('account_disabled');
    const reopened = await call<{ status: string }>(`/console/api/players/${session.id}/reopen`, { method: 'POST', headers: op.write, json: { reason: 'player came back' } });
    expect(reopened.body.value.status).toBe('active');
    expect((await postLogin({ username, password })).status).toBe(200);
    expect(await lastAudit(op.username, 'player.close')).toMatchObject({ before: '{"status":"active"}', after: '{"status":"closed"}' });
    expect(await lastAudit(op.username, 'player.reopen')).toMatchObject({ before: '{"status":"closed"}', after: '{"status":"active"}', reason: 'player came back' });
    const noReason = await call(`/console/api/players/${session.id}/close`, { method: 'POST', headers: op.write, json: {} });
    expect([noReason.status, noReason.body.errorCode]).toEqual([400, 'request_param_err']);
  });

  it('resets the password: the player gets a link by e-mail (never shown to the operator), one audit row', async () => {
    const email = `reset.${Date.now()}@example.test`;
    const { session } = await registerMember();
    await env.DB.prepare(`UPDATE members SET profile = json_set(profile, '$.email', ?) WHERE id = ?`).bind(email, session.id).run();
    const op = await agent();
    const res = await call<{ channel: string; to: string }>(`/console/api/players/${session.id}/reset-password`, { method: 'POST', headers: op.write, json: { reason: 'forgot it' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value.channel).toBe('email');
    expect(JSON.stringify(res.body)).not.toMatch(/resetToken|password/i);
    const mail = await env.DB.prepare(`SELECT body FROM email_outbox WHERE to_address = ? ORDER BY id DESC`).bind(email).first<{ body: string }>();
    expect(mail?.body).toMatch(/\/m\/forget\?resetToken=[A-Za-z0-9_-]+/);
    expect(await lastAudit(op.username, 'player.reset_password')).toMatchObject({ target: `player:${session.id}`, reason: 'forgot it' });

    const phoneOnly = await createMember();
    await env.DB.prepare(`UPDATE members SET mobile_e164 = ? WHERE id = ?`).bind(`+8490${String(phoneOnly.memberId).padStart(7, '0')}`, phoneOnly.memberId).run();
    const sms = await call<{ channel: string }>(`/console/api/players/${phoneOnly.memberId}/reset-password`, { method: 'POST', headers: op.write, json: { reason: 'by phone' } });
    expect(sms.body.value.channel).toBe('sms');
    const nobody = await createMember();
    const refused = await call(`/console/api/players/${nobody.memberId}/reset-password`, { method: 'POST', headers: op.write, json: { reason: 'no way' } });
    expect([refused.status, refused.body.errorCode]).toEqual([409, 'player_no_contact']);
  });

  it('sends a message to the inbox (text kept as text) and adds a note; each an audit row', async () => {
    const m = await createMember();
    const op = await agent();
    const sent = await call<{ id: number }>(`/console/api/players/${m.memberId}/message`, {
      method: 'POST', headers: op.write, json: { title: 'About your bonus', text: 'Hello <b>there</b>\n\nSecond paragraph', reason: 'ticket 12' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const stored = await env.DB.prepare(`SELECT content FROM inbox_messages WHERE id = ?`).bind(sent.body.value.id).first<{ content: string }>();
    expect(stored?.content).toBe('<p>Hello &lt;b&gt;there&lt;/b&gt;</p><p>Second paragraph</p>');
    const messages = await call<Page<{ title: string }>>(`/console/api/players/${m.memberId}/messages`, { headers: op.read });
    expect(messages.body.value.items.map((i) => i.title)).toContain('About your bonus');
    expect(await lastAudit(op.username, 'player.message')).toMatchObject({ target: `player:${m.memberId}`, reason: 'ticket 12' });

    const note = await call<{ body: string; operator: string }>(`/console/api/players/${m.memberId}/notes`, { method: 'POST', headers: op.write, json: { body: 'Called the player.' } });
    expect(note.body.value).toMatchObject({ body: 'Called the player.', operator: op.username });
    const notes = await call<Page<{ body: string }>>(`/console/api/players/${m.memberId}/notes`, { headers: op.read });
    expect(notes.body.value.items.map((n) => n.body)).toEqual(['Called the player.']);
    expect(await lastAudit(op.username, 'player.note')).toMatchObject({ after: '{"note":"Called the player."}' });
    await expect(env.DB.prepare(`DELETE FROM player_notes`).run()).rejects.toThrow(/append-only/);
  });

  it('refuses actions without CSRF, from a role without players.act, and on another site', async () => {
    const m = await createMember();
    const op = await agent();
    const noCsrf = await call(`/console/api/players/${m.memberId}/suspend`, { method: 'POST', headers: op.read, json: { reason: 'no token' } });
    expect([noCsrf.status, noCsrf.body.errorCode]).toEqual([403, 'csrf_invalid']);
    const foreignOrigin = await call(`/console/api/players/${m.memberId}/suspend`, { method: 'POST', headers: { ...op.write, Origin: 'https://evil.test' }, json: { reason: 'evil' } });
    expect([foreignOrigin.status, foreignOrigin.body.errorCode]).toEqual([403, 'csrf_invalid']);
    const finance = await enrolled('finance');
    const refused = await call(`/console/api/players/${m.memberId}/suspend`, { method: 'POST', headers: finance.headers, json: { reason: 'not mine' } });
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'console_role_forbidden']);
    const foreign = await createMember({ merchantCode: 'DEMO2' });
    const other = await call(`/console/api/players/${foreign.memberId}/suspend`, { method: 'POST', headers: op.write, json: { reason: 'other site' } });
    expect([other.status, other.body.errorCode]).toEqual([404, 'player_not_found']);
    const status = await env.DB.prepare(`SELECT status FROM members WHERE id = ?`).bind(foreign.memberId).first<{ status: number }>();
    expect(status?.status).toBe(1);
  });
});
