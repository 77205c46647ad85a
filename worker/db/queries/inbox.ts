/**
 * Inbox queries (accounts-and-communication §2 Message centre, §6; platform-contract.md §3 inbox). A member sees
 * their personal messages and the broadcasts of their merchant sent since they joined: `all` to everyone, `agents`
 * to agent members (types 1 and 2). A broadcast is one row; each member's read/deleted state is a row of
 * inbox_states, written only when the member acts on it. Broadcasts sent while the member was on a break or
 * self-excluded are not theirs to see (docs/player-protection.md "Time-out and self-exclusion": no marketing).
 */
import { sentWhileExcludedSql } from './protection-exclusions.ts';

/** One inbox row as the list shows it. */
export interface InboxRow {
  id: number;
  title: string;
  createdAt: number;
  read: boolean;
  broadcast: boolean;
}

interface Row {
  id: number;
  title: string;
  content: string;
  created_at: number;
  audience: string;
  read_at: number | null;
}

/** Who reads: the member id (its merchant, type and join time are read from members). */
const ME = `me AS (SELECT id, merchant_code, type, created_at FROM members WHERE id = ?1)`;

/** The messages the member `me` may see and has not deleted (aliases m, s). */
const VISIBLE = `FROM me JOIN inbox_messages m ON m.merchant_code = me.merchant_code
  LEFT JOIN inbox_states s ON s.member_id = me.id AND s.message_id = m.id
  WHERE (m.member_id = me.id
     OR (m.member_id IS NULL AND m.created_at >= me.created_at
         AND (m.audience = 'all' OR (m.audience = 'agents' AND me.type IN (1, 2)))
         AND NOT ${sentWhileExcludedSql('me.id', 'me.merchant_code', 'm.created_at')}))
    AND s.deleted_at IS NULL`;

function toRow(row: Row): InboxRow {
  return { id: row.id, title: row.title, createdAt: row.created_at, read: row.read_at !== null, broadcast: row.audience !== 'member' };
}

/** A page of the member's inbox, newest first, with the total and the unread count. */
export async function pageInbox(
  db: D1Database, memberId: number, page: { pageNo: number; pageSize: number },
): Promise<{ list: InboxRow[]; total: number; unread: number }> {
  const [rows, counts] = await db.batch([
    db.prepare(`WITH ${ME} SELECT m.id, m.title, '' AS content, m.created_at, m.audience, s.read_at ${VISIBLE}
       ORDER BY m.created_at DESC, m.id DESC LIMIT ?2 OFFSET ?3`)
      .bind(memberId, page.pageSize, (page.pageNo - 1) * page.pageSize),
    db.prepare(`WITH ${ME} SELECT COUNT(*) AS total, COALESCE(SUM(s.read_at IS NULL), 0) AS unread ${VISIBLE}`).bind(memberId),
  ]);
  const count = (counts?.results[0] ?? { total: 0, unread: 0 }) as { total: number; unread: number };
  return { list: ((rows?.results ?? []) as Row[]).map(toRow), total: count.total, unread: count.unread };
}

/** The member's unread, undeleted messages. */
export async function countUnreadInbox(db: D1Database, memberId: number): Promise<number> {
  const row = await db.prepare(`WITH ${ME} SELECT COUNT(*) AS n ${VISIBLE} AND s.read_at IS NULL`).bind(memberId).first<{ n: number }>();
  return row?.n ?? 0;
}

/** One visible message with its content, or null. */
export async function findInboxMessage(db: D1Database, memberId: number, id: number): Promise<(InboxRow & { content: string }) | null> {
  const row = await db.prepare(`WITH ${ME} SELECT m.id, m.title, m.content, m.created_at, m.audience, s.read_at ${VISIBLE} AND m.id = ?2`)
    .bind(memberId, id).first<Row>();
  return row ? { ...toRow(row), content: row.content } : null;
}

/**
 * Sets `read_at` (first read kept) or `deleted_at` on the visible messages among `ids`, in one statement; ids
 * the member cannot see are ignored.
 */
export async function markInbox(db: D1Database, memberId: number, ids: readonly number[], what: 'read' | 'deleted', now = Date.now()): Promise<void> {
  const column = what === 'read' ? 'read_at' : 'deleted_at';
  await db.prepare(
    `WITH ${ME} INSERT INTO inbox_states (message_id, member_id, ${column})
     SELECT m.id, me.id, ?3 ${VISIBLE} AND m.id IN (SELECT value FROM json_each(?2))
     ON CONFLICT (member_id, message_id) DO UPDATE SET ${column} = COALESCE(${column}, excluded.${column})`,
  ).bind(memberId, JSON.stringify(ids), now).run();
}

/**
 * Sets `read_at` on every visible message of the member that is still unread (all pages at once), in one
 * statement; messages read before keep their first read time.
 */
export async function markAllInboxRead(db: D1Database, memberId: number, now = Date.now()): Promise<void> {
  await db.prepare(
    `WITH ${ME} INSERT INTO inbox_states (message_id, member_id, read_at)
     SELECT m.id, me.id, ?2 ${VISIBLE} AND s.read_at IS NULL
     ON CONFLICT (member_id, message_id) DO UPDATE SET read_at = COALESCE(read_at, excluded.read_at)`,
  ).bind(memberId, now).run();
}

/** Who a sent message is for. */
export type InboxAudience = { kind: 'member'; username: string } | { kind: 'agents' } | { kind: 'all' };

/** A message to send: idempotent per merchant by `messageKey`; `content` already sanitised. */
export interface OutgoingMessage {
  merchantCode: string;
  audience: InboxAudience;
  messageKey: string;
  title: string;
  content: string;
}

/**
 * The one statement that sends a message (a personal message or ONE broadcast row, so nothing is ever half-sent);
 * a key already used on the merchant changes nothing (ON CONFLICT DO NOTHING). A member that does not exist
 * inserts nothing. Shared by the worker and the operator script (scripts/operator.ts renders it as SQL text).
 */
export function sendMessageSql(message: OutgoingMessage, now: number): { sql: string; params: (string | number)[] } {
  const { audience } = message;
  if (audience.kind === 'member') {
    return {
      sql: `INSERT INTO inbox_messages (merchant_code, audience, member_id, message_key, title, content, created_at)
        SELECT ?1, 'member', id, ?2, ?3, ?4, ?5 FROM members WHERE merchant_code = ?1 AND username = ?6
        ON CONFLICT (merchant_code, message_key) DO NOTHING`,
      params: [message.merchantCode, message.messageKey, message.title, message.content, now, audience.username.toLowerCase()],
    };
  }
  return {
    sql: `INSERT INTO inbox_messages (merchant_code, audience, member_id, message_key, title, content, created_at)
      VALUES (?1, ?6, NULL, ?2, ?3, ?4, ?5) ON CONFLICT (merchant_code, message_key) DO NOTHING`,
    params: [message.merchantCode, message.messageKey, message.title, message.content, now, audience.kind],
  };
}

/** Sends a message (sendMessageSql); true when it was new, false when the key was used before or no such member. */
export async function sendInboxMessage(db: D1Database, message: OutgoingMessage, now = Date.now()): Promise<boolean> {
  const { sql, params } = sendMessageSql(message, now);
  const result = await db.prepare(sql).bind(...params).run();
  return (result.meta.changes ?? 0) > 0;
}

/** The built-in welcome text, used when the merchant has no template in any language. */
export const DEFAULT_WELCOME = {
  title: 'Welcome!',
  content: '<p>Thank you for joining us. Your account is ready: have a look at the games, and write to us in live chat whenever you need help.</p>',
};

/**
 * The statement that gives a new member (looked up by merchant and lower-case username, so it runs in the
 * same batch as the member's INSERT) the merchant's welcome message in `language` (else EN, else the first
 * template, else DEFAULT_WELCOME). Key `welcome:<member id>`: one welcome per member.
 */
export function welcomeMessageStatement(db: D1Database, merchantCode: string, usernameKey: string, language: string, now: number): D1PreparedStatement {
  return db.prepare(
    `INSERT INTO inbox_messages (merchant_code, audience, member_id, message_key, title, content, created_at)
     SELECT ?1, 'member', mem.id, 'welcome:' || mem.id, COALESCE(t.title, ?4), COALESCE(t.content, ?5), ?6
     FROM members mem LEFT JOIN (SELECT title, content FROM inbox_templates WHERE merchant_code = ?1 AND kind = 'welcome'
       ORDER BY language = ?3 DESC, language = 'EN' DESC, language LIMIT 1) t ON 1
     WHERE mem.merchant_code = ?1 AND mem.username = ?2
     ON CONFLICT (merchant_code, message_key) DO NOTHING`,
  ).bind(merchantCode, usernameKey, language.toUpperCase(), DEFAULT_WELCOME.title, DEFAULT_WELCOME.content, now);
}
