import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { conversationCalls as calls } from '../../../contract/calls/conversations';
import { hashPassword } from '../../../worker/services/crypto/password';
import { callDef } from '../catalogue-helpers';
import { call } from '../helpers';
import { createMember } from '../fixtures';
import { connect } from '../chat-helpers';

const PASSWORD = 'console-secret-1';
let n = 0;

/** Creates a console operator as the operator command does. */
async function operator(merchantCode = 'DEMO'): Promise<string> {
  n += 1;
  const username = `agent${n}_${Date.now() % 100000}`;
  await env.DB.prepare(`INSERT INTO console_operators (merchant_code, username, display_name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)`)
    .bind(merchantCode, username, `Agent ${n}`, await hashPassword(PASSWORD), Date.now()).run();
  return username;
}

/** Signs in on a host; the session cookie and CSRF token. */
async function signIn(username: string, host = '127.0.0.1', password = PASSWORD) {
  const res = await call<{ csrfToken: string; name: string }>(`http://${host}/console/api/login`, {
    method: 'POST', json: { username, password }, headers: { 'X-Forwarded-For': `10.9.${n}.${n}` },
  });
  const cookie = (res.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
  return { res, cookie, csrf: res.body.value?.csrfToken ?? '' };
}

async function playerConversation(merchantCode = 'DEMO', host?: string): Promise<string> {
  const me = await createMember({ merchantCode });
  const res = await callDef(calls.chatLaunch, 'language=EN', { token: me.token, ...(host ? { host } : {}) });
  return new URL(res.body.value.chatUrl, 'http://x').searchParams.get('c')!;
}

describe('operator console (/console/: own realm, sessions and CSRF)', () => {
  it('serves its chat page with a strict policy, outside /m/', async () => {
    const { createApp } = await import('../../../worker/index');
    const res = await createApp().request('http://127.0.0.1/console/chat/', {}, env);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(await res.text()).toContain('Support console');
  });

  it('signs in with the right password only; the cookie is HttpOnly and SameSite=Strict', async () => {
    const username = await operator();
    const wrong = await signIn(username, '127.0.0.1', 'nope-nope-nope');
    expect([wrong.res.status, wrong.res.body.errorCode]).toEqual([401, 'console_login_failed']);
    const { res } = await signIn(username);
    expect(res.status).toBe(200);
    expect(res.headers.get('Set-Cookie')).toMatch(/HttpOnly/i);
    expect(res.headers.get('Set-Cookie')).toMatch(/SameSite=Strict/i);
  });

  it('a player session is not a console session, and a console operator of one site cannot sign in on another', async () => {
    const player = await createMember();
    const list = await call('/console/api/conversations', { token: player.token });
    expect(list.status).toBe(401);
    const username = await operator('DEMO');
    expect((await signIn(username, 'play2.localhost')).res.status).toBe(401);
  });

  it('refuses state changes without the CSRF token or from another origin', async () => {
    const { cookie, csrf } = await signIn(await operator());
    const conversationId = await playerConversation();
    const without = await call('/console/api/ticket', { method: 'POST', headers: { Cookie: cookie }, json: { conversationId } });
    expect([without.status, without.body.errorCode]).toEqual([403, 'csrf_invalid']);
    const crossSite = await call('/console/api/ticket', {
      method: 'POST', headers: { Cookie: cookie, 'X-CSRF-Token': csrf, Origin: 'https://evil.example' }, json: { conversationId },
    });
    expect(crossSite.body.errorCode).toBe('csrf_invalid');
    const good = await call('/console/api/ticket', { method: 'POST', headers: { Cookie: cookie, 'X-CSRF-Token': csrf }, json: { conversationId } });
    expect(good.status).toBe(200);
  });

  it('lists only its merchant\'s open conversations with the player account, and answers them', async () => {
    const demo = await playerConversation();
    const demo2Member = await createMember({ merchantCode: 'DEMO2' });
    await env.DB.prepare(`INSERT INTO chat_conversations (id, merchant_code, member_id, created_at, last_message_at) VALUES (?, 'DEMO2', ?, ?, ?)`)
      .bind(`d2conversation${n}`, demo2Member.memberId, Date.now(), Date.now()).run();
    const { cookie, csrf } = await signIn(await operator());
    const list = await call<{ id: string; account: string; agentUnread: number }[]>('/console/api/conversations?status=open', { headers: { Cookie: cookie } });
    expect(list.body.value.some((c) => c.id === demo)).toBe(true);
    expect(list.body.value.some((c) => c.id === `d2conversation${n}`)).toBe(false);
    const foreign = await call('/console/api/ticket', { method: 'POST', headers: { Cookie: cookie, 'X-CSRF-Token': csrf }, json: { conversationId: `d2conversation${n}` } });
    expect([foreign.status, foreign.body.errorCode]).toEqual([404, 'conversation_not_found']);

    const ticket = await call<{ ticket: string }>('/console/api/ticket', { method: 'POST', headers: { Cookie: cookie, 'X-CSRF-Token': csrf }, json: { conversationId: demo } });
    const agent = await connect(ticket.body.value.ticket);
    agent.send({ type: 'send', clientId: 'console-answer-1', text: 'Hi there' });
    expect((await agent.next('message')).message).toMatchObject({ role: 'agent', author: `Agent ${n}`, text: 'Hi there' });
  });

  it('signs out: the session no longer works', async () => {
    const { cookie, csrf } = await signIn(await operator());
    expect((await call('/console/api/logout', { method: 'POST', headers: { Cookie: cookie, 'X-CSRF-Token': csrf } })).status).toBe(200);
    expect((await call('/console/api/me', { headers: { Cookie: cookie } })).status).toBe(401);
  });
});
