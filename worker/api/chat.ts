import { CallRouter } from './call-router';
import { conversationCalls } from '../../contract/calls/conversations';
import type { ValueOf } from '../../contract/call';
import { z } from 'zod';
import { ApiError, ok } from '../lib/envelope';
import { listSiteSwitches } from '../db/queries/merchants';
import { countChatUnread, findChatUrlTemplate, findConversation, openConversation, takeChatTicket } from '../db/queries/chat';
import { requireRealMember } from '../middleware/auth-context';
import { takeExternalChatTicket } from '../db/queries/chat-external';
import { hashToken } from '../services/crypto/tokens';
import { valid } from '../lib/validate';
import { realMemberWithin } from './inbox';
import {
  CHAT_WS_PATH, builtInChatUrl, externalChatUrl, issueChatTicket, issueExternalChatTicket, newConversationId,
} from '../services/chat/launch';
import { ROOM_HEADERS } from '../services/chat/room';

/** 403 `function.not.available` unless the site's CBS3 switch is on (accounts §2: live chat only with CBS3). */
async function assertChatOn(db: D1Database, merchantCode: string): Promise<void> {
  const switches = await listSiteSwitches(db, merchantCode);
  if (switches.CBS3 !== true) throw new ApiError(403, 'function.not.available', 'Live chat is not offered on this site');
}

/**
 * Chat relays (platform-contract.md §3 chat, CBS3; accounts §2, §6), mounted at /wps/relay: unread count,
 * launch and the (always empty) live models list. 401 without a session, 403 `free_reject` for guest/trial, 403 `function.not.available` with CBS3 off,
 * 429 `TOO_MANY_REQUEST`.
 */
export const chatRelayRouter = new CallRouter('/wps/relay')
  /** GET /CBS_unreadCount → `{ unReadCount }`: agent replies the player has not read. */
  .serve(conversationCalls.chatUnread, realMemberWithin('read'), async (c) => {
    await assertChatOn(c.env.DB, c.var.merchant.code);
    const value: ValueOf<typeof conversationCalls.chatUnread> = { unReadCount: await countChatUnread(c.env.DB, requireRealMember(c).memberId) };
    return ok(c, value);
  })
  /**
   * GET /CBS_launchChat?b2c&title&backUrl&language&headerColor → `{ chatUrl }`: the merchant's external chat URL
   * (template filled with a single-use external chat ticket — never the session token —, the language, merchant
   * and username; services/chat/launch.ts issueExternalChatTicket), else the built-in chat page of the member's
   * open conversation (opened now when there is none).
   */
  /**
   * GET /CBS_modelList?active&streaming → `[]` (platform-contract.md §3 chat, live models): PlayDeck's chat has
   * no models or live streams, so the list is empty for everyone, which keeps the client's models entry off.
   */
  .serve(conversationCalls.chatModels, (c) => {
    const value: ValueOf<typeof conversationCalls.chatModels> = [];
    return ok(c, value);
  })
  .serve(conversationCalls.chatLaunch, realMemberWithin('write'), async (c) => {
    const member = requireRealMember(c);
    const merchant = c.var.merchant.code;
    await assertChatOn(c.env.DB, merchant);
    const q = c.req.valid('query');
    const template = await findChatUrlTemplate(c.env.DB, merchant);
    if (template) {
      const { ticket } = await issueExternalChatTicket(c.env.DB, { merchantCode: merchant, memberId: member.memberId, sessionHash: member.tokenHash, language: q.language });
      return ok(c, { chatUrl: externalChatUrl(template, { ticket, language: q.language, merchant, username: member.account }) });
    }
    const conversation = await openConversation(c.env.DB, merchant, member.memberId, newConversationId());
    const value: ValueOf<typeof conversationCalls.chatLaunch> = {
      chatUrl: builtInChatUrl({ conversationId: conversation.id, language: q.language, backUrl: q.backUrl, title: q.title, headerColor: q.headerColor }),
    };
    return ok(c, value);
  });

/**
 * The built-in chat service (PlayDeck extension `chat`), mounted at /wps/playdeck/chat:
 * - GET /ticket?conversationId (member): a single-use 60 s ticket for the member's own conversation, bound to the
 *   session that asked (the socket closes when that session ends; services/chat/room.ts); 404
 *   `conversation_not_found` for anyone else's (also another merchant's).
 * - GET /ws?ticket (WebSocket upgrade): takes the ticket and hands the socket to the conversation's Durable
 *   Object with the role and author it vouches for; 401 `chat_ticket_invalid` for an unknown, used or expired
 *   ticket, 404 when the conversation is not this site's; 426 without an upgrade.
 * - POST /external/verify `{ ticket }` (no session: the external chat's own server calls it, on the merchant's
 *   host) → `{ merchant, memberId, username, account, nickname, language }`: the member an external chat ticket
 *   (the `{ticket}` of the merchant's chat URL template) stands for. Single use, 120 s, and only while the
 *   session that launched the chat is live; 401 `chat_ticket_invalid` otherwise (also for another site's ticket),
 *   400 `request_param_err` without a ticket. The answer is `Cache-Control: no-store`.
 */
export const chatServiceRouter = new CallRouter('/wps/playdeck/chat')
  .serve(conversationCalls.chatTicket, realMemberWithin('read'), async (c) => {
    const member = requireRealMember(c);
    const { conversationId } = c.req.valid('query');
    const conversation = await findConversation(c.env.DB, conversationId);
    if (!conversation || conversation.memberId !== member.memberId || conversation.merchantCode !== c.var.merchant.code) {
      throw new ApiError(404, 'conversation_not_found', 'No such conversation');
    }
    const { ticket, expiresAt } = await issueChatTicket(c.env.DB, {
      conversationId, role: 'player', authorId: member.memberId, authorName: member.nickname || member.account, sessionHash: member.tokenHash,
    });
    const value: ValueOf<typeof conversationCalls.chatTicket> = { ticket, conversationId, wsPath: CHAT_WS_PATH, expiresAt };
    return ok(c, value);
  })
  .post('/external/verify', valid('json', z.object({ ticket: z.string().min(20).max(200) })), async (c) => {
    const identity = await takeExternalChatTicket(c.env.DB, hashToken(c.req.valid('json').ticket), c.var.merchant.code);
    if (!identity) throw new ApiError(401, 'chat_ticket_invalid', 'The chat ticket is unknown, used or expired');
    c.header('Cache-Control', 'no-store');
    return ok(c, {
      merchant: identity.merchantCode, memberId: identity.memberId, username: identity.username, account: identity.account,
      nickname: identity.nickname, language: identity.language,
    });
  })
  .get('/ws', async (c) => {
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') throw new ApiError(426, 'request_param_err', 'WebSocket upgrade expected');
    const ticket = c.req.query('ticket') ?? '';
    const grant = ticket ? await takeChatTicket(c.env.DB, hashToken(ticket)) : null;
    if (!grant) throw new ApiError(401, 'chat_ticket_invalid', 'The chat ticket is unknown, used or expired');
    const conversation = await findConversation(c.env.DB, grant.conversationId);
    if (!conversation || conversation.merchantCode !== c.var.merchant.code) throw new ApiError(404, 'conversation_not_found', 'No such conversation');
    const stub = c.env.CHAT_ROOM.get(c.env.CHAT_ROOM.idFromName(conversation.id));
    const headers = new Headers({ Upgrade: 'websocket' });
    headers.set(ROOM_HEADERS.conversation, conversation.id);
    headers.set(ROOM_HEADERS.role, grant.role);
    headers.set(ROOM_HEADERS.authorId, String(grant.authorId));
    headers.set(ROOM_HEADERS.author, encodeURIComponent(grant.authorName));
    headers.set(ROOM_HEADERS.session, grant.sessionHash);
    const answer = await stub.fetch(new Request('https://chat.internal/ws', { headers }));
    // A fresh response, so the edge middleware may still add its headers (the object's answer is immutable).
    return new Response(answer.body, { status: answer.status, headers: new Headers(answer.headers), webSocket: answer.webSocket });
  });
