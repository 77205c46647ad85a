import type { ChatMessage } from '../../../contract/chat-protocol';

/**
 * The storage of one live-chat conversation (worker/services/chat/room.ts): the Durable Object's own SQLite, not D1. Tables
 * `messages` (seq 1, 2, 3…, unique per role and client id), `meta` (key → text: conversation id, read receipts,
 * status) and `send_budget` (each speaker's flood budget). Times are epoch milliseconds. Every function is synchronous, as the object's storage API is.
 */

/** Creates the room's tables when they do not exist yet (run by the object's constructor). */
export function ensureRoomSchema(sql: SqlStorage): void {
  sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      seq INTEGER PRIMARY KEY, client_id TEXT NOT NULL, role TEXT NOT NULL, author TEXT NOT NULL, text TEXT NOT NULL, sent_at INTEGER NOT NULL,
      UNIQUE (role, client_id))`);
  sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
  sql.exec(`CREATE TABLE IF NOT EXISTS send_budget (speaker TEXT PRIMARY KEY, tokens INTEGER NOT NULL, refilled_at INTEGER NOT NULL)`);
}

/** A token bucket: at most `burst` messages at once, then one more every `refillMs`. */
export interface SendBudget {
  burst: number;
  refillMs: number;
}

/**
 * Takes one message from the speaker's budget in this conversation (`speaker`: role and author id, e.g. `player:42`),
 * true when there was one. Kept in the room's storage, not per socket, so every socket of the same member (or agent)
 * draws on one budget, and reconnecting does not refill it. Read and write run synchronously inside one event of
 * the object, so two frames cannot both spend the last token.
 */
export function takeSendToken(sql: SqlStorage, speaker: string, budget: SendBudget, now: number): boolean {
  const row = sql.exec<{ tokens: number; refilled_at: number }>(`SELECT tokens, refilled_at FROM send_budget WHERE speaker = ?`, speaker).toArray()[0];
  const earned = row ? Math.floor(Math.max(0, now - row.refilled_at) / budget.refillMs) : budget.burst;
  const tokens = Math.min(budget.burst, (row?.tokens ?? 0) + earned);
  if (tokens < 1) return false;
  // The refill clock moves only by whole intervals earned, so a partial interval is not lost; a full bucket restarts it.
  const refilledAt = !row || tokens === budget.burst ? now : row.refilled_at + earned * budget.refillMs;
  sql.exec(`INSERT INTO send_budget (speaker, tokens, refilled_at) VALUES (?1, ?2, ?3)
      ON CONFLICT (speaker) DO UPDATE SET tokens = excluded.tokens, refilled_at = excluded.refilled_at`, speaker, tokens - 1, refilledAt);
  return true;
}

/** The seq of a message already stored for this role and client id (a resent `send`), or null. */
export function findMessageSeq(sql: SqlStorage, role: ChatMessage['role'], clientId: string): number | null {
  return sql.exec<{ seq: number }>(`SELECT seq FROM messages WHERE role = ? AND client_id = ?`, role, clientId).toArray()[0]?.seq ?? null;
}

/** Stores a message under its seq. */
export function insertMessage(sql: SqlStorage, message: ChatMessage): void {
  sql.exec(`INSERT INTO messages (seq, client_id, role, author, text, sent_at) VALUES (?, ?, ?, ?, ?, ?)`,
    message.seq, message.clientId, message.role, message.author, message.text, message.sentAt);
}

/** The messages after `lastSeq` in order, at most 500. */
export function messagesAfter(sql: SqlStorage, lastSeq: number): ChatMessage[] {
  return sql.exec<{ seq: number; client_id: string; role: string; author: string; text: string; sent_at: number }>(
    `SELECT * FROM messages WHERE seq > ? ORDER BY seq LIMIT 500`, lastSeq,
  ).toArray().map((r) => ({ seq: r.seq, clientId: r.client_id, role: r.role === 'agent' ? 'agent' : 'player', author: r.author, text: r.text, sentAt: r.sent_at }));
}

/** The highest stored seq, 0 for an empty room. */
export function lastMessageSeq(sql: SqlStorage): number {
  return sql.exec<{ n: number | null }>(`SELECT MAX(seq) AS n FROM messages`).one().n ?? 0;
}

/** How many messages of `role` come after seq `after` (the other side's unread count). */
export function countMessagesAfter(sql: SqlStorage, role: ChatMessage['role'], after: number): number {
  return sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM messages WHERE role = ? AND seq > ?`, role, after).one().n;
}

/** The last seq and the time of the last message, null for an empty room. */
export function lastMessageStamp(sql: SqlStorage): { seq: number | null; at: number | null } {
  return sql.exec<{ seq: number | null; at: number | null }>(`SELECT MAX(seq) AS seq, MAX(sent_at) AS at FROM messages`).one();
}

/** A meta value, or null when unset. */
export function getRoomMeta(sql: SqlStorage, key: string): string | null {
  return sql.exec<{ value: string }>(`SELECT value FROM meta WHERE key = ?`, key).toArray()[0]?.value ?? null;
}

/** Sets a meta value (insert or replace). */
export function setRoomMeta(sql: SqlStorage, key: string, value: string): void {
  sql.exec(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, value);
}
