import { addDays, dayInZone, monthDays, nextStreak, signInReward } from '../../../rules/rewards';
import { ApiError } from '../../lib/envelope';
import {
  claimPromotionApplicationStatement, claimRewardStatement, findReward, insertClaimedSignInRewardStatement, insertSignInStatement,
  lastSignIn, listRewards, signInDaysFrom, type RewardRecord,
} from '../../db/queries/rewards';
import { ledgerStatements, postLedger, getBalance, type LedgerKind } from '../ledger/ledger';
import type { RewardSettings } from './reward-settings';
import { DEFAULT_BONUS_RULES, rewardCredit, type BonusRules, type RewardMoney } from '../wallet/bonus-rules';

/** The sign-in page's data: today in the site's zone, the month's signed days, the streak and the reward table. */
export interface SignInState {
  timeZone: string;
  today: string;
  signedToday: boolean;
  /** Consecutive days up to today (or yesterday while today is not signed yet); 0 when the run is broken. */
  streak: number;
  /** What signing in today pays (minor units); 0 when already signed. */
  todayRewardMinor: number;
  rewardsMinor: number[];
  signedDays: string[];
  monthDays: string[];
}

/**
 * The member's sign-in state at `now` (issue 13, Daily sign-in): the calendar of the current month in the site's
 * time zone, the current streak (a missed day breaks it) and today's reward.
 */
export async function signInState(db: D1Database, memberId: number, settings: RewardSettings, now = Date.now()): Promise<SignInState> {
  const today = dayInZone(now, settings.timeZone);
  const days = monthDays(today);
  const [last, signed] = await Promise.all([lastSignIn(db, memberId), signInDaysFrom(db, memberId, days[0] ?? today)]);
  const signedToday = last?.day === today;
  const running = last && (last.day === today || last.day === addDays(today, -1)) ? last.streak : 0;
  return {
    timeZone: settings.timeZone, today, signedToday, streak: running,
    todayRewardMinor: signedToday ? 0 : signInReward(nextStreak(today, last), settings.signInRewards),
    rewardsMinor: settings.signInRewards, signedDays: signed.map((s) => s.day), monthDays: days,
  };
}

function isUnique(error: unknown): boolean {
  return String(error instanceof Error ? error.message : error).includes('UNIQUE');
}

/**
 * Signs the member in for today (site zone) and pays the streak's reward through the ledger (kind `sign_in`, key
 * `sign-in:<day>`), with the day's row and its reward-centre record, in one D1 batch: a second claim the same day
 * — sequential or concurrent — fails the whole batch on the (member, day) key → 409 `already_signed_in`. The
 * reward is cash or bonus money as the site's `rules.signIn` says (docs/honest-money.md; default cash).
 * Answers the day, streak, reward and the balance after it (minor units).
 */
export async function claimSignIn(
  db: D1Database, memberId: number, settings: RewardSettings, now = Date.now(), rules: BonusRules = DEFAULT_BONUS_RULES,
): Promise<{ day: string; streak: number; rewardMinor: number; balanceMinor: number }> {
  const day = dayInZone(now, settings.timeZone);
  const last = await lastSignIn(db, memberId);
  if (last?.day === day) throw new ApiError(409, 'already_signed_in', 'Already signed in today');
  const streak = nextStreak(day, last);
  const rewardMinor = signInReward(streak, settings.signInRewards);
  const statements = [insertSignInStatement(db, memberId, day, streak, rewardMinor, now)];
  if (rewardMinor > 0) {
    statements.push(
      insertClaimedSignInRewardStatement(db, memberId, `sign-in:${day}`, rewardMinor, String(streak), now),
      ...ledgerStatements(db, memberId, [rewardCredit(rules, rules.signIn, { amountMinor: rewardMinor, kind: 'sign_in', reference: `sign-in:${day}`, idempotencyKey: `sign-in:${day}` })], now),
    );
  }
  try {
    await db.batch(statements);
  } catch (error) {
    if (isUnique(error)) throw new ApiError(409, 'already_signed_in', 'Already signed in today');
    throw error;
  }
  return { day, streak, rewardMinor, balanceMinor: await getBalance(db, memberId) };
}

/** The ledger kind of a reward-centre claim. */
const CLAIM_KIND: Record<RewardRecord['kind'], LedgerKind> = { sign_in: 'sign_in', promotion: 'promotion', referral: 'referral_reward' };

/** The site's rule for a reward-centre kind: cash or bonus money (docs/honest-money.md). */
function claimMoney(rules: BonusRules, kind: RewardRecord['kind']): RewardMoney {
  return kind === 'sign_in' ? rules.signIn : kind === 'promotion' ? rules.promotion : rules.referral;
}

/**
 * Claims a waiting reward into the wallet (issue 13, Reward centre): the status change and the ledger credit (key
 * `reward:<id>`) in one batch, so it is paid exactly once even when two claims race (the loser finds the key
 * used → 409 `reward_claimed`). A promotion reward also marks its application `claimed`. 404 `reward_not_found`.
 * Paid as cash or bonus money by the site's rule for its kind (`rules`: promotion default bonus money with 30×
 * wagering; sign-in and invitation rewards cash; docs/honest-money.md).
 */
export async function claimReward(
  db: D1Database, memberId: number, rewardId: number, now = Date.now(), rules: BonusRules = DEFAULT_BONUS_RULES,
): Promise<{ reward: RewardRecord; balanceMinor: number }> {
  const reward = await findReward(db, memberId, rewardId);
  if (!reward) throw new ApiError(404, 'reward_not_found', 'No such reward');
  if (reward.status !== 'waiting') throw new ApiError(409, 'reward_claimed', 'The reward was already claimed');
  const alongside = [claimRewardStatement(db, memberId, rewardId, now)];
  const application = /^promotion:(\d+)$/.exec(reward.source);
  if (application) {
    alongside.push(claimPromotionApplicationStatement(db, memberId, Number(application[1])));
  }
  const result = await postLedger(
    db, memberId,
    [rewardCredit(rules, claimMoney(rules, reward.kind), {
      amountMinor: reward.amountMinor, kind: CLAIM_KIND[reward.kind], reference: reward.source, idempotencyKey: `reward:${reward.id}`,
    })],
    alongside, now,
  );
  if (result.replayed) throw new ApiError(409, 'reward_claimed', 'The reward was already claimed');
  return { reward: { ...reward, status: 'claimed', claimedAt: now }, balanceMinor: result.balanceMinor };
}

/** The member's reward centre: waiting rewards and recent claims. */
export function rewardCentre(db: D1Database, memberId: number): Promise<RewardRecord[]> {
  return listRewards(db, memberId);
}
