import { atom } from 'nanostores';
import { ApiRequestError, newActionKey } from '../../api/client';
import {
  cancelOrders, getLotteryDraws, getLotteryGame, getOrderDetail, placeBetting, searchOrders,
  type LotteryDrawsValue, type LotteryGameSheetValue, type LotteryOrder, type LotteryOrderDetail, type LotteryPrizeMode,
} from '../../api/lottery';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import { keepOrderForRetry, orderAttempt, orderSignature, prizeModeToUse, stakeChips, toggleBet, type BetPick, type OrderAttempt } from '../../lib/betSlip';
import type { MessageKey } from '../../../rules/i18n';
import { betterSample, clockSample, nextPollDelay, serverNow, type ClockSample } from '../../../rules/lotteryClock';
import { awaitedDrawAt, newResults, type DrawTimes } from '../../lib/lotteryRound';
import { balanceMoved } from '../concepts/balance';
import { OUTCOME_CHECKING, outcomeUnknown, recheckAfterUnknownOutcome } from '../kit/outcome';
import { $session } from '../concepts/session';
import { env } from '../kit/environment';

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

/** Game sheet and draws of the open lottery page (player-shell §2 /m/lotto-h5). */
export const $round = atom<RoundState>({ status: 'loading', sheet: null, prizeMode: null, draws: null });
/** Server clock minus device clock (ms): count-downs use the server's time. */
export const $clockOffset = atom(0);
/** The bet slip of the open lottery page. */
export const $slip = atom<SlipState>({ picks: [], stakeMinor: 0, submitting: false, pending: null, notice: null });
/** The player's orders of the open game. */
export const $myBets = atom<MyBetsState>({ recent: [], current: [], cancelling: false });

/** Orders of the game shown under "my bets". */
const RECENT_ORDERS = 5;
/** Wait before reading again after a failed read. */
const RETRY_MS = 5000;

let timer: ReturnType<typeof setTimeout> | undefined;
let sample: ClockSample | null = null;
let watched: DrawTimes[] = [];
let generation = 0;

const nodeIdOf = () => $round.get().sheet?.nodeId ?? null;

function setBalance(balanceMinor: number): void {
  balanceMoved(balanceMinor);
}

function schedule(delay: number, run: number): void {
  env().clearTimeout(timer);
  timer = env().setTimeout(() => {
    if (run === generation) void pollDraws();
  }, delay);
}

/** Loads the player's latest orders of this game and the details of those on the draw taking bets now. */
export async function loadMyBets(): Promise<void> {
  const gameId = $round.get().sheet?.gameId ?? null;
  if (gameId === null || !$session.get()) {
    $myBets.set({ recent: [], current: [], cancelling: false });
    return;
  }
  try {
    const { content } = await searchOrders({ gameId, page: 0, size: RECENT_ORDERS });
    const issueNo = $round.get().draws?.current.issueNo;
    const open = content.filter((o) => o.status === 'open' && o.issueNo === issueNo);
    const current = await Promise.all(open.map((o) => getOrderDetail(o.orderId)));
    // An order that was open and is now won, lost or refunded has just been settled: its money moved.
    const wasOpen = new Set($myBets.get().recent.filter((o) => o.status === 'open').map((o) => o.orderId));
    const settled = content.some((o) => wasOpen.has(o.orderId) && o.status !== 'open');
    $myBets.set({ ...$myBets.get(), recent: content, current });
    if (settled) balanceMoved();
  } catch {
    // keep what is shown; the next result or order reloads it
  }
}

/**
 * Reads the game's draws (this also settles its due draws on the server), keeps the best server-clock reading,
 * notes results that just arrived — then the wallet and the player's bets reload — and plans the next read:
 * "poll draws every few seconds near draw time".
 */
export async function pollDraws(): Promise<void> {
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

/**
 * Opens a lottery game (player-shell §2 /m/lotto-h5): its sheet (bet types and odds), its draws and the player's
 * bets; then keeps reading the draws. The draws (with commitments) are the built-in lottery's extension and the
 * sheet's shape is PlayDeck's: where the deployment lacks capability `lottery` (upstream mode, where the platform
 * serves its own lottery page) the page shows its failure state and calls nothing. Returns the function that stops it.
 */
export function openRound(target: RoundTarget): () => void {
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
  return () => {
    if (run === generation) generation++;
    env().clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Adds a bet to the slip or takes it off (a changed slip is a new order). */
export function toggleSlipBet(bet: BetPick): void {
  const slip = $slip.get();
  $slip.set({ ...slip, picks: toggleBet(slip.picks, bet), notice: null });
}

/** Sets the stake of every bet on the slip (minor units). */
export function setSlipStake(stakeMinor: number): void {
  $slip.set({ ...$slip.get(), stakeMinor, notice: null });
}

/** Empties the slip (after a play type change, or on request). */
export function clearSlip(): void {
  $slip.set({ ...$slip.get(), picks: [], notice: null });
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
    default: return 'lottery.error.failed';
  }
}

/**
 * Places the slip on the draw taking bets now: one idempotency key per submit, the same key when retrying an
 * order whose answer was lost. The wallet takes the new balance; draw_closed moves the page to the next draw and
 * keeps the slip, so the player can place it there. An order whose answer was lost (network, 502
 * `upstream_unavailable`: outcome.ts) may have been placed: the slip says it is being checked
 * (`error.outcome_checking`), keeps the order's key for a retry (a retry of the same order counts once) and reads
 * the balance and the player's orders again.
 */
export async function placeSlip(): Promise<void> {
  const slip = $slip.get();
  const { sheet, draws, prizeMode } = $round.get();
  if (slip.submitting || !sheet || !draws || !prizeMode || slip.picks.length === 0) return;
  const items = slip.picks.map((p) => ({ ...p, stakeMinor: slip.stakeMinor }));
  const issueNo = draws.current.issueNo;
  const attempt = orderAttempt(slip.pending, orderSignature({ nodeId: sheet.nodeId, issueNo, prizeMode, items }), () => crypto.randomUUID());
  $slip.set({ ...slip, submitting: true, pending: attempt, notice: null });
  try {
    const placed = await placeBetting({ gameId: sheet.gameId, issueNo, prizeMode, idempotencyKey: attempt.key, items });
    setBalance(placed.balanceMinor);
    $slip.set({ ...$slip.get(), picks: [], submitting: false, pending: null,
      notice: { key: 'lottery.placed', kind: 'success', params: { issue: placed.order.issueNo, count: placed.order.subOrders.length } } });
    void loadMyBets();
  } catch (error) {
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

/**
 * Cancels bets of the draw taking bets now; their stakes come back to the wallet. One idempotency key per tap; a
 * lost answer (outcome.ts) says the outcome is being checked and reads the balance and orders again.
 */
export async function cancelBets(subOrderIds: number[]): Promise<void> {
  const state = $myBets.get();
  if (state.cancelling || subOrderIds.length === 0) return;
  $myBets.set({ ...state, cancelling: true });
  try {
    const { balanceMinor } = await cancelOrders(subOrderIds, newActionKey());
    setBalance(balanceMinor);
    $slip.set({ ...$slip.get(), notice: { key: 'lottery.cancelled', kind: 'info', params: { count: subOrderIds.length } } });
  } catch (error) {
    const code = error instanceof ApiRequestError ? error.errorCode : 'network';
    if (outcomeUnknown(error)) {
      $slip.set({ ...$slip.get(), notice: { key: OUTCOME_CHECKING, kind: 'info' } });
      balanceMoved();
      return;
    }
    $slip.set({ ...$slip.get(), notice: { key: code === 'draw_closed' ? 'lottery.error.cancelClosed' : 'lottery.error.failed', kind: 'error' } });
  } finally {
    $myBets.set({ ...$myBets.get(), cancelling: false });
    await loadMyBets();
  }
}
