import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import {
  claimRewardById, getLeaderboard, getRewards, getSignIn, signInToday, type LeaderboardView, type RewardView, type SignInView,
} from '../../api/rewards';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import type { MessageKey } from '../../../rules/i18n';
import { balanceMoved } from '../concepts/balance';
import { OUTCOME_CHECKING, outcomeUnknown } from '../concepts/outcome';
import { createPage } from '../kit/page';

/**
 * The flows of the daily sign-in, the reward centre and the leaderboard (issue 13, Rewards; player-shell §2, §6).
 * Each screen loads its data, shows a translated message for a failure, and every claim hands the balance the
 * answer carried to the balance store at once. Without the `rewards` capability (upstream mode) the screens show
 * that the feature is unavailable and call nothing. Each screen's store is made per visit (src/stores/kit/page.ts):
 * answers that arrive after the page exits are dropped (a claim's balance still reaches the balance store).
 */

/** Phases of a rewards screen. */
export type RewardsPhase = 'loading' | 'ready' | 'failed' | 'unavailable' | 'busy';

/** An error code → its message. */
export function rewardErrorOf(code: string): MessageKey {
  switch (code) {
    case 'already_signed_in': return 'signIn.already';
    case 'reward_claimed': return 'reward.alreadyClaimed';
    case 'function.not.available': return 'error.feature_disabled';
    case 'TOO_MANY_REQUEST': return 'error.too_many_requests';
    case 'network': return 'error.network';
    default: return 'rewards.failed';
  }
}

/** A reward as the reward centre lists it (money in minor units). */
export type { RewardView } from '../../api/rewards';

const codeOf = (error: unknown) => (error instanceof ApiRequestError ? error.errorCode : 'network');

/** The sign-in page's state: the calendar, and what the last sign-in paid. */
export interface SignInState {
  phase: RewardsPhase;
  view: SignInView | null;
  error: MessageKey | null;
  paid: { rewardMinor: number; streak: number } | null;
}

/**
 * The daily sign-in page of one visit (/m/activity/signIn):
 * - `$signIn`: the calendar (LOGIN promotion) and what the last sign-in paid.
 * - `load()`: loads the calendar.
 * - `signIn()`: signs in for today: the reward goes into the balance at once, and the calendar reloads. A lost
 *   answer (../concepts/outcome.ts) says the outcome is being checked and reads the balance and the calendar again.
 */
export const signInPage = createPage('activity/signIn', (visit) => {
  const $signIn = atom<SignInState>({ phase: 'loading', view: null, error: null, paid: null });

  async function load(): Promise<void> {
    if (!hasCapability(CAPABILITIES.rewards)) return $signIn.set({ phase: 'unavailable', view: null, error: null, paid: null });
    try {
      const view = await getSignIn();
      if (!visit.exited) $signIn.set({ ...$signIn.get(), phase: 'ready', view, error: null });
    } catch (error) {
      if (!visit.exited) $signIn.set({ ...$signIn.get(), phase: 'failed', error: rewardErrorOf(codeOf(error)) });
    }
  }

  async function signIn(): Promise<void> {
    const state = $signIn.get();
    if (state.phase !== 'ready' || !state.view || state.view.signedToday) return;
    $signIn.set({ ...state, phase: 'busy', error: null });
    let failure: MessageKey | null = null;
    try {
      const result = await signInToday();
      balanceMoved(result.balanceMinor);
      if (visit.exited) return;
      $signIn.set({ ...$signIn.get(), phase: 'ready', paid: { rewardMinor: result.rewardMinor, streak: result.streak } });
    } catch (error) {
      if (outcomeUnknown(error)) balanceMoved();
      if (visit.exited) return;
      failure = outcomeUnknown(error) ? OUTCOME_CHECKING : rewardErrorOf(codeOf(error));
      $signIn.set({ ...$signIn.get(), phase: 'ready' });
    }
    await load();
    if (failure && !visit.exited) $signIn.set({ ...$signIn.get(), error: failure });
  }

  return { $signIn, load, signIn };
});

/** One visit of the daily sign-in page. */
export type SignInPage = ReturnType<typeof signInPage>;

/** The reward centre's state. */
export interface RewardCentreState {
  phase: RewardsPhase;
  rewards: RewardView[];
  claiming: number | null;
  error: MessageKey | null;
  /** The amount the last claim added to the balance. */
  claimedMinor: number | null;
}

/**
 * The reward centre page of one visit (REWCEN3, /m/rewardCentre):
 * - `$rewardCentre`: waiting rewards and recent claims, the reward being claimed, the error, the last claim's amount.
 * - `load()`: loads waiting rewards and recent claims.
 * - `claim(rewardId)`: claims one waiting reward into the wallet (one claim at a time), then reloads the list. A
 *   lost answer (../concepts/outcome.ts) says the outcome is being checked and reads the balance and the list again.
 */
export const rewardCentrePage = createPage('rewardCentre', (visit) => {
  const $rewardCentre = atom<RewardCentreState>({ phase: 'loading', rewards: [], claiming: null, error: null, claimedMinor: null });

  async function load(): Promise<void> {
    if (!hasCapability(CAPABILITIES.rewards)) return $rewardCentre.set({ ...$rewardCentre.get(), phase: 'unavailable' });
    try {
      const rewards = await getRewards();
      if (!visit.exited) $rewardCentre.set({ ...$rewardCentre.get(), phase: 'ready', rewards });
    } catch (error) {
      if (!visit.exited) $rewardCentre.set({ ...$rewardCentre.get(), phase: 'failed', error: rewardErrorOf(codeOf(error)) });
    }
  }

  async function claim(rewardId: number): Promise<void> {
    const state = $rewardCentre.get();
    if (state.phase !== 'ready' || state.claiming !== null) return;
    $rewardCentre.set({ ...state, claiming: rewardId, error: null, claimedMinor: null });
    try {
      const { reward, balanceMinor } = await claimRewardById(rewardId);
      balanceMoved(balanceMinor);
      if (visit.exited) return;
      $rewardCentre.set({ ...$rewardCentre.get(), claiming: null, claimedMinor: reward.amountMinor });
    } catch (error) {
      const unknown = outcomeUnknown(error);
      if (unknown) balanceMoved();
      if (visit.exited) return;
      $rewardCentre.set({ ...$rewardCentre.get(), claiming: null, error: unknown ? OUTCOME_CHECKING : rewardErrorOf(codeOf(error)) });
    }
    await load();
  }

  return { $rewardCentre, load, claim };
});

/** One visit of the reward centre. */
export type RewardCentrePage = ReturnType<typeof rewardCentrePage>;

/** The leaderboard's state. */
export interface LeaderboardState {
  phase: RewardsPhase;
  board: LeaderboardView | null;
  error: MessageKey | null;
}

/**
 * The leaderboard page of one visit (MISSION promotion, /m/leaderBoard):
 * - `$leaderboard`: the current period's ranking (with the member's own rank when logged in).
 * - `load()`: loads it.
 */
export const leaderboardPage = createPage('leaderBoard', (visit) => {
  const $leaderboard = atom<LeaderboardState>({ phase: 'loading', board: null, error: null });

  async function load(): Promise<void> {
    if (!hasCapability(CAPABILITIES.rewards)) return $leaderboard.set({ phase: 'unavailable', board: null, error: null });
    try {
      const board = await getLeaderboard();
      if (!visit.exited) $leaderboard.set({ phase: 'ready', board, error: null });
    } catch (error) {
      if (!visit.exited) $leaderboard.set({ ...$leaderboard.get(), phase: 'failed', error: rewardErrorOf(codeOf(error)) });
    }
  }

  return { $leaderboard, load };
});

/** One visit of the leaderboard page. */
export type LeaderboardPage = ReturnType<typeof leaderboardPage>;
