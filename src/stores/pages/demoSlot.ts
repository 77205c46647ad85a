import { atom } from 'nanostores';
import { getDemoSlotGame, spinDemoSlot, type DemoSlotGame, type DemoSlotRound } from '../../api/demo';
import { ApiRequestError } from '../../api/client';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import type { MessageKey } from '../../../rules/i18n';
import { keepForRetry, roundErrorKey, nextSpin, type SpinAttempt } from '../../lib/spin';
import { createFetcher } from '../kit/fetcher';
import { createPage } from '../kit/page';
import { $language } from '../concepts/language';
import { refreshWallet } from '../concepts/member';
import { balanceMoved } from '../concepts/balance';

/**
 * The demo slot's state: spinning or not, the last settled round, an error message, an unanswered spin, and the
 * mode (free play or money).
 */
export interface SlotState {
  spinning: boolean;
  round: DemoSlotRound | null;
  error: MessageKey | null;
  pending: SpinAttempt | null;
  /** Free play (only on a game that supports it, supportPlay 0): spins move no money. */
  freePlay: boolean;
}

/**
 * The demo slot page of one visit (the demo vendor's playable slot, /play/slot), made per visit
 * (src/stores/kit/page.ts):
 * - `$slot`: spinning or not, the last settled round, an error message, an unanswered spin and the mode.
 * - `setSlotFreePlay(on, supported)`: switches between free play and play with money, as the other demo games do
 *   (./demoGame.ts): free play only where the game's sheet offers it (`supported`, supportPlay 0); no switch while a
 *   spin is under way or unanswered (its retry keeps its mode). The launch's `freePlay=1` starts the slot in free
 *   play this way.
 * - `spin(nodeId, stakeMinor)`: spins once, in the mode chosen (free play moves no money): a fresh idempotency key per new spin, the same key when retrying a spin
 *   whose answer was lost; the wallet store takes the round's balanceMinor. Without the `demo-games` capability
 *   nothing is sent. insufficient_balance shows its message and reloads the balance.
 * A spin answered after the page exits changes nothing on it; the balance it settled still reaches the wallet store
 * (the money moved), and a refusal for want of money still reloads the balance.
 */
export const demoSlotPage = createPage('play/slot', (visit) => {
  const $slot = atom<SlotState>({ spinning: false, round: null, error: null, pending: null, freePlay: false });

  function setSlotFreePlay(on: boolean, supported: boolean): void {
    const state = $slot.get();
    if (state.spinning || state.pending) return;
    const freePlay = on && supported;
    if (freePlay !== state.freePlay) $slot.set({ ...state, freePlay });
  }

  async function spin(nodeId: number, stakeMinor: number): Promise<void> {
    const state = $slot.get();
    if (state.spinning) return;
    // The demo games are PlayDeck's extension: a deployment without them has no spin to call.
    if (!hasCapability(CAPABILITIES.demoGames)) {
      $slot.set({ ...state, error: 'error.feature_disabled' });
      return;
    }
    const attempt = nextSpin(state.pending, nodeId, stakeMinor, () => crypto.randomUUID());
    $slot.set({ ...state, spinning: true, error: null, pending: attempt });
    try {
      const round = await spinDemoSlot({ nodeId: attempt.nodeId, stakeMinor: attempt.stakeMinor, idempotencyKey: attempt.key, freePlay: state.freePlay });
      if (!visit.exited) $slot.set({ ...$slot.get(), spinning: false, round, error: null, pending: null });
      balanceMoved(round.balanceMinor);
    } catch (error) {
      const status = error instanceof ApiRequestError ? error.status : 0;
      const code = error instanceof ApiRequestError ? error.errorCode : 'network';
      if (code === 'insufficient_balance') void refreshWallet();
      if (visit.exited) return;
      $slot.set({ ...$slot.get(), spinning: false, error: roundErrorKey(code), pending: keepForRetry(status, code) ? attempt : null });
    }
  }

  return { $slot, setSlotFreePlay, spin };
});

/** One visit of the demo slot page. */
export type DemoSlotPage = ReturnType<typeof demoSlotPage>;

export type { DemoSlotGame };

/** The demo slot's sheet (symbols, stakes, paytable) of a game by its nodeId, as a fetcher store. */
export const demoSlotSheet = createFetcher<DemoSlotGame>((nodeId) => getDemoSlotGame(Number(nodeId)), $language);

/** True when a failed sheet load means the game does not exist (rather than a failure worth a retry). */
export function sheetNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.errorCode === 'game_not_found' || error.status === 404);
}
