/**
 * The settlement runner: pays out every draw whose time has passed. Runs from the cron (worker/index.ts
 * `scheduled`), from `npm run lottery:settle`, on reading a game's draws, and from tests.
 *
 * For each due draw, oldest first:
 *  1. reveal — compute the digits from the stored secret and move the draw to 'drawing'; from then on the
 *     database refuses new orders and cancellations on it;
 *  2. settle every open bet — a win is credited in ONE batch with the bet's status change, under the ledger
 *     idempotency key `lottery:win:<subOrderId>`; losses are marked in bulk (no money moves);
 *  3. refresh the draw's orders (status, payout) and mark the draw settled, only when no bet is left open.
 * Restartable and idempotent: a run cut off anywhere leaves each bet either settled (money and status together)
 * or open, and the next run carries on. Two runners at once cannot pay a bet twice: the second one's batch
 * hits the used ledger key and the close-once trigger, and fails whole.
 */
import {
  closeSubOrderStatement, drawsWithOpenBets, listOpenSubOrders, markLostStatement, refreshOrdersStatement, orderStakeKeys,
} from '../../db/queries/lottery-orders';
import { finishDrawStatement, listDueDraws, revealDrawStatement } from '../../db/queries/lottery-draws';
import type { Draw, SubOrder } from '../../model/lottery/model';
import { ledgerStatements } from '../ledger/ledger';
import { classifyBatchError } from './batch-errors';
import { isWinner, parseBet } from '../../model/lottery/bets';
import { deriveDigits, digitsToText } from '../../model/lottery/draw';
import { payoutMinor } from '../../model/lottery/odds';

/** How far a run goes. */
export interface SettleOptions {
  /** The clock (epoch ms); draws with drawAt ≤ now are due. */
  now?: number;
  /** Only this game's draws. */
  nodeId?: number;
  /** At most this many draws per run (default 500). */
  maxDraws?: number;
  /** Stop after settling this many bets; the rest waits for the next run (default: no limit). */
  maxBets?: number;
  /** Called after each bet is settled (tests use it to cut a run off half way). */
  afterBet?: (subOrderId: number) => void | Promise<void>;
}

/** What a run did. Money minor units. */
export interface SettleReport {
  drawsSettled: number;
  betsSettled: number;
  wins: number;
  paidMinor: number;
  /** False when the run stopped at `maxBets` with bets still open. */
  complete: boolean;
}

const READ_CHUNK = 100;

/** Settles due draws as described in the module comment. */
export async function settleDueDraws(db: D1Database, options: SettleOptions = {}): Promise<SettleReport> {
  const now = options.now ?? Date.now();
  const report: SettleReport = { drawsSettled: 0, betsSettled: 0, wins: 0, paidMinor: 0, complete: true };
  const draws = await listDueDraws(db, now, options.maxDraws ?? 500, options.nodeId);
  if (draws.length === 0) return report;

  const revealed = draws.map((draw) => ({ draw, digits: draw.digits ?? deriveDigits(draw.secret, draw.issueNo) }));
  await revealAll(db, revealed.filter((r) => r.draw.status === 'open'));
  const withBets = await drawsWithOpenBets(db, draws.map((d) => d.id));

  // Draws nobody bet on (most of them: the cron commits every game's draws) are finished together.
  report.drawsSettled += await finishDraws(db, draws.filter((d) => !withBets.has(d.id)).map((d) => d.id), now);
  for (const { draw, digits } of revealed) {
    if (!withBets.has(draw.id)) continue;
    const finished = await settleBets(db, draw, digits, now, options, report);
    if (!finished) {
      report.complete = false;
      return report;
    }
    report.drawsSettled += await finishDraws(db, [draw.id], now);
  }
  return report;
}

async function revealAll(db: D1Database, draws: { draw: Draw; digits: number[] }[]): Promise<void> {
  // All in one batch: the cron reveals a few dozen idle draws every minute.
  if (draws.length === 0) return;
  await db.batch(draws.map(({ draw, digits }) => revealDrawStatement(db, draw.id, digitsToText(digits))));
}

/** Settles the open bets of one draw; false when the bet budget ran out first. */
async function settleBets(
  db: D1Database, draw: Draw, digits: number[], now: number, options: SettleOptions, report: SettleReport,
): Promise<boolean> {
  for (;;) {
    const budget = options.maxBets === undefined ? READ_CHUNK : Math.min(READ_CHUNK, options.maxBets - report.betsSettled);
    if (budget <= 0) return (await listOpenSubOrders(db, draw.id, 1)).length === 0;
    const bets = await listOpenSubOrders(db, draw.id, budget);
    if (bets.length === 0) return true;
    const losers: number[] = [];
    for (const sub of bets) {
      const bet = parseBet(sub.betType, sub.selection);
      // Stored bets passed the same parser when placed; a broken row needs an operator, not a guess.
      if (!bet) throw new Error(`lottery bet ${sub.id} has a malformed selection`);
      if (!isWinner(bet, digits)) {
        losers.push(sub.id);
        continue;
      }
      const payout = payoutMinor(sub.stakeMinor, sub.oddsMilli);
      if (await creditWin(db, sub, payout, now)) {
        report.wins += 1;
        report.paidMinor += payout;
      }
      report.betsSettled += 1;
      await options.afterBet?.(sub.id);
    }
    if (losers.length > 0) {
      await db.batch([markLostStatement(db, losers, now)]);
      for (const id of losers) {
        report.betsSettled += 1;
        await options.afterBet?.(id);
      }
    }
  }
}

/**
 * Pays one winning bet: its status change and the ledger credit in one batch (split between cash and bonus as
 * its order's stake was, docs/honest-money.md). False when another run got there
 * first (the bet was closed or the key used), in which case nothing was written.
 */
async function creditWin(db: D1Database, sub: SubOrder, payout: number, now: number): Promise<boolean> {
  try {
    await db.batch([
      closeSubOrderStatement(db, sub.id, 'won', payout, now),
      ...ledgerStatements(db, sub.memberId, [{
        amountMinor: payout, kind: 'win', reference: `lottery:order:${sub.orderId}`, idempotencyKey: `lottery:win:${sub.id}`,
        balance: 'payout', stakeKey: (await orderStakeKeys(db, [sub.orderId])).get(sub.orderId) ?? '',
      }], now),
    ]);
    return true;
  } catch (error) {
    const failure = classifyBatchError(error);
    if (failure === 'bet_closed' || failure === 'duplicate') return false;
    throw error;
  }
}

/** Refreshes the draws' orders and marks the draws settled, in one batch; returns how many were marked now. */
async function finishDraws(db: D1Database, drawIds: number[], now: number): Promise<number> {
  if (drawIds.length === 0) return 0;
  const done = await db.batch(drawIds.flatMap((drawId) => [refreshOrdersStatement(db, { drawId }, now), finishDrawStatement(db, drawId, now)]));
  return done.filter((_, i) => i % 2 === 1).reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
}
