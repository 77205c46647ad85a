import { SESSION_IDLE_MS } from './sessions';

/**
 * Live-chat index queries (accounts-and-communication §2 Message centre live chat; platform-contract.md §3 chat).
 * The messages live in each conversation's Durable Object (worker/services/chat/room.ts); D1 keeps what lists need: who,
 * which merchant, open or closed, and the unread counts on both sides.
 */

/** A conversation as the index holds it. */
export interface Conversation {
  id: string;
  merchantCode: string;
  memberId: number;
  status: 'open' | 'closed';
  lastMessageAt: number;
  playerUnread: number;
  agentUnread: number;
}

interface Row {
  id: string;
  merchant_code: string;
  member_id: number;
  status: string;
  last_message_at: number;
  player_unread: number;
  agent_unread: number;
}

function toConversation(row: Row): Conversation {
  return {
    id: row.id, merchantCode: row.merchant_code, memberId: row.member_id, status: row.status === 'closed' ? 'closed' : 'open',
    lastMessageAt: row.last_message_at, playerUnread: row.player_unread, agentUnread: row.agent_unread,
  };
}

/** The member's open conversation, opening one (id `newId`) when there is none; racing opens end in one. */
export async function openConversation(db: D1Database, merchantCode: string, memberId: number, newId: string, now = Date.now()): Promise<Conversation> {
  const [, found] = await db.batch<Row>([
    db.prepare(`INSERT INTO chat_conversations (id, merchant_code, member_id, status, created_at, last_message_at)
      VALUES (?1, ?2, ?3, 'open', ?4, ?4) ON CONFLICT (member_id) WHERE status = 'open' DO NOTHING`).bind(newId, merchantCode, memberId, now),
    db.prepare(`SELECT * FROM chat_conversations WHERE member_id = ? AND status = 'open'`).bind(memberId),
  ]);
  const row = found?.results[0];
  if (!row) throw new Error('conversation not opened');
  return toConversation(row);
}

/** A conversation by id, or null. */
export async function findConversation(db: D1Database, id: string): Promise<Conversation | null> {
  const row = await db.prepare(`SELECT * FROM chat_conversations WHERE id = ?`).bind(id).first<Row>();
  return row ? toConversation(row) : null;
}

/** Agent replies the member has not read, over all their conversations. */
export async function countChatUnread(db: D1Database, memberId: number): Promise<number> {
  const row = await db.prepare(`SELECT COALESCE(SUM(player_unread), 0) AS n FROM chat_conversations WHERE member_id = ?`).bind(memberId).first<{ n: number }>();
  return row?.n ?? 0;
}

/** What the Durable Object reports after a change. */
export interface ConversationSummary {
  lastSeq: number;
  lastMessageAt: number;
  playerReadSeq: number;
  agentReadSeq: number;
  playerUnread: number;
  agentUnread: number;
  status: 'open' | 'closed';
}

/** Writes the Durable Object's summary into the index (never moves a counter backwards in sequence). */
export async function saveConversationSummary(db: D1Database, id: string, s: ConversationSummary): Promise<void> {
  await db.prepare(`UPDATE chat_conversations SET last_seq = ?2, last_message_at = ?3, player_read_seq = ?4, agent_read_seq = ?5,
      player_unread = ?6, agent_unread = ?7, status = ?8 WHERE id = ?1 AND last_seq <= ?2`)
    .bind(id, s.lastSeq, s.lastMessageAt, s.playerReadSeq, s.agentReadSeq, s.playerUnread, s.agentUnread, s.status).run();
}

/** Who a ticket lets in. */
export interface ChatTicketGrant {
  conversationId: string;
  role: 'player' | 'agent';
  authorId: number;
  authorName: string;
  /**
   * Hash of the session that asked for the ticket: the player's (sessions.token_hash) or the agent's console session
   * (console_sessions.token_hash). The room closes the socket once that session has ended (liveChatSessions).
   */
  sessionHash: string;
}

/** Stores a ticket's hash until `expiresAt` (epoch ms). */
export async function storeChatTicket(db: D1Database, ticketHash: string, grant: ChatTicketGrant, expiresAt: number): Promise<void> {
  await db.prepare(`INSERT INTO chat_tickets (ticket_hash, conversation_id, role, author_id, author_name, session_hash, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
    .bind(ticketHash, grant.conversationId, grant.role, grant.authorId, grant.authorName, grant.sessionHash, expiresAt).run();
}

/** Takes a ticket (single use): its grant if it exists and has not expired; expired tickets are swept. */
export async function takeChatTicket(db: D1Database, ticketHash: string, now = Date.now()): Promise<ChatTicketGrant | null> {
  const [taken] = await db.batch<{ conversation_id: string; role: string; author_id: number; author_name: string; session_hash: string; expires_at: number }>([
    db.prepare(`DELETE FROM chat_tickets WHERE ticket_hash = ? RETURNING conversation_id, role, author_id, author_name, session_hash, expires_at`).bind(ticketHash),
    db.prepare(`DELETE FROM chat_tickets WHERE expires_at < ?`).bind(now),
  ]);
  const row = taken?.results[0];
  if (!row || row.expires_at < now || row.session_hash === '') return null;
  return {
    conversationId: row.conversation_id, role: row.role === 'agent' ? 'agent' : 'player', authorId: row.author_id, authorName: row.author_name,
    sessionHash: row.session_hash,
  };
}

/**
 * Which of the given session hashes are live at `now` (epoch ms), in one read: players' sessions by the rules of
 * sessions.ts findSessionMember (not revoked, not past their absolute or idle end, member active) and agents'
 * console sessions by those of console-sessions.ts (not revoked, not expired, operator active). Log-out,
 * log-out everywhere, a password change or reset, a console log-out and an agent's password reset all end a
 * session by writing `revoked_at`, so this one read sees every way a session ends.
 */
export async function liveChatSessions(db: D1Database, playerHashes: readonly string[], agentHashes: readonly string[], now = Date.now()): Promise<Set<string>> {
  if (playerHashes.length === 0 && agentHashes.length === 0) return new Set();
  const rows = await db.prepare(`SELECT s.token_hash AS h FROM sessions s JOIN members m ON m.id = s.member_id
      WHERE s.token_hash IN (SELECT value FROM json_each(?1)) AND s.revoked_at IS NULL AND s.expires_at > ?3 AND ?3 - s.last_seen_at < ?4 AND m.status = 1
      UNION ALL
      SELECT s.token_hash AS h FROM console_sessions s JOIN console_operators o ON o.id = s.operator_id
      WHERE s.token_hash IN (SELECT value FROM json_each(?2)) AND s.revoked_at IS NULL AND s.expires_at > ?3 AND o.status = 1`)
    .bind(JSON.stringify(playerHashes), JSON.stringify(agentHashes), now, SESSION_IDLE_MS).all<{ h: string }>();
  return new Set(rows.results.map((r) => r.h));
}

/** The merchant's external chat URL template, or null for the built-in chat. */
export async function findChatUrlTemplate(db: D1Database, merchantCode: string): Promise<string | null> {
  const row = await db.prepare(`SELECT external_url_template AS t FROM chat_settings WHERE merchant_code = ?`).bind(merchantCode).first<{ t: string | null }>();
  return row?.t ?? null;
}
