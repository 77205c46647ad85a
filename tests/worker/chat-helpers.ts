import { env } from 'cloudflare:test';
import { createApp } from '../../worker/index';
import type { ServerFrame } from '../../contract/chat-protocol';
import { issueChatTicket } from '../../worker/services/chat/launch';

const app = createApp();

/** A test WebSocket client: every frame it received, and a wait for the next one that matches. */
export interface TestSocket {
  frames: ServerFrame[];
  send(frame: unknown): void;
  next<T extends ServerFrame['type']>(type: T, where?: (f: Extract<ServerFrame, { type: T }>) => boolean): Promise<Extract<ServerFrame, { type: T }>>;
  close(): void;
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
  let seen = 0;
  return {
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    close: () => ws.close(1000, 'done'),
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

/** A support agent's ticket for a conversation (as the console issues it). */
export async function agentTicket(conversationId: string, name = 'Ann'): Promise<string> {
  return (await issueChatTicket(env.DB, { conversationId, role: 'agent', authorId: 1, authorName: name })).ticket;
}
