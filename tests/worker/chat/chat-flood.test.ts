import { describe, expect, it } from 'vitest';
import { CHAT_BURST } from '../../../worker/services/chat/room';
import { createMember } from '../fixtures';
import { agentTicket, connect, launchConversation, playerTicketFor, type TestSocket } from '../chat-helpers';

let ids = 0;
const clientId = () => `flood-${Date.now()}-${++ids}`;

/** The answer to a `send` with `id` on a socket: 'ack', or the error code (waits up to 5 s). */
async function answerOf(socket: TestSocket, id: string): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const frame = socket.frames.find((f) => (f.type === 'ack' || f.type === 'error') && f.clientId === id);
    if (frame) return frame.type === 'ack' ? 'ack' : (frame as { errorCode: string }).errorCode;
    if (Date.now() > deadline) throw new Error(`no answer to ${id}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until every one of `clientIds` was answered (ack or error) on its socket; how many were acknowledged. */
async function answered(sockets: TestSocket[], clientIds: string[][]): Promise<number> {
  let acked = 0;
  for (const [i, socket] of sockets.entries()) {
    for (const id of clientIds[i]!) {
      const answer = await answerOf(socket, id);
      if (answer === 'ack') acked += 1;
      else expect(answer).toBe('TOO_MANY_REQUEST');
    }
  }
  return acked;
}

// worker/services/chat/room.ts: CHAT_BURST messages, then one a second, per speaker and conversation.
describe('live chat flood limit', { timeout: 60_000 }, () => {
  it('is one budget per member and conversation, however many sockets they open, and survives reconnects', async () => {
    const me = await createMember();
    const conversation = await launchConversation(me.token);
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 10; i += 1) sockets.push(await connect((await playerTicketFor(me.token, conversation)).ticket!));
    const started = Date.now();
    const sent: string[][] = sockets.map(() => []);
    for (let round = 0; round < 20; round += 1) {
      for (const [i, socket] of sockets.entries()) {
        const id = clientId();
        sent[i]!.push(id);
        socket.send({ type: 'send', clientId: id, text: `m${round}.${i}` });
      }
    }
    const acked = await answered(sockets, sent);
    const seconds = Math.ceil((Date.now() - started) / 1000);
    // 200 messages over ten sockets: the burst plus at most one per second that passed, not ten budgets.
    expect(acked).toBeGreaterThanOrEqual(CHAT_BURST);
    expect(acked).toBeLessThanOrEqual(CHAT_BURST + seconds);

    // Reconnecting does not refill the budget: a fresh socket does not bring a fresh burst.
    for (const socket of sockets) socket.close();
    const again = await connect((await playerTicketFor(me.token, conversation)).ticket!);
    const burst = Array.from({ length: CHAT_BURST }, () => clientId());
    for (const id of burst) again.send({ type: 'send', clientId: id, text: `again ${id}` });
    expect(await answered([again], [burst])).toBeLessThan(CHAT_BURST);

    // The agent's budget is their own.
    const agent = await connect(await agentTicket(conversation));
    const reply = clientId();
    agent.send({ type: 'send', clientId: reply, text: 'slow down please' });
    expect((await agent.next('ack', (f) => f.clientId === reply)).clientId).toBe(reply);
  });
});
