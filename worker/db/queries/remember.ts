/** Remember-me tokens: only the SHA-256 of each token is stored. */

/** Stores a remember-me token hash for a member until `expiresAt` (epoch ms). */
export async function insertRememberToken(
  db: D1Database,
  tokenHash: string,
  memberId: number,
  merchantCode: string,
  expiresAt: number,
  now = Date.now(),
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO remember_tokens (token_hash, member_id, merchant_code, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
    )
    .bind(tokenHash, memberId, merchantCode, now, expiresAt)
    .run();
}

/**
 * Revokes a live token of a merchant and returns its member id, in one statement: only the first caller of
 * an unrevoked, unexpired token gets the id (a token is used once, then replaced); everyone else gets null.
 */
export async function takeRememberToken(
  db: D1Database,
  tokenHash: string,
  merchantCode: string,
  now = Date.now(),
): Promise<number | null> {
  const row = await db
    .prepare(
      `UPDATE remember_tokens SET revoked_at = ?1
       WHERE token_hash = ?2 AND merchant_code = ?3 AND revoked_at IS NULL AND expires_at > ?1 RETURNING member_id`,
    )
    .bind(now, tokenHash, merchantCode)
    .first<{ member_id: number }>();
  return row?.member_id ?? null;
}

/** Revokes every live token of a member; returns how many were live. */
export async function revokeRememberTokens(db: D1Database, memberId: number, now = Date.now()): Promise<number> {
  const result = await db
    .prepare(`UPDATE remember_tokens SET revoked_at = ?1 WHERE member_id = ?2 AND revoked_at IS NULL AND expires_at > ?1`)
    .bind(now, memberId)
    .run();
  return result.meta.changes;
}
