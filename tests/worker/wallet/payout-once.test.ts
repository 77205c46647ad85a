import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { balanceOf, createMember, type TestMember } from '../fixtures';
import { expectLedgerInvariants } from '../money-invariants';
import { freshKey } from '../payments-helpers';
import { enrolled } from '../console/console-helpers';
import { createPspStandin } from '../../psp-standin/app';
import { PAYOUT_CLAIM_MS, requestWithdrawal, settleDecidedWithdrawals } from '../../../worker/services/wallet/withdrawals';
import { runPaymentsTick } from '../../../worker/services/wallet/payments-tick';
import type { Bindings } from '../../../worker/env';

/**
 * A withdrawal is paid out exactly once (docs/honest-money.md "Payouts happen once"): the minute tick, the player's
 * withdraw page and the back office's approval all settle approved requests, and when they coincide only the one
 * that claims the request calls the payout provider.
 */

const standin = createPspStandin({ secret: 'race-secret', accountId: 'ACC-R' });
/** POST /payouts requests the provider received, by payout id. */
const payoutCalls = new Map<string, number>();
const pspEnv = {
  OUTBOUND: {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === '/payouts') {
        const { payoutId } = await request.clone().json<{ payoutId: string }>();
        payoutCalls.set(payoutId, (payoutCalls.get(payoutId) ?? 0) + 1);
        // A provider takes a while: the window in which another settle could send the same payout again.
        await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 8)));
      }
      return standin.fetch(request);
    },
  },
  PSP_SECRET_RACE: 'race-secret',
} as Partial<Bindings>;
const raceEnv = { ...env, ...pspEnv } as unknown as Bindings;

beforeAll(async () => {
  // The demo site pays out through the HTTP PSP stand-in in this file (each test file has its own database).
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO payment_methods (merchant_code, method_code, provider, display_name, min_minor, max_minor, endpoint_url, account_id, secret_name)
      VALUES ('DEMO', 'PSP_RACE', 'http', 'Bank', 100, 1000000, 'https://psp.example', 'ACC-R', 'PSP_SECRET_RACE') ON CONFLICT DO NOTHING`),
    env.DB.prepare(`INSERT INTO withdraw_settings (merchant_code, payout_method, min_minor, max_minor) VALUES ('DEMO', 'PSP_RACE', 100, 1000000)
      ON CONFLICT (merchant_code) DO UPDATE SET payout_method = 'PSP_RACE'`),
  ]);
});

async function pendingRequest(amountMinor: number): Promise<{ member: TestMember; id: number }> {
  const member = await createMember({ balanceMinor: 10_000 });
  const { withdrawal } = await requestWithdrawal(env.DB, {
    merchantCode: 'DEMO', currency: 'USD', memberId: member.memberId, amountMinor, payeeName: 'Ana Cruz', bankName: 'Demo Bank',
    accountNumber: '1234567890', idempotencyKey: freshKey('w'),
  });
  return { member, id: withdrawal.id };
}

async function withdrawKinds(memberId: number): Promise<string[]> {
  const rows = await env.DB.prepare(`SELECT kind FROM ledger_entries WHERE member_id = ? AND kind LIKE 'withdraw%' ORDER BY id`).bind(memberId).all<{ kind: string }>();
  return rows.results.map((r) => r.kind);
}

/** Ticks (and the player's own settle) running while the approval is made, at staggered moments. */
async function ticksDuring(memberId: number): Promise<void> {
  await Promise.all([
    (async () => { for (let i = 0; i < 3; i++) await runPaymentsTick(raceEnv); })(),
    (async () => { await new Promise((r) => setTimeout(r, 1)); await runPaymentsTick(raceEnv); })(),
    (async () => { for (let i = 0; i < 2; i++) await settleDecidedWithdrawals(raceEnv, { memberId }); })(),
  ]);
}

describe('a withdrawal is paid out once, whatever the timing of the tick and the approval', { timeout: 120_000 }, () => {
  it('races the back office approval with the minute tick 15 times: one payout each, the hold spent once', async () => {
    const op = await enrolled('finance');
    const { headers } = op;
    standin.payoutStatus = 'paid';
    for (let round = 0; round < 15; round++) {
      const { member, id } = await pendingRequest(2_500);
      const [approval] = await Promise.all([
        call<{ status: string }>(`/console/api/withdrawals/${id}/approve`, { method: 'POST', headers, json: { reason: '' }, env: pspEnv }),
        ticksDuring(member.memberId),
      ]);
      expect(approval.status).toBe(200);
      await runPaymentsTick(raceEnv);
      expect(payoutCalls.get(`W${id}`), `payouts sent for request ${id}`).toBe(1);
      const row = await env.DB.prepare(`SELECT status, released_at FROM withdrawals WHERE id = ?`).bind(id).first();
      expect(row).toEqual({ status: 'paid', released_at: null });
      expect(await withdrawKinds(member.memberId)).toEqual(['withdraw_hold']);
      expect(await balanceOf(member.memberId)).toBe(7_500);
      await expectLedgerInvariants(member.memberId, 10_000);
    }
  });

  it('a failed payout in the race gives the hold back exactly once', async () => {
    const op = await enrolled('finance');
    const { headers } = op;
    standin.payoutStatus = 'failed';
    try {
      for (let round = 0; round < 8; round++) {
        const { member, id } = await pendingRequest(2_500);
        await Promise.all([
          call(`/console/api/withdrawals/${id}/approve`, { method: 'POST', headers, json: { reason: '' }, env: pspEnv }),
          ticksDuring(member.memberId),
        ]);
        await runPaymentsTick(raceEnv);
        expect(payoutCalls.get(`W${id}`)).toBe(1);
        expect(await withdrawKinds(member.memberId)).toEqual(['withdraw_hold', 'withdraw_release']);
        expect(await balanceOf(member.memberId)).toBe(10_000);
        await expectLedgerInvariants(member.memberId, 10_000);
      }
    } finally {
      standin.payoutStatus = 'paid';
    }
  });

  it('a claim left by a settle that died is taken over after the lease, not before', async () => {
    standin.payoutStatus = 'paid';
    const { member, id } = await pendingRequest(2_500);
    const now = Date.now();
    await env.DB.prepare(`UPDATE withdrawals SET status = 'approved', payout_claimed_at = ? WHERE id = ?`).bind(now - 1000, id).run();
    await settleDecidedWithdrawals(raceEnv, { memberId: member.memberId, now });
    expect(payoutCalls.get(`W${id}`)).toBeUndefined();
    await settleDecidedWithdrawals(raceEnv, { memberId: member.memberId, now: now + PAYOUT_CLAIM_MS });
    expect(payoutCalls.get(`W${id}`)).toBe(1);
    expect(await env.DB.prepare(`SELECT status FROM withdrawals WHERE id = ?`).bind(id).first('status')).toBe('paid');
    await expectLedgerInvariants(member.memberId, 10_000);
  });
});
