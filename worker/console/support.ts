import { Hono } from 'hono';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { ApiError, encodeValue, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { listCannedAnswers, listSupportConversations, supportUnread } from '../db/queries/support';
import { CHAT_WS_PATH, issueChatTicket } from '../services/chat/launch';
import {
  assignConversation, createCannedAnswer, deleteCannedAnswer, playerContext, requireCannedAnswer, requireConversation, supportAgents,
  updateCannedAnswer, type SupportActor,
} from '../services/chat/support';
import { hashToken } from '../services/crypto/tokens';
import {
  cannedAnswerBody, supportAssignBody, supportCalls, supportConversationId, supportConversationsQuery,
} from '../../contract/calls/console-support';
import { builtInOnly, can, CONSOLE_COOKIE, type ConsoleEnv } from './access';

const idParam = z.object({ id: supportConversationId });
const cannedIdParam = z.object({ id: z.string().regex(/^\d{1,12}$/).transform(Number) });
const pageQuery = z.object({
  page: z.string().regex(/^\d{1,6}$/).transform(Number).pipe(z.number().int().min(1)).optional(),
  perPage: z.string().regex(/^\d{1,3}$/).transform(Number).pipe(z.number().int().min(1).max(100)).optional(),
}).loose();

/** The audit row's who and where for the signed-in operator. */
const actor = (c: Context<ConsoleEnv>): SupportActor => ({
  merchantCode: c.var.merchant.code, operatorId: c.var.operator.id, operator: c.var.operator.username, address: c.var.clientIp,
});

/**
 * The back office's Support calls (docs/back-office.md "Support"; contract/calls/console-support.ts), mounted at
 * /console/api/support. Every call is by the operator's site (`c.var.merchant.code`): another site's conversation
 * or canned answer answers 404. Built-in mode only: in upstream mode live chat is the platform's (its `chatUrl`,
 * docs/upstream-mode.md) and every call here answers 404 `function.not.available`.
 * - GET /conversations?status=open|closed&assigned=me|none|<id>&account=&page=&perPage= (chat.read) → `{ items, total }`
 * - GET /conversations/:id (chat.read) → the conversation
 * - POST /conversations/:id/assign `{ operatorId: id | 'me' | null, reason? }` (chat.answer) → the conversation, audited `chat.assign`
 * - POST /conversations/:id/ticket (chat.answer) → `{ ticket, wsPath, expiresAt }`: a chat ticket as agent bound to
 *   this console session (its socket closes once the session ends); a closed conversation opens too, to read it
 * - GET /conversations/:id/player (chat.read) → the player panel (money as decimals)
 * - GET /unread (chat.read) → `{ conversations, messages }`; GET /agents (chat.read) → `{ items, total }` (`me` marks the caller)
 * - /canned-answers (chat.answer: agents keep their own canned answers, each change audited): GET list, GET /:id,
 *   POST `{ title, body }`, PUT /:id (partial), DELETE /:id → `{ id }`
 * Answering and closing happen over the conversation's WebSocket (contract/chat-protocol.ts); closing writes an
 * audit row (worker/services/chat/room.ts).
 */
export const supportRouter = new Hono<ConsoleEnv>()
  // In upstream mode live chat is the platform's own: nothing here to answer.
  .use('*', builtInOnly, async (c, next) => {
    // A path id with a broken %-escape is bad input (400), not a failure of the param decoder (a 500).
    try {
      decodeURIComponent(c.req.path);
    } catch {
      throw new ApiError(400, 'request_param_err', 'Malformed path');
    }
    await next();
  })
  .get('/conversations', can('chat.read'), valid('query', supportConversationsQuery), async (c) => {
    const q = c.req.valid('query');
    const perPage = q.perPage ?? 25;
    const assigned = q.assigned === 'me' ? c.var.operator.id : q.assigned === 'none' ? 0 : q.assigned === undefined ? undefined : Number(q.assigned);
    const found = await listSupportConversations(c.env.DB, c.var.merchant.code, {
      status: q.status, assigned, account: q.account, offset: ((q.page ?? 1) - 1) * perPage, limit: perPage,
    });
    return ok(c, encodeValue(supportCalls.supportConversations, found));
  })
  .get('/conversations/:id', can('chat.read'), valid('param', idParam), async (c) => {
    return ok(c, await requireConversation(c.env.DB, c.var.merchant.code, c.req.valid('param').id));
  })
  .post('/conversations/:id/assign', can('chat.answer'), valid('param', idParam), valid('json', supportAssignBody), async (c) => {
    const { operatorId, reason } = c.req.valid('json');
    const to = operatorId === 'me' ? c.var.operator.id : operatorId;
    return ok(c, await assignConversation(c.env.DB, actor(c), c.req.valid('param').id, to, reason ?? ''));
  })
  .post('/conversations/:id/ticket', can('chat.answer'), valid('param', idParam), async (c) => {
    const conversation = await requireConversation(c.env.DB, c.var.merchant.code, c.req.valid('param').id);
    const operator = c.var.operator;
    // can() found a live session for this cookie; the socket lives only as long as it does.
    const sessionHash = hashToken(getCookie(c, CONSOLE_COOKIE) ?? '');
    const { ticket, expiresAt } = await issueChatTicket(c.env.DB, {
      conversationId: conversation.id, role: 'agent', authorId: operator.id, authorName: operator.displayName, sessionHash,
    });
    return ok(c, { ticket, wsPath: CHAT_WS_PATH, expiresAt });
  })
  .get('/conversations/:id/player', can('chat.read'), valid('param', idParam), async (c) => {
    const context = await playerContext(c.env.DB, c.var.merchant.code, c.req.valid('param').id);
    return ok(c, encodeValue(supportCalls.supportPlayer, context));
  })
  .get('/unread', can('chat.read'), async (c) => ok(c, await supportUnread(c.env.DB, c.var.merchant.code)))
  .get('/agents', can('chat.read'), async (c) => {
    const items = (await supportAgents(c.env.DB, c.var.merchant.code)).map((a) => ({ ...a, me: a.id === c.var.operator.id }));
    return ok(c, { items, total: items.length });
  })
  .get('/canned-answers', can('chat.answer'), valid('query', pageQuery), async (c) => {
    const all = await listCannedAnswers(c.env.DB, c.var.merchant.code);
    const { page = 1, perPage = 100 } = c.req.valid('query');
    return ok(c, { items: all.slice((page - 1) * perPage, page * perPage), total: all.length });
  })
  .get('/canned-answers/:id', can('chat.answer'), valid('param', cannedIdParam), async (c) => {
    return ok(c, await requireCannedAnswer(c.env.DB, c.var.merchant.code, c.req.valid('param').id));
  })
  .post('/canned-answers', can('chat.answer'), valid('json', cannedAnswerBody), async (c) => {
    return ok(c, await createCannedAnswer(c.env.DB, actor(c), c.req.valid('json')));
  })
  .put('/canned-answers/:id', can('chat.answer'), valid('param', cannedIdParam), valid('json', cannedAnswerBody.partial()), async (c) => {
    const change = c.req.valid('json');
    const fields = { ...(change.title !== undefined ? { title: change.title } : {}), ...(change.body !== undefined ? { body: change.body } : {}) };
    return ok(c, await updateCannedAnswer(c.env.DB, actor(c), c.req.valid('param').id, fields));
  })
  .delete('/canned-answers/:id', can('chat.answer'), valid('param', cannedIdParam), async (c) => {
    const { id } = c.req.valid('param');
    await deleteCannedAnswer(c.env.DB, actor(c), id);
    return ok(c, { id });
  });
