import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createMember } from '../fixtures';
import { expectLedgerInvariants, moneyOf } from '../money-invariants';
import { launchSession, makeProvider } from './provider-standin';
import { putLimitInForce } from '../../../worker/db/queries/protection';
import { insertExclusionStatement } from '../../../worker/db/queries/protection-exclusions';

/**
 * The seamless wallet as a provider's server uses it (docs/game-providers.md): a launch, rounds of bets and wins,
 * and every irregular call the protocol answers — each step checked against the wallet being the sum of its ledger.
 */
describe('provider seamless wallet (docs/game-providers.md)', () => {
  it('plays a round: authenticate, balance, debit, credit, with the wallet equal to its ledger after each step', async () => {
    const provider = await makeProvider();
    const member = await createMember({ balanceMinor: 10_000 });
    const { sessionId, playerId } = await launchSession(provider, member.memberId);
    expect(playerId).toBe(String(member.memberId));
    const balance = await provider.post('balance', { sessionId, playerId });
    expect(balance).toEqual({ status: 200, body: { status: 'OK', balance: '100.00', currency: 'USD' } });

    const bet = await provider.post('debit', { sessionId, playerId, transactionId: 't1', roundId: 'r1', gameCode: 'book', amount: '2.50', currency: 'USD' });
    expect(bet.status).toBe(200);
    expect(bet.body).toMatchObject({ status: 'OK', balance: '97.50', transactionId: 't1' });
    await expectLedgerInvariants(member.memberId, 10_000);
    const win = await provider.post('credit', { sessionId, playerId, transactionId: 't2', roundId: 'r1', gameCode: 'book', amount: '10', currency: 'USD', roundClosed: true });
    expect(win.body).toMatchObject({ status: 'OK', balance: '107.50' });
    await expectLedgerInvariants(member.memberId, 10_000);
    const entries = await env.DB.prepare(`SELECT kind, amount_minor, reference FROM ledger_entries WHERE member_id = ? ORDER BY id`).bind(member.memberId).all();
    expect(entries.results).toEqual([
      { kind: 'bet', amount_minor: -250, reference: `provider:${provider.code}:r1` },
      { kind: 'win', amount_minor: 1000, reference: `provider:${provider.code}:r1` },
    ]);
  });

  it('answers a duplicate debit and a duplicate credit with the first result and moves nothing twice', async () => {
    const provider = await makeProvider();
    const member = await createMember({ balanceMinor: 5_000 });
    const { sessionId, playerId } = await launchSession(provider, member.memberId);
    const debit = { sessionId, playerId, transactionId: 'd1', roundId: 'r1', gameCode: 'book', amount: '1.00', currency: 'USD' };
    const first = await provider.post('debit', debit);
    const second = await provider.post('debit', debit);
    expect(second).toEqual(first);
    const credit = { ...debit, transactionId: 'c1', amount: '3.00' };
    const paid = await provider.post('credit', credit);
    // Another bet in between: the repeated credit still answers the balance of its first time.
    await provider.post('debit', { ...debit, transactionId: 'd2', roundId: 'r2' });
    expect(await provider.post('credit', credit)).toEqual(paid);
    expect((await moneyOf(member.memberId)).balance).toBe(5_000 - 100 + 300 - 100);
    await expectLedgerInvariants(member.memberId, 5_000);
    // The same id for another amount is a conflict, not a replay.
    const clash = await provider.post('debit', { ...debit, amount: '9.00' });
    expect([clash.status, clash.body.errorCode]).toEqual([409, 'TRANSACTION_CONFLICT']);
  });

  it('rolls back a bet once; refuses a rollback of a settled round and of a win; remembers a rollback of an unknown bet', async () => {
    const provider = await makeProvider();
    const member = await createMember({ balanceMinor: 5_000 });
    const { sessionId, playerId } = await launchSession(provider, member.memberId);
    const base = { sessionId, playerId, gameCode: 'book', currency: 'USD' };
    await provider.post('debit', { ...base, transactionId: 'b1', roundId: 'r1', amount: '4.00' });
    const rollback = await provider.post('rollback', { sessionId, playerId, transactionId: 'x1', roundId: 'r1', originalTransactionId: 'b1' });
    expect(rollback.body).toMatchObject({ status: 'OK', balance: '50.00' });
    expect(await provider.post('rollback', { sessionId, playerId, transactionId: 'x1', roundId: 'r1', originalTransactionId: 'b1' })).toEqual(rollback);
    // A second rollback id for the same bet gives nothing back again.
    expect((await provider.post('rollback', { sessionId, playerId, transactionId: 'x2', roundId: 'r1', originalTransactionId: 'b1' })).body).toMatchObject({ status: 'OK', balance: '50.00' });
    // A credit for the rolled-back round is refused.
    const late = await provider.post('credit', { ...base, transactionId: 'w0', roundId: 'r1', amount: '1.00' });
    expect([late.status, late.body.errorCode]).toEqual([404, 'ROUND_NOT_FOUND']);

    await provider.post('debit', { ...base, transactionId: 'b2', roundId: 'r2', amount: '2.00' });
    await provider.post('credit', { ...base, transactionId: 'w2', roundId: 'r2', amount: '5.00' });
    const settled = await provider.post('rollback', { sessionId, playerId, transactionId: 'x3', roundId: 'r2', originalTransactionId: 'b2' });
    expect([settled.status, settled.body.errorCode]).toEqual([409, 'ROUND_SETTLED']);
    const ofWin = await provider.post('rollback', { sessionId, playerId, transactionId: 'x4', roundId: 'r2', originalTransactionId: 'w2' });
    expect([ofWin.status, ofWin.body.errorCode]).toEqual([400, 'ROLLBACK_NOT_ALLOWED']);

    const unknown = await provider.post('rollback', { sessionId, playerId, transactionId: 'x5', roundId: 'r3', originalTransactionId: 'b3' });
    expect(unknown.body).toMatchObject({ status: 'OK', balance: '53.00' });
    const after = await provider.post('debit', { ...base, transactionId: 'b3', roundId: 'r3', amount: '1.00' });
    expect([after.status, after.body.errorCode]).toEqual([409, 'TRANSACTION_ROLLED_BACK']);
    await expectLedgerInvariants(member.memberId, 5_000);
    expect((await moneyOf(member.memberId)).balance).toBe(5_300);
  });

  it('refuses an out-of-order credit, a bad signature, an expired timestamp, a used launch token and a bet beyond the balance', async () => {
    const provider = await makeProvider();
    const member = await createMember({ balanceMinor: 1_000 });
    const { launchToken, sessionId, playerId } = await launchSession(provider, member.memberId);
    const base = { sessionId, playerId, gameCode: 'book', currency: 'USD' };
    const early = await provider.post('credit', { ...base, transactionId: 'c1', roundId: 'r9', amount: '1.00' });
    expect([early.status, early.body.errorCode]).toEqual([404, 'ROUND_NOT_FOUND']);
    const forged = await provider.post('balance', { sessionId, playerId }, { secret: 'not-the-provider-secret-at-all' });
    expect([forged.status, forged.body.errorCode]).toEqual([401, 'INVALID_SIGNATURE']);
    const stale = await provider.post('balance', { sessionId, playerId }, { timestamp: Date.now() - 11 * 60 * 1000 });
    expect([stale.status, stale.body.errorCode]).toEqual([401, 'INVALID_SIGNATURE']);
    const again = await provider.post('authenticate', { launchToken });
    expect([again.status, again.body.errorCode]).toEqual([401, 'INVALID_TOKEN']);
    const broke = await provider.post('debit', { ...base, transactionId: 'd1', roundId: 'r1', amount: '10.01' });
    expect([broke.status, broke.body.errorCode, broke.body.balance]).toEqual([409, 'INSUFFICIENT_FUNDS', '10.00']);
    const otherPlayer = await provider.post('balance', { sessionId, playerId: String(member.memberId + 1) });
    expect([otherPlayer.status, otherPlayer.body.errorCode]).toEqual([401, 'SESSION_EXPIRED']);
    const currency = await provider.post('debit', { ...base, currency: 'EUR', transactionId: 'd2', roundId: 'r2', amount: '1.00' });
    expect([currency.status, currency.body.errorCode]).toEqual([400, 'CURRENCY_MISMATCH']);
    const malformed = await provider.post('debit', { ...base, transactionId: 'd3', roundId: 'r3', amount: '1.001' });
    expect([malformed.status, malformed.body.errorCode]).toEqual([400, 'BAD_REQUEST']);
    await expectLedgerInvariants(member.memberId, 1_000);
    expect((await moneyOf(member.memberId)).entries).toBe(0);
  });

  it('refuses a bet past a loss limit and a player on a break, and the provider of another site', async () => {
    const provider = await makeProvider();
    const member = await createMember({ balanceMinor: 10_000 });
    const { sessionId, playerId } = await launchSession(provider, member.memberId);
    const base = { sessionId, playerId, gameCode: 'book', currency: 'USD' };
    const who = { merchantCode: 'DEMO', memberId: member.memberId };
    await putLimitInForce(env.DB, who, { kind: 'wager', period: 'day', action: 'set', oldValue: null, newValue: 500, at: Date.now() });
    expect((await provider.post('debit', { ...base, transactionId: 'd1', roundId: 'r1', amount: '4.00' })).status).toBe(200);
    const over = await provider.post('debit', { ...base, transactionId: 'd2', roundId: 'r2', amount: '1.01' });
    expect([over.status, over.body.errorCode]).toEqual([409, 'LIMIT_EXCEEDED']);
    await insertExclusionStatement(env.DB, who, { kind: 'break', startedAt: Date.now() - 1000, endsAt: Date.now() + 86_400_000, setBy: 'player' }).run();
    const blocked = await provider.post('debit', { ...base, transactionId: 'd3', roundId: 'r3', amount: '0.50' });
    expect([blocked.status, blocked.body.errorCode]).toEqual([403, 'PLAYER_BLOCKED']);
    // The round that began before the break still settles.
    expect((await provider.post('credit', { ...base, transactionId: 'c1', roundId: 'r1', amount: '2.00' })).status).toBe(200);
    await expectLedgerInvariants(member.memberId, 10_000);

    const elsewhere = await makeProvider('DEMO2');
    const res = await elsewhere.post('balance', { sessionId, playerId });
    expect([res.status, res.body.errorCode]).toEqual([404, 'UNKNOWN_PROVIDER']);
  });

  it('50 parallel debits of one player through two providers never go below zero nor lose or double a movement', async () => {
    const [a, b] = [await makeProvider(), await makeProvider()];
    const member = await createMember({ balanceMinor: 2_000 });
    const sa = await launchSession(a, member.memberId);
    const sb = await launchSession(b, member.memberId);
    const calls = Array.from({ length: 50 }, (_, i) => {
      const [provider, s] = i % 2 === 0 ? [a, sa] : [b, sb];
      return provider.post('debit', { sessionId: s.sessionId, playerId: s.playerId, gameCode: 'book', currency: 'USD', transactionId: `p${i}`, roundId: `r${i}`, amount: '1.00' });
    });
    // Each also repeated once, concurrently: a retry must not move money again.
    const repeats = Array.from({ length: 10 }, (_, i) => a.post('debit', { sessionId: sa.sessionId, playerId: sa.playerId, gameCode: 'book', currency: 'USD', transactionId: `p${i * 2}`, roundId: `r${i * 2}`, amount: '1.00' }));
    const results = await Promise.all([...calls, ...repeats]);
    const accepted = results.slice(0, 50).filter((r) => r.status === 200).length;
    expect(results.every((r) => r.status === 200 || r.body.errorCode === 'INSUFFICIENT_FUNDS')).toBe(true);
    const { balance, entries } = await moneyOf(member.memberId);
    expect(entries).toBe(accepted);
    expect(balance).toBe(2_000 - accepted * 100);
    expect(balance).toBeGreaterThanOrEqual(0);
    await expectLedgerInvariants(member.memberId, 2_000);
  });

  it('answers the first result when the provider retries a credit after a timeout', async () => {
    const provider = await makeProvider();
    const member = await createMember({ balanceMinor: 1_000 });
    const { sessionId, playerId } = await launchSession(provider, member.memberId);
    const base = { sessionId, playerId, gameCode: 'book', currency: 'USD' };
    await provider.post('debit', { ...base, transactionId: 'd1', roundId: 'r1', amount: '1.00' });
    const credit = { ...base, transactionId: 'c1', roundId: 'r1', amount: '7.00' };
    // The first answer is lost to the provider (it timed out), so it sends the credit again, twice at once.
    const results = await Promise.all([provider.post('credit', credit), provider.post('credit', credit), provider.post('credit', credit)]);
    expect(new Set(results.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(results[0]!.body).toMatchObject({ status: 'OK', balance: '16.00' });
    await expectLedgerInvariants(member.memberId, 1_000);
  });
});
