import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { conversationCalls as calls } from '../../../contract/calls/conversations';
import { DEFAULT_WELCOME, sendInboxMessage, welcomeMessageStatement, type InboxAudience } from '../../../worker/db/queries/inbox';
import { callDef } from '../catalogue-helpers';
import { createMember } from '../fixtures';
import { registerMember } from '../accounts-fixtures';

let keys = 0;
/** Sends a message as the operator command does, with a fresh key unless one is given. */
async function send(audience: InboxAudience, title: string, options: { key?: string; merchantCode?: string; at?: number } = {}) {
  keys += 1;
  return sendInboxMessage(env.DB, {
    merchantCode: options.merchantCode ?? 'DEMO', audience, messageKey: options.key ?? `t-${Date.now()}-${keys}`, title,
    content: `<p>${title}</p>`,
  }, options.at ?? Date.now());
}

const list = (token: string, query = '') => callDef(calls.inboxList, query, { token });
const unread = async (token: string) => (await callDef(calls.inboxUnread, '', { token })).body.value;

describe('inbox (platform-contract.md §3 CSP_getInbox / CSP_unreadCount; accounts §2 Message centre, §6)', () => {
  it('gives every newly registered member the welcome message, unread', async () => {
    const { session } = await registerMember();
    const { body } = await list(session.token);
    expect(body.value.list).toHaveLength(1);
    expect(body.value.list[0]).toMatchObject({ read: false, broadcast: false });
    expect(body.value.unread).toBe(1);
    expect(await unread(session.token)).toBe(1);
  });

  it('uses the merchant welcome template in the player language, else EN, else the built-in text', async () => {
    const me = await createMember();
    await env.DB.batch([
      env.DB.prepare(`INSERT OR REPLACE INTO inbox_templates VALUES ('DEMO', 'welcome', 'TH', 'ยินดีต้อนรับ', '<p>สวัสดี</p>')`),
      env.DB.prepare(`INSERT OR REPLACE INTO inbox_templates VALUES ('DEMO', 'welcome', 'EN', 'Hello', '<p>Hi</p>')`),
    ]);
    try {
      await welcomeMessageStatement(env.DB, 'DEMO', me.username, 'th', Date.now()).run();
      await welcomeMessageStatement(env.DB, 'DEMO', me.username, 'th', Date.now()).run();
      expect((await list(me.token)).body.value.list.map((m) => m.title)).toEqual(['ยินดีต้อนรับ']);
      const other = await createMember();
      await welcomeMessageStatement(env.DB, 'DEMO', other.username, 'VI', Date.now()).run();
      expect((await list(other.token)).body.value.list.map((m) => m.title)).toEqual(['Hello']);
    } finally {
      await env.DB.prepare(`DELETE FROM inbox_templates WHERE merchant_code = 'DEMO'`).run();
    }
    const plain = await createMember();
    await welcomeMessageStatement(env.DB, 'DEMO', plain.username, 'EN', Date.now()).run();
    expect((await list(plain.token)).body.value.list.map((m) => m.title)).toEqual([DEFAULT_WELCOME.title]);
  });

  it('lists personal messages and broadcasts newest first, pages them and marks unread', async () => {
    const me = await createMember();
    await send({ kind: 'member', username: me.username }, 'one', { at: Date.now() + 1 });
    await send({ kind: 'all' }, 'two', { at: Date.now() + 2 });
    await send({ kind: 'member', username: me.username }, 'three', { at: Date.now() + 3 });
    const page1 = (await list(me.token, 'pageNo=1&pageSize=2')).body.value;
    expect(page1.list.map((m) => m.title)).toEqual(['three', 'two']);
    expect(page1).toMatchObject({ total: 3, totalPages: 2, pageNum: 1, unread: 3 });
    expect(page1.list[1]!.broadcast).toBe(true);
    const page2 = (await list(me.token, 'pageNo=2&pageSize=2')).body.value;
    expect(page2.list.map((m) => m.title)).toEqual(['one']);
  });

  it('opens a message with sanitised content and marks it read; mark read and delete act per member', async () => {
    const me = await createMember();
    await sendInboxMessage(env.DB, {
      merchantCode: 'DEMO', audience: { kind: 'member', username: me.username }, messageKey: `x-${me.memberId}`, title: 'x',
      content: '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">bad</a> <a href="https://e.com">ok</a></p>',
    });
    const [item] = (await list(me.token)).body.value.list;
    const opened = await callDef(calls.inboxDetail, `id=${item!.id}`, { token: me.token });
    expect(opened.body.value.read).toBe(true);
    expect(opened.body.value.content).not.toMatch(/script|onclick|javascript/);
    expect(opened.body.value.content).toContain('<a href="https://e.com" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(await unread(me.token)).toBe(0);

    const deleted = await callDef(calls.inboxDelete, '', { token: me.token, json: { ids: [item!.id] } });
    expect(deleted.status).toBe(200);
    expect((await list(me.token)).body.value.total).toBe(0);
    expect((await callDef(calls.inboxDetail, `id=${item!.id}`, { token: me.token })).body.errorCode).toBe('message_not_found');
  });

  it('tracks a broadcast per member without copying it', async () => {
    const a = await createMember();
    const b = await createMember();
    const key = `bc-${a.memberId}`;
    expect(await send({ kind: 'all' }, 'to all', { key, at: Date.now() + 5 })).toBe(true);
    const rows = await env.DB.prepare(`SELECT COUNT(*) AS n FROM inbox_messages WHERE message_key = ?`).bind(key).first<{ n: number }>();
    expect(rows?.n).toBe(1);
    const id = (await list(a.token)).body.value.list[0]!.id;
    await callDef(calls.inboxMarkRead, '', { token: a.token, json: { ids: [id] } });
    expect((await list(a.token)).body.value.list[0]!.read).toBe(true);
    expect((await list(b.token)).body.value.list.find((m) => m.id === id)?.read).toBe(false);
    await callDef(calls.inboxDelete, '', { token: a.token, json: { ids: [id] } });
    expect((await list(b.token)).body.value.list.some((m) => m.id === id)).toBe(true);
  });

  it('marks every unread message read on every page, for this member only, and keeps deleted ones deleted', async () => {
    const me = await createMember();
    const other = await createMember();
    const at = Date.now() + 20;
    for (let i = 0; i < 12; i++) await send({ kind: 'member', username: me.username }, `m${i}`, { at: at + i });
    const key = `all-bc-${me.memberId}`;
    await send({ kind: 'all' }, 'to all', { key, at: at + 20 });
    const [first] = (await list(me.token, 'pageNo=1&pageSize=10')).body.value.list;
    await callDef(calls.inboxDelete, '', { token: me.token, json: { ids: [first!.id] } });
    const before = (await list(me.token, 'pageNo=1&pageSize=10')).body.value;
    expect(before.unread).toBe(12);
    expect(before.totalPages).toBe(2);
    const otherUnread = await unread(other.token);

    const marked = await callDef(calls.inboxMarkAllRead, '', { token: me.token });
    expect([marked.status, marked.body.value]).toEqual([200, null]);
    expect(await unread(me.token)).toBe(0);
    const page2 = (await list(me.token, 'pageNo=2&pageSize=10')).body.value;
    expect(page2.list.length).toBeGreaterThan(0);
    expect(page2.list.every((m) => m.read)).toBe(true);
    expect((await list(me.token, 'pageNo=1&pageSize=10')).body.value.list.some((m) => m.id === first!.id)).toBe(false);
    expect(await unread(other.token)).toBe(otherUnread);
    // Nothing left to mark: the call changes nothing.
    expect((await callDef(calls.inboxMarkAllRead, '', { token: me.token })).status).toBe(200);
  });

  it('mark all read: visitors get 401, guest/trial 403 free_reject', async () => {
    const visitor = await callDef(calls.inboxMarkAllRead, '');
    expect([visitor.status, visitor.body.errorCode]).toEqual([401, 'customer.not.login']);
    const trial = await createMember({ type: 4 });
    const refused = await callDef(calls.inboxMarkAllRead, '', { token: trial.token });
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'free_reject']);
  });

  it('sends agents-only broadcasts to agents, and no broadcast from before a member joined', async () => {
    const early = Date.now() - 60_000;
    await send({ kind: 'all' }, 'old news', { at: early });
    const player = await createMember({ type: 0 });
    const agent = await createMember({ type: 1 });
    await send({ kind: 'agents' }, 'agents only', { at: Date.now() + 10 });
    const titles = async (token: string) => (await list(token)).body.value.list.map((m) => m.title);
    expect(await titles(player.token)).not.toContain('agents only');
    expect(await titles(agent.token)).toContain('agents only');
    expect(await titles(player.token)).not.toContain('old news');
  });

  it('sends a message once per key (idempotent) and never to another merchant', async () => {
    const me = await createMember();
    const other = await createMember({ merchantCode: 'DEMO2' });
    const key = `once-${me.memberId}`;
    expect(await send({ kind: 'member', username: me.username }, 'first', { key })).toBe(true);
    expect(await send({ kind: 'member', username: me.username }, 'second', { key })).toBe(false);
    expect((await list(me.token)).body.value.list.map((m) => m.title)).toEqual(['first']);
    expect(await send({ kind: 'member', username: me.username }, 'cross', { merchantCode: 'DEMO2' })).toBe(false);
    const id = (await list(me.token)).body.value.list[0]!.id;
    await callDef(calls.inboxMarkRead, '', { token: other.token, host: 'play2.localhost', json: { ids: [id] } });
    expect((await list(me.token)).body.value.list[0]!.read).toBe(false);
  });

  it.each([
    ['inbox list', calls.inboxList], ['open', calls.inboxDetail], ['unread', calls.inboxUnread],
  ] as const)('%s: visitors get 401 customer.not.login, guest/trial 403 free_reject', async (_, def) => {
    const visitor = await callDef(def, 'id=1');
    expect([visitor.status, visitor.body.errorCode]).toEqual([401, 'customer.not.login']);
    const trial = await createMember({ type: 4 });
    const refused = await callDef(def, 'id=1', { token: trial.token });
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'free_reject']);
  });

  it('refuses bad ids with 400 request_param_err', async () => {
    const me = await createMember();
    const bad = await callDef(calls.inboxMarkRead, '', { token: me.token, json: { ids: [] } });
    expect([bad.status, bad.body.errorCode]).toEqual([400, 'request_param_err']);
  });

  it('throttles reads per member with 429 TOO_MANY_REQUEST', async () => {
    const me = await createMember();
    await env.DB.prepare(`INSERT OR REPLACE INTO rate_limits (bucket, window_start, count) VALUES (?, ?, 120)`)
      .bind(`conv:read:member:${me.memberId}`, Date.now()).run();
    const res = await callDef(calls.inboxUnread, '', { token: me.token });
    expect([res.status, res.body.errorCode]).toEqual([429, 'TOO_MANY_REQUEST']);
    expect(res.headers.get('Retry-After')).toBeTruthy();
  });
});
