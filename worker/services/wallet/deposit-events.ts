import { referralRewardOnFirstDeposit } from '../rewards/referrals';

/**
 * What happens after a deposit is credited (issue 13, Wallet and payments). Called exactly once per deposit,
 * after the ledger credit and the deposit's `credited` status are written together (services/deposits.ts), never
 * for a replayed notice. The referral reward on a friend's first deposit (issue 13, Invite friends) is made here:
 * services/referrals.ts, exactly once per friend even when deposits race.
 *
 * @param db the D1 database
 * @param memberId the member whose wallet was credited
 * @param depositId the deposit's id (deposits.id)
 * @param amountMinor the credited amount in integer minor units
 */
export async function afterDepositCredited(db: D1Database, memberId: number, depositId: number, amountMinor: number): Promise<void> {
  void amountMinor;
  await referralRewardOnFirstDeposit(db, memberId, depositId);
}
