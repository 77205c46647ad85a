import { callApi } from './client';
import { rewardCalls } from '../../contract/calls/rewards';
import type { ValueOf } from '../../contract/call';

/**
 * The rewards calls (contract/calls/rewards.ts): thin wrappers that keep the browser in integer minor units
 * while the wire carries currency units (the client's money codec converts: client.ts).
 */

type SignInWire = ValueOf<typeof rewardCalls.signInStatus>;
type LeaderboardWire = ValueOf<typeof rewardCalls.leaderboard>;
type InviteWire = ValueOf<typeof rewardCalls.inviteInfo>;

/** The sign-in calendar (derived from the contract's signInStatus value), money in minor units. */
export type SignInView = Omit<SignInWire, 'todayReward' | 'rewards'> & { todayRewardMinor: number; rewardsMinor: number[] };

/** A reward of the reward centre, money in minor units. */
export type RewardView = Omit<ValueOf<typeof rewardCalls.rewardList>['rewards'][number], 'amount'> & { amountMinor: number };

/** The leaderboard (derived from the contract's leaderboard value), money in minor units. */
export type LeaderboardView = Omit<LeaderboardWire, 'entries' | 'mine'> & {
  entries: (Omit<LeaderboardWire['entries'][number], 'amount'> & { amountMinor: number })[];
  mine: (Omit<NonNullable<LeaderboardWire['mine']>, 'amount'> & { amountMinor: number }) | null;
};

/** The invitation page's data (derived from the contract's inviteInfo value), money in minor units. */
export type InviteView = Omit<InviteWire, 'reward' | 'earned' | 'friends'> & {
  rewardMinor: number;
  earnedMinor: number;
  friends: (Omit<InviteWire['friends'][number], 'reward'> & { rewardMinor: number })[];
};

/** The member's agent standing. */
export type AgentStandingView = ValueOf<typeof rewardCalls.agentStatus>;

/** The agent application form as sent. */
export type AgentApplication = { fullName: string; contact: string; channel: string; expectedPlayers: number; remark: string };

function rewardOf(r: ValueOf<typeof rewardCalls.rewardList>['rewards'][number]): RewardView {
  const { amount, ...rest } = r;
  return { ...rest, amountMinor: amount };
}

/** GET the sign-in calendar. */
export async function getSignIn(): Promise<SignInView> {
  const v = await callApi(rewardCalls.signInStatus);
  return {
    timeZone: v.timeZone, today: v.today, signedToday: v.signedToday, streak: v.streak, todayRewardMinor: v.todayReward,
    rewardsMinor: v.rewards, signedDays: v.signedDays, monthDays: v.monthDays,
  };
}

/** POST today's sign-in; answers the streak, the reward paid and the balance after it. */
export async function signInToday(): Promise<{ day: string; streak: number; rewardMinor: number; balanceMinor: number }> {
  const v = await callApi(rewardCalls.signInClaim);
  return { day: v.day, streak: v.streak, rewardMinor: v.reward, balanceMinor: v.balance };
}

/** GET the site's leaderboard. */
export async function getLeaderboard(): Promise<LeaderboardView> {
  const v = await callApi(rewardCalls.leaderboard);
  return {
    metric: v.metric, period: v.period, from: v.from, to: v.to,
    entries: v.entries.map((e) => ({ rank: e.rank, name: e.name, amountMinor: e.amount })),
    mine: v.mine && { rank: v.mine.rank, amountMinor: v.mine.amount },
  };
}

/** GET the reward centre. */
export async function getRewards(): Promise<RewardView[]> {
  return (await callApi(rewardCalls.rewardList)).rewards.map(rewardOf);
}

/** POST claim a waiting reward; answers it and the balance after it. */
export async function claimRewardById(rewardId: number): Promise<{ reward: RewardView; balanceMinor: number }> {
  const v = await callApi(rewardCalls.rewardClaim, { body: { rewardId } });
  return { reward: rewardOf(v.reward), balanceMinor: v.balance };
}

/** GET the invitation code and invited friends. */
export async function getInvite(): Promise<InviteView> {
  const v = await callApi(rewardCalls.inviteInfo);
  return {
    code: v.code, rewardMinor: v.reward, earnedMinor: v.earned,
    friends: v.friends.map((f) => ({ name: f.name, registeredAt: f.registeredAt, rewardMinor: f.reward, rewardStatus: f.rewardStatus })),
  };
}

/** GET the member's agent standing. */
export const getAgentStanding = (): Promise<AgentStandingView> => callApi(rewardCalls.agentStatus);

/** POST an agent application. */
export const applyForAgent = (body: AgentApplication): Promise<AgentStandingView> => callApi(rewardCalls.agentApply, { body });
