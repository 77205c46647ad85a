import { z } from 'zod';
import { defineCall } from '../call';
import { money } from '../money';

/**
 * The back office's Support area (docs/back-office.md "Support"): the site's live-chat conversations (open and
 * closed, with the assigned agent and the unread count), assignment, the chat ticket an agent opens a conversation
 * with (the conversation itself runs over the WebSocket of contract/chat-protocol.ts), the player panel beside it,
 * the unread badge and the site's canned answers. Lists follow src/console/registry.ts (`{ items, total }`, `page`
 * and `perPage`). Built-in mode only: in upstream mode live chat is the platform's own and these answer 404.
 */

/** A conversation id as the chat launch makes it. */
export const supportConversationId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

const page = z.string().regex(/^\d{1,6}$/).transform(Number).pipe(z.number().int().min(1)).optional();
const perPage = z.string().regex(/^\d{1,3}$/).transform(Number).pipe(z.number().int().min(1).max(100)).optional();

/**
 * Conversation filters: `status` (default open), `assigned` (`me`, `none` or an operator id), `account` (part of the
 * player's user name), and the page.
 */
export const supportConversationsQuery = z.object({
  status: z.enum(['open', 'closed']).default('open'),
  assigned: z.union([z.enum(['me', 'none']), z.string().regex(/^\d{1,12}$/)]).optional(),
  account: z.string().trim().min(1).max(40).optional(),
  page, perPage,
  sort: z.string().max(40).optional(),
  order: z.enum(['ASC', 'DESC']).optional(),
});

/** One conversation in the list. Times are epoch ms. */
export const supportConversation = z.object({
  id: z.string(),
  memberId: z.number().int(),
  account: z.string(),
  status: z.enum(['open', 'closed']),
  createdAt: z.number().int(),
  lastMessageAt: z.number().int(),
  /** The player's messages no agent has read. */
  agentUnread: z.number().int(),
  assignedTo: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  assignedAt: z.number().int().nullable(),
});

/**
 * Assign to an operator of the site who answers chats (their id, `me` for the signed-in operator, `null`: nobody),
 * with an optional reason for the audit log.
 */
export const supportAssignBody = z.object({
  operatorId: z.union([z.number().int().positive(), z.literal('me')]).nullable(),
  reason: z.string().trim().max(500).optional(),
});

/** A canned answer as written: a short title for the picker and the text (plain, at most 1000 characters: one chat message). */
export const cannedAnswerBody = z.object({
  title: z.string().trim().min(1).max(80),
  body: z.string().trim().min(1).max(1000),
});

export const cannedAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});

const withdrawalStatus = z.enum(['pending', 'approved', 'paid', 'rejected', 'failed']);
const withdrawal = z.object({ id: z.number().int(), amount: money(), status: withdrawalStatus, at: z.number().int() });

/** The player panel beside a conversation: money as decimals of `currency`, times epoch ms. */
export const supportPlayerContext = z.object({
  memberId: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  status: z.enum(['active', 'disabled']),
  type: z.number().int(),
  registeredAt: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  currency: z.string(),
  balance: money(),
  cash: money(),
  bonus: money(),
  deposits: z.array(z.object({ amount: money(), at: z.number().int(), reference: z.string() })),
  withdrawals: z.array(withdrawal),
  openWithdrawal: withdrawal.nullable(),
  logins: z.array(z.object({ at: z.number().int(), lastSeenAt: z.number().int() })),
});

const list = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

export const supportCalls = {
  supportConversations: defineCall({
    name: 'supportConversations', method: 'GET', path: '/console/api/support/conversations', auth: 'none', console: 'chat.read',
    query: supportConversationsQuery, value: list(supportConversation),
    summary: "The site's conversations, open or closed, most recent message first (docs/back-office.md \"Support\").",
  }),
  supportConversation: defineCall({
    name: 'supportConversation', method: 'GET', path: '/console/api/support/conversations/{id}', auth: 'none', console: 'chat.read',
    value: supportConversation,
    summary: "One conversation of the site (404 `conversation_not_found` for another site's).",
  }),
  supportAssign: defineCall({
    name: 'supportAssign', method: 'POST', path: '/console/api/support/conversations/{id}/assign', auth: 'none', console: 'chat.answer',
    body: supportAssignBody, value: supportConversation,
    summary: 'Assigns a conversation to an agent of the site or to nobody, audited `chat.assign` (400 `support_agent_invalid`, 409 `conversation_assignment_changed`).',
  }),
  supportTicket: defineCall({
    name: 'supportTicket', method: 'POST', path: '/console/api/support/conversations/{id}/ticket', auth: 'none', console: 'chat.answer',
    value: z.object({ ticket: z.string(), wsPath: z.string(), expiresAt: z.number() }),
    summary: 'A single-use chat ticket as agent, bound to the console session; opens the conversation\'s WebSocket (contract/chat-protocol.ts), also of a closed one to read its history.',
  }),
  supportPlayer: defineCall({
    name: 'supportPlayer', method: 'GET', path: '/console/api/support/conversations/{id}/player', auth: 'none', console: 'chat.read',
    value: supportPlayerContext,
    summary: 'The player panel of a conversation: profile, status, balance, recent deposits and withdrawals, the open withdrawal, last sign-ins.',
  }),
  supportUnread: defineCall({
    name: 'supportUnread', method: 'GET', path: '/console/api/support/unread', auth: 'none', console: 'chat.read',
    value: z.object({ conversations: z.number().int(), messages: z.number().int() }),
    summary: 'Open conversations with unread player messages and how many messages (the badge).',
  }),
  supportAgents: defineCall({
    name: 'supportAgents', method: 'GET', path: '/console/api/support/agents', auth: 'none', console: 'chat.read',
    value: list(z.object({ id: z.number().int(), username: z.string(), name: z.string(), role: z.string(), me: z.boolean() })),
    summary: 'Operators a conversation of the site may be assigned to (active, the site among theirs, a role that answers chats); `me` marks the signed-in one.',
  }),
  cannedAnswers: defineCall({
    name: 'cannedAnswers', method: 'GET', path: '/console/api/support/canned-answers', auth: 'none', console: 'chat.answer',
    query: z.object({ page, perPage, sort: z.string().max(40).optional(), order: z.enum(['ASC', 'DESC']).optional() }),
    value: list(cannedAnswer),
    summary: "The site's canned answers by title.",
  }),
  cannedAnswer: defineCall({
    name: 'cannedAnswer', method: 'GET', path: '/console/api/support/canned-answers/{id}', auth: 'none', console: 'chat.answer',
    value: cannedAnswer, summary: "One canned answer (404 `canned_answer_not_found` for another site's).",
  }),
  cannedAnswerCreate: defineCall({
    name: 'cannedAnswerCreate', method: 'POST', path: '/console/api/support/canned-answers', auth: 'none', console: 'chat.answer',
    body: cannedAnswerBody, value: cannedAnswer, summary: 'Adds a canned answer, audited `chat.canned.create`.',
  }),
  cannedAnswerUpdate: defineCall({
    name: 'cannedAnswerUpdate', method: 'PUT', path: '/console/api/support/canned-answers/{id}', auth: 'none', console: 'chat.answer',
    body: cannedAnswerBody.partial(), value: cannedAnswer, summary: 'Changes a canned answer, audited `chat.canned.update`.',
  }),
  cannedAnswerDelete: defineCall({
    name: 'cannedAnswerDelete', method: 'DELETE', path: '/console/api/support/canned-answers/{id}', auth: 'none', console: 'chat.answer',
    value: z.object({ id: z.number().int() }), summary: 'Deletes a canned answer, audited `chat.canned.delete`.',
  }),
} as const;
