import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../../env';
import {
  CHAT_MAX_CHARS, CHAT_SESSION_ENDED, clientFrame, type ChatMessage, type ClientFrame, type ServerFrame,
} from '../../../contract/chat-protocol';
import { sanitizePlainText } from '../../model/rich-text';
import { liveChatSessions, saveConversationSummary } from '../../db/queries/chat';
import { auditChatClose } from '../operators/audit';
import {
  countMessagesAfter, ensureRoomSchema, findMessageSeq, getRoomMeta, insertMessage, lastMessageSeq, lastMessageStamp, messagesAfter,
  setRoomMeta, takeSendToken, type SendBudget,
} from '../../db/queries/chat-room';

/** Per connection (kept across hibernation): who is speaking, and the hash of the session that opened the socket. */
interface Attachment {
  role: 'player' | 'agent';
  authorId: number;
  author: string;
  /** sessions.token_hash (player) or console_sessions.token_hash (agent); '' on sockets older than this field. */
  sessionHash?: string;
}

/** Messages one speaker (member or agent) may send in a burst in one conversation, then one a second. */
export const CHAT_BURST = 5;
const SEND_BUDGET: SendBudget = { burst: CHAT_BURST, refillMs: 1000 };

/** Headers the worker sets after checking a ticket; the object is reachable only through the worker. */
export const ROOM_HEADERS = {
  conversation: 'X-Chat-Conversation', role: 'X-Chat-Role', authorId: 'X-Chat-Author-Id', author: 'X-Chat-Author', session: 'X-Chat-Session',
} as const;

/**
 * One live-chat conversation (accounts-and-communication §2 live chat): a Durable Object per conversation holding
 * its history in the object's own SQLite storage, with WebSockets accepted through the hibernation API, so an
 * idle conversation costs nothing. Order: one object serialises its messages, `seq` 1, 2, 3… Delivery receipt:
 * `ack` after storing. Read receipts per side. Reconnect: `hello { lastSeq }` gets exactly the messages after it;
 * a resent `send` with the same `clientId` is acknowledged with its first `seq` and stored once. Limits: at most
 * CHAT_BURST messages in a burst, then one a second, per speaker and conversation (however many sockets they
 * open, and across reconnects: the budget lives in the room's storage); CHAT_MAX_CHARS characters; text only.
 *
 * Sessions (docs/security.md): each socket carries the hash of the session its ticket was issued to. Before it
 * handles any frame the room reads, in one D1 query, which of its sockets' sessions are still live, and closes the
 * others (an `error user.or.token.invalid` frame, then close code CHAT_SESSION_ENDED) — so after log-out, log-out
 * everywhere, a password change or reset, a console log-out or an agent's password reset, the socket can neither
 * send, read history, close the conversation, nor receive anyone's next message (every message reaches the room
 * as a frame, and the check runs before it is stored and broadcast). Checking here rather than being told on
 * revocation: sessions end in many places (some outside the worker: the operator command that resets an agent's
 * password writes D1 directly, and idle sessions simply expire), and a missed notice would leave a socket open for
 * good; the check reads the one place where every ending is written, at the cost of one indexed read per frame,
 * and frames are few (sending is rate-limited).
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
    const sessionHash = request.headers.get(ROOM_HEADERS.session);
    if ((role !== 'player' && role !== 'agent') || !conversation || !sessionHash) return new Response('Bad room request', { status: 400 });
    this.setMeta('conversation', conversation);
    const pair = new WebSocketPair();
    const server = pair[1];
    this.ctx.acceptWebSocket(server, [role]);
    const attachment: Attachment = {
      role, authorId: Number(request.headers.get(ROOM_HEADERS.authorId) ?? 0), author: decodeURIComponent(request.headers.get(ROOM_HEADERS.author) ?? ''),
      sessionHash,
    };
    server.serializeAttachment(attachment);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /**
   * One frame from a client (clientFrame), handled only while the socket's session is live (sessionsLive: else the
   * socket is closed); malformed frames answer `error request_param_err`.
   */
  override async webSocketMessage(ws: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    if (!(await this.sessionsLive(ws))) return;
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
      case 'close': {
        if (who.role !== 'agent') {
          this.send(ws, { type: 'error', errorCode: 'request_param_err' });
          return;
        }
        const wasOpen = this.status() === 'open';
        this.setMeta('status', 'closed');
        // The audit log (docs/back-office.md): who closed which conversation, written before anyone is told.
        if (wasOpen) await auditChatClose(this.env.DB, this.getMeta('conversation') ?? '', who.authorId);
        this.broadcast({ type: 'closed' });
        await this.saveSummary();
        return;
      }
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
    if (!takeSendToken(this.sql, `${who.role}:${who.authorId}`, SEND_BUDGET, now)) {
      this.send(ws, { type: 'error', errorCode: 'TOO_MANY_REQUEST', clientId });
      return;
    }
    const seq = this.lastSeq() + 1;
    const message: ChatMessage = { seq, clientId, role: who.role, author: who.author, text, sentAt: now };
    insertMessage(this.sql, message);
    this.send(ws, { type: 'ack', clientId, seq });
    this.broadcast({ type: 'message', message });
    await this.saveSummary();
  }

  /**
   * Reads which of the room's sockets still have a live session (one D1 query for all of them) and closes those
   * that do not; true when `ws` is still open. When D1 cannot answer, `ws`'s frame is refused (`error
   * internal_error`, the client may send it again) rather than handled unchecked, and no socket is closed.
   */
  private async sessionsLive(ws: WebSocket): Promise<boolean> {
    const sockets = this.ctx.getWebSockets().map((socket) => ({ socket, who: socket.deserializeAttachment() as Attachment | null }));
    const hashes = (role: Attachment['role']) => [...new Set(sockets.filter((s) => s.who?.role === role && s.who.sessionHash).map((s) => s.who!.sessionHash!))];
    let live: Set<string>;
    try {
      live = await liveChatSessions(this.env.DB, hashes('player'), hashes('agent'));
    } catch {
      this.send(ws, { type: 'error', errorCode: 'internal_error' });
      return false;
    }
    const isLive = (who: Attachment | null) => Boolean(who?.sessionHash && live.has(who.sessionHash));
    const ended = sockets.filter((s) => !isLive(s.who)).map((s) => s.socket);
    const mine = isLive(ws.deserializeAttachment() as Attachment | null);
    if (!mine && !ended.includes(ws)) ended.push(ws);
    for (const socket of ended) {
      this.send(socket, { type: 'error', errorCode: 'user.or.token.invalid' });
      try {
        socket.close(CHAT_SESSION_ENDED, 'session ended');
      } catch {
        // already closing
      }
    }
    return mine;
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
