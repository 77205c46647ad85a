import { env } from 'cloudflare:test';
import { createApp } from '../../worker/index';
import type { ServerFrame } from '../../contract/chat-protocol';
import { issueChatTicket } from '../../worker/services/chat/launch';
import { hashToken, newToken } from '../../worker/services/crypto/tokens';
import { insertConsoleSession } from '../../worker/db/queries/console-sessions';
import { CONSOLE_SESSION_MS } from '../../worker/console/operators';

const app = createApp();

/** A test WebSocket client: every frame it received, and a wait for the next one that matches. */
export interface TestSocket {
  frames: ServerFrame[];
  send(frame: unknown): void;
  next<T extends ServerFrame['type']>(type: T, where?: (f: Extract<ServerFrame, { type: T }>) => boolean): Promise<Extract<ServerFrame, { type: T }>>;
  close(): void;
  /** The close code once the server closed the socket (waits up to 5 s; throws if it stays open). */
  closed(): Promise<number>;
}

/** Opens the chat WebSocket with a ticket on a host (the demo site by default); the response when refused. */
export async function openSocket(ticket: string, host = '127.0.0.1'): Promise<TestSocket | Response> {
  const response = await app.request(`http://${host}/wps/playdeck/chat/ws?ticket=${encodeURIComponent(ticket)}`, { headers: { Upgrade: 'websocket' } }, env);
  const ws = response.webSocket;
  if (!ws) return response;
  ws.accept();
  const frames: ServerFrame[] = [];
  const waiters: (() => void)[] = [];
  ws.addEventListener('message', (event) => {
    frames.push(JSON.parse(String(event.data)) as ServerFrame);
    for (const wake of waiters.splice(0)) wake();
  });
  let closeCode: number | null = null;
  ws.addEventListener('close', (event) => {
    closeCode = event.code;
    for (const wake of waiters.splice(0)) wake();
  });
  let seen = 0;
  return {
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    close: () => ws.close(1000, 'done'),
    async closed() {
      const deadline = Date.now() + 5000;
      while (closeCode === null) {
        if (Date.now() > deadline) throw new Error(`socket still open; got ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return closeCode;
    },
    async next(type, where) {
      const deadline = Date.now() + 5000;
      for (;;) {
        while (seen < frames.length) {
          const frame = frames[seen++]!;
          if (frame.type === type && (!where || where(frame as never))) return frame as never;
        }
        if (Date.now() > deadline) throw new Error(`no ${type} frame; got ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}

/** Opens a socket that must be accepted. */
export async function connect(ticket: string, host?: string): Promise<TestSocket> {
  const socket = await openSocket(ticket, host);
  if (socket instanceof Response) throw new Error(`socket refused: ${socket.status} ${await socket.text()}`);
  return socket as TestSocket;
}

/** A support agent of the console, signed in: the operator row, and the session's token (the `pd_console` cookie). */
export interface TestAgent {
  id: number;
  username: string;
  name: string;
  token: string;
  csrfToken: string;
}

let agents = 0;

/** Creates a console operator on a merchant with a live console session (as a sign-in makes it). */
export async function createAgent(name = 'Ann', merchantCode = 'DEMO'): Promise<TestAgent> {
  agents += 1;
  const username = `agent${agents}_${Date.now() % 1_000_000}`;
  const row = await env.DB.prepare(`INSERT INTO console_operators (merchant_code, username, display_name, password_hash, created_at) VALUES (?, ?, ?, 'x', ?) RETURNING id`)
    .bind(merchantCode, username, name, Date.now()).first<{ id: number }>();
  const token = newToken();
  const csrfToken = newToken();
  const now = Date.now();
  await insertConsoleSession(env.DB, { tokenHash: hashToken(token), operatorId: row!.id, csrfToken, createdAt: now, expiresAt: now + CONSOLE_SESSION_MS, address: '', enrolOnly: false });
  return { id: row!.id, username, name, token, csrfToken };
}

/** A support agent's ticket for a conversation (as the console issues it), for a new agent or the one given. */
export async function agentTicket(conversationId: string, agent: string | TestAgent = 'Ann'): Promise<string> {
  const who = typeof agent === 'string' ? await createAgent(agent) : agent;
  return (await issueChatTicket(env.DB, { conversationId, role: 'agent', authorId: who.id, authorName: who.name, sessionHash: hashToken(who.token) })).ticket;
}

/** Launches the built-in chat with a player's session token; the conversation id of the chat URL. */
export async function launchConversation(token: string, host?: string): Promise<string> {
  const res = await app.request(`http://${host ?? '127.0.0.1'}/wps/relay/CBS_launchChat?language=EN`, { headers: { Authorization: token, ModuleId: 'CBS3' } }, env);
  const body = await res.json<{ value?: { chatUrl?: string } }>();
  if (res.status !== 200 || !body.value?.chatUrl) throw new Error(`launch refused: ${res.status} ${JSON.stringify(body)}`);
  return new URL(body.value.chatUrl, 'http://x').searchParams.get('c')!;
}

/** A player's ticket for a conversation with a session token, or the refusal's status. */
export async function playerTicketFor(token: string, conversationId: string): Promise<{ status: number; ticket?: string }> {
  const res = await app.request(`http://127.0.0.1/wps/playdeck/chat/ticket?conversationId=${conversationId}`, { headers: { Authorization: token, ModuleId: 'CBS3' } }, env);
  const body = await res.json<{ value?: { ticket?: string } }>();
  return { status: res.status, ...(body.value?.ticket ? { ticket: body.value.ticket } : {}) };
}
