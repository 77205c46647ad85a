/** A fixed-window counter: how many events were counted since `windowStart` (epoch ms). */
export interface Counter {
  count: number;
  windowStart: number;
}

interface Row {
  count: number;
  window_start: number;
}

/**
 * Adds one to the bucket's counter and returns it. A window older than `windowMs` restarts at 1, in the
 * same statement, so two concurrent requests never both see a fresh window.
 */
export async function hitCounter(db: D1Database, bucket: string, windowMs: number, now = Date.now()): Promise<Counter> {
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (bucket, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT (bucket) DO UPDATE SET
         count = CASE WHEN window_start <= ?2 - ?3 THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN window_start <= ?2 - ?3 THEN ?2 ELSE window_start END
       RETURNING count, window_start`,
    )
    .bind(bucket, now, windowMs)
    .first<Row>();
  return { count: row?.count ?? 1, windowStart: row?.window_start ?? now };
}

/** The bucket's counter in the current window, without counting anything (0 when absent or expired). */
export async function readCounter(db: D1Database, bucket: string, windowMs: number, now = Date.now()): Promise<Counter> {
  const row = await db
    .prepare(`SELECT count, window_start FROM rate_limits WHERE bucket = ? AND window_start > ?`)
    .bind(bucket, now - windowMs)
    .first<Row>();
  return row ? { count: row.count, windowStart: row.window_start } : { count: 0, windowStart: now };
}

/** Forgets a bucket (e.g. an account's failed logins after a successful one). */
export async function clearCounter(db: D1Database, bucket: string): Promise<void> {
  await db.prepare(`DELETE FROM rate_limits WHERE bucket = ?`).bind(bucket).run();
}
