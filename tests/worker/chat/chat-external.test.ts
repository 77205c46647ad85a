import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationCalls as calls } from '../../../contract/calls/conversations';
import { hashToken } from '../../../worker/services/crypto/tokens';
import { EXTERNAL_CHAT_TICKET_MS } from '../../../worker/services/chat/launch';
import { callDef } from '../catalogue-helpers';
import { call } from '../helpers';
import { createMember, type TestMember } from '../fixtures';

const TEMPLATE = 'https://chat.example/start?t={ticket}&old={token}&lang={language}&u={username}&m={merchant}';

/** Launches chat as the member; the external URL's parameters. */
async function launch(member: TestMember, query = 'language=vi'): Promise<URLSearchParams> {
  const res = await callDef(calls.chatLaunch, query, { token: member.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const url = new URL(res.body.value.chatUrl);
  expect(url.origin + url.pathname).toBe('https://chat.example/start');
  return url.searchParams;
}

/** The external chat's server asks who a ticket stands for (on a host of the site). */
const verify = (ticket: unknown, host = '127.0.0.1') =>
  call<{ merchant: string; memberId: number; username: string; account: string; nickname: string; language: string }>(
    `http://${host}/wps/playdeck/chat/external/verify`, { method: 'POST', json: { ticket } },
  );

// docs/operator-guide.md, "Conversations": external live chat: a single-use ticket, not the session token, goes to the third party.
describe('external live chat (chat-url template)', () => {
  beforeAll(async () => {
    await env.DB.prepare(`INSERT OR REPLACE INTO chat_settings VALUES ('DEMO', ?)`).bind(TEMPLATE).run();
  });
  afterAll(async () => {
    await env.DB.prepare(`DELETE FROM chat_settings WHERE merchant_code = 'DEMO'`).run();
  });

  it('fills the template with a ticket (also for the older {token}), never the session token; only its hash is stored', async () => {
    const me = await createMember();
    const params = await launch(me);
    const ticket = params.get('t')!;
    expect(ticket.length).toBeGreaterThanOrEqual(40);
    expect(params.get('old')).toBe(ticket);
    expect(ticket).not.toBe(me.token);
    expect(params.toString()).not.toContain(encodeURIComponent(me.token));
    expect([params.get('lang'), params.get('u'), params.get('m')]).toEqual(['VI', me.username, 'DEMO']);
    const stored = await env.DB.prepare(`SELECT ticket_hash, expires_at FROM external_chat_tickets WHERE member_id = ?`).bind(me.memberId).all<{ ticket_hash: string; expires_at: number }>();
    expect(stored.results.map((r) => r.ticket_hash)).toEqual([hashToken(ticket)]);
    expect(stored.results[0]!.expires_at - Date.now()).toBeLessThanOrEqual(EXTERNAL_CHAT_TICKET_MS);
    // The ticket is no session: the API refuses it.
    expect((await call('/wps/member/info', { token: ticket })).status).toBe(401);
  });

  it('verifies a ticket once, to the member\'s identity; a second use, a made-up or a missing ticket is refused', async () => {
    const me = await createMember();
    const ticket = (await launch(me)).get('t')!;
    const first = await verify(ticket);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ merchant: 'DEMO', memberId: me.memberId, username: me.username, account: me.username, language: 'VI' });
    expect(first.headers.get('Cache-Control')).toContain('no-store');
    const again = await verify(ticket);
    expect([again.status, again.body.errorCode]).toEqual([401, 'chat_ticket_invalid']);
    expect((await verify('x'.repeat(43))).status).toBe(401);
    expect((await verify(undefined)).status).toBe(400);
  });

  it('refuses an expired ticket, another site\'s, and one whose session has ended', async () => {
    const expired = await createMember();
    const old = (await launch(expired)).get('t')!;
    await env.DB.prepare(`UPDATE external_chat_tickets SET expires_at = ? WHERE ticket_hash = ?`).bind(Date.now() - 1, hashToken(old)).run();
    expect((await verify(old)).status).toBe(401);

    const elsewhere = await createMember();
    expect((await verify((await launch(elsewhere)).get('t')!, 'play2.localhost')).status).toBe(401);

    const loggedOut = await createMember();
    const ticket = (await launch(loggedOut)).get('t')!;
    expect((await call('/wps/session/logout', { method: 'DELETE', token: loggedOut.token, headers: { ModuleId: 'COMM3' } })).status).toBe(200);
    expect((await verify(ticket)).status).toBe(401);
  });
});
