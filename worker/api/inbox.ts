import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { CallRouter } from './call-router';
import { conversationCalls } from '../../contract/calls/conversations';
import type { ValueOf } from '../../contract/call';
import { ApiError, ok } from '../lib/envelope';
import { countUnreadInbox, findInboxMessage, markAllInboxRead, markInbox, pageInbox } from '../db/queries/inbox';
import { requireRealMember, type AuthedMember } from '../middleware/auth-context';
import { CONVERSATION_READS_PER_MEMBER, CONVERSATION_WRITES_PER_MEMBER, consumeRateLimit } from '../services/accounts/rate-limit';
import { sanitizeRichText } from '../model/rich-text';
import { createMiddleware } from 'hono/factory';

/**
 * Route middleware of every inbox and chat relay: a session (401 `customer.not.login` / `user.or.token.invalid`),
 * a real account (403 `free_reject` for guest/trial, accounts §6), then one hit on the member's read or write
 * limit (429 `TOO_MANY_REQUEST` with Retry-After) — all before the input is validated.
 */
export function realMemberWithin(kind: 'read' | 'write') {
  return createMiddleware<AppEnv>(async (c, next) => {
    const member = requireRealMember(c);
    const limit = kind === 'read' ? CONVERSATION_READS_PER_MEMBER : CONVERSATION_WRITES_PER_MEMBER;
    await consumeRateLimit(c.env.DB, limit, String(member.memberId));
    await next();
  });
}

function member(c: Context<AppEnv>): AuthedMember {
  return requireRealMember(c);
}

/**
 * Inbox relays (platform-contract.md §3 inbox, INBOX3; accounts §2 Message centre, §6, §8), mounted at /wps/relay.
 * Schemas and shapes: contract/calls/conversations.ts. Errors: 401 without a session, 403 `free_reject` for
 * guest/trial, 429 `TOO_MANY_REQUEST`, 400 `request_param_err`, 404 `message_not_found`.
 */
export const inboxRouter = new CallRouter('/wps/relay')
  /** GET /CSP_getInbox?pageNo&pageSize → `{ list, pageNum, totalPages, total, unread }`, newest first. */
  .serve(conversationCalls.inboxList, realMemberWithin('read'), async (c) => {
    const page = c.req.valid('query');
    const { list, total, unread } = await pageInbox(c.env.DB, member(c).memberId, page);
    const value: ValueOf<typeof conversationCalls.inboxList> = {
      list, total, unread, pageNum: page.pageNo, totalPages: Math.ceil(total / page.pageSize),
    };
    return ok(c, value);
  })
  /** GET /CSP_getInboxDetail?id → the message (content sanitised again on the way out) and marks it read. */
  .serve(conversationCalls.inboxDetail, realMemberWithin('read'), async (c) => {
    const { id } = c.req.valid('query');
    const memberId = member(c).memberId;
    const found = await findInboxMessage(c.env.DB, memberId, id);
    if (!found) throw new ApiError(404, 'message_not_found', 'No such message');
    if (!found.read) await markInbox(c.env.DB, memberId, [id], 'read');
    const value: ValueOf<typeof conversationCalls.inboxDetail> = { ...found, read: true, content: sanitizeRichText(found.content) };
    return ok(c, value);
  })
  /** GET /CSP_unreadCount → the number of unread messages. */
  .serve(conversationCalls.inboxUnread, realMemberWithin('read'), async (c) => ok(c, await countUnreadInbox(c.env.DB, member(c).memberId)))
  /** POST /CSP_markInboxRead `{ ids }` → null. */
  .serve(conversationCalls.inboxMarkRead, realMemberWithin('write'), async (c) => {
    await markInbox(c.env.DB, member(c).memberId, c.req.valid('json').ids, 'read');
    return ok(c, null);
  })
  /** POST /CSP_markAllInboxRead → null: every unread message of the member, on every page. */
  .serve(conversationCalls.inboxMarkAllRead, realMemberWithin('write'), async (c) => {
    await markAllInboxRead(c.env.DB, member(c).memberId);
    return ok(c, null);
  })
  /** DELETE /CSP_deleteInbox `{ ids }` → null (hidden for this member only). */
  .serve(conversationCalls.inboxDelete, realMemberWithin('write'), async (c) => {
    await markInbox(c.env.DB, member(c).memberId, c.req.valid('json').ids, 'deleted');
    return ok(c, null);
  });
