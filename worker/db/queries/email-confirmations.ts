/**
 * E-mail addresses waiting for their confirmation link (migration 0028_email_proof.sql; services/accounts/
 * email-binding.ts): one live token per member, stored as its hash.
 */

/** A pending address with its token. */
export interface EmailConfirmation {
  tokenHash: string;
  memberId: number;
  merchantCode: string;
  address: string;
  expiresAt: number;
}

/**
 * Stores a confirmation token for a member's new address; the member's earlier unused tokens stop working (only
 * the newest link binds), and tokens that ended a day ago are dropped.
 */
export async function insertEmailConfirmation(db: D1Database, confirmation: EmailConfirmation, now = Date.now()): Promise<void> {
  await db.batch([
    db.prepare(`DELETE FROM email_confirmations WHERE expires_at < ?`).bind(now - 24 * 60 * 60 * 1000),
    db.prepare(`UPDATE email_confirmations SET used_at = ? WHERE member_id = ? AND used_at IS NULL`).bind(now, confirmation.memberId),
    db.prepare(
      `INSERT INTO email_confirmations (token_hash, member_id, merchant_code, address, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
    ).bind(confirmation.tokenHash, confirmation.memberId, confirmation.merchantCode, confirmation.address, confirmation.expiresAt, now),
  ]);
}

/** Withdraws the member's unused tokens (the address typed is the one already bound: nothing waits). */
export async function dropEmailConfirmations(db: D1Database, memberId: number, now = Date.now()): Promise<void> {
  await db.prepare(`UPDATE email_confirmations SET used_at = ? WHERE member_id = ? AND used_at IS NULL`).bind(now, memberId).run();
}

/**
 * Uses up a live token of this merchant and binds its address to the member (profile $.email), in one batch:
 * the token can be used once, and the address is bound only if the token was live. Returns the member id and the
 * address, or null (unknown, used, expired or another merchant's token).
 */
export async function takeEmailConfirmation(
  db: D1Database, tokenHash: string, merchantCode: string, now = Date.now(),
): Promise<{ memberId: number; address: string } | null> {
  const [taken] = await db.batch([
    db.prepare(
      `UPDATE email_confirmations SET used_at = ?1
       WHERE token_hash = ?2 AND merchant_code = ?3 AND used_at IS NULL AND expires_at > ?1
       RETURNING member_id, address`,
    ).bind(now, tokenHash, merchantCode),
    db.prepare(
      `UPDATE members SET profile = json_set(profile, '$.email', c.address)
       FROM email_confirmations c
       WHERE c.token_hash = ?2 AND c.merchant_code = ?3 AND c.used_at = ?1 AND members.id = c.member_id AND members.status = 1`,
    ).bind(now, tokenHash, merchantCode),
  ]);
  const row = (taken?.results ?? [])[0] as { member_id: number; address: string } | undefined;
  return row ? { memberId: row.member_id, address: row.address } : null;
}

/** The address waiting for its link (the newest live token of the member), or null. */
export async function findPendingEmail(db: D1Database, memberId: number, now = Date.now()): Promise<string | null> {
  const row = await db.prepare(
    `SELECT address FROM email_confirmations WHERE member_id = ? AND used_at IS NULL AND expires_at > ? ORDER BY created_at DESC LIMIT 1`,
  ).bind(memberId, now).first<{ address: string }>();
  return row?.address ?? null;
}
