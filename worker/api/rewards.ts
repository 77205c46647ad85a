import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { CallRouter } from './call-router';
import type { ValueOf } from '../../contract/call';
import { rewardCalls } from '../../contract/calls/rewards';
import { maskName } from '../../rules/rewards';
import { ApiError, encodeValue, ok } from '../lib/envelope';
import { requireMember, requireRealMember, type AuthedMember } from '../middleware/auth-context';
import { loadRewardSettings, requireFeature, type RewardFeature } from '../services/rewards/reward-settings';
import { loadBonusRules } from '../services/wallet/bonus-rules';
import { claimReward, claimSignIn, rewardCentre, signInState } from '../services/rewards/rewards';
import { leaderboard } from '../services/rewards/leaderboard';
import { ensureInvitationCode } from '../services/rewards/referrals';
import { findAgentApplication, listInvitedFriends, upsertAgentApplication, type RewardRecord } from '../db/queries/rewards';
import { findMemberAffiliate } from '../db/queries/referrals';

/** A reward as its answer declares it (minor units, encodeValue sends currency units; a referral's title is the friend's masked account). */
function rewardWire(r: RewardRecord): ValueOf<typeof rewardCalls.rewardList>['rewards'][number] {
  return {
    rewardId: r.id, kind: r.kind, title: r.kind === 'referral' ? maskName(r.title) : r.title, amount: r.amountMinor,
    status: r.status, createdAt: r.createdAt, claimedAt: r.claimedAt,
  };
}

/** Session (401), then the site flag (400 `function.not.available`), then a real account (403 `free_reject`). */
async function gate(c: Context<AppEnv>, feature: RewardFeature | null): Promise<AuthedMember> {
  requireMember(c);
  if (feature) await requireFeature(c.env.DB, c.var.merchant.code, feature);
  return requireRealMember(c);
}

/** The member's agent standing on the wire. */
async function agentStanding(db: D1Database, memberId: number): Promise<ValueOf<typeof rewardCalls.agentStatus>> {
  const [member, application] = await Promise.all([
    findMemberAffiliate(db, memberId),
    findAgentApplication(db, memberId),
  ]);
  const isAgent = member !== null && member.type > 0;
  return {
    isAgent, affiliateCode: isAgent ? member.affiliateCode : null,
    application: application && { status: application.status, reason: application.reason, createdAt: application.createdAt, decidedAt: application.decidedAt },
  };
}

/**
 * Router for /wps/playdeck/rewards (contract/calls/rewards.ts; issue 13, Rewards, referrals and agents). Every
 * call but the leaderboard needs a real account: 401 `customer.not.login` / `user.or.token.invalid` without a
 * session, 400 `function.not.available` when the site's flag is off, 403 `free_reject` for guests and trials.
 * - GET/POST /signIn: the calendar; sign in for today (LOGIN promotion).
 * - GET /leaderboard: the period's ranking, open to visitors (MISSION promotion).
 * - GET / and POST /claim: the reward centre (REWCEN3).
 * - GET /invite: the invitation code and invited friends (REFERRAL promotion).
 * - GET/POST /agent: the agent application (no flag: the side menu always leads agents and applicants here).
 */
export const rewardsRouter = new CallRouter('/wps/playdeck/rewards')
  .serve(rewardCalls.signInStatus, async (c) => {
    const member = await gate(c, { promotion: 'LOGIN' });
    const s = await signInState(c.env.DB, member.memberId, await loadRewardSettings(c.env.DB, c.var.merchant.code));
    return ok(c, encodeValue(rewardCalls.signInStatus, {
      timeZone: s.timeZone, today: s.today, signedToday: s.signedToday, streak: s.streak, todayReward: s.todayRewardMinor,
      rewards: s.rewardsMinor, signedDays: s.signedDays, monthDays: s.monthDays,
    }));
  })
  .serve(rewardCalls.signInClaim, async (c) => {
    const member = await gate(c, { promotion: 'LOGIN' });
    const [settings, rules] = await Promise.all([loadRewardSettings(c.env.DB, c.var.merchant.code), loadBonusRules(c.env.DB, c.var.merchant.code)]);
    const result = await claimSignIn(c.env.DB, member.memberId, settings, Date.now(), rules);
    return ok(c, encodeValue(rewardCalls.signInClaim, { day: result.day, streak: result.streak, reward: result.rewardMinor, balance: result.balanceMinor }));
  })
  .serve(rewardCalls.leaderboard, async (c) => {
    await requireFeature(c.env.DB, c.var.merchant.code, { promotion: 'MISSION' });
    const member = c.get('member');
    const board = await leaderboard(c.env.DB, c.var.merchant.code, member?.memberId ?? null, await loadRewardSettings(c.env.DB, c.var.merchant.code));
    return ok(c, encodeValue(rewardCalls.leaderboard, {
      metric: board.metric, period: board.period, from: board.from, to: board.to,
      entries: board.entries.map((e) => ({ rank: e.rank, name: e.name, amount: e.amountMinor })),
      mine: board.mine && { rank: board.mine.rank, amount: board.mine.amountMinor },
    }));
  })
  .serve(rewardCalls.rewardList, async (c) => {
    const member = await gate(c, { switchId: 'REWCEN3' });
    return ok(c, encodeValue(rewardCalls.rewardList, { rewards: (await rewardCentre(c.env.DB, member.memberId)).map(rewardWire) }));
  })
  .serve(rewardCalls.rewardClaim, async (c, next) => {
    await gate(c, { switchId: 'REWCEN3' });
    await next();
  }, async (c) => {
    const member = requireRealMember(c);
    const rules = await loadBonusRules(c.env.DB, c.var.merchant.code);
    const { reward, balanceMinor } = await claimReward(c.env.DB, member.memberId, c.req.valid('json').rewardId, Date.now(), rules);
    return ok(c, encodeValue(rewardCalls.rewardClaim, { reward: rewardWire(reward), balance: balanceMinor }));
  })
  .serve(rewardCalls.inviteInfo, async (c) => {
    const member = await gate(c, { promotion: 'REFERRAL' });
    const db = c.env.DB;
    const [code, friends, settings] = await Promise.all([
      ensureInvitationCode(db, member.memberId), listInvitedFriends(db, member.memberId), loadRewardSettings(db, c.var.merchant.code),
    ]);
    const earned = friends.reduce((sum, f) => sum + f.rewardMinor, 0);
    return ok(c, encodeValue(rewardCalls.inviteInfo, {
      code, reward: settings.referralRewardMinor, earned,
      friends: friends.map((f) => ({ name: maskName(f.account), registeredAt: f.registeredAt, reward: f.rewardMinor, rewardStatus: f.rewardStatus })),
    }));
  })
  .serve(rewardCalls.agentStatus, async (c) => {
    const member = await gate(c, null);
    return ok(c, await agentStanding(c.env.DB, member.memberId));
  })
  .serve(rewardCalls.agentApply, async (c, next) => {
    await gate(c, null);
    await next();
  }, async (c) => {
    const member = requireRealMember(c);
    const db = c.env.DB;
    const standing = await agentStanding(db, member.memberId);
    if (standing.isAgent) throw new ApiError(409, 'already_agent', 'The member is already an agent');
    const body = c.req.valid('json');
    const filed = await upsertAgentApplication(db, member.memberId, c.var.merchant.code, body, Date.now());
    if (!filed) throw new ApiError(409, 'agent_application_pending', 'An application is already waiting for a decision');
    return ok(c, await agentStanding(db, member.memberId));
  });

/**
 * Reward relay (platform-contract.md §7.6), mounted at /wps/relay: GET /PROMOFE_getPromoCodeEnable → false. The
 * reward centre takes no promo codes (PlayDeck's rewards are sign-in, promotions and referrals), so the client
 * shows no promo-code entry. The same for every visitor and member; cacheable for five minutes.
 */
export const rewardsRelayRouter = new CallRouter('/wps/relay').serve(rewardCalls.promoCodeEnable, (c) => {
  const value: ValueOf<typeof rewardCalls.promoCodeEnable> = false;
  c.header('Cache-Control', 'public, max-age=300');
  return ok(c, value);
});
