/** Stores a captcha challenge: only the hash of its answer is kept. Also drops long-expired challenges. */
export async function insertCaptcha(
  db: D1Database,
  id: string,
  answerHash: string,
  expiresAt: number,
  now = Date.now(),
): Promise<void> {
  await db.batch([
    db.prepare(`DELETE FROM captchas WHERE expires_at < ?`).bind(now - 60 * 60 * 1000),
    db.prepare(`INSERT INTO captchas (id, answer_hash, expires_at) VALUES (?, ?, ?)`).bind(id, answerHash, expiresAt),
  ]);
}

/**
 * Marks a challenge used and returns its answer hash, in one statement: only the first caller for an
 * unexpired, unused challenge gets the hash; everyone else (replay, expiry, unknown id) gets null.
 */
export async function burnCaptcha(db: D1Database, id: string, now = Date.now()): Promise<string | null> {
  const row = await db
    .prepare(
      `UPDATE captchas SET used_at = ?1 WHERE id = ?2 AND used_at IS NULL AND expires_at > ?1 RETURNING answer_hash`,
    )
    .bind(now, id)
    .first<{ answer_hash: string }>();
  return row?.answer_hash ?? null;
}
