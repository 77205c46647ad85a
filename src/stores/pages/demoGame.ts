/**
 * The demo vendor's provably fair games (/play/table, /play/crash, /play/shooter): the game's sheet, the seed
 * commitment of the next round, free or real play, and one round at a time. Each round carries a fresh
 * idempotency key (the same key when retrying a round whose answer was lost) and a client seed; after a round the
 * wallet store holds the new balance at once, and the revealed seeds can be checked (rules/demoGames.ts
 * verifyRound). Nothing is sent without the `demo-games` capability.
 */
import { atom } from 'nanostores';
import { getDemoFair, getDemoGame, playDemoRound, type DemoGameSheet, type FairRoundView } from '../../api/demo';

export type { DemoGameSheet, FairRoundView } from '../../api/demo';
import { ApiRequestError } from '../../api/client';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import { newClientSeed } from '../../../rules/fair';
import type { MessageKey } from '../../../rules/i18n';
import { keepForRetry, roundErrorKey } from '../../lib/spin';
import { $wallet, refreshWallet } from '../concepts/member';
import { createPage } from '../kit/page';

/** The game's sheet as loaded: the sheet, or why it is missing. */
export interface DemoSheetState {
  nodeId: number;
  game: DemoGameSheet | null;
  error: 'notFound' | 'failed' | null;
}

/** A round as sent: its key, game, stake (minor units), choice, client seed and mode. */
export interface RoundAttempt {
  key: string;
  nodeId: number;
  stakeMinor: number;
  choice: string;
  clientSeed: string;
  freePlay: boolean;
}

/** The table's state: playing or not, the last round, an error, an unanswered round, and the next commitment. */
export interface DemoRoundState {
  playing: boolean;
  round: FairRoundView | null;
  error: MessageKey | null;
  pending: RoundAttempt | null;
  commitment: string | null;
  freePlay: boolean;
}

/**
 * A demo game page of one visit (/play/table, /play/crash, /play/shooter), made per visit
 * (src/stores/kit/page.ts):
 * - `$demoSheet`: the game's sheet as loaded (or why it is missing); `$demoRound`: playing or not, the last round,
 *   an error, an unanswered round, the next commitment and free or real play.
 * - `openDemoGame(nodeId, freePlay?)`, `loadCommitment()`, `setFreePlay(on)`, `playDemo(nodeId, stakeMinor,
 *   choice)`: as documented on each.
 * Answers that arrive after the page exits are dropped; a round the server settled meanwhile still moves the
 * wallet store's balance (the money moved), and a refusal for want of money still reloads the balance.
 */
export const demoGamePage = createPage('play', (visit) => {
  /** The sheet of the game on this page. */
  const $demoSheet = atom<DemoSheetState | null>(null);
  /** The rounds of the game on this page. */
  const $demoRound = atom<DemoRoundState>({ playing: false, round: null, error: null, pending: null, commitment: null, freePlay: false });

  /** Loads the sheet of `nodeId`; `freePlay` starts the table in free mode when the game supports it. */
  async function openDemoGame(nodeId: number, freePlay = false): Promise<void> {
    if (!hasCapability(CAPABILITIES.demoGames)) return;
    try {
      const game = await getDemoGame(nodeId);
      if (visit.exited) return;
      $demoSheet.set({ nodeId, game, error: null });
      $demoRound.set({ ...$demoRound.get(), freePlay: freePlay && game.freePlay });
    } catch (error) {
      if (visit.exited) return;
      const notFound = error instanceof ApiRequestError && (error.errorCode === 'game_not_found' || error.status === 404);
      $demoSheet.set({ nodeId, game: null, error: notFound ? 'notFound' : 'failed' });
    }
  }

  /** Loads the commitment of the member's next round (shown before the player bets). */
  async function loadCommitment(): Promise<void> {
    if (!hasCapability(CAPABILITIES.demoGames)) return;
    try {
      const { commitment } = await getDemoFair();
      if (!visit.exited) $demoRound.set({ ...$demoRound.get(), commitment });
    } catch {
      // The commitment is informative: the round answer carries the one it used.
    }
  }

  /** Switches between free play (only on a game that supports it) and play with money. */
  function setFreePlay(on: boolean): void {
    const sheet = $demoSheet.get();
    const state = $demoRound.get();
    if (state.playing || state.pending) return;
    $demoRound.set({ ...state, freePlay: on && sheet?.game?.freePlay === true });
  }

  /**
   * Plays one round with `choice` (a table bet, a crash target in hundredths, a shooter target). A retry after a
   * lost answer resends the unanswered round unchanged. insufficient_balance shows its message and reloads the balance.
   */
  async function playDemo(nodeId: number, stakeMinor: number, choice: string): Promise<void> {
    const state = $demoRound.get();
    if (state.playing) return;
    if (!hasCapability(CAPABILITIES.demoGames)) {
      $demoRound.set({ ...state, error: 'error.feature_disabled' });
      return;
    }
    const attempt: RoundAttempt = state.pending && state.pending.nodeId === nodeId
      ? state.pending
      : { key: crypto.randomUUID(), nodeId, stakeMinor, choice, clientSeed: newClientSeed(), freePlay: state.freePlay };
    $demoRound.set({ ...state, playing: true, error: null, pending: attempt });
    try {
      const played = await playDemoRound({ ...attempt, idempotencyKey: attempt.key });
      if (!visit.exited) $demoRound.set({ ...$demoRound.get(), playing: false, round: played.round, error: null, pending: null, commitment: played.nextCommitment });
      const wallet = $wallet.get();
      if (wallet) $wallet.set({ ...wallet, sumBalance: played.balanceMinor });
      else void refreshWallet();
    } catch (error) {
      const status = error instanceof ApiRequestError ? error.status : 0;
      const code = error instanceof ApiRequestError ? error.errorCode : 'network';
      if (code === 'insufficient_balance') void refreshWallet();
      if (visit.exited) return;
      $demoRound.set({ ...$demoRound.get(), playing: false, error: roundErrorKey(code), pending: keepForRetry(status, code) ? attempt : null });
    }
  }

  return { $demoSheet, $demoRound, openDemoGame, loadCommitment, setFreePlay, playDemo };
});

/** One visit of a demo game page. */
export type DemoGamePage = ReturnType<typeof demoGamePage>;
