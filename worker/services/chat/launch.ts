import { hashToken, newToken } from '../crypto/tokens';
import { storeChatTicket, type ChatTicketGrant } from '../../db/queries/chat';

/** Conversation ids: 24 URL-safe random characters (also the Durable Object's name). */
export function newConversationId(): string {
  return newToken().replace(/[^A-Za-z0-9]/g, '').slice(0, 24);
}

/** What a chat URL is built from. */
export interface ChatUrlInput {
  conversationId: string;
  language: string;
  backUrl?: string | undefined;
  title?: string | undefined;
  headerColor?: string | undefined;
}

/**
 * The built-in chat page for a conversation: /m/liveChat with `c` (the conversation), `lang` (the page's
 * language; the worker serves that language's page), and the launch call's `backUrl` (only a path inside the
 * site, so the page never sends a player elsewhere), `title` and `headerColor`.
 */
export function builtInChatUrl(input: ChatUrlInput): string {
  const params = new URLSearchParams({ c: input.conversationId, lang: input.language });
  if (input.backUrl && /^\/(?!\/)/.test(input.backUrl)) params.set('back', input.backUrl);
  if (input.title) params.set('title', input.title);
  if (input.headerColor) params.set('color', input.headerColor.replace(/^#/, ''));
  return `/m/liveChat?${params.toString()}`;
}

/**
 * An external live-chat product's URL from the merchant's template (operator command `chat-url`): `{token}`,
 * `{language}`, `{merchant}` and `{username}` are replaced, URI-encoded.
 */
export function externalChatUrl(template: string, values: { token: string; language: string; merchant: string; username: string }): string {
  return template.replace(/\{(token|language|merchant|username)\}/g, (_, name: keyof typeof values) => encodeURIComponent(values[name]));
}

/** How long a chat ticket opens a WebSocket. */
export const CHAT_TICKET_MS = 60_000;

/** Issues a single-use ticket for a grant; returns the ticket (only its hash is stored). */
export async function issueChatTicket(db: D1Database, grant: ChatTicketGrant, now = Date.now()): Promise<{ ticket: string; expiresAt: number }> {
  const ticket = newToken();
  const expiresAt = now + CHAT_TICKET_MS;
  await storeChatTicket(db, hashToken(ticket), grant, expiresAt);
  return { ticket, expiresAt };
}

/** The WebSocket path of the built-in chat. */
export const CHAT_WS_PATH = '/wps/playdeck/chat/ws';
