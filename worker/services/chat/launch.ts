import { hashToken, newToken } from '../crypto/tokens';
import { storeChatTicket, type ChatTicketGrant } from '../../db/queries/chat';
import { storeExternalChatTicket, type ExternalChatGrant } from '../../db/queries/chat-external';

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
 * An external live-chat product's URL from the merchant's template (operator command `chat-url`): `{ticket}`,
 * `{language}`, `{merchant}` and `{username}` are replaced, URI-encoded. `{token}` (the template's older spelling)
 * is filled with the same external chat ticket — never with the player's session token, which would hand the
 * third party (and its logs, and the Referer of its page) the player's whole session.
 */
export function externalChatUrl(template: string, values: { ticket: string; language: string; merchant: string; username: string }): string {
  return template.replace(/\{(ticket|token|language|merchant|username)\}/g, (_, name: keyof typeof values | 'token') =>
    encodeURIComponent(values[name === 'token' ? 'ticket' : name]));
}

/** How long an external chat ticket can be exchanged for the member's identity (ms): the page opens within it. */
export const EXTERNAL_CHAT_TICKET_MS = 120_000;

/**
 * Issues the ticket an external chat URL carries (docs/operator-guide.md, "Conversations": external live chat): 256 random bits,
 * only its hash stored, single use, EXTERNAL_CHAT_TICKET_MS, good only for POST /wps/playdeck/chat/external/verify
 * on the member's own site (it opens no API call and no built-in chat) and only while the session that asked for it
 * is live. Returns the ticket and its expiry (epoch ms).
 */
export async function issueExternalChatTicket(db: D1Database, grant: ExternalChatGrant, now = Date.now()): Promise<{ ticket: string; expiresAt: number }> {
  const ticket = newToken();
  const expiresAt = now + EXTERNAL_CHAT_TICKET_MS;
  await storeExternalChatTicket(db, hashToken(ticket), grant, expiresAt);
  return { ticket, expiresAt };
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
