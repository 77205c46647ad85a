/**
 * Remembers a payload nonce until `expiresAt`; true when it is new (or its earlier use has expired), false
 * when it was seen and is still remembered (a replay). One statement, so two concurrent uses cannot both win.
 * Also forgets expired nonces.
 */
export async function rememberNonce(db: D1Database, nonce: string, expiresAt: number, now = Date.now()): Promise<boolean> {
  const [, inserted] = await db.batch<{ nonce: string }>([
    db.prepare(`DELETE FROM payload_nonces WHERE expires_at <= ?`).bind(now),
    db
      .prepare(
        `INSERT INTO payload_nonces (nonce, expires_at) VALUES (?1, ?2)
         ON CONFLICT (nonce) DO UPDATE SET expires_at = excluded.expires_at WHERE payload_nonces.expires_at <= ?3
         RETURNING nonce`,
      )
      .bind(nonce, expiresAt, now),
  ]);
  return (inserted?.results.length ?? 0) > 0;
}
