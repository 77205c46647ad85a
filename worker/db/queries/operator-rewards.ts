/**
 * The operator's reward, promotion and agent commands (docs/operator-guide.md; issue 13, Rewards, referrals and
 * agents) as `npm run operator` reads and decides them. Approving a promotion application puts a waiting reward in
 * the member's reward centre (rewards.ts; the member claims it into the wallet); approving an agent makes the
 * member an agent (type 1) with an affiliate code the registration form accepts. Money in minor units. Imports
 * nothing, so the operator script runs it under Node's type stripping.
 */

/** Reward settings an operator changes (columns of reward_settings, as the worker's reward settings read them). */
export interface RewardSettingChanges {
  time_zone?: string;
  /** JSON array of minor amounts, one per sign-in streak day. */
  sign_in_rewards?: string;
  leaderboard_metric?: 'turnover' | 'win';
  leaderboard_period?: 'day' | 'week' | 'month';
  referral_reward_minor?: number;
}

/** The columns an operator may change, in the order they are written. */
const SETTING_COLUMNS = ['time_zone', 'sign_in_rewards', 'leaderboard_metric', 'leaderboard_period', 'referral_reward_minor'] as const;

/** The site's stored reward settings row, or null when the site uses the defaults (no row). */
export async function findRewardSettingsRow(db: D1Database, merchantCode: string): Promise<Record<string, unknown> | null> {
  return db
    .prepare(`SELECT time_zone, sign_in_rewards, leaderboard_metric, leaderboard_period, referral_reward_minor FROM reward_settings WHERE merchant_code = ?`)
    .bind(merchantCode)
    .first<Record<string, unknown>>();
}

/**
 * Writes the changed reward settings: a row with the defaults (sign-in table 1, 1, 2, 2, 3, 3, 10 units) is
 * created first when the site has none, then the given columns change. One batch.
 */
export async function updateRewardSettings(db: D1Database, merchantCode: string, changes: RewardSettingChanges): Promise<void> {
  const columns = SETTING_COLUMNS.filter((column) => changes[column] !== undefined);
  const insert = db
    .prepare(`INSERT OR IGNORE INTO reward_settings (merchant_code, sign_in_rewards) VALUES (?, '[100,100,200,200,300,300,1000]')`)
    .bind(merchantCode);
  if (columns.length === 0) {
    await insert.run();
    return;
  }
  const sets = columns.map((column, i) => `${column} = ?${i + 2}`).join(', ');
  const update = db
    .prepare(`UPDATE reward_settings SET ${sets} WHERE merchant_code = ?1`)
    .bind(merchantCode, ...columns.map((column) => changes[column] ?? null));
  await db.batch([insert, update]);
}

/** A promotion application of the merchant with its status, the member's account and the promotion's title, or null. */
export async function findPromotionApplication(
  db: D1Database, merchantCode: string, applicationId: number,
): Promise<{ id: number; status: string; account: string; title: string } | null> {
  return db
    .prepare(`SELECT pa.id, pa.status, m.account, a.title FROM promotion_applications pa JOIN announcements a ON a.id = pa.announcement_id
      JOIN members m ON m.id = pa.member_id WHERE pa.id = ? AND a.merchant_code = ?`)
    .bind(applicationId, merchantCode)
    .first();
}

/** Promotion applications waiting for a decision (`applying`), oldest first, at most 200: id, account, title, remark, created_at. */
export async function listPromotionApplications(db: D1Database, merchantCode: string): Promise<Record<string, unknown>[]> {
  const { results } = await db
    .prepare(`SELECT pa.id, m.account, a.title, pa.remark, pa.created_at FROM promotion_applications pa
      JOIN announcements a ON a.id = pa.announcement_id JOIN members m ON m.id = pa.member_id
      WHERE a.merchant_code = ? AND pa.status = 'applying' ORDER BY pa.id LIMIT 200`)
    .bind(merchantCode)
    .all<Record<string, unknown>>();
  return results;
}

/**
 * The statements deciding an application, unrun (batch them with the decision's audit row): `issued` with a
 * waiting reward of `amountMinor` (source `promotion:<id>`, the promotion's title; at most once per member: unique
 * source) created at `now` (epoch ms), or `rejected`. Guarded: an application no longer `applying` gets a status its
 * CHECK constraint refuses, so the whole batch fails and a decision is made once.
 */
export function decidePromotionStatements(
  db: D1Database, applicationId: number, decision: 'issued' | 'rejected', amountMinor: number, now: number,
): D1PreparedStatement[] {
  const update = db.prepare(`UPDATE promotion_applications SET status = CASE WHEN status = 'applying' THEN ?2 ELSE 'decided twice' END WHERE id = ?1`)
    .bind(applicationId, decision);
  if (decision === 'rejected') return [update];
  return [
    update,
    db
      .prepare(`INSERT OR IGNORE INTO rewards (member_id, kind, source, amount_minor, status, title, created_at)
        SELECT pa.member_id, 'promotion', 'promotion:' || pa.id, ?2, 'waiting', a.title, ?3
        FROM promotion_applications pa JOIN announcements a ON a.id = pa.announcement_id WHERE pa.id = ?1 AND pa.status = 'issued'`)
      .bind(applicationId, amountMinor, now),
  ];
}

/** A member (by account, case-insensitively) and their agent application's status (null: none), or null. */
export async function findAgentApplicant(
  db: D1Database, merchantCode: string, account: string,
): Promise<{ id: number; type: number; affiliate_code: string | null; status: string | null } | null> {
  return db
    .prepare(`SELECT m.id, m.type, m.affiliate_code, aa.status FROM members m LEFT JOIN agent_applications aa ON aa.member_id = m.id
      WHERE m.merchant_code = ? AND lower(m.account) = lower(?)`)
    .bind(merchantCode, account)
    .first();
}

/** Agent applications waiting for a decision (`pending`), oldest first, at most 200. */
export async function listAgentApplications(db: D1Database, merchantCode: string): Promise<Record<string, unknown>[]> {
  const { results } = await db
    .prepare(`SELECT m.account, aa.full_name, aa.contact, aa.channel, aa.expected_players, aa.remark, aa.created_at
      FROM agent_applications aa JOIN members m ON m.id = aa.member_id WHERE aa.merchant_code = ? AND aa.status = 'pending'
      ORDER BY aa.created_at LIMIT 200`)
    .bind(merchantCode)
    .all<Record<string, unknown>>();
  return results;
}

/**
 * The decision on a member's pending agent application at `now` (epoch ms). Approval also makes a regular member
 * (type 0) an agent (type 1) with an affiliate code when they have none (8 upper-case hex characters); rejection
 * stores the reason. Nothing changes unless the application is pending. One batch.
 */
export async function decideAgentApplication(db: D1Database, memberId: number, decision: 'approve' | 'reject', reason: string, now: number): Promise<void> {
  if (decision === 'reject') {
    await db
      .prepare(`UPDATE agent_applications SET status = 'rejected', reason = ?, decided_at = ? WHERE member_id = ? AND status = 'pending'`)
      .bind(reason, now, memberId)
      .run();
    return;
  }
  await db.batch([
    db
      .prepare(`UPDATE members SET type = 1, affiliate_code = COALESCE(affiliate_code, upper(hex(randomblob(4))))
        WHERE id = ?1 AND type = 0 AND EXISTS (SELECT 1 FROM agent_applications WHERE member_id = ?1 AND status = 'pending')`)
      .bind(memberId),
    db
      .prepare(`UPDATE agent_applications SET status = 'approved', reason = '', decided_at = ?2 WHERE member_id = ?1 AND status = 'pending'`)
      .bind(memberId, now),
  ]);
}
