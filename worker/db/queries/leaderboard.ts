/** Per-member play totals of a site over a period, for the leaderboard (demo_rounds and lottery_orders). */

/** What the leaderboard ranks: stakes (turnover) or gross payouts (win). */
export type LeaderboardMetric = 'turnover' | 'win';

/**
 * Every round and order of the site in [from, to) summed per member: turnover = stakes, win = winnings (gross
 * payouts). Demo-vendor rounds (demo_rounds) and lottery orders (lottery_orders, cancelled ones excluded) count.
 * Parameters: ?1 merchant code, ?2 from, ?3 to, ?4 metric.
 */
const TOTALS_SQL = `
  SELECT member_id, SUM(amount) AS total FROM (
    SELECT r.member_id, CASE WHEN ?4 = 'win' THEN r.win_minor ELSE r.stake_minor END AS amount
      FROM demo_rounds r JOIN members m ON m.id = r.member_id
      WHERE m.merchant_code = ?1 AND r.created_at >= ?2 AND r.created_at < ?3
    UNION ALL
    SELECT o.member_id, CASE WHEN ?4 = 'win' THEN o.payout_minor ELSE o.total_stake_minor END AS amount
      FROM lottery_orders o
      WHERE o.merchant_code = ?1 AND o.status <> 'cancelled' AND o.created_at >= ?2 AND o.created_at < ?3
  ) GROUP BY member_id HAVING total > 0`;

/** One member's positive total with their display name (nickname, else account; unmasked). */
export interface LeaderboardTotal {
  memberId: number;
  total: number;
  name: string;
}

/** The top `limit` members of the site in [from, to) by total, ties by lower member id first. */
export async function topLeaderboardTotals(
  db: D1Database, merchantCode: string, from: number, to: number, metric: LeaderboardMetric, limit: number,
): Promise<LeaderboardTotal[]> {
  const { results } = await db
    .prepare(
      `SELECT t.member_id, t.total, CASE WHEN m.nickname <> '' THEN m.nickname ELSE m.account END AS name
       FROM (${TOTALS_SQL}) t JOIN members m ON m.id = t.member_id ORDER BY t.total DESC, t.member_id LIMIT ?5`,
    )
    .bind(merchantCode, from, to, metric, limit)
    .all<{ member_id: number; total: number; name: string }>();
  return results.map((r) => ({ memberId: r.member_id, total: r.total, name: r.name }));
}

/**
 * A member's total in [from, to) (null when they have none that is positive) and how many members rank ahead of
 * them (higher total, or the same total and a lower member id); null only if the query answers no row.
 */
export async function memberLeaderboardStanding(
  db: D1Database, merchantCode: string, from: number, to: number, metric: LeaderboardMetric, memberId: number,
): Promise<{ total: number | null; ahead: number } | null> {
  return db
    .prepare(
      `WITH t AS (${TOTALS_SQL})
       SELECT (SELECT total FROM t WHERE member_id = ?5) AS total,
              (SELECT COUNT(*) FROM t WHERE total > (SELECT total FROM t WHERE member_id = ?5)
                 OR (total = (SELECT total FROM t WHERE member_id = ?5) AND member_id < ?5)) AS ahead`,
    )
    .bind(merchantCode, from, to, metric, memberId)
    .first<{ total: number | null; ahead: number }>();
}
