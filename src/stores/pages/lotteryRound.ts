import { atom } from 'nanostores';
import { ApiRequestError, newActionKey } from '../../api/client';
import {
  cancelOrders, getLotteryDraws, getLotteryGame, getOrderDetail, placeBetting, searchOrders,
  type LotteryDrawsValue, type LotteryGameSheetValue, type LotteryOrder, type LotteryOrderDetail, type LotteryPrizeMode,
} from '../../api/lottery';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import { keepOrderForRetry, orderAttempt, orderSignature, prizeModeToUse, stakeChips, toggleBet as togglePick, type BetPick, type OrderAttempt } from '../../lib/betSlip';
import type { MessageKey } from '../../../rules/i18n';
import { betterSample, clockSample, nextPollDelay, serverNow, type ClockSample } from '../../../rules/lotteryClock';
import { awaitedDrawAt, newResults, type DrawTimes } from '../../lib/lotteryRound';
import { balanceMoved } from '../concepts/balance';
import { OUTCOME_CHECKING, outcomeUnknown, recheckAfterUnknownOutcome } from '../concepts/outcome';
import { $session } from '../concepts/session';
import { env, type TimerHandle } from '../kit/environment';
import { createPage } from '../kit/page';

export type { LotteryDraw } from '../../api/lottery';

/** The game a lottery page shows: the launcher's gameId and prize_mode. */
export interface RoundTarget {
  gameId: string;
  prizeMode: string | null;
}

/** The game and its draws: loading, shown, unknown game, or failed to load. */
export interface RoundState {
  status: 'loading' | 'ready' | 'notFound' | 'failed';
  sheet: LotteryGameSheetValue | null;
  prizeMode: LotteryPrizeMode | null;
  draws: LotteryDrawsValue | null;
}

/** A message on the bet slip: a key, its parameters and whether a retry (same key) is offered. */
export interface SlipNotice {
  key: MessageKey;
  kind: 'success' | 'error' | 'info';
  params?: Record<string, string | number>;
  retry?: boolean;
}

/** The bet slip: bets, one stake for each, sending state, the unanswered order (for a retry) and a message. */
export interface SlipState {
  picks: BetPick[];
  stakeMinor: number;
  submitting: boolean;
  pending: OrderAttempt | null;
  notice: SlipNotice | null;
}

/** The player's orders on this game: the latest few, and the bets of the draw taking bets now (cancellable). */
export interface MyBetsState {
  recent: LotteryOrder[];
  current: LotteryOrderDetail[];
  cancelling: boolean;
}

function orderErrorKey(code: string): MessageKey {
  switch (code) {
    case 'draw_closed': return 'lottery.error.drawClosed';
    case 'draw_not_open': return 'lottery.error.drawNotOpen';
    case 'insufficient_balance': return 'lottery.error.balance';
    case 'invalid_stake': return 'lottery.error.stake';
    case 'invalid_bet': case 'invalid_prize_mode': return 'lottery.error.bet';
    case 'vendor_maintenance': return 'launch.error.vendor_maintenance';
    case 'customer.not.login': case 'user.or.token.invalid': return 'lottery.error.login';
    case 'network': return 'lottery.error.network';
    case 'loss_limit_exceeded': case 'wager_limit_exceeded': return `error.${code}`;
    default: return 'lottery.error.failed';
  }
}

/** Orders of the game shown under "my bets". */
const RECENT_ORDERS = 5;
/** Wait before reading again after a failed read. */
const RETRY_MS = 5000;

/**
 * The embedded lottery page of one visit (player-shell §2 /m/lotto-h5), made per visit (src/stores/kit/page.ts):
 * - `$round`: the game sheet and its draws; `$clockOffset`: server clock minus device clock (ms), count-downs use
 *   the server's time; `$slip`: the bet slip; `$myBets`: the player's orders of the open game.
 * - `open(target)`: opens a lottery game: its sheet (bet types and odds), its draws and the player's bets; then
 *   keeps reading the draws ("poll draws every few seconds near draw time", on the visit's timer) and reads them
 *   again when the page turns visible. The draws (with commitments) are the built-in lottery's extension and the
 *   sheet's shape is PlayDeck's: where the deployment lacks capability `lottery` (upstream mode, where the platform
 *   serves its own lottery page) the page shows its failure state and calls nothing. Returns the function that
 *   stops it (the page's exit stops it too).
 * - `pollDraws()`: reads the game's draws (this also settles its due draws on the server), keeps the best
 *   server-clock reading, notes results that just arrived — then the wallet and the player's bets reload — and
 *   plans the next read.
 * - `loadMyBets()`: loads the player's latest orders of this game and the details of those on the draw taking
 *   bets now; an order that was open and is now settled moves the balance.
 * - `toggleBet(bet)`: adds a bet to the slip or takes it off (a changed slip is a new order); `setStake(minor)`:
 *   the stake of every bet on the slip; `clearSlip()`: empties the slip (after a play type change, or on request).
 * - `place()`: places the slip on the draw taking bets now: one idempotency key per submit, the same key when
 *   retrying an order whose answer was lost. The wallet takes the new balance; draw_closed moves the page to the
 *   next draw and keeps the slip, so the player can place it there. An order whose answer was lost (network, 502
 *   `upstream_unavailable`: ../concepts/outcome.ts) may have been placed: the slip says it is being checked
 *   (`error.outcome_checking`), keeps the order's key for a retry (a retry of the same order counts once) and
 *   reads the balance and the player's orders again.
 * - `cancel(subOrderIds)`: cancels bets of the draw taking bets now; their stakes come back to the wallet. One
 *   idempotency key per tap; a lost answer says the outcome is being checked and reads the balance and orders
 *   again.
 * The page's exit stops the draws' timer and the visibility listener; answers that arrive after it are dropped
 * (an order's or a cancel's balance still reaches the balance store: the money moved).
 */
export const lotteryRoundPage = createPage('lotto-h5', (visit) => {
  const $round = atom<RoundState>({ status: 'loading', sheet: null, prizeMode: null, draws: null });
  const $clockOffset = atom(0);
  const $slip = atom<SlipState>({ picks: [], stakeMinor: 0, submitting: false, pending: null, notice: null });
  const $myBets = atom<MyBetsState>({ recent: [], current: [], cancelling: false });

  let timer: TimerHandle | undefined;
  let sample: ClockSample | null = null;
  let watched: DrawTimes[] = [];
  let generation = 0;

  const nodeIdOf = () => $round.get().sheet?.nodeId ?? null;

  function schedule(delay: number, run: number): void {
    env().clearTimeout(timer);
    timer = visit.later(() => {
      if (run === generation) void pollDraws();
    }, delay);
  }

  async function loadMyBets(): Promise<void> {
    const gameId = $round.get().sheet?.gameId ?? null;
    if (gameId === null || !$session.get()) {
      $myBets.set({ recent: [], current: [], cancelling: false });
      return;
    }
    try {
      const { content } = await searchOrders({ gameId, page: 0, size: RECENT_ORDERS });
      const issueNo = $round.get().draws?.current.issueNo;
      const openOrders = content.filter((o) => o.status === 'open' && o.issueNo === issueNo);
      const current = await Promise.all(openOrders.map((o) => getOrderDetail(o.orderId)));
      if (visit.exited) return;
      // An order that was open and is now won, lost or refunded has just been settled: its money moved.
      const wasOpen = new Set($myBets.get().recent.filter((o) => o.status === 'open').map((o) => o.orderId));
      const settled = content.some((o) => wasOpen.has(o.orderId) && o.status !== 'open');
      $myBets.set({ ...$myBets.get(), recent: content, current });
      if (settled) balanceMoved();
    } catch {
      // keep what is shown; the next result or order reloads it
    }
  }

  async function pollDraws(): Promise<void> {
    const run = generation;
    const nodeId = nodeIdOf();
    if (nodeId === null) return;
    const sentAt = env().now();
    try {
      const draws = await getLotteryDraws({ nodeId });
      if (run !== generation) return;
      sample = betterSample(sample, clockSample(draws.serverTime, sentAt, env().now()));
      $clockOffset.set(sample.offsetMs);
      const before = $round.get().draws;
      if (before && before.current.issueNo !== draws.current.issueNo) watched = [...watched, before.current].slice(-5);
      const arrived = newResults(before?.results ?? null, draws.results);
      $round.set({ ...$round.get(), draws });
      if (arrived.length > 0) balanceMoved();
      if (arrived.length > 0 || before?.current.issueNo !== draws.current.issueNo) void loadMyBets();
      const now = serverNow(env().now(), sample.offsetMs);
      const mine = $myBets.get().recent.filter((o) => o.status === 'open');
      const awaiting = awaitedDrawAt(now, [...watched, ...mine], draws.results, new Set(mine.map((o) => o.issueNo)));
      schedule(nextPollDelay(now, draws.current, awaiting), run);
    } catch {
      if (run !== generation) return;
      if (!$round.get().draws) $round.set({ ...$round.get(), status: 'failed' });
      schedule(RETRY_MS, run);
    }
  }

  function open(target: RoundTarget): () => void {
    if (visit.exited) return () => undefined;
    const run = ++generation;
    env().clearTimeout(timer);
    sample = null;
    watched = [];
    $round.set({ status: 'loading', sheet: null, prizeMode: null, draws: null });
    $slip.set({ picks: [], stakeMinor: 0, submitting: false, pending: null, notice: null });
    $myBets.set({ recent: [], current: [], cancelling: false });
    if (!hasCapability(CAPABILITIES.builtInLottery)) {
      $round.set({ ...$round.get(), status: 'failed' });
      return () => undefined;
    }
    getLotteryGame(target.gameId).then(
      (sheet) => {
        if (run !== generation) return;
        const prizeMode = prizeModeToUse(target.prizeMode, sheet.prizeModes);
        $round.set({ status: 'ready', sheet, prizeMode, draws: null });
        $slip.set({ ...$slip.get(), stakeMinor: stakeChips(sheet.minStakeMinor, sheet.maxStakeMinor)[0] ?? sheet.minStakeMinor });
        void pollDraws();
      },
      (error: unknown) => {
        if (run !== generation) return;
        const notFound = error instanceof ApiRequestError && (error.errorCode === 'game_not_found' || error.errorCode === 'request_param_err');
        $round.set({ ...$round.get(), status: notFound ? 'notFound' : 'failed' });
      },
    );
    const onVisible = () => {
      if (document.visibilityState === 'visible' && run === generation) void pollDraws();
    };
    document.addEventListener('visibilitychange', onVisible);
    const stop = () => {
      if (run === generation) generation++;
      env().clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
    visit.onExit(stop);
    return stop;
  }

  function toggleBet(bet: BetPick): void {
    const slip = $slip.get();
    $slip.set({ ...slip, picks: togglePick(slip.picks, bet), notice: null });
  }

  function setStake(stakeMinor: number): void {
    $slip.set({ ...$slip.get(), stakeMinor, notice: null });
  }

  function clearSlip(): void {
    $slip.set({ ...$slip.get(), picks: [], notice: null });
  }

  async function place(): Promise<void> {
    const slip = $slip.get();
    const { sheet, draws, prizeMode } = $round.get();
    if (slip.submitting || !sheet || !draws || !prizeMode || slip.picks.length === 0) return;
    const items = slip.picks.map((p) => ({ ...p, stakeMinor: slip.stakeMinor }));
    const issueNo = draws.current.issueNo;
    const attempt = orderAttempt(slip.pending, orderSignature({ nodeId: sheet.nodeId, issueNo, prizeMode, items }), () => crypto.randomUUID());
    $slip.set({ ...slip, submitting: true, pending: attempt, notice: null });
    try {
      const placed = await placeBetting({ gameId: sheet.gameId, issueNo, prizeMode, idempotencyKey: attempt.key, items });
      balanceMoved(placed.balanceMinor);
      if (visit.exited) return;
      $slip.set({ ...$slip.get(), picks: [], submitting: false, pending: null,
        notice: { key: 'lottery.placed', kind: 'success', params: { issue: placed.order.issueNo, count: placed.order.subOrders.length } } });
      void loadMyBets();
    } catch (error) {
      if (visit.exited) return;
      if (outcomeUnknown(error)) {
        $slip.set({ ...$slip.get(), submitting: false, pending: attempt, notice: { key: OUTCOME_CHECKING, kind: 'info', retry: true } });
        await recheckAfterUnknownOutcome(loadMyBets);
        return;
      }
      const status = error instanceof ApiRequestError ? error.status : 0;
      const code = error instanceof ApiRequestError ? error.errorCode : 'network';
      const retry = keepOrderForRetry(status, code);
      $slip.set({ ...$slip.get(), submitting: false, pending: retry ? attempt : null,
        notice: { key: orderErrorKey(code), kind: 'error', params: { issue: issueNo }, retry } });
      if (code === 'draw_closed' || code === 'draw_not_open') void pollDraws();
      if (code === 'insufficient_balance') balanceMoved();
    }
  }

  async function cancel(subOrderIds: number[]): Promise<void> {
    const state = $myBets.get();
    if (state.cancelling || subOrderIds.length === 0) return;
    $myBets.set({ ...state, cancelling: true });
    try {
      const { balanceMinor } = await cancelOrders(subOrderIds, newActionKey());
      balanceMoved(balanceMinor);
      if (visit.exited) return;
      $slip.set({ ...$slip.get(), notice: { key: 'lottery.cancelled', kind: 'info', params: { count: subOrderIds.length } } });
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.errorCode : 'network';
      if (outcomeUnknown(error)) {
        balanceMoved();
        if (!visit.exited) $slip.set({ ...$slip.get(), notice: { key: OUTCOME_CHECKING, kind: 'info' } });
        return;
      }
      if (visit.exited) return;
      $slip.set({ ...$slip.get(), notice: { key: code === 'draw_closed' ? 'lottery.error.cancelClosed' : 'lottery.error.failed', kind: 'error' } });
    } finally {
      if (!visit.exited) {
        $myBets.set({ ...$myBets.get(), cancelling: false });
        await loadMyBets();
      }
    }
  }

  return { $round, $clockOffset, $slip, $myBets, open, pollDraws, loadMyBets, toggleBet, setStake, clearSlip, place, cancel };
});

/** One visit of the embedded lottery page. */
export type LotteryRoundPage = ReturnType<typeof lotteryRoundPage>;
