import { describe, expect, it } from 'vitest';
import { conversationCalls as calls } from '../../../contract/calls/conversations';
import { CHAT_MAX_CHARS } from '../../../contract/chat-protocol';
import { callDef } from '../catalogue-helpers';
import { createMember, type TestMember } from '../fixtures';
import { agentTicket, connect, openSocket } from '../chat-helpers';

/** Launches chat for a member and answers the conversation id from the chat URL. */
async function launch(member: TestMember, host?: string): Promise<string> {
  const res = await callDef(calls.chatLaunch, 'b2c=1&language=EN&backUrl=%2Fm%2Fmessage&headerColor=%23123456&title=Help', { token: member.token, ...(host ? { host } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const url = new URL(res.body.value.chatUrl, 'http://x');
  expect(url.pathname).toBe('/m/liveChat');
  return url.searchParams.get('c')!;
}

async function playerTicket(member: TestMember, conversationId: string): Promise<string> {
  const res = await callDef(calls.chatTicket, `conversationId=${conversationId}`, { token: member.token });
  expect(res.status).toBe(200);
  return res.body.value.ticket;
}

const unread = async (member: TestMember) => (await callDef(calls.chatUnread, '', { token: member.token })).body.value.unReadCount;

let ids = 0;
const clientId = () => `client-${Date.now()}-${++ids}`;

describe('live chat (platform-contract.md §3 CBS_launchChat / CBS_unreadCount; accounts §2 live chat, §6)', () => {
  it('launches the built-in chat page for the member\'s one open conversation', async () => {
    const me = await createMember();
    const first = await launch(me);
    expect(await launch(me)).toBe(first);
    const res = await callDef(calls.chatLaunch, 'language=TH&backUrl=https%3A%2F%2Fevil.example', { token: me.token });
    const url = new URL(res.body.value.chatUrl, 'http://x');
    expect(url.searchParams.get('lang')).toBe('TH');
    expect(url.searchParams.has('back')).toBe(false);
  });

  it('answers the live models list empty, to members and visitors alike (CBS_modelList: the feature is off)', async () => {
    const me = await createMember();
    for (const token of [me.token, undefined]) {
      const res = await callDef(calls.chatModels, 'active=true&streaming=true', token ? { token } : {});
      expect([res.status, res.body.value]).toEqual([200, []]);
    }
  });

  it('refuses visitors (401), guest/trial accounts (403 free_reject) and sites with CBS3 off', async () => {
    expect((await callDef(calls.chatLaunch, '')).body.errorCode).toBe('customer.not.login');
    const trial = await createMember({ type: 4 });
    for (const def of [calls.chatLaunch, calls.chatUnread]) {
      const res = await callDef(def, '', { token: trial.token });
      expect([res.status, res.body.errorCode]).toEqual([403, 'free_reject']);
    }
    const demo2 = await createMember({ merchantCode: 'DEMO2' });
    const off = await callDef(calls.chatLaunch, '', { token: demo2.token, host: 'play2.localhost' });
    expect([off.status, off.body.errorCode]).toEqual([403, 'function.not.available']);
  });

  it('delivers messages in order with receipts; the agent\'s reply raises the player\'s unread count until read', async () => {
    const me = await createMember();
    const conversation = await launch(me);
    const player = await connect(await playerTicket(me, conversation));
    player.send({ type: 'hello', lastSeq: 0 });
    expect((await player.next('history')).messages).toEqual([]);
    const sent = ['one', 'two', 'three'].map((text) => ({ text, clientId: clientId() }));
    for (const m of sent) player.send({ type: 'send', ...m });
    for (const [i, m] of sent.entries()) expect((await player.next('ack', (f) => f.clientId === m.clientId)).seq).toBe(i + 1);

    const agent = await connect(await agentTicket(conversation));
    agent.send({ type: 'hello', lastSeq: 0 });
    const history = await agent.next('history');
    expect(history.messages.map((m) => [m.seq, m.text, m.role])).toEqual([[1, 'one', 'player'], [2, 'two', 'player'], [3, 'three', 'player']]);
    agent.send({ type: 'read', seq: 3 });
    expect((await player.next('read')).seq).toBe(3);

    agent.send({ type: 'send', clientId: clientId(), text: 'Hello, how can I help?' });
    const reply = await player.next('message', (f) => f.message.role === 'agent');
    expect(reply.message).toMatchObject({ seq: 4, author: 'Ann', text: 'Hello, how can I help?' });
    expect(await unread(me)).toBe(1);
    player.send({ type: 'read', seq: 4 });
    await agent.next('read', (f) => f.role === 'player');
    expect(await unread(me)).toBe(0);
    player.close();
    agent.close();
  });

  it('resumes after a dropped connection without losing or duplicating a message', async () => {
    const me = await createMember();
    const conversation = await launch(me);
    const first = await connect(await playerTicket(me, conversation));
    const resent = clientId();
    first.send({ type: 'send', clientId: resent, text: 'are you there?' });
    await first.next('ack');
    first.close();

    const agent = await connect(await agentTicket(conversation));
    agent.send({ type: 'send', clientId: clientId(), text: 'yes' });
    await agent.next('ack');

    const again = await connect(await playerTicket(me, conversation));
    again.send({ type: 'hello', lastSeq: 1 });
    expect((await again.next('history')).messages.map((m) => m.text)).toEqual(['yes']);
    again.send({ type: 'send', clientId: resent, text: 'are you there?' });
    expect((await again.next('ack')).seq).toBe(1);
    again.send({ type: 'hello', lastSeq: 0 });
    expect((await again.next('history')).messages.map((m) => m.seq)).toEqual([1, 2]);
  });

  it('caps size and rate, and keeps text only', async () => {
    const me = await createMember();
    const socket = await connect(await playerTicket(me, await launch(me)));
    socket.send({ type: 'send', clientId: clientId(), text: 'x'.repeat(CHAT_MAX_CHARS + 1) });
    expect((await socket.next('error')).errorCode).toBe('request_param_err');
    socket.send({ type: 'send', clientId: clientId(), text: '<img src=x onerror=alert(1)><b>hi</b> & bye' });
    expect((await socket.next('message')).message.text).toBe('hi & bye');
    for (let i = 0; i < 5; i += 1) socket.send({ type: 'send', clientId: clientId(), text: `m${i}` });
    expect((await socket.next('error', (f) => f.errorCode === 'TOO_MANY_REQUEST')).errorCode).toBe('TOO_MANY_REQUEST');
    socket.send({ type: 'close' });
    expect((await socket.next('error', (f) => f.errorCode === 'request_param_err')).errorCode).toBe('request_param_err');
  });

  it('refuses tickets for other members\' and other merchants\' conversations, and used tickets', async () => {
    const me = await createMember();
    const other = await createMember();
    const conversation = await launch(me);
    const stolen = await callDef(calls.chatTicket, `conversationId=${conversation}`, { token: other.token });
    expect([stolen.status, stolen.body.errorCode]).toEqual([404, 'conversation_not_found']);

    const ticket = await agentTicket(conversation);
    const elsewhere = await openSocket(ticket, 'play2.localhost');
    expect(elsewhere).toBeInstanceOf(Response);
    expect((elsewhere as Response).status).toBe(404);
    const reused = await openSocket(ticket);
    expect((reused as Response).status).toBe(401);
  });

  it('a closed conversation refuses new messages and the next launch opens a new one', async () => {
    const me = await createMember();
    const conversation = await launch(me);
    const agent = await connect(await agentTicket(conversation));
    agent.send({ type: 'close' });
    await agent.next('closed');
    agent.send({ type: 'send', clientId: clientId(), text: 'late' });
    expect((await agent.next('error')).errorCode).toBe('chat_closed');
    expect(await launch(me)).not.toBe(conversation);
  });
});
