/** E-mail password resets: the local e-mail outbox and the single-use reset tokens (migration 0007). */

/** One message written to the local e-mail outbox. */
export interface OutboxMail {
  merchantCode: string;
  to: string;
  subject: string;
  body: string;
}

/** Appends a message to the e-mail outbox (the built-in mailer of local development and demos). */
export async function insertMailOutbox(db: D1Database, mail: OutboxMail, now = Date.now()): Promise<void> {
  await db
    .prepare(`INSERT INTO email_outbox (merchant_code, to_address, subject, body, created_at) VALUES (?, ?, ?, ?, ?)`)
    .bind(mail.merchantCode, mail.to, mail.subject, mail.body, now)
    .run();
}

/**
 * Stores a reset token's hash for a member; the member's earlier unused tokens stop working (only the newest
 * link resets), and tokens that ended a day ago are dropped. `alongside` statements (e.g. the back office's audit
 * row) run in the same batch.
 */
export async function insertResetToken(
  db: D1Database,
  token: { tokenHash: string; memberId: number; merchantCode: string; expiresAt: number },
  now = Date.now(),
  alongside: D1PreparedStatement[] = [],
): Promise<void> {
  await db.batch([
    db.prepare(`DELETE FROM password_reset_tokens WHERE expires_at < ?`).bind(now - 24 * 60 * 60 * 1000),
    db.prepare(`UPDATE password_reset_tokens SET used_at = ? WHERE member_id = ? AND used_at IS NULL`).bind(now, token.memberId),
    db
      .prepare(
        `INSERT INTO password_reset_tokens (token_hash, member_id, merchant_code, expires_at, created_at) VALUES (?, ?, ?, ?, ?)`,
      )
      .bind(token.tokenHash, token.memberId, token.merchantCode, token.expiresAt, now),
    ...alongside,
  ]);
}

/** Uses up a live reset token of this merchant in one statement; returns its member id, or null. */
export async function takeResetToken(db: D1Database, tokenHash: string, merchantCode: string, now = Date.now()): Promise<number | null> {
  const row = await db
    .prepare(
      `UPDATE password_reset_tokens SET used_at = ?1
       WHERE token_hash = ?2 AND merchant_code = ?3 AND used_at IS NULL AND expires_at > ?1
       RETURNING member_id`,
    )
    .bind(now, tokenHash, merchantCode)
    .first<{ member_id: number }>();
  return row?.member_id ?? null;
}
