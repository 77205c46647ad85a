import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { CHAT_SESSION_ENDED } from '../../../contract/chat-protocol';
import { upsertConsoleOperator } from '../../../worker/db/queries/operator-conversations';
import { call } from '../helpers';
import { sealedCall } from '../sealed';
import { createMember } from '../fixtures';
import { ensureAccountSettings, postLogin, registerMember } from '../accounts-fixtures';
import {
  agentTicket, connect, createAgent, launchConversation, openSocket, playerTicketFor, type TestAgent, type TestSocket,
} from '../chat-helpers';

let ids = 0;
const clientId = () => `sess-${Date.now()}-${++ids}`;

/** A player's socket and an agent's socket on one conversation, both past `hello`. */
async function room(playerToken: string, agent?: TestAgent): Promise<{ conversation: string; player: TestSocket; agentSocket: TestSocket; agent: TestAgent }> {
  const conversation = await launchConversation(playerToken);
  const { ticket } = await playerTicketFor(playerToken, conversation);
  const player = await connect(ticket!);
  const who = agent ?? (await createAgent('Ann'));
  const agentSocket = await connect(await agentTicket(conversation, who));
  for (const socket of [player, agentSocket]) {
    socket.send({ type: 'hello', lastSeq: 0 });
    await socket.next('history');
  }
  return { conversation, player, agentSocket, agent: who };
}

/** The conversation's stored messages, read by a fresh agent (whose session is live). */
async function storedTexts(conversation: string): Promise<string[]> {
  const reader = await connect(await agentTicket(conversation, 'Reader'));
  reader.send({ type: 'hello', lastSeq: 0 });
  const texts = (await reader.next('history')).messages.map((m) => m.text);
  reader.close();
  return texts;
}

/**
 * The ended side's socket: its next frame (a message, a history request, a close) is refused with `error
 * user.or.token.invalid` and the socket closes with CHAT_SESSION_ENDED; nothing it sent is stored.
 */
async function expectEnded(socket: TestSocket, frame: unknown): Promise<void> {
  const before = socket.frames.length;
  socket.send(frame);
  expect(await socket.closed()).toBe(CHAT_SESSION_ENDED);
  // All the ended socket got for its frame is the refusal: no history, no ack, no message, no `closed`.
  expect(socket.frames.slice(before)).toEqual([{ type: 'error', errorCode: 'user.or.token.invalid' }]);
}

// docs/security.md: a chat socket lives only as long as the session that opened it (worker/services/chat/room.ts).
describe('live chat sockets end with their session', { timeout: 60_000 }, () => {
  it('player log-out: the socket can neither send nor read history, and no new ticket is given', async () => {
    const me = await createMember();
    const { conversation, player, agentSocket } = await room(me.token);
    expect((await call('/wps/session/logout', { method: 'DELETE', token: me.token, headers: { ModuleId: 'COMM3' } })).status).toBe(200);
    const late = clientId();
    await expectEnded(player, { type: 'send', clientId: late, text: 'after log-out' });
    expect((await playerTicketFor(me.token, conversation)).status).toBe(401);
    // The agent's side goes on.
    agentSocket.send({ type: 'send', clientId: clientId(), text: 'still here' });
    await agentSocket.next('ack');
    expect(await storedTexts(conversation)).toEqual(['still here']);
  });

  it('log-out everywhere: a socket of any of the member\'s sessions is closed before it reads anything new', async () => {
    const me = await createMember();
    const { conversation, player, agentSocket } = await room(me.token);
    expect((await call('/wps/playdeck/session/logoutAll', { method: 'DELETE', token: me.token })).status).toBe(200);
    // The agent speaks: the revoked listener is closed, not sent the message.
    agentSocket.send({ type: 'send', clientId: clientId(), text: 'are you there?' });
    await agentSocket.next('ack');
    expect(await player.closed()).toBe(CHAT_SESSION_ENDED);
    expect(player.frames.some((f) => f.type === 'message')).toBe(false);
    expect(await storedTexts(conversation)).toEqual(['are you there?']);
  });

  it('password change: the sockets of the member\'s other sessions close (the changing session goes on)', async () => {
    await ensureAccountSettings();
    const { session, username, password } = await registerMember();
    const other = (await postLogin({ type: 'username', username, password })).body.value.token as string;
    const { conversation, player } = await room(other);
    const changed = await sealedCall('/wps/member/password', {
      method: 'POST', token: session.token, headers: { ModuleId: 'PASS3' },
      json: { oldPassword: password, newPassword: 'fresh2024x', confirmNewPassword: 'fresh2024x' },
    });
    expect(changed.status).toBe(200);
    await expectEnded(player, { type: 'hello', lastSeq: 0 });
    const kept = await connect((await playerTicketFor(session.token, conversation)).ticket!);
    kept.send({ type: 'send', clientId: clientId(), text: 'new password' });
    await kept.next('ack');
  });

  it('agent console log-out: the agent can no longer answer or close the conversation', async () => {
    const me = await createMember();
    const { conversation, player, agentSocket, agent } = await room(me.token);
    const out = await call('/console/api/logout', { method: 'POST', headers: { Cookie: `pd_console=${agent.token}`, 'X-CSRF-Token': agent.csrfToken } });
    expect(out.status).toBe(200);
    await expectEnded(agentSocket, { type: 'close' });
    player.send({ type: 'send', clientId: clientId(), text: 'hello?' });
    expect((await player.next('message')).message.text).toBe('hello?');
    expect(player.frames.some((f) => f.type === 'closed')).toBe(false);
    expect(await storedTexts(conversation)).toEqual(['hello?']);
  });

  it('agent password reset (operator command console-operator): the agent\'s socket closes', async () => {
    const me = await createMember();
    const agent = await createAgent('Bob');
    const { conversation, agentSocket } = await room(me.token, agent);
    await upsertConsoleOperator(env.DB, { merchantCode: 'DEMO', username: agent.username, displayName: 'Bob', passwordHash: 'y' }, Date.now());
    await expectEnded(agentSocket, { type: 'send', clientId: clientId(), text: 'after reset' });
    expect(await storedTexts(conversation)).toEqual([]);
  });

  it('a socket opened with a ticket of a session that ended meanwhile is closed at its first frame', async () => {
    const me = await createMember();
    const conversation = await launchConversation(me.token);
    const { ticket } = await playerTicketFor(me.token, conversation);
    await call('/wps/session/logout', { method: 'DELETE', token: me.token, headers: { ModuleId: 'COMM3' } });
    const socket = await openSocket(ticket!);
    expect(socket).not.toBeInstanceOf(Response);
    await expectEnded(socket as TestSocket, { type: 'hello', lastSeq: 0 });
  });
});
