/**
 * Invitation codes and referral rewards (issue 13, Invite friends; migrations 0003_accounts.sql, 0021_rewards.sql):
 * the statements behind worker/services/rewards/referrals.ts and the agent standing of worker/api/rewards.ts.
 */

/** A member's standing for invitations and agency: type (0 player, 1–2 agents) and the stored affiliate code. */
export interface MemberAffiliate {
  type: number;
  affiliateCode: string | null;
}

/** The member's type and affiliate code (members.affiliate_code, unique per site), or null for no such member. */
export async function findMemberAffiliate(db: D1Database, memberId: number): Promise<MemberAffiliate | null> {
  const row = await db.prepare(`SELECT type, affiliate_code FROM members WHERE id = ?`).bind(memberId).first<{ type: number; affiliate_code: string | null }>();
  return row ? { type: row.type, affiliateCode: row.affiliate_code } : null;
}

/**
 * Stores `code` as the member's affiliate code unless one is set already (a race keeps the first).
 *
 * @throws the database's UNIQUE error when another member of the site holds the code (the caller draws again)
 */
export async function setAffiliateCodeIfEmpty(db: D1Database, memberId: number, code: string): Promise<void> {
  await db.prepare(`UPDATE members SET affiliate_code = ? WHERE id = ? AND affiliate_code IS NULL`).bind(code, memberId).run();
}

/** What the referral rule needs of an invited friend: the inviter, the site, the account and the first credited deposit. */
export interface ReferralFriend {
  referrerId: number | null;
  merchantCode: string;
  account: string;
  /** deposits.id of the member's first credited deposit, or null. */
  firstDepositId: number | null;
}

/** The referral standing of a member, or null for no such member. */
export async function findReferralFriend(db: D1Database, memberId: number): Promise<ReferralFriend | null> {
  const row = await db
    .prepare(
      `SELECT m.referrer_id, m.merchant_code, m.account,
         (SELECT MIN(id) FROM deposits WHERE member_id = m.id AND status = 'credited') AS first_deposit
       FROM members m WHERE m.id = ?`,
    )
    .bind(memberId)
    .first<{ referrer_id: number | null; merchant_code: string; account: string; first_deposit: number | null }>();
  return row ? { referrerId: row.referrer_id, merchantCode: row.merchant_code, account: row.account, firstDepositId: row.first_deposit } : null;
}

/**
 * Inserts the inviter's waiting referral reward for a friend (source `referral:<friend id>`, title the friend's
 * account, amount in minor units) unless it exists (INSERT OR IGNORE on the unique source per member).
 *
 * @returns true when this call created the reward
 */
export async function insertReferralReward(
  db: D1Database,
  reward: { inviterId: number; friendId: number; friendAccount: string; amountMinor: number },
  now = Date.now(),
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT OR IGNORE INTO rewards (member_id, kind, source, amount_minor, status, title, friend_id, created_at)
       VALUES (?, 'referral', ?, ?, 'waiting', ?, ?, ?)`,
    )
    .bind(reward.inviterId, `referral:${reward.friendId}`, reward.amountMinor, reward.friendAccount, reward.friendId, now)
    .run();
  return result.meta.changes > 0;
}
