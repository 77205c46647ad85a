import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { minorToWire } from '../../../contract/money';
import { settleDueDraws } from '../../../worker/services/lottery/settlement';
import { call } from '../helpers';
import { createMember, pickGame } from '../fixtures';
import { countOf, dailyGame, gateway, newKey, openDraw, postOrder } from '../lottery-helpers';
import { expectBetsPaidAsSettled, expectLedgerInvariants, moneyOf } from '../money-invariants';
import { launchSession, makeProvider } from '../games/provider-standin';

/**
 * Issue 10, money under concurrency: hundreds of demo-slot spins, lottery orders, retries with the same
 * idempotency key and cancels (some of the same bets twice at once) on ONE wallet at the same time, inside
 * workerd on the real local D1. Afterwards: never negative, balance = opening + Σ ledger, each key counted once,
 * no bet refunded or paid twice; then the draw is settled and the same holds with the wins.
 */

const SPIN = '/wps/playdeck/demo/slot/spin';
const CANCEL = '/lgw/orders/suborders/cancel';

/** One lottery bet of `stakeMinor` on the sum's size. */
function order(nodeId: number, issueNo: string, stakeMinor: number, i: number, idempotencyKey = newKey('conc')) {
  return {
    nodeId, issueNo, prizeMode: 'ELOTT', idempotencyKey,
    items: [{ betType: 'sum_big_small', selection: { pick: i % 2 === 0 ? 'big' : 'small' }, stakeMinor }],
  };
}

describe('money under concurrency: spins, orders, retries and cancels on one wallet', () => {
  it('keeps the wallet equal to its ledger, never negative, with every key and every bet counted once', async () => {
    const opening = 250_000;
    const member = await createMember({ balanceMinor: opening });
    const slot = await pickGame(`vassalage = 'PD_SLOTS'`);
    const game = await dailyGame();
    const draw = await openDraw(game, 60_000);

    // Orders placed first so their bets can be cancelled in the storm (each cancel is sent twice at once).
    const early = await Promise.all(Array.from({ length: 30 }, (_, i) => postOrder(member.token, order(game.nodeId, draw.issueNo, 1000, i))));
    expect(early.every((r) => r.status === 200)).toBe(true);
    const subIds = (await env.DB.prepare(`SELECT id FROM lottery_sub_orders WHERE member_id = ? ORDER BY id`).bind(member.memberId)
      .all<{ id: number }>()).results.map((r) => r.id);
    expect(subIds).toHaveLength(30);
    const toCancel = subIds.slice(0, 20);

    // 160 spins (40 keys sent twice), 160 orders (40 keys sent three times, one sent with a different stake),
    // and 20 bets cancelled twice each, plus one cancel naming 5 bets together: ~560 calls at once; the wallet
    // covers well under all of it, so some calls must be refused for balance.
    const spinKeys = Array.from({ length: 120 }, () => newKey('spin'));
    const spins = [...spinKeys, ...spinKeys.slice(0, 40)].map((idempotencyKey, i) =>
      call(SPIN, { method: 'POST', token: member.token, json: { nodeId: slot.node_id, stake: minorToWire(i % 3 === 0 ? 500 : 100), idempotencyKey } }));
    const orderBodies = Array.from({ length: 120 }, (_, i) => order(game.nodeId, draw.issueNo, 1000 + (i % 50) * 100, i));
    const retried = orderBodies.slice(0, 40);
    const orders = [...orderBodies, ...retried, ...retried].map((body) => postOrder(member.token, body));
    const conflict = postOrder(member.token, { ...order(game.nodeId, draw.issueNo, 7777, 0), idempotencyKey: retried[0]?.idempotencyKey });
    const cancels = [...toCancel, ...toCancel].map((id) => gateway(CANCEL, { method: 'PUT', token: member.token, json: [id] }));
    const groupCancel = gateway(CANCEL, { method: 'PUT', token: member.token, json: toCancel.slice(0, 5) });

    const [spinResults, orderResults, cancelResults, conflictResult, groupResult] = await Promise.all([
      Promise.all(spins), Promise.all(orders), Promise.all(cancels), conflict, groupCancel,
    ]);

    // Every answer is a success or a clean refusal; money refusals are for balance only.
    for (const r of spinResults) expect([200, 409]).toContain(r.status);
    for (const r of spinResults.filter((x) => x.status === 409)) expect(['insufficient_balance', 'idempotency_conflict']).toContain(r.body.errorCode);
    for (const r of orderResults.filter((x) => x.status !== 200)) expect([r.status, r.body.errorCode]).toEqual([409, 'insufficient_balance']);
    expect(spinResults.some((r) => r.status === 200)).toBe(true);
    expect(orderResults.some((r) => r.status === 200)).toBe(true);
    expect([200, 409]).toContain(conflictResult.status);
    for (const r of cancelResults) expect(r.status).toBe(200);
    expect(groupResult.status).toBe(200);

    // Each spin key made one round and one stake debit, however often it was sent.
    const rounds = await env.DB.prepare(`SELECT idempotency_key AS k, COUNT(*) AS n FROM demo_rounds WHERE member_id = ? GROUP BY k`)
      .bind(member.memberId).all<{ k: string; n: number }>();
    for (const r of rounds.results) expect(r.n).toBe(1);
    const acceptedSpinKeys = new Set(spinKeys.filter((_, i) => spinResults[i]?.status === 200 || spinResults[i + 120]?.status === 200));
    expect(new Set(rounds.results.map((r) => r.k))).toEqual(acceptedSpinKeys);
    // A retried spin answers the same round as the first.
    for (let i = 0; i < 40; i++) {
      const [a, b] = [spinResults[i], spinResults[120 + i]];
      if (a?.status === 200 && b?.status === 200) expect((a.body.value as { roundId: number }).roundId).toBe((b.body.value as { roundId: number }).roundId);
    }

    // Each order key made one order, whatever the retries; a replay answers the first order.
    const acceptedOrderKeys = new Set(orderBodies.map((b) => b.idempotencyKey).filter((k) =>
      orderResults.some((r, j) => r.status === 200 && [...orderBodies, ...retried, ...retried][j]?.idempotencyKey === k)));
    expect(await countOf(`SELECT COUNT(*) AS n FROM lottery_orders WHERE member_id = ?`, member.memberId)).toBe(30 + acceptedOrderKeys.size);
    if (conflictResult.status === 409) expect(['idempotency_conflict', 'insufficient_balance']).toContain(conflictResult.body.errorCode);

    // The cancelled bets are cancelled once and refunded once.
    expect(await countOf(`SELECT COUNT(*) AS n FROM lottery_sub_orders WHERE member_id = ? AND status = 'cancelled'`, member.memberId)).toBe(20);
    expect(await countOf(`SELECT COUNT(*) AS n FROM ledger_entries WHERE member_id = ? AND kind = 'refund'`, member.memberId)).toBe(20);

    await expectLedgerInvariants(member.memberId, opening);
    await expectBetsPaidAsSettled(member.memberId);

    // Settlement pays the open bets; a second run at the same time pays nothing twice.
    await Promise.all([
      settleDueDraws(env.DB, { now: draw.drawAt, nodeId: game.nodeId }),
      settleDueDraws(env.DB, { now: draw.drawAt, nodeId: game.nodeId }),
    ]);
    await settleDueDraws(env.DB, { now: draw.drawAt, nodeId: game.nodeId });
    expect(await countOf(`SELECT COUNT(*) AS n FROM lottery_sub_orders WHERE member_id = ? AND status = 'open'`, member.memberId)).toBe(0);
    await expectLedgerInvariants(member.memberId, opening);
    await expectBetsPaidAsSettled(member.memberId);
  }, 90_000);
});

/**
 * Issue 27: the built-in demo games are the in-process provider `playdeck` of the same wallet the external providers
 * call (docs/game-providers.md "The built-in games as a provider"), so parallel demo rounds and external debits of
 * one player share one path for money: never below zero, no movement lost or doubled.
 */
describe('money under concurrency: built-in rounds and external provider debits on one wallet', () => {
  it('never takes the balance below zero nor loses or doubles a movement', async () => {
    // Enough for either side alone, not for both: whichever runs first, the other is refused part of the way.
    const opening = 6_000;
    const member = await createMember({ balanceMinor: opening });
    const slot = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 1`);
    const crash = await pickGame(`game_type = 'RNG' AND game_classify = 'arcade'`);
    const [a, b] = [await makeProvider(), await makeProvider()];
    const [sa, sb] = [await launchSession(a, member.memberId), await launchSession(b, member.memberId)];

    // 40 spins (10 keys sent twice), 20 crash rounds and 50 external debits (10 sent twice) at once: 100.00 of stakes.
    const spinKeys = Array.from({ length: 30 }, () => newKey('mix-spin'));
    const spins = [...spinKeys, ...spinKeys.slice(0, 10)].map((idempotencyKey) =>
      call(SPIN, { method: 'POST', token: member.token, json: { nodeId: slot.node_id, stake: minorToWire(100), idempotencyKey } }));
    const fairKeys = Array.from({ length: 20 }, () => newKey('mix-fair'));
    const rounds = fairKeys.map((idempotencyKey) => call('/wps/playdeck/demo/play', {
      method: 'POST', token: member.token, json: { nodeId: crash.node_id, stake: minorToWire(100), choice: '200', clientSeed: 'mix', idempotencyKey },
    }));
    const debit = (i: number) => {
      const [provider, s] = i % 2 === 0 ? [a, sa] : [b, sb];
      return provider.post('debit', { sessionId: s.sessionId, playerId: s.playerId, gameCode: 'book', currency: 'USD', transactionId: `mix${i}`, roundId: `mr${i}`, amount: '1.00' });
    };
    const debits = [...Array.from({ length: 50 }, (_, i) => debit(i)), ...Array.from({ length: 10 }, (_, i) => debit(i * 2))];
    const [spinResults, roundResults, debitResults] = await Promise.all([Promise.all(spins), Promise.all(rounds), Promise.all(debits)]);

    for (const r of spinResults.filter((x) => x.status !== 200)) expect([r.status, r.body.errorCode]).toEqual([409, 'insufficient_balance']);
    for (const r of roundResults.filter((x) => x.status !== 200)) expect([r.status, r.body.errorCode]).toEqual([409, expect.stringMatching(/^(insufficient_balance|round_in_progress)$/)]);
    for (const r of debitResults.filter((x) => x.status !== 200)) expect([r.status, r.body.errorCode]).toEqual([409, 'INSUFFICIENT_FUNDS']);
    expect([spinResults.some((r) => r.status === 200) || roundResults.some((r) => r.status === 200), debitResults.some((r) => r.status === 200)])
      .toEqual([true, true]);

    // Each accepted round is one round row with one debit and one credit of playdeck, however often its key was sent.
    const demoRounds = (await env.DB.prepare(`SELECT id, stake_minor AS stake, win_minor AS win FROM demo_rounds WHERE member_id = ?`)
      .bind(member.memberId).all<{ id: number; stake: number; win: number }>()).results;
    const accepted = new Set([...spinKeys.filter((_, i) => spinResults[i]?.status === 200 || (i < 10 && spinResults[30 + i]?.status === 200)),
      ...fairKeys.filter((_, i) => roundResults[i]?.status === 200)]);
    expect(demoRounds).toHaveLength(accepted.size);
    const builtIn = (await env.DB.prepare(`SELECT kind, round_id AS r, amount_minor AS amount FROM provider_transactions WHERE member_id = ? AND provider_code = 'playdeck'`)
      .bind(member.memberId).all<{ kind: string; r: string; amount: number }>()).results;
    for (const round of demoRounds) {
      expect(builtIn.filter((t) => t.r === String(round.id)).map((t) => [t.kind, t.amount]).sort()).toEqual([['credit', round.win], ['debit', round.stake]]);
    }
    expect(builtIn).toHaveLength(2 * demoRounds.length);

    // Each accepted external debit moved 1.00 once; the wallet is the opening plus every movement, never below zero.
    const external = await countOf(`SELECT COUNT(*) AS n FROM provider_transactions WHERE member_id = ? AND provider_code IN ('${a.code}', '${b.code}')`, member.memberId);
    const acceptedDebits = new Set(Array.from({ length: 50 }, (_, i) => i).filter((i) => debitResults[i]?.status === 200 || (i % 2 === 0 && i < 20 && debitResults[50 + i / 2]?.status === 200)));
    expect(external).toBe(acceptedDebits.size);
    const roundsNet = demoRounds.reduce((sum, r) => sum + r.win - r.stake, 0);
    const { balance } = await moneyOf(member.memberId);
    expect(balance).toBe(opening + roundsNet - 100 * external);
    expect(balance).toBeGreaterThanOrEqual(0);
    await expectLedgerInvariants(member.memberId, opening);
  }, 90_000);
});
