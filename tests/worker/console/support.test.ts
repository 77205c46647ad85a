import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { createMember } from '../fixtures';
import { callDef } from '../catalogue-helpers';
import { connect } from '../chat-helpers';
import { conversationCalls } from '../../../contract/calls/conversations';
import { postLedger } from '../../../worker/services/ledger/ledger';
import { recordAudit, searchAudit } from '../../../worker/services/operators/audit';
import { assignConversationStatement, failUnlessChangedStatement, findSupportConversation } from '../../../worker/db/queries/support';
import { makeOperator, signIn } from './console-helpers';

const API = '/console/api/support';

/** A support agent's signed-in session: cookie and CSRF headers for calls, and their username. */
async function agent(role = 'support', merchantCode = 'DEMO') {
  const username = await makeOperator(role, merchantCode);
  const session = await signIn(username, merchantCode === 'DEMO2' ? { host: 'play2.localhost' } : {});
  const id = (await env.DB.prepare(`SELECT id FROM console_operators WHERE username = ?`).bind(username).first<{ id: number }>())!.id;
  return { username, id, headers: { Cookie: session.cookie, 'X-CSRF-Token': session.csrf } };
}

let foreign = 0;

/** A player of the site with a conversation they opened (on DEMO2, whose chat is off, written directly); its id. */
async function conversation(merchantCode = 'DEMO', balanceMinor = 0) {
  const member = await createMember({ merchantCode, balanceMinor });
  if (merchantCode !== 'DEMO') {
    foreign += 1;
    const id = `foreignconv${foreign}${Date.now()}`;
    await env.DB.prepare(`INSERT INTO chat_conversations (id, merchant_code, member_id, created_at, last_message_at) VALUES (?, ?, ?, ?, ?)`)
      .bind(id, merchantCode, member.memberId, Date.now(), Date.now()).run();
    return { member, id };
  }
  const launched = await callDef(conversationCalls.chatLaunch, 'language=EN', { token: member.token });
  return { member, id: new URL(launched.body.value.chatUrl, 'http://x').searchParams.get('c')! };
}

interface Row { id: string; account: string; status: string; agentUnread: number; assignedTo: { id: number; name: string } | null }

describe('Support in the back office (docs/back-office.md "Support")', () => {
  it('assigns a conversation to me and to another agent of the site, shown in the list, each change audited', async () => {
    const ann = await agent();
    const bob = await agent();
    const { id, member } = await conversation();
    const toMe = await call<Row>(`${API}/conversations/${id}/assign`, { method: 'POST', headers: ann.headers, json: { operatorId: 'me' } });
    expect(toMe.status).toBe(200);
    expect(toMe.body.value.assignedTo).toMatchObject({ id: ann.id });
    const mine = await call<{ items: Row[]; total: number }>(`${API}/conversations?assigned=me&perPage=100`, { headers: ann.headers });
    expect(mine.body.value.items.map((r) => r.id)).toContain(id);
    expect(mine.body.value.items.find((r) => r.id === id)).toMatchObject({ account: member.username, status: 'open' });

    const toBob = await call<Row>(`${API}/conversations/${id}/assign`, { method: 'POST', headers: ann.headers, json: { operatorId: bob.id, reason: 'Bob speaks Thai' } });
    expect(toBob.body.value.assignedTo).toMatchObject({ id: bob.id, name: expect.stringMatching(/^Operator/) });
    const bobs = await call<{ items: Row[] }>(`${API}/conversations?assigned=${bob.id}&perPage=100`, { headers: ann.headers });
    expect(bobs.body.value.items.map((r) => r.id)).toEqual([id]);
    expect((await call<{ items: Row[] }>(`${API}/conversations?assigned=me&perPage=100`, { headers: ann.headers })).body.value.items.map((r) => r.id)).not.toContain(id);

    const rows = await searchAudit(env.DB, { merchantCode: 'DEMO', action: 'chat.assign', operator: ann.username, limit: 10 });
    expect(rows.map((r) => [r.target, r.before, r.after, r.reason])).toEqual([
      [`conversation:${id}`, `{"assignedTo":"${ann.username}"}`, `{"assignedTo":"${bob.username}"}`, 'Bob speaks Thai'],
      [`conversation:${id}`, '{"assignedTo":null}', `{"assignedTo":"${ann.username}"}`, ''],
    ]);
    // Unassign; the same assignment again changes nothing and writes no row.
    await call(`${API}/conversations/${id}/assign`, { method: 'POST', headers: bob.headers, json: { operatorId: null } });
    await call(`${API}/conversations/${id}/assign`, { method: 'POST', headers: bob.headers, json: { operatorId: null } });
    expect(await searchAudit(env.DB, { merchantCode: 'DEMO', action: 'chat.assign', operator: bob.username, limit: 10 })).toHaveLength(1);
    expect((await call<{ items: Row[] }>(`${API}/conversations?assigned=none&perPage=100`, { headers: ann.headers })).body.value.items.map((r) => r.id)).toContain(id);
  });

  it('refuses an assignee who does not answer the site\'s chats (content role, another site) and a stale assignment', async () => {
    const ann = await agent();
    const broken = await call(`${API}/conversations/abc%E0%A4%Adefgh/player`, { headers: ann.headers });
    expect([broken.status, broken.body.errorCode]).toEqual([400, 'request_param_err']);
    const writer = await agent('content');
    const elsewhere = await agent('support', 'DEMO2');
    const { id } = await conversation();
    for (const operatorId of [writer.id, elsewhere.id, 999_999]) {
      const res = await call(`${API}/conversations/${id}/assign`, { method: 'POST', headers: ann.headers, json: { operatorId } });
      expect([res.status, res.body.errorCode]).toEqual([400, 'support_agent_invalid']);
    }
    const agents = await call<{ items: { id: number; me: boolean }[] }>(`${API}/agents`, { headers: ann.headers });
    const ids = agents.body.value.items.map((a) => a.id);
    expect(agents.body.value.items.filter((a) => a.me).map((a) => a.id)).toEqual([ann.id]);
    expect(ids).toContain(ann.id);
    expect(ids).not.toContain(writer.id);
    expect(ids).not.toContain(elsewhere.id);
    // Someone else assigned it between the read and the write: the guarded batch rolls back (the service answers 409).
    const bob = await agent();
    await env.DB.prepare(`UPDATE chat_conversations SET assigned_operator_id = ? WHERE id = ?`).bind(bob.id, id).run();
    const marker = `stale-${id}`;
    await expect(env.DB.batch([
      assignConversationStatement(env.DB, 'DEMO', id, ann.id, null, Date.now()),
      failUnlessChangedStatement(env.DB),
      recordAudit(env.DB, { merchantCode: 'DEMO', operatorId: ann.id, operator: ann.username, action: 'chat.assign', target: marker }),
    ])).rejects.toThrow();
    expect((await findSupportConversation(env.DB, 'DEMO', id))!.assignedTo?.id).toBe(bob.id);
    expect((await searchAudit(env.DB, { merchantCode: 'DEMO', action: 'chat.assign', operator: ann.username, limit: 10 })).some((r) => r.target === marker)).toBe(false);
  });

  it('keeps canned answers per site: create, list, edit, delete, each audited; another site sees none of them', async () => {
    const ann = await agent();
    const created = await call<{ id: number; title: string; body: string }>(`${API}/canned-answers`, {
      method: 'POST', headers: ann.headers, json: { title: 'Bonus credited', body: 'Your bonus is in your wallet now.' },
    });
    expect(created.status).toBe(200);
    const cid = created.body.value.id;
    const listed = await call<{ items: { id: number; title: string }[]; total: number }>(`${API}/canned-answers`, { headers: ann.headers });
    expect(listed.body.value.items.map((a) => a.id)).toContain(cid);
    const edited = await call<{ body: string; title: string }>(`${API}/canned-answers/${cid}`, { method: 'PUT', headers: ann.headers, json: { body: 'It is in your wallet.' } });
    expect(edited.body.value).toMatchObject({ title: 'Bonus credited', body: 'It is in your wallet.' });
    const bad = await call(`${API}/canned-answers`, { method: 'POST', headers: ann.headers, json: { title: '', body: 'x' } });
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'request_param_err']);

    const other = await agent('support', 'DEMO2');
    const foreign = await call(`http://play2.localhost${API}/canned-answers/${cid}`, { headers: other.headers });
    expect([foreign.status, foreign.body.errorCode]).toEqual([404, 'canned_answer_not_found']);
    const foreignEdit = await call(`http://play2.localhost${API}/canned-answers/${cid}`, { method: 'PUT', headers: other.headers, json: { title: 'mine' } });
    expect(foreignEdit.status).toBe(404);
    const theirs = await call<{ items: { id: number }[] }>(`http://play2.localhost${API}/canned-answers`, { headers: other.headers });
    expect(theirs.body.value.items.map((a) => a.id)).not.toContain(cid);

    const deleted = await call<{ id: number }>(`${API}/canned-answers/${cid}`, { method: 'DELETE', headers: ann.headers });
    expect(deleted.body.value).toEqual({ id: cid });
    expect((await call(`${API}/canned-answers/${cid}`, { headers: ann.headers })).status).toBe(404);
    const rows = await searchAudit(env.DB, { merchantCode: 'DEMO', action: 'chat.canned.*', operator: ann.username, limit: 10 });
    expect(rows.map((r) => r.action)).toEqual(['chat.canned.delete', 'chat.canned.update', 'chat.canned.create']);
    expect(rows[1]).toMatchObject({ before: '{"title":"Bonus credited","body":"Your bonus is in your wallet now."}', after: '{"title":"Bonus credited","body":"It is in your wallet."}' });
  });

  it('shows the player panel: account, status, balance, deposits, the open withdrawal and sign-ins, as decimals', async () => {
    const ann = await agent();
    const { id, member } = await conversation('DEMO', 1_000);
    await postLedger(env.DB, member.memberId, [{ kind: 'deposit', amountMinor: 2_550, reference: 'deposit:1', idempotencyKey: `dep-${id}` }]);
    await env.DB.prepare(`INSERT INTO withdrawals (merchant_code, member_id, amount_minor, currency, payee_name, bank_name, account_number, idempotency_key, created_at)
        VALUES ('DEMO', ?, 1200, 'USD', 'Ann', 'Bank', '123', ?, ?)`).bind(member.memberId, `wd-${id}`, Date.now()).run();
    const panel = await call<Record<string, unknown>>(`${API}/conversations/${id}/player`, { headers: ann.headers });
    expect(panel.status).toBe(200);
    expect(panel.body.value).toMatchObject({
      memberId: member.memberId, account: member.username, status: 'active', currency: 'USD', balance: 35.5, cash: 35.5, bonus: 0,
      deposits: [{ amount: 25.5, reference: 'deposit:1' }],
      withdrawals: [{ amount: 12, status: 'pending' }],
      openWithdrawal: { amount: 12, status: 'pending' },
    });
    expect((panel.body.value.logins as unknown[]).length).toBe(1);
  });

  it('lists closed conversations and opens their history read-only over the socket', async () => {
    const ann = await agent();
    const { id, member } = await conversation();
    const playerTicket = await callDef(conversationCalls.chatTicket, `conversationId=${id}`, { token: member.token });
    const player = await connect(playerTicket.body.value.ticket);
    player.send({ type: 'send', clientId: 'player-msg-0001', text: 'Where is my bonus?' });
    await player.next('ack');
    const first = await call<{ ticket: string }>(`${API}/conversations/${id}/ticket`, { method: 'POST', headers: ann.headers });
    const socket = await connect(first.body.value.ticket);
    socket.send({ type: 'close' });
    await socket.next('closed');
    const closed = await call<{ items: Row[] }>(`${API}/conversations?status=closed&account=${member.username}`, { headers: ann.headers });
    expect(closed.body.value.items.map((r) => [r.id, r.status])).toEqual([[id, 'closed']]);
    expect((await call<{ items: Row[] }>(`${API}/conversations?status=open&perPage=100`, { headers: ann.headers })).body.value.items.map((r) => r.id)).not.toContain(id);

    const again = await call<{ ticket: string }>(`${API}/conversations/${id}/ticket`, { method: 'POST', headers: ann.headers });
    const reader = await connect(again.body.value.ticket);
    reader.send({ type: 'hello', lastSeq: 0 });
    const history = await reader.next('history');
    expect(history.status).toBe('closed');
    expect(history.messages.map((m) => m.text)).toEqual(['Where is my bonus?']);
    reader.send({ type: 'send', clientId: 'late-answer-01', text: 'Too late' });
    expect((await reader.next('error')).errorCode).toBe('chat_closed');
  });

  it('answers 404 for another site\'s conversation and 403 for the content role; counts unread for the badge', async () => {
    const ann = await agent();
    const { id: foreignId } = await conversation('DEMO2');
    for (const path of [`/conversations/${foreignId}`, `/conversations/${foreignId}/player`]) {
      const res = await call(`${API}${path}`, { headers: ann.headers });
      expect([res.status, res.body.errorCode]).toEqual([404, 'conversation_not_found']);
    }
    for (const action of ['ticket', 'assign']) {
      const res = await call(`${API}/conversations/${foreignId}/${action}`, { method: 'POST', headers: ann.headers, json: { operatorId: ann.id } });
      expect([res.status, res.body.errorCode]).toEqual([404, 'conversation_not_found']);
    }
    const writer = await agent('content');
    const { id, member } = await conversation();
    for (const [method, path] of [['GET', '/conversations'], ['GET', `/conversations/${id}/player`], ['GET', '/canned-answers'], ['POST', `/conversations/${id}/ticket`], ['GET', '/unread']] as const) {
      const res = await call(`${API}${path}`, { method, headers: writer.headers });
      expect([res.status, res.body.errorCode]).toEqual([403, 'console_role_forbidden']);
    }
    const before = (await call<{ conversations: number; messages: number }>(`${API}/unread`, { headers: ann.headers })).body.value;
    const playerTicket = await callDef(conversationCalls.chatTicket, `conversationId=${id}`, { token: member.token });
    const player = await connect(playerTicket.body.value.ticket);
    player.send({ type: 'send', clientId: 'player-msg-0002', text: 'Hello?' });
    player.send({ type: 'send', clientId: 'player-msg-0003', text: 'Anyone?' });
    await player.next('ack', (f) => f.clientId === 'player-msg-0003');
    const after = (await call<{ conversations: number; messages: number }>(`${API}/unread`, { headers: ann.headers })).body.value;
    expect(after.conversations - before.conversations).toBe(1);
    expect(after.messages - before.messages).toBe(2);
  });

  it('is not there in upstream mode: live chat is the platform\'s own', async () => {
    const ann = await agent();
    const { createApp } = await import('../../../worker/index');
    const res = await createApp().request(`http://127.0.0.1${API}/conversations`, { headers: ann.headers }, { ...env, UPSTREAM_API_URL: 'https://platform.example/api' });
    expect(res.status).toBe(404);
  });
});
