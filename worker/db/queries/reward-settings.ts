import type { LeaderboardPeriod } from '../../../rules/rewards';

/** A site's reward_settings row as stored (migration 0021_rewards.sql); sign_in_rewards is a JSON array of minor units. */
export interface RewardSettingsRow {
  timeZone: string;
  signInRewardsJson: string;
  leaderboardMetric: 'turnover' | 'win';
  leaderboardPeriod: LeaderboardPeriod;
  referralRewardMinor: number;
}

/** The site's reward_settings row, or null when the site has none (worker/services/rewards/reward-settings.ts applies defaults). */
export async function findRewardSettingsRow(db: D1Database, merchantCode: string): Promise<RewardSettingsRow | null> {
  const row = await db
    .prepare(`SELECT time_zone, sign_in_rewards, leaderboard_metric, leaderboard_period, referral_reward_minor FROM reward_settings WHERE merchant_code = ?`)
    .bind(merchantCode)
    .first<{ time_zone: string; sign_in_rewards: string; leaderboard_metric: 'turnover' | 'win'; leaderboard_period: LeaderboardPeriod; referral_reward_minor: number }>();
  return row && {
    timeZone: row.time_zone, signInRewardsJson: row.sign_in_rewards, leaderboardMetric: row.leaderboard_metric,
    leaderboardPeriod: row.leaderboard_period, referralRewardMinor: row.referral_reward_minor,
  };
}
