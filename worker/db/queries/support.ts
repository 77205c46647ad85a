/**
 * Support in the back office (docs/back-office.md "Support"; migration 0042_support.sql): the site's conversations
 * as the console lists them (with the assigned operator), assignment, canned answers, and the reads of the player
 * panel that no other query makes (the member's registration and recent sign-ins). Every read is by site: a row of
 * another site is never answered. Times are epoch milliseconds.
 */

/** A conversation row of the console list. */
export interface SupportConversation {
  id: string;
  memberId: number;
  account: string;
  status: 'open' | 'closed';
  createdAt: number;
  lastMessageAt: number;
  /** The player's messages the agents have not read. */
  agentUnread: number;
  /** The assigned operator, or null. */
  assignedTo: { id: number; name: string } | null;
  assignedAt: number | null;
}

interface ConversationRow {
  id: string;
  member_id: number;
  account: string;
  status: string;
  created_at: number;
  last_message_at: number;
  agent_unread: number;
  assigned_operator_id: number | null;
  assigned_name: string | null;
  assigned_at: number | null;
}

const CONVERSATION_SELECT = `SELECT c.id, c.member_id, m.account, c.status, c.created_at, c.last_message_at, c.agent_unread,
    c.assigned_operator_id, o.display_name AS assigned_name, c.assigned_at
  FROM chat_conversations c JOIN members m ON m.id = c.member_id LEFT JOIN console_operators o ON o.id = c.assigned_operator_id`;

function toConversation(r: ConversationRow): SupportConversation {
  return {
    id: r.id, memberId: r.member_id, account: r.account, status: r.status === 'closed' ? 'closed' : 'open', createdAt: r.created_at,
    lastMessageAt: r.last_message_at, agentUnread: r.agent_unread,
    assignedTo: r.assigned_operator_id === null ? null : { id: r.assigned_operator_id, name: r.assigned_name ?? '' }, assignedAt: r.assigned_at,
  };
}

/** Filters of the list: status, and `assigned` (an operator id, 0 for nobody, undefined for anyone). */
export interface SupportListFilter {
  status: 'open' | 'closed';
  assigned?: number | undefined;
  /** Part of the player's account name (case-insensitive). */
  account?: string | undefined;
  offset: number;
  limit: number;
}

/** A page of the site's conversations, most recent message first, and how many match. */
export async function listSupportConversations(db: D1Database, merchantCode: string, f: SupportListFilter): Promise<{ items: SupportConversation[]; total: number }> {
  const where = `c.merchant_code = ?1 AND c.status = ?2
    AND (?3 IS NULL OR (?3 = 0 AND c.assigned_operator_id IS NULL) OR c.assigned_operator_id = ?3)
    AND (?4 IS NULL OR m.username LIKE '%' || ?4 || '%' ESCAPE '\\')`;
  const account = f.account === undefined ? null : f.account.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const [rows, count] = await db.batch<Record<string, unknown>>([
    db.prepare(`${CONVERSATION_SELECT} WHERE ${where} ORDER BY c.last_message_at DESC, c.id LIMIT ?5 OFFSET ?6`)
      .bind(merchantCode, f.status, f.assigned ?? null, account, f.limit, f.offset),
    db.prepare(`SELECT COUNT(*) AS n FROM chat_conversations c JOIN members m ON m.id = c.member_id WHERE ${where}`)
      .bind(merchantCode, f.status, f.assigned ?? null, account),
  ]);
  return {
    items: ((rows?.results ?? []) as unknown as ConversationRow[]).map(toConversation),
    total: Number(count?.results[0]?.n ?? 0),
  };
}

/** One conversation of the site, or null (also for another site's). */
export async function findSupportConversation(db: D1Database, merchantCode: string, id: string): Promise<SupportConversation | null> {
  const row = await db.prepare(`${CONVERSATION_SELECT} WHERE c.id = ?1 AND c.merchant_code = ?2`).bind(id, merchantCode).first<ConversationRow>();
  return row ? toConversation(row) : null;
}

/** The site's open conversations with unread player messages, and the sum of those messages (the badge). */
export async function supportUnread(db: D1Database, merchantCode: string): Promise<{ conversations: number; messages: number }> {
  const row = await db.prepare(`SELECT COUNT(*) AS n, COALESCE(SUM(agent_unread), 0) AS m FROM chat_conversations
      WHERE merchant_code = ? AND status = 'open' AND agent_unread > 0`).bind(merchantCode).first<{ n: number; m: number }>();
  return { conversations: row?.n ?? 0, messages: row?.m ?? 0 };
}

/** An operator who may answer the site's chats. */
export interface SupportAgent {
  id: number;
  username: string;
  name: string;
  role: string;
}

/** Active operators with the site among their sites and one of `roles` (those who may answer chats), by name. */
export async function listSupportAgents(db: D1Database, merchantCode: string, roles: readonly string[]): Promise<SupportAgent[]> {
  const { results } = await db.prepare(`SELECT o.id, o.username, o.display_name, o.role FROM console_operators o
      JOIN console_operator_sites s ON s.operator_id = o.id AND s.merchant_code = ?1
      WHERE o.status = 1 AND o.role IN (SELECT value FROM json_each(?2)) ORDER BY o.display_name, o.id`)
    .bind(merchantCode, JSON.stringify(roles)).all<{ id: number; username: string; display_name: string; role: string }>();
  return results.map((r) => ({ id: r.id, username: r.username, name: r.display_name, role: r.role }));
}

/**
 * Assigns the site's conversation to an operator (null: nobody) at `now`, only while it is still assigned to
 * `expected` (so two operators assigning at once cannot both win unseen): the UPDATE, for the batch with its audit row.
 */
export function assignConversationStatement(db: D1Database, merchantCode: string, id: string, operatorId: number | null, expected: number | null, now: number): D1PreparedStatement {
  return db.prepare(`UPDATE chat_conversations SET assigned_operator_id = ?3, assigned_at = CASE WHEN ?3 IS NULL THEN NULL ELSE ?5 END
      WHERE id = ?1 AND merchant_code = ?2 AND assigned_operator_id IS ?4`).bind(id, merchantCode, operatorId, expected, now);
}

/**
 * A statement that fails (so the whole batch rolls back) when the statement just before it changed no row: put it
 * between a guarded change and its audit row, so a change that did not happen leaves no row either.
 */
export function failUnlessChangedStatement(db: D1Database): D1PreparedStatement {
  return db.prepare(`SELECT json('unchanged: roll back') WHERE changes() = 0`);
}

/** A canned answer. */
export interface CannedAnswer {
  id: number;
  title: string;
  body: string;
  createdAt: number;
  updatedAt: number;
}

interface CannedRow {
  id: number;
  title: string;
  body: string;
  created_at: number;
  updated_at: number;
}

const toCanned = (r: CannedRow): CannedAnswer => ({ id: r.id, title: r.title, body: r.body, createdAt: r.created_at, updatedAt: r.updated_at });

/** The site's canned answers by title (at most 500: a picker, not an archive). */
export async function listCannedAnswers(db: D1Database, merchantCode: string): Promise<CannedAnswer[]> {
  const { results } = await db.prepare(`SELECT id, title, body, created_at, updated_at FROM chat_canned_answers WHERE merchant_code = ? ORDER BY title COLLATE NOCASE, id LIMIT 500`)
    .bind(merchantCode).all<CannedRow>();
  return results.map(toCanned);
}

/** One canned answer of the site, or null (also another site's). */
export async function findCannedAnswer(db: D1Database, merchantCode: string, id: number): Promise<CannedAnswer | null> {
  const row = await db.prepare(`SELECT id, title, body, created_at, updated_at FROM chat_canned_answers WHERE id = ? AND merchant_code = ?`)
    .bind(id, merchantCode).first<CannedRow>();
  return row ? toCanned(row) : null;
}

/** The INSERT of a canned answer (its id comes back from the statement's result: `RETURNING id`). */
export function insertCannedAnswerStatement(db: D1Database, merchantCode: string, a: { title: string; body: string }, now: number): D1PreparedStatement {
  return db.prepare(`INSERT INTO chat_canned_answers (merchant_code, title, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id`)
    .bind(merchantCode, a.title, a.body, now, now);
}

/** The UPDATE of a canned answer of the site. */
export function updateCannedAnswerStatement(db: D1Database, merchantCode: string, id: number, a: { title: string; body: string }, now: number): D1PreparedStatement {
  return db.prepare(`UPDATE chat_canned_answers SET title = ?3, body = ?4, updated_at = ?5 WHERE id = ?1 AND merchant_code = ?2`)
    .bind(id, merchantCode, a.title, a.body, now);
}

/** The DELETE of a canned answer of the site. */
export function deleteCannedAnswerStatement(db: D1Database, merchantCode: string, id: number): D1PreparedStatement {
  return db.prepare(`DELETE FROM chat_canned_answers WHERE id = ? AND merchant_code = ?`).bind(id, merchantCode);
}

/** What the player panel needs beyond the member record: when and from where they registered. */
export async function findMemberRegistration(db: D1Database, memberId: number): Promise<{ createdAt: number; registerIp: string; status: number } | null> {
  const row = await db.prepare(`SELECT created_at, register_ip, status FROM members WHERE id = ?`).bind(memberId).first<{ created_at: number; register_ip: string; status: number }>();
  return row ? { createdAt: row.created_at, registerIp: row.register_ip, status: row.status } : null;
}

/** The member's newest sign-ins (each sign-in opens a session): when it started and when it was last used. */
export async function recentMemberSessions(db: D1Database, memberId: number, limit: number): Promise<{ startedAt: number; lastSeenAt: number }[]> {
  const { results } = await db.prepare(`SELECT created_at, last_seen_at FROM sessions WHERE member_id = ? ORDER BY created_at DESC LIMIT ?`)
    .bind(memberId, limit).all<{ created_at: number; last_seen_at: number }>();
  return results.map((r) => ({ startedAt: r.created_at, lastSeenAt: r.last_seen_at }));
}
