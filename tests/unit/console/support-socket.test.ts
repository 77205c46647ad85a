import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentChatSocket } from '../../../src/console/support/chat-socket';
import { setTitleCount, unreadRinger } from '../../../src/console/support/alerts';
import type { ChatMessage } from '../../../contract/chat-protocol';

/** A stand-in WebSocket: records what the agent sends and lets the test play the server. */
class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  static readonly OPEN = 1;
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(frame: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

const message = (seq: number, role: 'player' | 'agent', text: string): ChatMessage => ({ seq, clientId: `c${seq}xxxxxxx`, role, author: role === 'agent' ? 'Ann' : 'p1', text, sentAt: seq });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the agent chat socket (src/console/support/chat-socket.ts)', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('location', new URL('http://127.0.0.1:8787/console/support'));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('says hello, shows the history once, reads the player messages, resends an unacknowledged answer after a reconnect', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const shown: ChatMessage[][] = [];
    const rung: ChatMessage[] = [];
    const tickets = vi.fn(async () => ({ ticket: `t${tickets.mock.calls.length}`, wsPath: '/wps/playdeck/chat/ws' }));
    const socket = new AgentChatSocket(tickets, { messages: (list) => shown.push([...list]), closed: () => undefined, error: () => undefined, playerMessage: (m) => rung.push(m) });
    socket.start();
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeSocket.all[0]!;
    expect(first.url).toBe('ws://127.0.0.1:8787/wps/playdeck/chat/ws?ticket=t1');
    first.open();
    expect(first.sent[0]).toEqual({ type: 'hello', lastSeq: 0 });
    first.receive({ type: 'history', messages: [message(1, 'player', 'Hi'), message(2, 'player', 'Hello?')], playerReadSeq: 0, agentReadSeq: 0, status: 'open' });
    expect(shown.at(-1)!.map((m) => m.text)).toEqual(['Hi', 'Hello?']);
    expect(first.sent.at(-1)).toEqual({ type: 'read', seq: 2 });
    expect(rung).toEqual([]);

    socket.send('  We are looking  ');
    const sent = first.sent.at(-1)!;
    expect(sent).toMatchObject({ type: 'send', text: 'We are looking' });
    first.close(1006);
    await vi.advanceTimersByTimeAsync(1000);
    const second = FakeSocket.all[1]!;
    second.open();
    expect(second.sent).toEqual([{ type: 'hello', lastSeq: 2 }, { type: 'send', clientId: sent.clientId, text: 'We are looking' }]);
    second.receive({ type: 'ack', clientId: sent.clientId, seq: 3 });
    second.receive({ type: 'message', message: message(3, 'agent', 'We are looking') });
    second.receive({ type: 'message', message: message(3, 'agent', 'We are looking') });
    second.receive({ type: 'message', message: message(4, 'player', 'Thanks') });
    expect(shown.at(-1)!.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(rung.map((m) => m.text)).toEqual(['Thanks']);
    socket.stop();
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('a closed conversation reports closed and does not reconnect; a session that ended does not either', async () => {
    let closed = 0;
    const socket = new AgentChatSocket(async () => ({ ticket: 't', wsPath: '/ws' }), { messages: () => undefined, closed: () => { closed += 1; }, error: () => undefined });
    socket.start();
    await flush();
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.receive({ type: 'history', messages: [], playerReadSeq: 0, agentReadSeq: 0, status: 'closed' });
    ws.receive({ type: 'closed' });
    expect(closed).toBe(1);
    ws.close(1000);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(FakeSocket.all).toHaveLength(1);

    const ended = new AgentChatSocket(async () => ({ ticket: 't', wsPath: '/ws' }), { messages: () => undefined, closed: () => undefined, error: () => undefined });
    ended.start();
    await flush();
    FakeSocket.all[1]!.open();
    FakeSocket.all[1]!.close(4401);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe('new-message alerts (src/console/support/alerts.ts)', () => {
  it('rings when the unread total grows, not for what was waiting at the start', () => {
    const ring = unreadRinger();
    expect([3, 3, 4, 2, 2, 5].map(ring)).toEqual([false, false, true, false, false, true]);
  });

  it('puts the count in front of the title and takes it away', () => {
    vi.stubGlobal('document', { title: 'Back office' });
    setTitleCount(2);
    expect(document.title).toBe('(2) Back office');
    setTitleCount(5);
    expect(document.title).toBe('(5) Back office');
    setTitleCount(0);
    expect(document.title).toBe('Back office');
    vi.unstubAllGlobals();
  });
});
