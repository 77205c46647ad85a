import { z } from 'zod';
import { defineCall, EXTENSION_PREFIX } from '../call';
import { blank, intOr, languageQuery, pageNoQuery } from './catalogue-schemas';

/** An inbox message id (a positive integer). */
const messageId = z.union([z.number(), z.string().regex(/^\d{1,12}$/).transform(Number)]).pipe(z.number().int().min(1));

/** `{ ids }` of mark read and delete: 1–100 message ids. */
const idsBody = z.object({ ids: z.array(messageId).min(1).max(100) });

/** One row of the inbox list: no body, so a page stays small. Times are epoch ms. */
export const inboxItem = z.object({
  id: z.number().int(),
  title: z.string(),
  createdAt: z.number().int(),
  read: z.boolean(),
  /** True for a message sent to many (agents or everyone on the site). */
  broadcast: z.boolean(),
});

/** One opened inbox message; `content` is sanitised HTML (sanitize-html allowlist, worker/model/rich-text.ts). */
export const inboxMessage = inboxItem.extend({ content: z.string() });

/** A chat URL parameter sent back to the page (relative or http(s), at most 500 characters). */
const backUrl = z.preprocess(blank, z.string().max(500).optional());

/**
 * Inbox and live-chat calls (platform-contract.md §3 "inbox", "chat"; accounts-and-communication §2 Message
 * centre, §3, §6, §8, §9). Every call needs a session (401 `customer.not.login` / `user.or.token.invalid`), and
 * guest/trial accounts (type not 0, 1, 2) are refused with 403 `free_reject` (§6). Unread and list calls are
 * limited per member (429 `TOO_MANY_REQUEST` with `Retry-After`). The list, open, mark-read and delete shapes are
 * "not found" in the contract: PlayDeck chose them in the platform's style (CSP_ relay names, envelope, camelCase).
 */
export const conversationCalls = {
  /**
   * GET inbox (§3, INBOX3) `pageNo` (from 1), `pageSize` (1–50, default 10) → `value { list[], pageNum,
   * totalPages, total, unread }`: the member's messages and the broadcasts meant for them, newest first, deleted
   * ones left out; `read` marks what the member has opened.
   */
  inboxList: defineCall({
    name: 'inboxList',
    method: 'GET',
    path: '/wps/relay/CSP_getInbox',
    moduleId: 'INBOX3',
    auth: 'member',
    query: z.object({ pageNo: pageNoQuery, pageSize: intOr(1, 50, 10) }),
    value: z.object({
      list: z.array(inboxItem), pageNum: z.number().int(), totalPages: z.number().int(), total: z.number().int(), unread: z.number().int(),
    }),
    summary: 'Inbox page, newest first (platform-contract.md §3 inbox; paging shape chosen by PlayDeck).',
  }),
  /**
   * GET one message (INBOX3) `id` → the message with its sanitised HTML `content`; opening marks it read.
   * 404 `message_not_found` for a message that is not the member's (or was deleted).
   */
  inboxDetail: defineCall({
    name: 'inboxDetail',
    method: 'GET',
    path: '/wps/relay/CSP_getInboxDetail',
    moduleId: 'INBOX3',
    auth: 'member',
    query: z.object({ id: messageId }),
    value: inboxMessage,
    summary: 'Open an inbox message and mark it read (path chosen by PlayDeck in the CSP_ family).',
  }),
  /** POST mark read (INBOX3) `{ ids }` → null; ids that are not the member's are ignored (nothing to mark). */
  inboxMarkRead: defineCall({
    name: 'inboxMarkRead',
    method: 'POST',
    path: '/wps/relay/CSP_markInboxRead',
    moduleId: 'INBOX3',
    auth: 'member',
    body: idsBody,
    value: z.null(),
    summary: 'Mark inbox messages read (path chosen by PlayDeck in the CSP_ family).',
  }),
  /**
   * POST mark every message read (INBOX3), no body → null: every visible unread message of the member on every
   * page, not only the page on screen ("Mark all as read", accounts §2 Message centre). Broadcasts are marked for
   * this member only; deleted messages stay deleted.
   */
  inboxMarkAllRead: defineCall({
    name: 'inboxMarkAllRead',
    method: 'POST',
    path: '/wps/relay/CSP_markAllInboxRead',
    moduleId: 'INBOX3',
    auth: 'member',
    value: z.null(),
    summary: 'Mark every inbox message read (path chosen by PlayDeck in the CSP_ family).',
  }),
  /**
   * DELETE messages (INBOX3) with JSON body `{ ids }` → null: hidden for this member only (a broadcast stays for
   * the others); ids that are not the member's are ignored.
   */
  inboxDelete: defineCall({
    name: 'inboxDelete',
    method: 'DELETE',
    path: '/wps/relay/CSP_deleteInbox',
    moduleId: 'INBOX3',
    auth: 'member',
    body: idsBody,
    value: z.null(),
    summary: 'Delete inbox messages for this member (path chosen by PlayDeck in the CSP_ family).',
  }),
  /** GET inbox unread count (§3, INBOX3) → `value` = the number of unread, undeleted messages. */
  inboxUnread: defineCall({
    name: 'inboxUnread',
    method: 'GET',
    path: '/wps/relay/CSP_unreadCount',
    moduleId: 'INBOX3',
    auth: 'member',
    value: z.number().int(),
    summary: 'Inbox unread count (platform-contract.md §3 inbox unread).',
  }),
  /** GET chat unread count (§3, CBS3) → `value.unReadCount`: agent replies the player has not seen. */
  chatUnread: defineCall({
    name: 'chatUnread',
    method: 'GET',
    path: '/wps/relay/CBS_unreadCount',
    moduleId: 'CBS3',
    auth: 'member',
    value: z.object({ unReadCount: z.number().int() }),
    summary: 'Chat unread count (platform-contract.md §3 chat unread).',
  }),
  /**
   * GET launch chat (§3, CBS3) `b2c=1, title, backUrl, language, headerColor` → `value.chatUrl`. Built in: the
   * player's chat page (/m/liveChat) for their open conversation (opened now if none); with the merchant's
   * external chat URL template, that URL with `{ticket}` (a single-use 120 s ticket its server exchanges for the
   * member at POST /wps/playdeck/chat/external/verify; `{token}` is the same ticket, never the session token),
   * `{language}`, `{merchant}`, `{username}` filled in.
   * 403 `function.not.available` while CBS3 is off.
   */
  chatLaunch: defineCall({
    name: 'chatLaunch',
    method: 'GET',
    path: '/wps/relay/CBS_launchChat',
    moduleId: 'CBS3',
    auth: 'member',
    query: z.object({
      b2c: z.preprocess(blank, z.string().max(5).optional()),
      title: z.preprocess(blank, z.string().max(100).optional()),
      backUrl,
      language: languageQuery,
      headerColor: z.preprocess(blank, z.string().regex(/^#?[0-9A-Fa-f]{3,8}$/, 'Expected a colour').optional()),
    }),
    value: z.object({ chatUrl: z.string() }),
    summary: 'Launch live chat (platform-contract.md §3 chat launch).',
  }),
  /**
   * GET live chat models (§3 chat, CBS3) `active`, `streaming` (flags, any text) → `value` = a list of the models
   * (hosts) the chat can show; the platform's client reads only its length (a non-empty list shows the models
   * entry). PlayDeck's chat has no models or streams, so the built-in API answers an empty list to anyone (the
   * feature stays off); the item shape is "not found" in the contract, hence `unknown`.
   */
  chatModels: defineCall({
    name: 'chatModels',
    method: 'GET',
    path: '/wps/relay/CBS_modelList',
    moduleId: 'CBS3',
    auth: 'optional',
    query: z.object({
      active: z.preprocess(blank, z.string().max(10).optional()),
      streaming: z.preprocess(blank, z.string().max(10).optional()),
    }),
    value: z.array(z.unknown()),
    summary: 'Live chat models (platform-contract.md §3 chat; always empty in the built-in API).',
  }),
  /**
   * GET a chat ticket (PlayDeck extension `chat`) `conversationId` → `{ ticket, conversationId, wsPath,
   * expiresAt }`: a single-use ticket (60 s) that opens the conversation's WebSocket at `wsPath?ticket=…`
   * (browsers cannot send Authorization on a WebSocket). 404 `conversation_not_found` unless the conversation is
   * the member's own.
   */
  chatTicket: defineCall({
    name: 'chatTicket',
    method: 'GET',
    path: `${EXTENSION_PREFIX}/chat/ticket`,
    moduleId: 'CBS3',
    auth: 'member',
    extension: true,
    query: z.object({ conversationId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Expected a conversation id') }),
    value: z.object({ ticket: z.string(), conversationId: z.string(), wsPath: z.string(), expiresAt: z.number().int() }),
    summary: 'Single-use ticket for the built-in chat WebSocket (PlayDeck extension).',
  }),
};
