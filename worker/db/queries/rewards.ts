/** Rewards of the reward centre, daily sign-ins and agent applications (migration 0021_rewards.sql). */

/** A reward as stored. */
export interface RewardRecord {
  id: number;
  memberId: number;
  kind: 'sign_in' | 'promotion' | 'referral';
  source: string;
  amountMinor: number;
  status: 'waiting' | 'claimed';
  title: string;
  createdAt: number;
  claimedAt: number | null;
}

interface RewardRow {
  id: number; member_id: number; kind: RewardRecord['kind']; source: string; amount_minor: number; status: RewardRecord['status'];
  title: string; created_at: number; claimed_at: number | null;
}

const REWARD_COLUMNS = 'id, member_id, kind, source, amount_minor, status, title, created_at, claimed_at';

function toReward(r: RewardRow): RewardRecord {
  return {
    id: r.id, memberId: r.member_id, kind: r.kind, source: r.source, amountMinor: r.amount_minor, status: r.status,
    title: r.title, createdAt: r.created_at, claimedAt: r.claimed_at,
  };
}

/** A member's rewards: every waiting one, then the newest 30 claimed. */
export async function listRewards(db: D1Database, memberId: number): Promise<RewardRecord[]> {
  const { results } = await db
    .prepare(
      `SELECT ${REWARD_COLUMNS} FROM (
         SELECT * FROM rewards WHERE member_id = ?1 AND status = 'waiting'
         UNION ALL SELECT * FROM (SELECT * FROM rewards WHERE member_id = ?1 AND status = 'claimed' ORDER BY claimed_at DESC, id DESC LIMIT 30)
       ) ORDER BY status DESC, created_at DESC, id DESC`,
    )
    .bind(memberId)
    .all<RewardRow>();
  return results.map(toReward);
}

/** One reward of a member, or null. */
export async function findReward(db: D1Database, memberId: number, rewardId: number): Promise<RewardRecord | null> {
  const row = await db.prepare(`SELECT ${REWARD_COLUMNS} FROM rewards WHERE id = ? AND member_id = ?`).bind(rewardId, memberId).first<RewardRow>();
  return row ? toReward(row) : null;
}

/** The member's latest sign-in day and its streak, or null. */
export async function lastSignIn(db: D1Database, memberId: number): Promise<{ day: string; streak: number } | null> {
  return db.prepare(`SELECT day, streak FROM sign_ins WHERE member_id = ? ORDER BY day DESC LIMIT 1`).bind(memberId).first<{ day: string; streak: number }>();
}

/** The member's sign-in days from `fromDay` on (inclusive), ascending. */
export async function signInDaysFrom(db: D1Database, memberId: number, fromDay: string): Promise<{ day: string; rewardMinor: number }[]> {
  const { results } = await db
    .prepare(`SELECT day, reward_minor FROM sign_ins WHERE member_id = ? AND day >= ? ORDER BY day`)
    .bind(memberId, fromDay)
    .all<{ day: string; reward_minor: number }>();
  return results.map((r) => ({ day: r.day, rewardMinor: r.reward_minor }));
}

/** The INSERT of a member's sign-in day, unexecuted (it runs in the batch that pays its reward). */
export function insertSignInStatement(
  db: D1Database, memberId: number, day: string, streak: number, rewardMinor: number, now: number,
): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO sign_ins (member_id, day, streak, reward_minor, created_at) VALUES (?, ?, ?, ?, ?)`)
    .bind(memberId, day, streak, rewardMinor, now);
}

/** The INSERT of a sign-in reward already claimed (reward-centre record), unexecuted; title is the streak. */
export function insertClaimedSignInRewardStatement(
  db: D1Database, memberId: number, source: string, amountMinor: number, title: string, now: number,
): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO rewards (member_id, kind, source, amount_minor, status, title, created_at, claimed_at) VALUES (?, 'sign_in', ?, ?, 'claimed', ?, ?, ?)`)
    .bind(memberId, source, amountMinor, title, now, now);
}

/** Marks a member's waiting reward claimed, unexecuted (it runs in the batch of the ledger credit). */
export function claimRewardStatement(db: D1Database, memberId: number, rewardId: number, now: number): D1PreparedStatement {
  return db
    .prepare(`UPDATE rewards SET status = 'claimed', claimed_at = ? WHERE id = ? AND member_id = ? AND status = 'waiting'`)
    .bind(now, rewardId, memberId);
}

/** Marks a member's promotion application claimed, unexecuted (it runs in the batch of the reward's claim). */
export function claimPromotionApplicationStatement(db: D1Database, memberId: number, applicationId: number): D1PreparedStatement {
  return db.prepare(`UPDATE promotion_applications SET status = 'claimed' WHERE id = ? AND member_id = ?`).bind(applicationId, memberId);
}

/** An agent application as stored. */
export interface AgentApplicationRecord {
  fullName: string;
  contact: string;
  channel: string;
  expectedPlayers: number;
  remark: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
  createdAt: number;
  decidedAt: number | null;
}

/** The member's agent application, or null. */
export async function findAgentApplication(db: D1Database, memberId: number): Promise<AgentApplicationRecord | null> {
  const r = await db
    .prepare(`SELECT full_name, contact, channel, expected_players, remark, status, reason, created_at, decided_at FROM agent_applications WHERE member_id = ?`)
    .bind(memberId)
    .first<{ full_name: string; contact: string; channel: string; expected_players: number; remark: string; status: AgentApplicationRecord['status']; reason: string; created_at: number; decided_at: number | null }>();
  if (!r) return null;
  return {
    fullName: r.full_name, contact: r.contact, channel: r.channel, expectedPlayers: r.expected_players, remark: r.remark,
    status: r.status, reason: r.reason, createdAt: r.created_at, decidedAt: r.decided_at,
  };
}

/** Files (or, after a rejection, re-files) an agent application; false when one is pending or approved. */
export async function upsertAgentApplication(
  db: D1Database, memberId: number, merchantCode: string,
  a: Pick<AgentApplicationRecord, 'fullName' | 'contact' | 'channel' | 'expectedPlayers' | 'remark'>, now: number,
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO agent_applications (member_id, merchant_code, full_name, contact, channel, expected_players, remark, status, reason, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'pending', '', ?8)
       ON CONFLICT (member_id) DO UPDATE SET full_name = ?3, contact = ?4, channel = ?5, expected_players = ?6, remark = ?7,
         status = 'pending', reason = '', created_at = ?8, decided_at = NULL
       WHERE agent_applications.status = 'rejected'`,
    )
    .bind(memberId, merchantCode, a.fullName, a.contact, a.channel, a.expectedPlayers, a.remark, now)
    .run();
  return result.meta.changes > 0;
}

/** A friend a member invited, with the reward their first deposit earned (0 until then). */
export interface InvitedFriend {
  account: string;
  registeredAt: number;
  rewardMinor: number;
  rewardStatus: 'none' | 'waiting' | 'claimed';
}

/** The members registered with this member's invitation code, newest first (100 at most). */
export async function listInvitedFriends(db: D1Database, inviterId: number): Promise<InvitedFriend[]> {
  const { results } = await db
    .prepare(
      `SELECT m.account, m.created_at, r.amount_minor, r.status FROM members m
       LEFT JOIN rewards r ON r.member_id = m.referrer_id AND r.source = 'referral:' || m.id
       WHERE m.referrer_id = ? ORDER BY m.created_at DESC, m.id DESC LIMIT 100`,
    )
    .bind(inviterId)
    .all<{ account: string; created_at: number; amount_minor: number | null; status: 'waiting' | 'claimed' | null }>();
  return results.map((r) => ({ account: r.account, registeredAt: r.created_at, rewardMinor: r.amount_minor ?? 0, rewardStatus: r.status ?? 'none' }));
}
