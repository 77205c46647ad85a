import { DEFAULT_SIGN_IN_REWARDS, isTimeZone, type LeaderboardPeriod } from '../../../rules/rewards';
import { listMerchantFlags } from '../../db/queries/settings';
import { listSiteSwitches } from '../../db/queries/merchants';
import { findRewardSettingsRow } from '../../db/queries/reward-settings';
import { ApiError } from '../../lib/envelope';

/** A site's reward rules (issue 13, Rewards): set with `npm run operator -- rewards <merchant> key=value…`. */
export interface RewardSettings {
  /** IANA zone of the site's calendar day (sign-in, leaderboard periods). Default UTC. */
  timeZone: string;
  /** Sign-in reward by streak day, minor units; the table repeats as a cycle. Default DEFAULT_SIGN_IN_REWARDS. */
  signInRewards: number[];
  /** What ranks players: stake (turnover) or winnings. Default turnover. */
  leaderboardMetric: 'turnover' | 'win';
  /** The leaderboard's period. Default week (Monday to Sunday). */
  leaderboardPeriod: LeaderboardPeriod;
  /** The inviter's reward when an invited friend makes a first deposit, minor units. Default 500. */
  referralRewardMinor: number;
}

/** The defaults of a site without a reward_settings row. */
export const DEFAULT_REWARD_SETTINGS: RewardSettings = {
  timeZone: 'UTC', signInRewards: [...DEFAULT_SIGN_IN_REWARDS], leaderboardMetric: 'turnover', leaderboardPeriod: 'week',
  referralRewardMinor: 500,
};

function rewardTable(json: string): number[] {
  try {
    const value: unknown = JSON.parse(json);
    if (Array.isArray(value) && value.length > 0 && value.every((n) => Number.isSafeInteger(n) && (n as number) >= 0)) return value as number[];
  } catch { /* a broken row falls back to the defaults */ }
  return [...DEFAULT_SIGN_IN_REWARDS];
}

/** The reward rules of a site (defaults where no row or a malformed value is stored). */
export async function loadRewardSettings(db: D1Database, merchantCode: string): Promise<RewardSettings> {
  const row = await findRewardSettingsRow(db, merchantCode);
  if (!row) return { ...DEFAULT_REWARD_SETTINGS, signInRewards: [...DEFAULT_REWARD_SETTINGS.signInRewards] };
  return {
    timeZone: isTimeZone(row.timeZone) ? row.timeZone : 'UTC',
    signInRewards: rewardTable(row.signInRewardsJson),
    leaderboardMetric: row.leaderboardMetric,
    leaderboardPeriod: row.leaderboardPeriod,
    referralRewardMinor: row.referralRewardMinor,
  };
}

/** Which site switch or promotion a reward feature needs (player-shell §1, §6). */
export type RewardFeature = { promotion: 'LOGIN' | 'MISSION' | 'REFERRAL' } | { switchId: 'REWCEN3' };

/**
 * Refuses a call of a feature the site switched off: 400 `function.not.available` (the platform's code for a
 * feature that is off, platform-contract.md §1.5).
 */
export async function requireFeature(db: D1Database, merchantCode: string, feature: RewardFeature): Promise<void> {
  if ('promotion' in feature) {
    const flags = await listMerchantFlags(db, merchantCode);
    if (flags.promotions[feature.promotion] === true) return;
  } else {
    const switches = await listSiteSwitches(db, merchantCode);
    if (switches[feature.switchId] === true) return;
  }
  throw new ApiError(400, 'function.not.available', 'This feature is not available on this site');
}
