import { ApiError } from '../../lib/envelope';
import { CONSOLE_PERMISSIONS } from '../../../rules/console-roles';
import { findMemberById } from '../../db/queries/members';
import { findWallet } from '../../db/queries/wallets';
import { pageTransactions } from '../../db/queries/transactions';
import { listWithdrawals, type WithdrawalStatus } from '../../db/queries/withdrawals';
import {
  assignConversationStatement, deleteCannedAnswerStatement, failUnlessChangedStatement, findCannedAnswer, findMemberRegistration, findSupportConversation,
  insertCannedAnswerStatement, listSupportAgents, recentMemberSessions, updateCannedAnswerStatement,
  type CannedAnswer, type SupportAgent, type SupportConversation,
} from '../../db/queries/support';
import { recordAudit } from '../operators/audit';

/**
 * Support in the back office (docs/back-office.md "Support"): assignment of a conversation to an agent, the site's
 * canned answers, and the player panel beside a conversation. Every change writes its audit row in the same batch.
 * Errors: 404 `conversation_not_found` / `canned_answer_not_found` for an unknown id or another site's, 400
 * `support_agent_invalid` for an assignee who may not answer the site's chats, 409 `conversation_assignment_changed`
 * when someone else changed the assignment first.
 */

/** Who makes a change (the audit row's who and where). */
export interface SupportActor {
  merchantCode: string;
  operatorId: number;
  operator: string;
  address: string;
}

/** Roles that may answer chats: the operators a conversation may be assigned to. */
export const ANSWERING_ROLES: readonly string[] = CONSOLE_PERMISSIONS['chat.answer'];

/** The site's conversation, or 404 `conversation_not_found` (also another site's). */
export async function requireConversation(db: D1Database, merchantCode: string, id: string): Promise<SupportConversation> {
  const found = await findSupportConversation(db, merchantCode, id);
  if (!found) throw new ApiError(404, 'conversation_not_found', 'No such conversation');
  return found;
}

/** The operators a conversation of the site may be assigned to (active, the site among theirs, a role that answers). */
export function supportAgents(db: D1Database, merchantCode: string): Promise<SupportAgent[]> {
  return listSupportAgents(db, merchantCode, ANSWERING_ROLES);
}

/**
 * Assigns the site's conversation `id` to operator `to` (null: nobody), open or closed, with the audit row
 * `chat.assign` (before/after `{ assignedTo: <username> | null }`, the reason) in the same batch. Assigning it to
 * whom it already has changes nothing and writes no row. Returns the conversation as it is afterwards.
 */
export async function assignConversation(db: D1Database, actor: SupportActor, id: string, to: number | null, reason: string, now = Date.now()): Promise<SupportConversation> {
  const conversation = await requireConversation(db, actor.merchantCode, id);
  const before = conversation.assignedTo?.id ?? null;
  if (before === to) return conversation;
  const agents = await supportAgents(db, actor.merchantCode);
  const assignee = to === null ? null : agents.find((a) => a.id === to);
  if (assignee === undefined) throw new ApiError(400, 'support_agent_invalid', 'That operator does not answer this site\'s chats');
  const name = (opId: number | null) => (opId === null ? null : agents.find((a) => a.id === opId)?.username ?? `operator:${opId}`);
  try {
    await db.batch([
      assignConversationStatement(db, actor.merchantCode, id, to, before, now),
      // Reassigned by someone else between the read and the write: nothing is changed and no row is written.
      failUnlessChangedStatement(db),
      recordAudit(db, {
        ...actor, action: 'chat.assign', target: `conversation:${id}`, before: { assignedTo: name(before) }, after: { assignedTo: assignee?.username ?? null },
        reason, at: now,
      }),
    ]);
  } catch {
    throw new ApiError(409, 'conversation_assignment_changed', 'Someone else changed the assignment; look again');
  }
  return requireConversation(db, actor.merchantCode, id);
}

/** A canned answer's fields as an operator writes them (plain text; the chat sanitises what is sent). */
export interface CannedAnswerInput {
  title: string;
  body: string;
}

/** The site's canned answer, or 404 `canned_answer_not_found`. */
export async function requireCannedAnswer(db: D1Database, merchantCode: string, id: number): Promise<CannedAnswer> {
  const found = await findCannedAnswer(db, merchantCode, id);
  if (!found) throw new ApiError(404, 'canned_answer_not_found', 'No such canned answer');
  return found;
}

/** Creates a canned answer of the site, audited `chat.canned.create` (after: title and text). */
export async function createCannedAnswer(db: D1Database, actor: SupportActor, input: CannedAnswerInput, now = Date.now()): Promise<CannedAnswer> {
  const [inserted] = await db.batch<{ id: number }>([
    insertCannedAnswerStatement(db, actor.merchantCode, input, now),
    recordAudit(db, { ...actor, action: 'chat.canned.create', target: 'canned-answer:new', after: input, at: now }),
  ]);
  const id = inserted?.results[0]?.id;
  if (id === undefined) throw new Error('canned answer not stored');
  return requireCannedAnswer(db, actor.merchantCode, id);
}

/** Changes a canned answer of the site (unset fields stay), audited `chat.canned.update` with before and after. */
export async function updateCannedAnswer(db: D1Database, actor: SupportActor, id: number, change: Partial<CannedAnswerInput>, now = Date.now()): Promise<CannedAnswer> {
  const current = await requireCannedAnswer(db, actor.merchantCode, id);
  const next = { title: change.title ?? current.title, body: change.body ?? current.body };
  if (next.title === current.title && next.body === current.body) return current;
  await db.batch([
    updateCannedAnswerStatement(db, actor.merchantCode, id, next, now),
    recordAudit(db, {
      ...actor, action: 'chat.canned.update', target: `canned-answer:${id}`, before: { title: current.title, body: current.body }, after: next, at: now,
    }),
  ]);
  return requireCannedAnswer(db, actor.merchantCode, id);
}

/** Deletes a canned answer of the site, audited `chat.canned.delete` (before: what it said). */
export async function deleteCannedAnswer(db: D1Database, actor: SupportActor, id: number, now = Date.now()): Promise<void> {
  const current = await requireCannedAnswer(db, actor.merchantCode, id);
  await db.batch([
    deleteCannedAnswerStatement(db, actor.merchantCode, id),
    recordAudit(db, { ...actor, action: 'chat.canned.delete', target: `canned-answer:${id}`, before: { title: current.title, body: current.body }, at: now }),
  ]);
}

/** How many of each the player panel shows. */
export const PANEL_ROWS = 5;

/** The player panel beside a conversation: money in minor units (the route encodes decimals), times epoch ms. */
export interface PlayerContext {
  memberId: number;
  account: string;
  nickname: string;
  /** 'active' or 'disabled' (members.status). */
  status: 'active' | 'disabled';
  /** Real account (0–2), trial (4) or special (40–42), as the platform numbers them. */
  type: number;
  registeredAt: number;
  lastLoginAt: number | null;
  mobile: string | null;
  email: string | null;
  currency: string;
  /** Playable balance (cash + bonus), cash and bonus. */
  balance: number;
  cash: number;
  bonus: number;
  /** The newest credited deposits (ledger entries of kind `deposit`). */
  deposits: { amount: number; at: number; reference: string }[];
  withdrawals: { id: number; amount: number; status: WithdrawalStatus; at: number }[];
  /** The newest withdrawal still waiting for a decision or a payout, or null. */
  openWithdrawal: { id: number; amount: number; status: WithdrawalStatus; at: number } | null;
  /** The newest sign-ins. */
  logins: { at: number; lastSeenAt: number }[];
}

/**
 * The player of the site's conversation `id`, for the agent answering it: profile, status, balance, recent
 * deposits and withdrawals, the open withdrawal and the last sign-ins (PANEL_ROWS of each) — from the queries the
 * player API and the wallet use. 404 `conversation_not_found` for another site's conversation.
 */
export async function playerContext(db: D1Database, merchantCode: string, id: string): Promise<PlayerContext> {
  const conversation = await requireConversation(db, merchantCode, id);
  const memberId = conversation.memberId;
  const [member, registration, wallet, deposits, withdrawals, logins] = await Promise.all([
    findMemberById(db, memberId), findMemberRegistration(db, memberId), findWallet(db, memberId),
    pageTransactions(db, memberId, { category: 'deposit', start: 0, end: Number.MAX_SAFE_INTEGER, offset: 0, limit: PANEL_ROWS }),
    listWithdrawals(db, memberId, 20), recentMemberSessions(db, memberId, PANEL_ROWS),
  ]);
  if (!member || member.merchantCode !== merchantCode) throw new ApiError(404, 'conversation_not_found', 'No such conversation');
  const toWithdrawal = (w: (typeof withdrawals)[number]) => ({ id: w.id, amount: w.amountMinor, status: w.status, at: w.createdAt });
  const open = withdrawals.find((w) => w.status === 'pending' || w.status === 'approved');
  const email = typeof member.profile.email === 'string' && member.profile.email ? member.profile.email : null;
  return {
    memberId, account: member.account, nickname: member.nickname, status: member.active ? 'active' : 'disabled', type: member.type,
    registeredAt: registration?.createdAt ?? 0, lastLoginAt: member.lastLoginAt, mobile: member.mobileE164, email,
    currency: wallet?.currency ?? '', balance: wallet?.balanceMinor ?? 0, cash: wallet?.cashMinor ?? 0, bonus: wallet?.bonusMinor ?? 0,
    deposits: deposits.rows.map((r) => ({ amount: r.amountMinor, at: r.createdAt, reference: r.reference })),
    withdrawals: withdrawals.slice(0, PANEL_ROWS).map(toWithdrawal),
    openWithdrawal: open ? toWithdrawal(open) : null,
    logins: logins.map((l) => ({ at: l.startedAt, lastSeenAt: l.lastSeenAt })),
  };
}
