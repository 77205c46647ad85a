import { on } from '../kit/events';
import { referralRewardOnFirstDeposit } from './referrals';

/** The rewards domain's subscriber of `depositCredited`: the referral reward on an invited friend's first deposit. */
async function onDepositCredited(event: { db: D1Database; memberId: number; depositId: number }): Promise<void> {
  await referralRewardOnFirstDeposit(event.db, event.memberId, event.depositId);
}

/**
 * Subscribes the rewards domain to the facts of other domains (worker/services/kit/events.ts): a credited deposit
 * may earn the inviter its referral reward (issue 13, Invite friends; exactly once per friend, however deposits
 * race: services/rewards/referrals.ts). Called by the worker's assembly (worker/index.ts); safe to call again.
 */
export function subscribeRewards(): void {
  on('depositCredited', onDepositCredited);
}
