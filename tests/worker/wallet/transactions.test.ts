import { describe, expect, it } from 'vitest';
import { call, parseWire } from '../helpers';
import { createMember } from '../fixtures';
import { createDeposit, postNotice } from '../payments-helpers';
import { walletCalls } from '../../../contract/calls/wallet';
import { postLedger } from '../../../worker/services/ledger/ledger';
import { env } from 'cloudflare:test';

describe('the transactions view (issue 13: deposits, withdrawals, bonuses, rounds)', { timeout: 30_000 }, () => {
  it('lists every ledger entry by category with totals and net deposits over the period', async () => {
    const member = await createMember({ balanceMinor: 0 });
    await postLedger(env.DB, member.memberId, [{ amountMinor: 10_000, kind: 'welcome_bonus', reference: 'welcome', idempotencyKey: 'welcome' }]);
    const { depositId } = (await createDeposit(member.token, { amount: 50 })).body.value;
    await postNotice('DEMO_BANK', { depositId, providerTxnId: `T${depositId}`, status: 'paid', amountMinor: 5_000, currency: 'USD' });
    await postLedger(env.DB, member.memberId, [
      { amountMinor: -1_000, kind: 'bet', reference: 'r1', idempotencyKey: 'r1:bet' },
      { amountMinor: 2_500, kind: 'win', reference: 'r1', idempotencyKey: 'r1:win' },
      { amountMinor: -2_000, kind: 'withdraw_hold', reference: 'withdraw:w1', idempotencyKey: 'withdraw:w1:hold' },
    ]);
    const all = await call('/wps/playdeck/payments/transactions', { token: member.token });
    const value = parseWire(walletCalls.transactions.value, all.body.value);
    expect(value.list.map((r) => [r.category, r.kind, r.amount])).toEqual([
      ['withdrawal', 'withdraw_hold', -20], ['round', 'win', 25], ['round', 'bet', -10], ['deposit', 'deposit', 50], ['bonus', 'welcome_bonus', 100],
    ]);
    expect(value.totals).toEqual({ deposits: 50, withdrawals: -20, netDeposits: 30, bonuses: 100, rounds: 15 });
    expect(value.list[0]?.balanceAfter).toBe(145);
    const rounds = parseWire(walletCalls.transactions.value, (await call('/wps/playdeck/payments/transactions?category=round', { token: member.token })).body.value);
    expect(rounds.list).toHaveLength(2);
    expect(rounds.totals.netDeposits).toBe(30);
  });

  it('takes a period of at most 92 days and pages by 20', async () => {
    const member = await createMember();
    const now = Date.now();
    const tooLong = await call(`/wps/playdeck/payments/transactions?startDate=${now - 93 * 86_400_000}&endDate=${now}`, { token: member.token });
    expect([tooLong.status, tooLong.body.errorCode]).toEqual([400, 'request_param_err']);
    const backwards = await call(`/wps/playdeck/payments/transactions?startDate=${now}&endDate=${now - 1}`, { token: member.token });
    expect(backwards.status).toBe(400);
    const past = parseWire(walletCalls.transactions.value, (await call(`/wps/playdeck/payments/transactions?startDate=0&endDate=1000`, { token: member.token })).body.value);
    expect(past).toMatchObject({ list: [], pageNo: 1, totalPages: 1 });
    expect((await call('/wps/playdeck/payments/transactions')).status).toBe(401);
  });
});
