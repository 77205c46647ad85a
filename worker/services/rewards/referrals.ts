import { ApiError } from '../../lib/envelope';
import { loadRewardSettings } from './reward-settings';
import { randomInt } from '../kit/random';
import { findMemberAffiliate, findReferralFriend, insertReferralReward, setAffiliateCodeIfEmpty } from '../../db/queries/referrals';

/** Letters and digits of invitation codes, without look-alikes (0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A fresh 8-character invitation code (upper case, as codes are stored). */
export function newInvitationCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * The member's personal invitation code (issue 13, Invite friends), created on first use: stored in
 * members.affiliate_code (unique per site), the same column agents' affiliate codes use, so the registration form's
 * affiliate check (worker/api/agent.ts) accepts it. A clash with another member's code draws again.
 */
export async function ensureInvitationCode(db: D1Database, memberId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await findMemberAffiliate(db, memberId);
    if (!row) throw new ApiError(404, 'not_found', 'No such member');
    if (row.affiliateCode) return row.affiliateCode;
    try {
      await setAffiliateCodeIfEmpty(db, memberId, newInvitationCode());
    } catch (error) {
      if (!String(error instanceof Error ? error.message : error).includes('UNIQUE')) throw error;
    }
  }
  throw new Error('Could not draw a free invitation code');
}

/**
 * The referral reward (issue 13, Invite friends): when a member who registered through an invitation makes a
 * first deposit, the inviter gets the site's referral reward (reward settings, minor units) as a waiting reward in
 * the reward centre. Exactly once per friend, however many deposits are credited and in whatever order or
 * concurrency: the reward's source `referral:<friend id>` is unique per inviter (INSERT OR IGNORE). Only a deposit
 * that is the friend's first credited one counts (a friend whose first deposit predates this rule earns nothing
 * later). Nothing happens without an inviter or with a reward of 0.
 *
 * @returns true when this call created the reward
 */
export async function referralRewardOnFirstDeposit(db: D1Database, memberId: number, depositId: number, now = Date.now()): Promise<boolean> {
  const friend = await findReferralFriend(db, memberId);
  if (!friend?.referrerId || friend.firstDepositId !== depositId) return false;
  const settings = await loadRewardSettings(db, friend.merchantCode);
  if (settings.referralRewardMinor <= 0) return false;
  return insertReferralReward(db, { inviterId: friend.referrerId, friendId: memberId, friendAccount: friend.account, amountMinor: settings.referralRewardMinor }, now);
}
