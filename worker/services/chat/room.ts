import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../../env';
import { CHAT_MAX_CHARS, clientFrame, type ChatMessage, type ClientFrame, type ServerFrame } from '../../../contract/chat-protocol';
import { sanitizePlainText } from '../../model/rich-text';
import { saveConversationSummary } from '../../db/queries/chat';
import {
  countMessagesAfter, ensureRoomSchema, findMessageSeq, getRoomMeta, insertMessage, lastMessageSeq, lastMessageStamp, messagesAfter,
  setRoomMeta,
} from '../../db/queries/chat-room';

/** Per connection: who is speaking, and their send budget (a token bucket kept across hibernation). */
interface Attachment {
  role: 'player' | 'agent';
  authorId: number;
  author: string;
  tokens: number;
  refilledAt: number;
}

/** Messages a connection may send in a burst, and how fast the budget refills (one per second). */
export const CHAT_BURST = 5;
const REFILL_MS = 1000;

/** Headers the worker sets after checking a ticket; the object is reachable only through the worker. */
export const ROOM_HEADERS = { conversation: 'X-Chat-Conversation', role: 'X-Chat-Role', authorId: 'X-Chat-Author-Id', author: 'X-Chat-Author' } as const;

/**
 * One live-chat conversation (accounts-and-communication §2 live chat): a Durable Object per conversation holding
 * its history in the object's own SQLite storage, with WebSockets accepted through the hibernation API, so an
 * idle conversation costs nothing. Order: one object serialises its messages, `seq` 1, 2, 3… Delivery receipt:
 * `ack` after storing. Read receipts per side. Reconnect: `hello { lastSeq }` gets exactly the messages after it;
 * a resent `send` with the same `clientId` is acknowledged with its first `seq` and stored once. Limits: at most
 * CHAT_BURST messages in a burst, then one a second; CHAT_MAX_CHARS characters; text only (tags removed).
 */
export class ChatRoom extends DurableObject<Bindings> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    ensureRoomSchema(this.sql);
  }

  /** Accepts a WebSocket for the role the worker vouched for (ROOM_HEADERS); anything else is 400. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('WebSocket expected', { status: 426 });
    const role = request.headers.get(ROOM_HEADERS.role);
    const conversation = request.headers.get(ROOM_HEADERS.conversation);
    if ((role !== 'player' && role !== 'agent') || !conversation) return new Response('Bad room request', { status: 400 });
    this.setMeta('conversation', conversation);
    const pair = new WebSocketPair();
    const server = pair[1];
    this.ctx.acceptWebSocket(server, [role]);
    const attachment: Attachment = {
      role, authorId: Number(request.headers.get(ROOM_HEADERS.authorId) ?? 0), author: decodeURIComponent(request.headers.get(ROOM_HEADERS.author) ?? ''),
      tokens: CHAT_BURST, refilledAt: Date.now(),
    };
    server.serializeAttachment(attachment);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** One frame from a client (clientFrame); malformed frames answer `error request_param_err`. */
  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    let frame: ClientFrame;
    try {
      frame = clientFrame.parse(JSON.parse(typeof raw === 'string' ? raw : new TextDecoder().decode(raw)));
    } catch {
      this.send(ws, { type: 'error', errorCode: 'request_param_err' });
      return;
    }
    const who = ws.deserializeAttachment() as Attachment;
    switch (frame.type) {
      case 'hello':
        this.send(ws, { type: 'history', messages: this.messagesAfter(frame.lastSeq), ...this.readSeqs(), status: this.status() });
        return;
      case 'send':
        await this.receive(ws, who, frame.clientId, frame.text);
        return;
      case 'read': {
        const seq = Math.min(frame.seq, this.lastSeq());
        const key = `${who.role}ReadSeq`;
        if (seq > Number(this.getMeta(key) ?? 0)) {
          this.setMeta(key, String(seq));
          this.broadcast({ type: 'read', role: who.role, seq });
          await this.saveSummary();
        }
        return;
      }
      case 'close':
        if (who.role !== 'agent') {
          this.send(ws, { type: 'error', errorCode: 'request_param_err' });
          return;
        }
        this.setMeta('status', 'closed');
        this.broadcast({ type: 'closed' });
        await this.saveSummary();
        return;
    }
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'bye');
    } catch {
      // already closed
    }
  }

  private async receive(ws: WebSocket, who: Attachment, clientId: string, rawText: string): Promise<void> {
    const existing = findMessageSeq(this.sql, who.role, clientId);
    if (existing !== null) {
      this.send(ws, { type: 'ack', clientId, seq: existing });
      return;
    }
    if (this.status() === 'closed') {
      this.send(ws, { type: 'error', errorCode: 'chat_closed', clientId });
      return;
    }
    const text = sanitizePlainText(rawText);
    if (text.length === 0 || [...text].length > CHAT_MAX_CHARS) {
      this.send(ws, { type: 'error', errorCode: 'request_param_err', clientId });
      return;
    }
    const now = Date.now();
    const tokens = Math.min(CHAT_BURST, who.tokens + Math.floor((now - who.refilledAt) / REFILL_MS));
    if (tokens < 1) {
      this.send(ws, { type: 'error', errorCode: 'TOO_MANY_REQUEST', clientId });
      return;
    }
    ws.serializeAttachment({ ...who, tokens: tokens - 1, refilledAt: tokens === who.tokens ? who.refilledAt : now });
    const seq = this.lastSeq() + 1;
    const message: ChatMessage = { seq, clientId, role: who.role, author: who.author, text, sentAt: now };
    insertMessage(this.sql, message);
    this.send(ws, { type: 'ack', clientId, seq });
    this.broadcast({ type: 'message', message });
    await this.saveSummary();
  }

  private messagesAfter(lastSeq: number): ChatMessage[] {
    return messagesAfter(this.sql, lastSeq);
  }

  private lastSeq(): number {
    return lastMessageSeq(this.sql);
  }

  private readSeqs(): { playerReadSeq: number; agentReadSeq: number } {
    return { playerReadSeq: Number(this.getMeta('playerReadSeq') ?? 0), agentReadSeq: Number(this.getMeta('agentReadSeq') ?? 0) };
  }

  private status(): 'open' | 'closed' {
    return this.getMeta('status') === 'closed' ? 'closed' : 'open';
  }

  /** Unread on each side = the other side's messages after this side's read receipt; written to the D1 index. */
  private async saveSummary(): Promise<void> {
    const id = this.getMeta('conversation');
    if (!id) return;
    const { playerReadSeq, agentReadSeq } = this.readSeqs();
    const count = (role: ChatMessage['role'], after: number) => countMessagesAfter(this.sql, role, after);
    const last = lastMessageStamp(this.sql);
    await saveConversationSummary(this.env.DB, id, {
      lastSeq: last.seq ?? 0, lastMessageAt: last.at ?? Date.now(), playerReadSeq, agentReadSeq,
      playerUnread: count('agent', playerReadSeq), agentUnread: count('player', agentReadSeq), status: this.status(),
    });
  }

  private getMeta(key: string): string | null {
    return getRoomMeta(this.sql, key);
  }

  private setMeta(key: string, value: string): void {
    setRoomMeta(this.sql, key, value);
  }

  private send(ws: WebSocket, frame: ServerFrame): void {
    try {
      ws.send(JSON.stringify(frame));
    } catch {
      // the socket closed meanwhile; the client resumes with hello
    }
  }

  private broadcast(frame: ServerFrame): void {
    for (const ws of this.ctx.getWebSockets()) this.send(ws, frame);
  }
}
