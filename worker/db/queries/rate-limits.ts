/** A fixed-window counter: how many events were counted since `windowStart` (epoch ms). */
export interface Counter {
  count: number;
  windowStart: number;
}

interface Row {
  count: number;
  window_start: number;
}

const HIT_SQL = `INSERT INTO rate_limits (bucket, window_start, count) VALUES (?1, ?2, 1)
   ON CONFLICT (bucket) DO UPDATE SET
     count = CASE WHEN window_start <= ?2 - ?3 THEN 1 ELSE count + 1 END,
     window_start = CASE WHEN window_start <= ?2 - ?3 THEN ?2 ELSE window_start END
   RETURNING count, window_start`;

/**
 * Adds one to the bucket's counter and returns it. A window older than `windowMs` restarts at 1, in the
 * same statement, so two concurrent requests never both see a fresh window.
 */
export async function hitCounter(db: D1Database, bucket: string, windowMs: number, now = Date.now()): Promise<Counter> {
  const row = await db.prepare(HIT_SQL).bind(bucket, now, windowMs).first<Row>();
  return { count: row?.count ?? 1, windowStart: row?.window_start ?? now };
}

/**
 * Adds one to each bucket's counter in one batch (one round trip, one transaction) and returns the new
 * counters in the order of `buckets`. Each count includes this event, so concurrent callers each see a
 * different number: decide from what this returns, never from an earlier read.
 */
export async function hitCounters(db: D1Database, buckets: readonly string[], windowMs: number, now = Date.now()): Promise<Counter[]> {
  const results = await db.batch<Row>(buckets.map((bucket) => db.prepare(HIT_SQL).bind(bucket, now, windowMs)));
  return results.map((result) => {
    const row = result.results[0];
    return { count: row?.count ?? 1, windowStart: row?.window_start ?? now };
  });
}

/**
 * Takes back one event counted by hitCounter/hitCounters (an attempt that turned out not to count), only
 * while the counter is still in the window it was counted in and never below 0.
 */
export async function refundCounters(db: D1Database, refunds: readonly { bucket: string; counter: Counter }[]): Promise<void> {
  if (refunds.length === 0) return;
  await db.batch(
    refunds.map(({ bucket, counter }) =>
      db
        .prepare(`UPDATE rate_limits SET count = count - 1 WHERE bucket = ? AND window_start = ? AND count > 0`)
        .bind(bucket, counter.windowStart),
    ),
  );
}

/** Forgets a bucket (e.g. an account's failed logins after a successful one). */
export async function clearCounter(db: D1Database, bucket: string): Promise<void> {
  await db.prepare(`DELETE FROM rate_limits WHERE bucket = ?`).bind(bucket).run();
}
