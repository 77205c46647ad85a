import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { getChatTicket } from '../../api/conversations';
import { isServerFrameType, serverFrame, type ChatMessage, type ServerFrame } from '../../../contract/chat-protocol';
import { announceUnreadChange } from '../concepts/unread';
import { env } from '../kit/environment';
import { createPage } from '../kit/page';

// The launch flow every "Live chat" entry uses lives in ../concepts/liveChat.ts (small: the side menu loads it on
// every page); re-exported here for the message centre and the tests.
export { CHAT_REDIRECT_MS, openLiveChat, startLiveChat } from '../concepts/liveChat';

/** A message of the chat screen: stored (`seq`) or still on its way (`pending`). */
export interface ChatLine {
  key: string;
  seq: number | null;
  clientId: string;
  role: 'player' | 'agent';
  author: string;
  text: string;
  sentAt: number;
  /** pending: not yet stored; sent: stored (delivery receipt); read: the agent read it (read receipt). */
  state: 'pending' | 'sent' | 'read';
  failed: string | null;
}

/** Connection state of the chat screen. */
export type ChatConnection = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'refused';

/** The WebSocket the store uses (tests pass a fake). */
export type SocketFactory = (url: string) => WebSocket;

interface Room {
  conversationId: string;
  socket: WebSocket | null;
  lastSeq: number;
  agentReadSeq: number;
  retries: number;
  stopped: boolean;
  factory: SocketFactory;
}
function newClientId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The live-chat page of one visit (/m/liveChat?c=<conversation>, opened by the launch call's chatUrl), made per
 * visit (src/stores/kit/page.ts):
 * - `$chatLines`: the conversation's messages, stored (`seq`) or still on their way (`pending`), in order;
 *   `$chatConnection`: the connection's state.
 * - `open(conversationId, factory)`: opens the conversation (the chat page reads its id from the chat URL): a
 *   ticket, then the WebSocket (`factory`, tests pass a fake); `hello` with the last seen `seq` on every
 *   (re)connect, so nothing is lost or shown twice; lost connections are retried with backoff (0.5 s doubling up to
 *   10 s, on the visit's timer); a read receipt goes when the page turns visible. Returns `close`.
 * - `close()`: stops the connection (and the visibility listener).
 * - `send(text, author)`: shows a message at once as pending, sends it now if connected, else on reconnect (same
 *   clientId); false when there is nothing to send or no open conversation.
 * The page's exit closes the connection, stops the retries and unbinds the listener.
 */
export const liveChatPage = createPage('liveChat', (visit) => {
  const $chatLines = atom<ChatLine[]>([]);
  const $chatConnection = atom<ChatConnection>('connecting');
  let room: Room | null = null;

  function merge(message: ChatMessage): void {
    const lines = $chatLines.get();
    const at = lines.findIndex((l) => l.seq === message.seq || (l.seq === null && l.clientId === message.clientId && l.role === message.role));
    const line: ChatLine = {
      key: `s${message.seq}`, seq: message.seq, clientId: message.clientId, role: message.role, author: message.author, text: message.text,
      sentAt: message.sentAt, state: room && message.seq <= room.agentReadSeq && message.role === 'player' ? 'read' : 'sent', failed: null,
    };
    const next = at >= 0 ? lines.map((l, i) => (i === at ? line : l)) : [...lines, line];
    $chatLines.set(next.sort((a, b) => (a.seq ?? Infinity) - (b.seq ?? Infinity)));
    if (room) room.lastSeq = Math.max(room.lastSeq, message.seq);
  }

  function markRead(seq: number): void {
    if (room) room.agentReadSeq = Math.max(room.agentReadSeq, seq);
    $chatLines.set($chatLines.get().map((l) => (l.role === 'player' && l.seq !== null && l.seq <= seq ? { ...l, state: 'read' } : l)));
  }

  /** Tells the server this side has seen everything so far (read receipt), when the page is visible. */
  function sendReadReceipt(): void {
    if (!room?.socket || room.socket.readyState !== 1) return;
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    room.socket.send(JSON.stringify({ type: 'read', seq: room.lastSeq }));
    announceUnreadChange();
  }

  function onFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case 'history':
        frame.messages.forEach(merge);
        markRead(frame.agentReadSeq);
        if (frame.status === 'closed') $chatConnection.set('closed');
        sendReadReceipt();
        return;
      case 'message':
        merge(frame.message);
        if (frame.message.role === 'agent') sendReadReceipt();
        return;
      case 'ack':
        $chatLines.set($chatLines.get().map((l) => (l.seq === null && l.clientId === frame.clientId ? { ...l, seq: frame.seq, state: 'sent', failed: null } : l)));
        return;
      case 'read':
        if (frame.role === 'agent') markRead(frame.seq);
        return;
      case 'closed':
        $chatConnection.set('closed');
        return;
      case 'error':
        if (frame.clientId) $chatLines.set($chatLines.get().map((l) => (l.clientId === frame.clientId && l.seq === null ? { ...l, failed: frame.errorCode } : l)));
        if (frame.errorCode === 'chat_closed') $chatConnection.set('closed');
    }
  }

  async function connect(current: Room): Promise<void> {
    let ticket: { ticket: string; wsPath: string };
    try {
      ticket = await getChatTicket(current.conversationId);
    } catch (error) {
      if (current.stopped) return;
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.errorCode !== 'TOO_MANY_REQUEST') {
        $chatConnection.set('refused');
        return;
      }
      scheduleReconnect(current);
      return;
    }
    if (current.stopped) return;
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    const socket = current.factory(`${scheme}${location.host}${ticket.wsPath}?ticket=${encodeURIComponent(ticket.ticket)}`);
    current.socket = socket;
    socket.addEventListener('open', () => {
      current.retries = 0;
      if ($chatConnection.get() !== 'closed') $chatConnection.set('open');
      socket.send(JSON.stringify({ type: 'hello', lastSeq: current.lastSeq }));
      // Resend what was not acknowledged: the same clientId makes the server store it once.
      for (const line of $chatLines.get()) {
        if (line.seq === null && line.failed === null) socket.send(JSON.stringify({ type: 'send', clientId: line.clientId, text: line.text }));
      }
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      // The worker built the frame by the contract's schema; the browser checks only what it dispatches on
      // (contract/schema-stub.ts: no zod in the browser).
      let frame: unknown;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const parsed = serverFrame.safeParse(frame);
      if (parsed.success && isServerFrameType(parsed.data)) onFrame(parsed.data);
    });
    socket.addEventListener('close', () => {
      if (current.socket === socket) current.socket = null;
      if (!current.stopped && $chatConnection.get() !== 'closed') scheduleReconnect(current);
    });
  }

  function scheduleReconnect(current: Room): void {
    if (current.stopped) return;
    $chatConnection.set('reconnecting');
    const delay = Math.min(10_000, 500 * 2 ** current.retries);
    current.retries += 1;
    visit.later(() => {
      if (!current.stopped) void connect(current);
    }, delay);
  }

  const onVisible = () => sendReadReceipt();

  function open(conversationId: string, factory: SocketFactory = (url) => new WebSocket(url)): () => void {
    close();
    if (visit.exited) return close;
    $chatLines.set([]);
    $chatConnection.set('connecting');
    const current: Room = { conversationId, socket: null, lastSeq: 0, agentReadSeq: 0, retries: 0, stopped: false, factory };
    room = current;
    void connect(current);
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
    return close;
  }

  function close(): void {
    if (!room) return;
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
    room.stopped = true;
    room.socket?.close(1000, 'bye');
    room = null;
  }

  function send(text: string, author = ''): boolean {
    const trimmed = text.trim();
    if (!room || trimmed === '' || $chatConnection.get() === 'closed') return false;
    const clientId = newClientId();
    $chatLines.set([...$chatLines.get(), {
      key: `c${clientId}`, seq: null, clientId, role: 'player', author, text: trimmed, sentAt: env().now(), state: 'pending', failed: null,
    }]);
    if (room.socket?.readyState === 1) room.socket.send(JSON.stringify({ type: 'send', clientId, text: trimmed }));
    return true;
  }

  visit.onExit(close);

  return { $chatLines, $chatConnection, open, close, send };
});

/** One visit of the live-chat page. */
export type LiveChatPage = ReturnType<typeof liveChatPage>;
