/**
 * The players' log-in history (migration 0039_players_back_office.sql member_logins): one row per session opened,
 * with the client address and device, read by the back office (docs/back-office.md "Players"). Times are epoch ms.
 */

/** How a session was opened. */
export type LoginMethod = 'password' | 'sms' | 'firebase' | 'social' | 'remember' | 'registration' | 'trial' | 'phone_reset';

/** Who opened a session: the request's client address, `Device` header and User-Agent, and how. */
export interface LoginClient {
  method: LoginMethod;
  address: string;
  device: string;
  userAgent: string;
}

/** One log-in as stored. */
export interface LoginRecord {
  id: number;
  at: number;
  method: string;
  address: string;
  device: string;
  userAgent: string;
}

/** The INSERT of one log-in, unrun: batch it with the session it opens. Texts are cut to their column's size. */
export function loginRecordStatement(db: D1Database, memberId: number, merchantCode: string, client: LoginClient, now: number): D1PreparedStatement {
  return db.prepare(`INSERT INTO member_logins (member_id, merchant_code, at, method, address, device, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?)`)
    .bind(memberId, merchantCode, now, client.method, client.address.slice(0, 64), client.device.slice(0, 20), client.userAgent.slice(0, 300));
}

/** A page of the member's log-ins, newest first, and their count. */
export async function pageLogins(db: D1Database, memberId: number, offset: number, limit: number): Promise<{ items: LoginRecord[]; total: number }> {
  const [rows, count] = await db.batch([
    db.prepare(`SELECT id, at, method, address, device, user_agent FROM member_logins WHERE member_id = ? ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`)
      .bind(memberId, limit, offset),
    db.prepare(`SELECT COUNT(*) AS n FROM member_logins WHERE member_id = ?`).bind(memberId),
  ]);
  const items = ((rows?.results ?? []) as { id: number; at: number; method: string; address: string; device: string; user_agent: string }[])
    .map((r) => ({ id: r.id, at: r.at, method: r.method, address: r.address, device: r.device, userAgent: r.user_agent }));
  return { items, total: Number((count?.results[0] as { n: number } | undefined)?.n ?? 0) };
}

/**
 * The addresses a member used (registration and log-ins), most recent first, with how many other players of the
 * same site used each (a shared address is worth a look), at most `limit`.
 */
export async function memberAddresses(db: D1Database, memberId: number, limit = 20): Promise<{ address: string; lastAt: number; otherPlayers: number }[]> {
  const { results } = await db.prepare(
    `WITH me AS (SELECT id, merchant_code, register_ip, created_at FROM members WHERE id = ?1),
     used AS (
       SELECT address, MAX(at) AS last_at FROM member_logins WHERE member_id = ?1 AND address <> '' GROUP BY address
       UNION ALL SELECT register_ip, created_at FROM me WHERE register_ip <> ''
     ),
     mine AS (SELECT address, MAX(last_at) AS last_at FROM used GROUP BY address ORDER BY last_at DESC LIMIT ?2)
     SELECT mine.address, mine.last_at,
       (SELECT COUNT(*) FROM (
          SELECT l.member_id FROM member_logins l, me WHERE l.merchant_code = me.merchant_code AND l.address = mine.address AND l.member_id <> me.id
          UNION SELECT m.id FROM members m, me WHERE m.merchant_code = me.merchant_code AND m.register_ip = mine.address AND m.id <> me.id)) AS others
     FROM mine ORDER BY mine.last_at DESC`,
  ).bind(memberId, limit).all<{ address: string; last_at: number; others: number }>();
  return results.map((r) => ({ address: r.address, lastAt: r.last_at, otherPlayers: r.others }));
}
