import { z } from 'zod';
import { defineCall, EXTENSION_PREFIX } from '../call';
import { money } from '../money';

/**
 * Calls of rewards, referrals and agents (issue 13; player-shell §2 /m/activity/signIn, /m/leaderBoard,
 * /m/rewardCenter, /m/inviteFriends, /m/agentRegister; §6). The platform's clients show none of these calls
 * (platform-contract.md §5 lists a reward centre, missions, a leaderboard and referral details without paths), so
 * they are PlayDeck extensions under /wps/playdeck/rewards (capability `rewards`), hidden in upstream mode. Each
 * needs its site flag: the LOGIN promotion (sign-in), MISSION (leaderboard), REWCEN3 (reward centre), REFERRAL
 * (invite friends); a flag that is off answers 400 `function.not.available`. Money is decimal currency units.
 */

const REWARDS = `${EXTENSION_PREFIX}/rewards`;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One reward of the reward centre. */
export const rewardValue = z.object({
  rewardId: z.number().int(),
  kind: z.enum(['sign_in', 'promotion', 'referral']),
  /** The sign-in streak day, the promotion's title, or the invited friend's masked account. */
  title: z.string(),
  amount: money(),
  status: z.enum(['waiting', 'claimed']),
  createdAt: z.number().int(),
  claimedAt: z.number().int().nullable(),
});

/** The agent application form (issue 13, Agent registration). */
export const agentApplyBody = z.object({
  fullName: z.string().trim().min(2).max(60),
  contact: z.string().trim().min(5).max(80),
  channel: z.string().trim().min(2).max(200),
  expectedPlayers: z.coerce.number().int().min(1).max(1_000_000),
  remark: z.string().trim().max(200).default(''),
});

/** The member's agent standing: an application's status, and the affiliate code once an agent. */
export const agentStatusValue = z.object({
  isAgent: z.boolean(),
  affiliateCode: z.string().nullable(),
  application: z.object({
    status: z.enum(['pending', 'approved', 'rejected']), reason: z.string(), createdAt: z.number().int(), decidedAt: z.number().int().nullable(),
  }).nullable(),
});

/** The rewards calls. */
export const rewardCalls = {
  /**
   * GET the daily sign-in calendar → `{ timeZone, today, signedToday, streak, todayReward, rewards[] (by streak
   * day, a cycle), signedDays[], monthDays[] }` (days YYYY-MM-DD in the site's zone). 401; 403 `free_reject`;
   * 400 `function.not.available` (LOGIN off).
   */
  signInStatus: defineCall({
    name: 'signInStatus', method: 'GET', path: `${REWARDS}/signIn`, auth: 'member', extension: true,
    value: z.object({
      timeZone: z.string(), today: day, signedToday: z.boolean(), streak: z.number().int().min(0), todayReward: money(),
      rewards: z.array(money()), signedDays: z.array(day), monthDays: z.array(day),
    }),
    summary: 'Daily sign-in calendar and streak (PlayDeck extension, capability rewards).',
  }),
  /**
   * POST sign in for today (no body) → `{ day, streak, reward, balance }`: the streak's reward is paid into the
   * wallet once. 409 `already_signed_in`; 401; 403 `free_reject`; 400 `function.not.available`.
   */
  signInClaim: defineCall({
    name: 'signInClaim', method: 'POST', path: `${REWARDS}/signIn`, auth: 'member', extension: true,
    value: z.object({ day, streak: z.number().int().min(1), reward: money(), balance: money() }),
    summary: 'Sign in for today and take the streak reward (PlayDeck extension, capability rewards).',
  }),
  /**
   * GET the site's leaderboard of the current period → `{ metric (turnover|win), period (day|week|month), from, to,
   * entries[{ rank, name (masked), amount }], mine { rank|null, amount } | null (visitors) }`. 400
   * `function.not.available` (MISSION off).
   */
  leaderboard: defineCall({
    name: 'leaderboard', method: 'GET', path: `${REWARDS}/leaderboard`, auth: 'optional', extension: true,
    value: z.object({
      metric: z.enum(['turnover', 'win']), period: z.enum(['day', 'week', 'month']), from: z.number().int(), to: z.number().int(),
      entries: z.array(z.object({ rank: z.number().int(), name: z.string(), amount: money() })),
      mine: z.object({ rank: z.number().int().nullable(), amount: money() }).nullable(),
    }),
    summary: 'Ranking of the site over the current period (PlayDeck extension, capability rewards).',
  }),
  /** GET the reward centre → `{ rewards[] }` (waiting first, then recent claims). 401; 403 `free_reject`; 400 `function.not.available` (REWCEN3 off). */
  rewardList: defineCall({
    name: 'rewardList', method: 'GET', path: REWARDS, auth: 'member', extension: true,
    value: z.object({ rewards: z.array(rewardValue) }),
    summary: 'Rewards waiting to be claimed and recent claims (PlayDeck extension, capability rewards).',
  }),
  /**
   * POST `{ rewardId }` → `{ reward, balance }`: a waiting reward into the wallet, once. 404 `reward_not_found`,
   * 409 `reward_claimed`; 401; 403 `free_reject`; 400 `function.not.available`, `request_param_err`.
   */
  rewardClaim: defineCall({
    name: 'rewardClaim', method: 'POST', path: `${REWARDS}/claim`, auth: 'member', extension: true,
    body: z.object({ rewardId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
    value: z.object({ reward: rewardValue, balance: money() }),
    summary: 'Claim a waiting reward into the wallet (PlayDeck extension, capability rewards).',
  }),
  /**
   * GET the member's invitation → `{ code, reward (per friend's first deposit), earned (claimed + waiting), friends[{
   * name (masked), registeredAt, reward, rewardStatus none|waiting|claimed }] }`. 401; 403 `free_reject`; 400
   * `function.not.available` (REFERRAL off).
   */
  inviteInfo: defineCall({
    name: 'inviteInfo', method: 'GET', path: `${REWARDS}/invite`, auth: 'member', extension: true,
    value: z.object({
      code: z.string(), reward: money(), earned: money(),
      friends: z.array(z.object({ name: z.string(), registeredAt: z.number().int(), reward: money(), rewardStatus: z.enum(['none', 'waiting', 'claimed']) })),
    }),
    summary: 'Personal invitation code, invited friends and rewards earned (PlayDeck extension, capability rewards).',
  }),
  /** GET the member's agent standing (agentStatusValue). 401; 403 `free_reject`. */
  agentStatus: defineCall({
    name: 'agentStatus', method: 'GET', path: `${REWARDS}/agent`, auth: 'member', extension: true,
    value: agentStatusValue,
    summary: 'Agent application status and affiliate code (PlayDeck extension, capability rewards).',
  }),
  /**
   * POST an agent application (agentApplyBody) → the standing. 409 `already_agent`, `agent_application_pending`;
   * 400 `request_param_err`; 401; 403 `free_reject`.
   */
  agentApply: defineCall({
    name: 'agentApply', method: 'POST', path: `${REWARDS}/agent`, auth: 'member', extension: true,
    body: agentApplyBody,
    value: agentStatusValue,
    summary: 'Apply to become an agent (PlayDeck extension, capability rewards).',
  }),
  /**
   * GET /wps/relay/PROMOFE_getPromoCodeEnable (platform-contract.md §7.6; asked on mount and on every token change,
   * no module id in the client): whether the reward centre takes promo codes. PlayDeck has no promo codes, so
   * `value` is false for everyone (the client shows no promo-code entry).
   */
  promoCodeEnable: defineCall({
    name: 'promoCodeEnable', method: 'GET', path: '/wps/relay/PROMOFE_getPromoCodeEnable', auth: 'optional',
    value: z.literal(false),
    summary: 'Whether promo codes can be redeemed: never on PlayDeck (platform-contract.md §7.6).',
  }),
};
