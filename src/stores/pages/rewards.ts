import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import {
  claimRewardById, getLeaderboard, getRewards, getSignIn, signInToday, type LeaderboardView, type RewardView, type SignInView,
} from '../../api/rewards';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import type { MessageKey } from '../../../rules/i18n';
import { balanceMoved } from '../concepts/balance';
import { OUTCOME_CHECKING, outcomeUnknown } from '../kit/outcome';

/**
 * The flows of the daily sign-in, the reward centre and the leaderboard (issue 13, Rewards; player-shell §2, §6).
 * Each screen loads its data, shows a translated message for a failure, and every claim hands the balance the
 * answer carried to the balance store at once. Without the `rewards` capability (upstream mode) the screens show
 * that the feature is unavailable and call nothing.
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

/** The sign-in page's flow. */
export const $signIn = atom<SignInState>({ phase: 'loading', view: null, error: null, paid: null });

/** Loads the calendar (LOGIN promotion). */
export async function loadSignIn(): Promise<void> {
  if (!hasCapability(CAPABILITIES.rewards)) return $signIn.set({ phase: 'unavailable', view: null, error: null, paid: null });
  try {
    const view = await getSignIn();
    $signIn.set({ ...$signIn.get(), phase: 'ready', view, error: null });
  } catch (error) {
    $signIn.set({ ...$signIn.get(), phase: 'failed', error: rewardErrorOf(codeOf(error)) });
  }
}

/**
 * Signs in for today: the reward goes into the balance at once, and the calendar reloads. A lost answer
 * (outcome.ts) says the outcome is being checked and reads the balance and the calendar again.
 */
export async function signIn(): Promise<void> {
  const state = $signIn.get();
  if (state.phase !== 'ready' || !state.view || state.view.signedToday) return;
  $signIn.set({ ...state, phase: 'busy', error: null });
  let failure: MessageKey | null = null;
  try {
    const result = await signInToday();
    balanceMoved(result.balanceMinor);
    $signIn.set({ ...$signIn.get(), phase: 'ready', paid: { rewardMinor: result.rewardMinor, streak: result.streak } });
  } catch (error) {
    failure = outcomeUnknown(error) ? OUTCOME_CHECKING : rewardErrorOf(codeOf(error));
    if (outcomeUnknown(error)) balanceMoved();
    $signIn.set({ ...$signIn.get(), phase: 'ready' });
  }
  await loadSignIn();
  if (failure) $signIn.set({ ...$signIn.get(), error: failure });
}

/** The reward centre's state. */
export interface RewardCentreState {
  phase: RewardsPhase;
  rewards: RewardView[];
  claiming: number | null;
  error: MessageKey | null;
  /** The amount the last claim added to the balance. */
  claimedMinor: number | null;
}

/** The reward centre's flow (REWCEN3). */
export const $rewardCentre = atom<RewardCentreState>({ phase: 'loading', rewards: [], claiming: null, error: null, claimedMinor: null });

/** Loads waiting rewards and recent claims. */
export async function loadRewardCentre(): Promise<void> {
  if (!hasCapability(CAPABILITIES.rewards)) return $rewardCentre.set({ ...$rewardCentre.get(), phase: 'unavailable' });
  try {
    const rewards = await getRewards();
    $rewardCentre.set({ ...$rewardCentre.get(), phase: 'ready', rewards });
  } catch (error) {
    $rewardCentre.set({ ...$rewardCentre.get(), phase: 'failed', error: rewardErrorOf(codeOf(error)) });
  }
}

/**
 * Claims one waiting reward into the wallet (one claim at a time), then reloads the list. A lost answer
 * (outcome.ts) says the outcome is being checked and reads the balance and the list again.
 */
export async function claimReward(rewardId: number): Promise<void> {
  const state = $rewardCentre.get();
  if (state.phase !== 'ready' || state.claiming !== null) return;
  $rewardCentre.set({ ...state, claiming: rewardId, error: null, claimedMinor: null });
  try {
    const { reward, balanceMinor } = await claimRewardById(rewardId);
    balanceMoved(balanceMinor);
    $rewardCentre.set({ ...$rewardCentre.get(), claiming: null, claimedMinor: reward.amountMinor });
  } catch (error) {
    const unknown = outcomeUnknown(error);
    $rewardCentre.set({ ...$rewardCentre.get(), claiming: null, error: unknown ? OUTCOME_CHECKING : rewardErrorOf(codeOf(error)) });
    if (unknown) balanceMoved();
  }
  await loadRewardCentre();
}

/** The leaderboard's state. */
export interface LeaderboardState {
  phase: RewardsPhase;
  board: LeaderboardView | null;
  error: MessageKey | null;
}

/** The leaderboard's flow (MISSION promotion). */
export const $leaderboard = atom<LeaderboardState>({ phase: 'loading', board: null, error: null });

/** Loads the current period's ranking (with the member's own rank when logged in). */
export async function loadLeaderboard(): Promise<void> {
  if (!hasCapability(CAPABILITIES.rewards)) return $leaderboard.set({ phase: 'unavailable', board: null, error: null });
  try {
    $leaderboard.set({ phase: 'ready', board: await getLeaderboard(), error: null });
  } catch (error) {
    $leaderboard.set({ ...$leaderboard.get(), phase: 'failed', error: rewardErrorOf(codeOf(error)) });
  }
}
