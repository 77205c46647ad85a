/**
 * The agent's side of a conversation over the built-in chat's WebSocket (contract/chat-protocol.ts), as the first
 * console page used it: a single-use ticket from the console API (`POST /console/api/support/conversations/<id>/ticket`,
 * bound to the console session), then `hello { lastSeq }` to get the history (or what came after the last message
 * seen, after a reconnect), `send { clientId, text }` acknowledged with `ack` (unacknowledged messages are sent again
 * with the same clientId after a reconnect, so the room stores them once), `read { seq }` for each player message
 * shown, and `close` to end the conversation. A dropped socket reconnects after a second with a fresh ticket while
 * the conversation is on screen and not closed; a session that ended (close code 4401) does not reconnect.
 * Framework-free, so the React view only renders what it reports.
 */
import { CHAT_SESSION_ENDED, isServerFrameType, type ChatMessage, type ServerFrame } from '../../../contract/chat-protocol';

/** What the socket reports to its view. */
export interface AgentChatEvents {
  /** The messages so far, in order (a new array on every change). */
  messages(list: readonly ChatMessage[]): void;
  /** The conversation is (or became) closed. */
  closed(): void;
  /** A refused frame's errorCode (e.g. `TOO_MANY_REQUEST`, `chat_closed`, `user.or.token.invalid`). */
  error(errorCode: string): void;
  /** A player message arrived live (not from the history): the view may ring. */
  playerMessage?(message: ChatMessage): void;
}

/** A ticket and the path of the socket. */
export interface ChatTicket {
  ticket: string;
  wsPath: string;
}

const randomId = (): string => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

/** One conversation's socket, from `start()` until `stop()`. */
export class AgentChatSocket {
  private ws: WebSocket | null = null;
  private stopped = false;
  private isClosed = false;
  private lastSeq = 0;
  private historyLoaded = false;
  private readonly bySeq = new Map<number, ChatMessage>();
  private readonly pending = new Map<string, string>();
  private retry: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by start and stop: a connection attempt of an older generation gives up. */
  private generation = 0;

  constructor(private readonly getTicket: () => Promise<ChatTicket>, private readonly events: AgentChatEvents) {}

  /** Opens the socket (asks for a ticket first). */
  start(): void {
    this.stopped = false;
    void this.connect(++this.generation);
  }

  /** Sends an answer (trimmed; empty text is ignored); it is resent after a reconnect until acknowledged. */
  send(text: string): void {
    const trimmed = text.trim();
    if (!trimmed || this.isClosed) return;
    const clientId = randomId();
    this.pending.set(clientId, trimmed);
    this.frame({ type: 'send', clientId, text: trimmed });
  }

  /** Ends the conversation for both sides (the room writes the audit row). */
  close(): void {
    this.frame({ type: 'close' });
  }

  /** Leaves the conversation: closes the socket and never reconnects. */
  stop(): void {
    this.stopped = true;
    this.generation += 1;
    if (this.retry) clearTimeout(this.retry);
    this.ws?.close(1000, 'left');
    this.ws = null;
  }

  private frame(frame: unknown): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private async connect(generation: number): Promise<void> {
    let ticket: ChatTicket;
    try {
      ticket = await this.getTicket();
    } catch (error) {
      this.events.error(String((error as { errorCode?: string }).errorCode ?? 'internal_error'));
      return;
    }
    if (this.stopped || generation !== this.generation) return;
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    const ws = new WebSocket(`${scheme}${location.host}${ticket.wsPath}?ticket=${encodeURIComponent(ticket.ticket)}`);
    this.ws = ws;
    ws.addEventListener('open', () => {
      ws.send(JSON.stringify({ type: 'hello', lastSeq: this.lastSeq }));
      for (const [clientId, text] of this.pending) ws.send(JSON.stringify({ type: 'send', clientId, text }));
    });
    ws.addEventListener('message', (event) => {
      let frame: unknown;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (isServerFrameType(frame)) this.receive(frame);
    });
    ws.addEventListener('close', (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (!this.stopped && !this.isClosed && event.code !== CHAT_SESSION_ENDED) this.retry = setTimeout(() => void this.connect(generation), 1000);
    });
  }

  private receive(frame: ServerFrame): void {
    switch (frame.type) {
      case 'history':
        this.add(frame.messages, !this.historyLoaded ? 'history' : 'live');
        this.historyLoaded = true;
        if (frame.status === 'closed') this.markClosed();
        return;
      case 'message':
        this.add([frame.message], 'live');
        return;
      case 'ack':
        this.pending.delete(frame.clientId);
        return;
      case 'closed':
        this.markClosed();
        return;
      case 'error':
        if (frame.clientId) this.pending.delete(frame.clientId);
        this.events.error(frame.errorCode);
        return;
      case 'read':
        return;
    }
  }

  private add(messages: readonly ChatMessage[], how: 'history' | 'live'): void {
    let readUpTo = 0;
    let changed = false;
    for (const message of messages) {
      if (this.bySeq.has(message.seq)) continue;
      this.bySeq.set(message.seq, message);
      this.lastSeq = Math.max(this.lastSeq, message.seq);
      changed = true;
      if (message.role === 'player') {
        readUpTo = Math.max(readUpTo, message.seq);
        if (how === 'live') this.events.playerMessage?.(message);
      }
    }
    if (!changed) return;
    this.events.messages([...this.bySeq.values()].sort((a, b) => a.seq - b.seq));
    // Shown on screen: the player's messages up to here are read by the agents.
    if (readUpTo > 0) this.frame({ type: 'read', seq: readUpTo });
  }

  private markClosed(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.events.closed();
  }
}
