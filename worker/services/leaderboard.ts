import { maskName, periodRange } from '../../src/lib/rewards';
import type { RewardSettings } from './reward-settings';

/** One ranked player: masked name and their total (minor units). */
export interface LeaderboardEntry {
  rank: number;
  name: string;
  amountMinor: number;
}

/** The site's leaderboard of the current period and the asking member's own place. */
export interface Leaderboard {
  metric: 'turnover' | 'win';
  period: 'day' | 'week' | 'month';
  from: number;
  to: number;
  entries: LeaderboardEntry[];
  /** The member's rank and total; rank null when they have no recorded play this period. */
  mine: { rank: number | null; amountMinor: number } | null;
}

/**
 * Every round and order of the site in [from, to) summed per member: turnover = stakes, win = winnings (gross
 * payouts). Demo-vendor rounds (demo_rounds) and lottery orders (lottery_orders, cancelled ones excluded) count.
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

/**
 * The leaderboard (issue 13, Leaderboard): the top `limit` players of the site over the current period (site
 * settings: metric and period in the site's time zone), names masked (nickname, else account), ties ranked by who
 * got there first (lower member id); plus the member's own rank among everyone with a positive total.
 */
export async function leaderboard(
  db: D1Database, merchantCode: string, memberId: number | null, settings: RewardSettings, now = Date.now(), limit = 20,
): Promise<Leaderboard> {
  const { from, to } = periodRange(settings.leaderboardPeriod, now, settings.timeZone);
  const metric = settings.leaderboardMetric;
  const { results } = await db
    .prepare(
      `SELECT t.member_id, t.total, CASE WHEN m.nickname <> '' THEN m.nickname ELSE m.account END AS name
       FROM (${TOTALS_SQL}) t JOIN members m ON m.id = t.member_id ORDER BY t.total DESC, t.member_id LIMIT ?5`,
    )
    .bind(merchantCode, from, to, metric, limit)
    .all<{ member_id: number; total: number; name: string }>();
  const entries = results.map((r, i) => ({ rank: i + 1, name: maskName(r.name), amountMinor: r.total }));
  let mine: Leaderboard['mine'] = null;
  if (memberId !== null) {
    const own = await db
      .prepare(
        `WITH t AS (${TOTALS_SQL})
         SELECT (SELECT total FROM t WHERE member_id = ?5) AS total,
                (SELECT COUNT(*) FROM t WHERE total > (SELECT total FROM t WHERE member_id = ?5)
                   OR (total = (SELECT total FROM t WHERE member_id = ?5) AND member_id < ?5)) AS ahead`,
      )
      .bind(merchantCode, from, to, metric, memberId)
      .first<{ total: number | null; ahead: number }>();
    mine = own?.total ? { rank: own.ahead + 1, amountMinor: own.total } : { rank: null, amountMinor: 0 };
  }
  return { metric, period: settings.leaderboardPeriod, from, to, entries, mine };
}
