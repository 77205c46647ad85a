import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, parseWire } from '../helpers';
import { balanceOf, createMember, type TestMember } from '../fixtures';
import { expectLedgerInvariants } from '../money-invariants';
import { freshKey, ledgerCount } from '../payments-helpers';
import { createPspStandin } from '../../psp-standin/app';
import { walletCalls } from '../../../contract/calls/wallet';
import { decideWithdrawalRequest } from '../../../worker/services/wallet/withdrawal-decisions';
import { hashPassword } from '../../../worker/services/crypto/password';
import { runPaymentsTick } from '../../../worker/services/wallet/payments-tick';
import type { Bindings } from '../../../worker/env';

const PAY_PASSWORD = '246810';

/** A member with a balance, a login password and a payment password. */
async function payingMember(balanceMinor = 100_000): Promise<TestMember> {
  const member = await createMember({ balanceMinor });
  await env.DB.prepare(`UPDATE members SET password_hash = ?2, profile = json_set(profile, '$.paymentPasswordHash', ?3) WHERE id = ?1`)
    .bind(member.memberId, await hashPassword('login-pass-1'), await hashPassword(PAY_PASSWORD)).run();
  return member;
}

function withdraw(token: string, overrides: Record<string, unknown> = {}) {
  return call<{ withdrawal: { withdrawalId: number; status: string; accountNumber: string }; balance: number }>('/wps/transaction/withdraw', {
    method: 'POST', token,
    json: { amount: 50, payeeName: 'Ana Cruz', bankName: 'Demo Bank', accountNumber: '1234 5678 9012', paymentPassword: PAY_PASSWORD, idempotencyKey: freshKey('w'), ...overrides },
  });
}

async function decide(kind: 'withdrawal-approve' | 'withdrawal-reject', id: number): Promise<void> {
  await decideWithdrawalRequest(env.DB, {
    id, merchantCode: null, decision: kind === 'withdrawal-approve' ? 'approved' : 'rejected', reason: kind === 'withdrawal-approve' ? '' : 'documents missing',
    actor: { operatorId: null, operator: 'cli:test' },
  });
}

function info(token: string, envOverride?: Partial<Bindings>) {
  return call('/wps/transaction/withdraw', { token, ...(envOverride ? { env: envOverride } : {}) });
}

describe('withdrawal requests put the amount on hold (issue 13, Withdraw)', { timeout: 30_000 }, () => {
  it('shows limits, the available balance and whether a payment password is set', async () => {
    const member = await payingMember(12_345);
    const res = await info(member.token);
    const value = parseWire(walletCalls.withdrawInfo.value, res.body.value);
    expect(value).toMatchObject({ enabled: true, minAmount: 20, maxAmount: 2000, available: 123.45, paymentPasswordSet: true, withdrawals: [] });
    const fresh = await createMember();
    expect(parseWire(walletCalls.withdrawInfo.value, (await info(fresh.token)).body.value).paymentPasswordSet).toBe(false);
  });

  it('a request holds the amount in the ledger; a retry with the same key holds nothing twice', async () => {
    const member = await payingMember();
    const key = freshKey('w');
    const first = await withdraw(member.token, { idempotencyKey: key });
    expect(first.status).toBe(200);
    expect(first.body.value.balance).toBe(950);
    expect(first.body.value.withdrawal).toMatchObject({ status: 'pending', accountNumber: '****9012' });
    const again = await withdraw(member.token, { idempotencyKey: key });
    expect(again.body.value.withdrawal.withdrawalId).toBe(first.body.value.withdrawal.withdrawalId);
    expect(await balanceOf(member.memberId)).toBe(95_000);
    expect(await ledgerCount(member.memberId, `withdraw:${key}:hold`)).toBe(1);
    const entry = await env.DB.prepare(`SELECT kind, amount_minor FROM ledger_entries WHERE member_id = ? ORDER BY id DESC`).bind(member.memberId).first();
    expect(entry).toEqual({ kind: 'withdraw_hold', amount_minor: -5_000 });
    await expectLedgerInvariants(member.memberId, 100_000);
  });

  it.each([
    ['below the minimum', { amount: 19.99 }, 400, 'amount_out_of_range'],
    ['above the maximum', { amount: 2000.01 }, 400, 'amount_out_of_range'],
    ['a wrong payment password', { paymentPassword: '000000' }, 403, 'payment_password_wrong'],
    ['no payee', { payeeName: '' }, 400, 'request_param_err'],
  ])('refuses %s and holds nothing', async (_name, overrides, status, code) => {
    const member = await payingMember();
    const res = await withdraw(member.token, overrides);
    expect(res.status).toBe(status);
    expect(res.body.errorCode).toBe(code);
    expect(await balanceOf(member.memberId)).toBe(100_000);
  });

  it('refuses more than the balance (409 insufficient_balance), a member without a payment password, and trial accounts', async () => {
    const member = await payingMember(3_000);
    expect((await withdraw(member.token, { amount: 30.01 })).body.errorCode).toBe('insufficient_balance');
    expect(await balanceOf(member.memberId)).toBe(3_000);
    const noPassword = await createMember({ balanceMinor: 10_000 });
    expect((await withdraw(noPassword.token)).body.errorCode).toBe('payment_password_not_set');
    const trial = await createMember({ type: 4, balanceMinor: 10_000 });
    const refused = await withdraw(trial.token);
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'free_reject']);
    expect((await info(trial.token)).body.errorCode).toBe('free_reject');
  });

  it('limits payment password guesses (5 per 15 minutes)', async () => {
    const member = await payingMember();
    const codes = [];
    for (let i = 0; i < 6; i += 1) codes.push((await withdraw(member.token, { paymentPassword: '111111' })).body.errorCode);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('payment_password_wrong'));
    expect(codes[5]).toBe('TOO_MANY_REQUEST');
  });
});

describe('operator decisions (npm run operator -- withdrawal approve|reject)', { timeout: 30_000 }, () => {
  it('approve: the worker pays it out through the provider; the hold stays spent, the player sees paid', async () => {
    const member = await payingMember();
    const id = (await withdraw(member.token)).body.value.withdrawal.withdrawalId;
    await decide('withdrawal-approve', id);
    const value = parseWire(walletCalls.withdrawInfo.value, (await info(member.token)).body.value);
    expect(value.withdrawals[0]).toMatchObject({ withdrawalId: id, status: 'paid' });
    expect(value.available).toBe(950);
    await runPaymentsTick(env as unknown as Bindings);
    expect(await balanceOf(member.memberId)).toBe(95_000);
    await expectLedgerInvariants(member.memberId, 100_000);
  });

  it('reject: the hold is released once, with the reason shown', async () => {
    const member = await payingMember();
    const { withdrawal } = (await withdraw(member.token)).body.value;
    await decide('withdrawal-reject', withdrawal.withdrawalId);
    // A second decision is refused and changes nothing.
    await expect(decide('withdrawal-approve', withdrawal.withdrawalId)).rejects.toMatchObject({ errorCode: 'withdrawal_not_pending' });
    await runPaymentsTick(env as unknown as Bindings);
    const value = parseWire(walletCalls.withdrawInfo.value, (await info(member.token)).body.value);
    expect(value.withdrawals[0]).toMatchObject({ status: 'rejected', reason: 'documents missing' });
    expect(await balanceOf(member.memberId)).toBe(100_000);
    const kinds = (await env.DB.prepare(`SELECT kind FROM ledger_entries WHERE member_id = ? ORDER BY id`).bind(member.memberId).all<{ kind: string }>()).results;
    expect(kinds.map((k) => k.kind)).toEqual(['withdraw_hold', 'withdraw_release']);
    await expectLedgerInvariants(member.memberId, 100_000);
  });

  it('through an HTTP PSP: a failed payout releases the hold; a paid one is sent once', async () => {
    const standin = createPspStandin({ secret: 'payout-secret', accountId: 'ACC-P' });
    const pspEnv = {
      OUTBOUND: { fetch: (input: RequestInfo | URL, init?: RequestInit) => standin.fetch(new Request(input, init)) },
      PSP_SECRET_PAYOUT: 'payout-secret',
    } as Partial<Bindings>;
    await env.DB.prepare(
      `INSERT INTO merchants (code, name, currency, currency_symbol, created_at) VALUES ('PAYT', 'Payout test', 'USD', '$', 0) ON CONFLICT DO NOTHING`,
    ).run();
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO payment_methods (merchant_code, method_code, provider, display_name, min_minor, max_minor, endpoint_url, account_id, secret_name)
        VALUES ('PAYT', 'PSP_BANK', 'http', 'Bank', 100, 1000000, 'https://psp.example', 'ACC-P', 'PSP_SECRET_PAYOUT') ON CONFLICT DO NOTHING`),
      env.DB.prepare(`INSERT INTO withdraw_settings (merchant_code, payout_method, min_minor, max_minor) VALUES ('PAYT', 'PSP_BANK', 100, 1000000) ON CONFLICT DO NOTHING`),
    ]);
    const member = await payingMember();
    const hold = async (key: string) => {
      const now = Date.now();
      await env.DB.prepare(
        `INSERT INTO withdrawals (merchant_code, member_id, amount_minor, currency, payee_name, bank_name, account_number, idempotency_key, created_at, status)
         VALUES ('PAYT', ?1, 2000, 'USD', 'Ana', 'Bank', '12345678', ?2, ?3, 'approved')`,
      ).bind(member.memberId, key, now).run();
      await env.DB.batch([
        env.DB.prepare(`INSERT INTO ledger_entries (member_id, amount_minor, balance_after_minor, kind, reference, idempotency_key, created_at)
          VALUES (?1, -2000, (SELECT balance_minor FROM wallets WHERE member_id = ?1) - 2000, 'withdraw_hold', ?2, ?3, ?4)`).bind(member.memberId, `withdraw:${key}`, `withdraw:${key}:hold`, now),
        env.DB.prepare(`UPDATE wallets SET balance_minor = balance_minor - 2000 WHERE member_id = ?`).bind(member.memberId),
      ]);
    };
    standin.payoutStatus = 'failed';
    await hold(freshKey('p'));
    await runPaymentsTick({ ...env, ...pspEnv } as unknown as Bindings);
    expect(await balanceOf(member.memberId)).toBe(100_000);
    standin.payoutStatus = 'paid';
    await hold(freshKey('p'));
    await runPaymentsTick({ ...env, ...pspEnv } as unknown as Bindings);
    await runPaymentsTick({ ...env, ...pspEnv } as unknown as Bindings);
    expect(await balanceOf(member.memberId)).toBe(98_000);
    expect([...standin.payouts.values()].map((p) => p.status)).toEqual(['failed', 'paid']);
    await expectLedgerInvariants(member.memberId, 100_000);
  });
});

describe('the payment password (security page)', { timeout: 30_000 }, () => {
  it('is set with the login password, then changed with the current one', async () => {
    const member = await createMember();
    await env.DB.prepare(`UPDATE members SET password_hash = ? WHERE id = ?`).bind(await hashPassword('login-pass-1'), member.memberId).run();
    const set = (body: Record<string, string>) => call('/wps/playdeck/payments/paymentPassword', { method: 'POST', token: member.token, json: body });
    expect((await set({ newPaymentPassword: '135790' })).body.errorCode).toBe('payment_password_required');
    expect((await set({ newPaymentPassword: '135790', loginPassword: 'nope' })).body.errorCode).toBe('wrong_password');
    expect((await set({ newPaymentPassword: '135790', loginPassword: 'login-pass-1' })).status).toBe(200);
    expect((await set({ newPaymentPassword: 'abc123', oldPaymentPassword: '135790' })).body.errorCode).toBe('request_param_err');
    expect((await set({ newPaymentPassword: '999999', loginPassword: 'login-pass-1' })).body.errorCode).toBe('payment_password_required');
    expect((await set({ newPaymentPassword: '999999', oldPaymentPassword: '135790' })).status).toBe(200);
    const stored = await env.DB.prepare(`SELECT json_extract(profile, '$.paymentPasswordHash') AS h FROM members WHERE id = ?`).bind(member.memberId).first<{ h: string }>();
    expect(stored?.h).toMatch(/^\$scrypt\$/);
    const security = await call('/wps/v2/member/securityConfig', { token: member.token });
    expect(parseWire(walletCalls.securityConfig.value, security.body.value)).toMatchObject({ paymentPasswordSet: true, mobileBound: false, emailBound: false });
  });
});
