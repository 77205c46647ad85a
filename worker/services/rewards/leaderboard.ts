import { maskName, periodRange } from '../../../rules/rewards';
import { memberLeaderboardStanding, topLeaderboardTotals, type LeaderboardMetric } from '../../db/queries/leaderboard';
import type { RewardSettings } from './reward-settings';

/** One ranked player: masked name and their total (minor units). */
export interface LeaderboardEntry {
  rank: number;
  name: string;
  amountMinor: number;
}

/** The site's leaderboard of the current period and the asking member's own place. */
export interface Leaderboard {
  metric: LeaderboardMetric;
  period: 'day' | 'week' | 'month';
  from: number;
  to: number;
  entries: LeaderboardEntry[];
  /** The member's rank and total; rank null when they have no recorded play this period. */
  mine: { rank: number | null; amountMinor: number } | null;
}

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
  const results = await topLeaderboardTotals(db, merchantCode, from, to, metric, limit);
  const entries = results.map((r, i) => ({ rank: i + 1, name: maskName(r.name), amountMinor: r.total }));
  let mine: Leaderboard['mine'] = null;
  if (memberId !== null) {
    const own = await memberLeaderboardStanding(db, merchantCode, from, to, metric, memberId);
    mine = own?.total ? { rank: own.ahead + 1, amountMinor: own.total } : { rank: null, amountMinor: 0 };
  }
  return { metric, period: settings.leaderboardPeriod, from, to, entries, mine };
}
