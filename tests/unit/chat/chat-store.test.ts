import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $session } from '../../../src/stores/concepts/session';
import { $toast } from '../../../src/stores/concepts/toast';
import { CHAT_REDIRECT_MS, liveChatPage, startLiveChat, type LiveChatPage } from '../../../src/stores/pages/chat';
import { resetEnvironment, setEnvironment } from '../../../src/stores/kit/environment';

function answer(value: unknown, status = 200, errorCode = ''): Response {
  return new Response(JSON.stringify({ success: status === 200, value, message: '', errorCode }), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A stand-in WebSocket: records what the store sends and lets the test play the server. */
class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(frame: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

const factory = (url: string) => new FakeSocket(url) as unknown as WebSocket;
const message = (seq: number, role: 'player' | 'agent', text: string, clientId = `c${seq}xxxxxxx`) => ({ seq, clientId, role, author: role === 'agent' ? 'Ann' : 'p1', text, sentAt: seq });
let fetchMock: ReturnType<typeof vi.fn>;
let launchAnswer = () => answer({ chatUrl: '/m/liveChat?c=abc' });
// A fresh visit of the chat page per case (src/stores/kit/page.ts), left after it.
let page: LiveChatPage;

beforeEach(() => {
  FakeSocket.all = [];
  fetchMock = vi.fn(async (url: string) => (String(url).startsWith('/wps/playdeck/chat/ticket')
    ? answer({ ticket: 'tkt', conversationId: 'conv12345678', wsPath: '/wps/playdeck/chat/ws', expiresAt: 1 })
    : launchAnswer()));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', new URL('http://127.0.0.1:8787/m/liveChat?c=conv12345678'));
  $session.set({ token: 'tok', merchantCode: 'DEMO', userName: 'p1', type: 0, firstTimeLogin: false });
  page = liveChatPage();
});
afterEach(() => {
  resetEnvironment();
  page.exit();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  $session.set(null);
});

async function connected(): Promise<FakeSocket> {
  page.open('conv12345678', factory);
  await vi.waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  const socket = FakeSocket.all.at(-1)!;
  socket.open();
  return socket;
}

describe('the live-chat store (built-in chat protocol)', () => {
  it('opens with a ticket, says hello from 0 and shows the history in order', async () => {
    const socket = await connected();
    expect(socket.url).toBe('ws://127.0.0.1:8787/wps/playdeck/chat/ws?ticket=tkt');
    expect(socket.sent[0]).toEqual({ type: 'hello', lastSeq: 0 });
    socket.receive({ type: 'history', messages: [message(1, 'player', 'hi'), message(2, 'agent', 'hello')], playerReadSeq: 0, agentReadSeq: 1, status: 'open' });
    expect(page.$chatLines.get().map((l) => [l.seq, l.text, l.state])).toEqual([[1, 'hi', 'read'], [2, 'hello', 'sent']]);
    expect(socket.sent).toContainEqual({ type: 'read', seq: 2 });
    expect(page.$chatConnection.get()).toBe('open');
  });

  it('shows a sent message as pending, then delivered on ack, then read; a repeated frame shows once', async () => {
    const socket = await connected();
    expect(page.send('  where is my deposit?  ')).toBe(true);
    const sent = socket.sent.find((f) => f.type === 'send')!;
    expect(sent.text).toBe('where is my deposit?');
    expect(page.$chatLines.get()[0]!.state).toBe('pending');
    socket.receive({ type: 'ack', clientId: sent.clientId, seq: 1 });
    socket.receive({ type: 'message', message: message(1, 'player', 'where is my deposit?', String(sent.clientId)) });
    socket.receive({ type: 'message', message: message(1, 'player', 'where is my deposit?', String(sent.clientId)) });
    expect(page.$chatLines.get().map((l) => [l.seq, l.state])).toEqual([[1, 'sent']]);
    socket.receive({ type: 'read', role: 'agent', seq: 1 });
    expect(page.$chatLines.get()[0]!.state).toBe('read');
  });

  it('after a dropped connection, resumes from the last seq and resends what was not acknowledged with the same id', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const socket = await connected();
    socket.receive({ type: 'history', messages: [message(1, 'agent', 'hello')], playerReadSeq: 0, agentReadSeq: 0, status: 'open' });
    page.send('are you there?');
    const clientId = socket.sent.find((f) => f.type === 'send')!.clientId;
    socket.close();
    expect(page.$chatConnection.get()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(600);
    await vi.waitFor(() => expect(FakeSocket.all.length).toBe(2));
    const again = FakeSocket.all[1]!;
    again.open();
    expect(again.sent[0]).toEqual({ type: 'hello', lastSeq: 1 });
    expect(again.sent[1]).toEqual({ type: 'send', clientId, text: 'are you there?' });
  });

  it('leaving the page closes the socket and stops a reconnection still waiting', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const socket = await connected();
    socket.close();
    expect(page.$chatConnection.get()).toBe('reconnecting');
    page.exit();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(page.send('hello?')).toBe(false);
    const again = liveChatPage();
    again.open('conv12345678', factory);
    await vi.waitFor(() => expect(FakeSocket.all.length).toBe(2));
    again.exit();
    expect(FakeSocket.all[1]!.readyState).toBe(3);
  });

  it('a closed conversation takes no more messages', async () => {
    const socket = await connected();
    socket.receive({ type: 'closed' });
    expect(page.send('late')).toBe(false);
  });
});

// accounts §2: "Live chat shows a please-wait loading message, fetches a chat URL, and after 500 ms navigates to it."
describe('launching live chat', () => {
  it('shows please wait, calls launch chat with b2c, language, backUrl, headerColor and title, and navigates 500 ms later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const navigations: string[] = [];
    setEnvironment({ navigate: (url) => navigations.push(url) });
    launchAnswer = () => answer({ chatUrl: '/m/liveChat?c=abc' });
    const done = startLiveChat({ title: 'Live chat', headerColor: '#123456', backUrl: '/m/message' });
    expect($toast.get()).toMatchObject({ key: 'chat.pleaseWait', kind: 'loading' });
    await vi.advanceTimersByTimeAsync(CHAT_REDIRECT_MS - 10);
    expect(navigations).toEqual([]);
    await vi.advanceTimersByTimeAsync(20);
    await done;
    expect(navigations).toEqual(['/m/liveChat?c=abc']);
    const url = new URL(String(fetchMock.mock.calls.find(([u]) => String(u).includes('CBS_launchChat'))![0]), 'http://x');
    expect(url.pathname).toBe('/wps/relay/CBS_launchChat');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ b2c: '1', language: 'EN', backUrl: '/m/message', headerColor: '#123456', title: 'Live chat' });
  });

  it('shows free_reject instead of navigating when the server refuses', async () => {
    const navigations: string[] = [];
    setEnvironment({ navigate: (url) => navigations.push(url) });
    launchAnswer = () => answer(null, 403, 'free_reject');
    await startLiveChat({ title: 'Live chat' });
    expect(navigations).toEqual([]);
    expect($toast.get()).toMatchObject({ key: 'free_reject', kind: 'error' });
  });
});

describe('the browser\'s frame check (no zod in the browser)', () => {
  it('knows exactly the frame types the protocol declares', async () => {
    const { serverFrame, isServerFrameType } = await import('../../../contract/chat-protocol');
    const declared = serverFrame.options.map((option) => option.shape.type.value);
    for (const type of declared) expect(isServerFrameType({ type })).toBe(true);
    expect(isServerFrameType({ type: 'other' })).toBe(false);
    expect(isServerFrameType(null)).toBe(false);
    expect(isServerFrameType('message')).toBe(false);
  });
});
