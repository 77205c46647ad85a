import { SESSION_IDLE_MS } from './sessions';

/**
 * The external live chat's tickets (migration 0025_chat_session_binding.sql: external_chat_tickets): what the
 * `{ticket}` of the merchant's chat URL template carries (worker/services/chat/external.ts). Stored by hash, taken
 * once. Times are epoch milliseconds.
 */

/** Who a ticket stands for: the member, on which site, the session that asked for it, and the page's language. */
export interface ExternalChatGrant {
  merchantCode: string;
  memberId: number;
  sessionHash: string;
  language: string;
}

/** The member an external chat ticket vouches for. */
export interface ExternalChatIdentity {
  merchantCode: string;
  memberId: number;
  username: string;
  account: string;
  nickname: string;
  language: string;
}

/** Stores a ticket's hash until `expiresAt`. */
export async function storeExternalChatTicket(db: D1Database, ticketHash: string, grant: ExternalChatGrant, expiresAt: number): Promise<void> {
  await db.prepare(`INSERT INTO external_chat_tickets (ticket_hash, merchant_code, member_id, session_hash, language, expires_at) VALUES (?, ?, ?, ?, ?, ?)`)
    .bind(ticketHash, grant.merchantCode, grant.memberId, grant.sessionHash, grant.language, expiresAt).run();
}

/**
 * Takes a ticket (single use: deleted whatever the outcome; expired ones are swept) and answers the member it
 * vouches for, or null when the ticket is unknown, used, expired, of another merchant, or its session has ended
 * since (revoked, past its end, member disabled; the rules of sessions.ts findSessionMember).
 */
export async function takeExternalChatTicket(db: D1Database, ticketHash: string, merchantCode: string, now = Date.now()): Promise<ExternalChatIdentity | null> {
  const [taken] = await db.batch<{ merchant_code: string; member_id: number; session_hash: string; language: string; expires_at: number }>([
    db.prepare(`DELETE FROM external_chat_tickets WHERE ticket_hash = ? RETURNING merchant_code, member_id, session_hash, language, expires_at`).bind(ticketHash),
    db.prepare(`DELETE FROM external_chat_tickets WHERE expires_at < ?`).bind(now),
  ]);
  const ticket = taken?.results[0];
  if (!ticket || ticket.expires_at < now || ticket.merchant_code !== merchantCode) return null;
  const member = await db.prepare(`SELECT m.id, m.username, m.account, m.nickname FROM sessions s JOIN members m ON m.id = s.member_id
      WHERE s.token_hash = ?1 AND s.member_id = ?2 AND s.merchant_code = ?3 AND s.revoked_at IS NULL AND s.expires_at > ?4 AND ?4 - s.last_seen_at < ?5
        AND m.status = 1`)
    .bind(ticket.session_hash, ticket.member_id, merchantCode, now, SESSION_IDLE_MS)
    .first<{ id: number; username: string; account: string; nickname: string | null }>();
  if (!member) return null;
  return { merchantCode, memberId: member.id, username: member.username, account: member.account, nickname: member.nickname ?? '', language: ticket.language };
}
