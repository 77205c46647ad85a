import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { isWinner, parseBet } from '../../../worker/model/lottery/bets';
import { deriveDigits } from '../../../worker/model/lottery/draw';
import { payoutMinor } from '../../../worker/model/lottery/odds';
import { cancelSubOrders, placeOrder, type PlaceOrderInput } from '../../../worker/services/lottery/orders';
import { settleDueDraws } from '../../../worker/services/lottery/settlement';
import { openSlot, slotAt } from '../../../worker/model/lottery/schedule';
import { createMember } from '../fixtures';
import { countOf, dailyGame, drawRow, newKey, type TestLotteryGame } from '../lottery-helpers';
import { expectBetsPaidAsSettled, expectLedgerInvariants } from '../money-invariants';

/**
 * Issue 10, faults: settlement, order placement and cancellation cut off before each of their D1 statements in
 * turn (a wrapper around the database that fails the Nth statement or batch, as a crashed isolate or a lost
 * connection would), then a restart with a healthy database. Afterwards the ledger invariant holds and every win
 * is paid exactly once: the AGCO 4.20 recovery rule, an interrupted game is completed or refunded, never lost.
 */

const FAULT = 'injected fault';

/** A D1 database that fails its `failAt`-th statement or batch (1-based) before running it; `count` tells how many ran. */
function faultyDb(db: D1Database, failAt: number): { db: D1Database; count: () => number } {
  let n = 0;
  const real = new WeakMap<object, D1PreparedStatement>();
  const tick = async () => {
    n += 1;
    if (n === failAt) throw new Error(FAULT);
  };
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const wrapped = {
      bind: (...values: unknown[]) => wrap(stmt.bind(...values)),
      first: async (column?: string) => { await tick(); return column === undefined ? stmt.first() : stmt.first(column); },
      all: async () => { await tick(); return stmt.all(); },
      run: async () => { await tick(); return stmt.run(); },
      raw: async () => { await tick(); return stmt.raw(); },
    };
    real.set(wrapped, stmt);
    return wrapped as unknown as D1PreparedStatement;
  };
  const faulty = {
    prepare: (sql: string) => wrap(db.prepare(sql)),
    batch: async (statements: D1PreparedStatement[]) => {
      await tick();
      return db.batch(statements.map((s) => real.get(s) ?? s));
    },
    exec: async (sql: string) => { await tick(); return db.exec(sql); },
  };
  return { db: faulty as unknown as D1Database, count: () => n };
}

/** Runs `body` against a database failing at statement `failAt`: true when it ran to the end without reaching it. */
async function runWithFault(failAt: number, body: (db: D1Database) => Promise<unknown>): Promise<boolean> {
  const { db, count } = faultyDb(env.DB, failAt);
  try {
    await body(db);
  } catch (error) {
    expect(String(error)).toContain(FAULT);
    return false;
  }
  expect(count()).toBeLessThan(failAt);
  return true;
}

/** Bets covering every first digit and both sizes of the sum: several win in any draw. */
const spread = (stakeMinor: number) => [
  ...Array.from({ length: 10 }, (_, digit) => ({ betType: 'digit', selection: { position: 1, digit }, stakeMinor })),
  { betType: 'sum_big_small', selection: { pick: 'big' }, stakeMinor },
  { betType: 'sum_big_small', selection: { pick: 'small' }, stakeMinor },
];

/** An order on the `index`-th draw of the game, placed while that draw is open (its own clock). */
function spreadOrder(game: TestLotteryGame, index: number, items: PlaceOrderInput['items'] = spread(game.minStake)) {
  const slot = slotAt(game.schedule, index);
  const input: PlaceOrderInput = { nodeId: game.nodeId, issueNo: slot.issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey('fault'), items };
  return { slot, input, at: slot.openAt + 1000 };
}

/** Asserts every bet of a settled draw got the status and payout its digits call for. */
async function expectDrawSettledRight(game: TestLotteryGame, issueNo: string): Promise<void> {
  const draw = await drawRow(game.nodeId, issueNo);
  if (!draw) throw new Error('draw row missing');
  expect(draw.status).toBe('settled');
  const digits = deriveDigits(draw.secret, issueNo);
  const subs = (await env.DB.prepare(
    `SELECT id, bet_type, selection, stake_minor, odds_milli, status, payout_minor FROM lottery_sub_orders WHERE draw_id = ?`,
  ).bind(draw.id).all<{ id: number; bet_type: string; selection: string; stake_minor: number; odds_milli: number; status: string; payout_minor: number }>()).results;
  expect(subs.length).toBeGreaterThan(0);
  for (const s of subs) {
    if (s.status === 'cancelled') continue;
    const bet = parseBet(s.bet_type, JSON.parse(s.selection));
    if (!bet) throw new Error(`bet ${s.id} unparsable`);
    const wins = isWinner(bet, digits);
    expect({ id: s.id, status: s.status, payout: s.payout_minor })
      .toEqual({ id: s.id, status: wins ? 'won' : 'lost', payout: wins ? payoutMinor(s.stake_minor, s.odds_milli) : 0 });
  }
}

describe('faults: interrupted between any two statements, then restarted', () => {
  it('settlement: every bet is settled once and every win paid exactly once after the restart', async () => {
    const game = await dailyGame(1);
    const opening = 1_000_000;
    const members = [await createMember({ balanceMinor: opening }), await createMember({ balanceMinor: opening })];
    const first = openSlot(game.schedule, Date.now()).index + 1;
    let completed = false;
    for (let failAt = 1; !completed; failAt++) {
      expect(failAt).toBeLessThan(60);
      const { slot, input, at } = spreadOrder(game, first + failAt);
      for (const m of members) {
        await placeOrder(env.DB, { memberId: m.memberId, merchantCode: 'DEMO', realMember: true }, { ...input, idempotencyKey: newKey('fault') }, at);
      }
      completed = await runWithFault(failAt, (db) => settleDueDraws(db, { now: slot.drawAt, nodeId: game.nodeId }));
      // Whatever was cut off, nothing is paid twice or lost half way.
      for (const m of members) {
        await expectLedgerInvariants(m.memberId, opening);
        await expectBetsPaidAsSettled(m.memberId);
      }
      // The restart completes the draw.
      const report = await settleDueDraws(env.DB, { now: slot.drawAt, nodeId: game.nodeId });
      expect(report.complete).toBe(true);
      expect(await countOf(`SELECT COUNT(*) AS n FROM lottery_sub_orders WHERE status = 'open' AND draw_id IN (SELECT id FROM lottery_draws WHERE node_id = ?)`, game.nodeId)).toBe(0);
      await expectDrawSettledRight(game, slot.issueNo);
      for (const m of members) {
        await expectLedgerInvariants(m.memberId, opening);
        await expectBetsPaidAsSettled(m.memberId);
      }
    }
  }, 60_000);

  it('order placement: a cut-off order either exists with its debit or not at all; the retry places it once', async () => {
    const game = await dailyGame(2);
    const opening = 100_000;
    const member = await createMember({ balanceMinor: opening });
    const who = { memberId: member.memberId, merchantCode: 'DEMO', realMember: true };
    const index = openSlot(game.schedule, Date.now()).index + 1;
    let completed = false;
    const keys: string[] = [];
    for (let failAt = 1; !completed; failAt++) {
      expect(failAt).toBeLessThan(40);
      const { input, at } = spreadOrder(game, index, spread(game.minStake).slice(0, 3));
      keys.push(input.idempotencyKey);
      completed = await runWithFault(failAt, (db) => placeOrder(db, who, input, at));
      await expectLedgerInvariants(member.memberId, opening);
      await expectBetsPaidAsSettled(member.memberId);
      // The client's retry with the same key: one order, one debit (a replay when the cut came after the batch).
      const existed = await countOf(`SELECT COUNT(*) AS n FROM lottery_orders WHERE member_id = ? AND idempotency_key = ?`, member.memberId, input.idempotencyKey);
      if (completed) expect(existed).toBe(1);
      const retry = await placeOrder(env.DB, who, input, at);
      expect(retry.replayed).toBe(existed === 1);
      expect(await countOf(`SELECT COUNT(*) AS n FROM lottery_orders WHERE member_id = ? AND idempotency_key = ?`, member.memberId, input.idempotencyKey)).toBe(1);
      await expectLedgerInvariants(member.memberId, opening);
      await expectBetsPaidAsSettled(member.memberId);
    }
    expect(await countOf(`SELECT COUNT(*) AS n FROM lottery_orders WHERE member_id = ?`, member.memberId)).toBe(keys.length);
    // Settling the draw pays each of those orders once.
    await settleDueDraws(env.DB, { now: slotAt(game.schedule, index).drawAt, nodeId: game.nodeId });
    await expectDrawSettledRight(game, slotAt(game.schedule, index).issueNo);
    await expectLedgerInvariants(member.memberId, opening);
    await expectBetsPaidAsSettled(member.memberId);
  }, 60_000);

  it('cancellation: a cut-off cancel refunds all its bets or none; the retry refunds each once', async () => {
    const game = await dailyGame(3);
    const opening = 100_000;
    const member = await createMember({ balanceMinor: opening });
    const who = { memberId: member.memberId, merchantCode: 'DEMO', realMember: true };
    const index = openSlot(game.schedule, Date.now()).index + 1;
    let completed = false;
    for (let failAt = 1; !completed; failAt++) {
      expect(failAt).toBeLessThan(40);
      const { input, at } = spreadOrder(game, index, spread(game.minStake).slice(0, 3));
      const placed = await placeOrder(env.DB, who, input, at);
      const ids = placed.order.subOrders.map((s) => Number(s.subOrderId));
      completed = await runWithFault(failAt, (db) => cancelSubOrders(db, who, ids, at));
      const cancelled = await countOf(`SELECT COUNT(*) AS n FROM lottery_sub_orders WHERE id IN (${ids.join(',')}) AND status = 'cancelled'`);
      expect([0, ids.length]).toContain(cancelled);
      await expectLedgerInvariants(member.memberId, opening);
      await expectBetsPaidAsSettled(member.memberId);
      await cancelSubOrders(env.DB, who, ids, at);
      expect(await countOf(`SELECT COUNT(*) AS n FROM lottery_sub_orders WHERE id IN (${ids.join(',')}) AND status = 'cancelled'`)).toBe(ids.length);
      await expectLedgerInvariants(member.memberId, opening);
      await expectBetsPaidAsSettled(member.memberId);
    }
    expect(await countOf(`SELECT COALESCE(SUM(amount_minor), 0) AS n FROM ledger_entries WHERE member_id = ?`, member.memberId)).toBe(0);
  }, 60_000);
});
