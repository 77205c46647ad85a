import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, parseWire } from '../helpers';
import { balanceOf, createMember } from '../fixtures';
import { expectLedgerInvariants } from '../money-invariants';
import { createDeposit, depositStatus, freshKey, ledgerCount, postNotice } from '../payments-helpers';
import { walletCalls } from '../../../contract/calls/wallet';
import { runPaymentsTick } from '../../../worker/services/wallet/payments-tick';
import type { Bindings } from '../../../worker/env';

const paidNotice = (depositId: number, amountMinor: number, txn = `TX-${depositId}`) =>
  ({ depositId, providerTxnId: txn, status: 'paid' as const, amountMinor, currency: 'USD' });

describe('deposit methods and orders (issue 13, Deposit)', { timeout: 30_000 }, () => {
  it('lists the site\'s methods with their limits in currency units and the dep_func template', async () => {
    const member = await createMember();
    const { status, body } = await call('/wps/playdeck/payments/methods', { token: member.token });
    expect(status).toBe(200);
    const value = parseWire(walletCalls.paymentMethods.value, body.value);
    expect(value.methods[0]).toEqual({ methodCode: 'DEMO_BANK', displayName: 'Bank transfer (demo)', minAmount: 10, maxAmount: 5000 });
    expect(value.template).toBe(0);
    expect(value.currencySymbol).toBe('$');
  });

  it.each([
    ['a trial account', 4, 403, 'free_reject'],
  ])('refuses %s with free_reject on every deposit call', async (_who, type, code, errorCode) => {
    const trial = await createMember({ type });
    for (const res of [
      await call('/wps/playdeck/payments/methods', { token: trial.token }),
      await createDeposit(trial.token, { amount: 50 }),
      await call('/wps/playdeck/payments/deposit?depositId=1', { token: trial.token }),
    ]) {
      expect(res.status).toBe(code);
      expect(res.body.errorCode).toBe(errorCode);
    }
  });

  it('answers 401 to a visitor', async () => {
    const res = await createDeposit('', { amount: 50 });
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe('customer.not.login');
  });

  it('refuses amounts outside the method\'s limits and unknown methods', async () => {
    const member = await createMember();
    expect((await createDeposit(member.token, { amount: 9.99 })).body.errorCode).toBe('amount_out_of_range');
    expect((await createDeposit(member.token, { amount: 5000.01 })).body.errorCode).toBe('amount_out_of_range');
    expect((await createDeposit(member.token, { amount: 50, methodCode: 'NOPE' })).status).toBe(404);
    expect((await createDeposit(member.token, { amount: 1.234 })).body.errorCode).toBe('request_param_err');
  });

  it('creates a pending order with the hosted page, the same order again for the same key', async () => {
    const member = await createMember();
    const key = freshKey();
    const first = await createDeposit(member.token, { amount: 25.5, idempotencyKey: key });
    expect(first.status).toBe(200);
    const value = parseWire(walletCalls.depositCreate.value, first.body.value);
    expect(value).toMatchObject({ amount: 25.5, status: 'pending', methodCode: 'DEMO_BANK', balance: null });
    expect(value.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1\/pay\/demo\/[A-Za-z0-9_-]{43}$/);
    const again = await createDeposit(member.token, { amount: 25.5, idempotencyKey: key });
    expect(again.body.value.depositId).toBe(value.depositId);
    const other = await createDeposit(member.token, { amount: 30, idempotencyKey: key });
    expect(other.body.errorCode).toBe('idempotency_conflict');
  });
});

describe('the demo provider\'s hosted page', { timeout: 30_000 }, () => {
  it('confirming pays the deposit: the wallet is credited once, and the status call shows the new balance', async () => {
    const member = await createMember({ balanceMinor: 1_000 });
    const created = await createDeposit(member.token, { amount: 40 });
    const url = new URL(created.body.value.redirectUrl ?? '');
    const { createApp } = await import('../../../worker/index');
    const app = createApp();
    const html = await app.request(url.toString(), {}, env);
    expect(html.status).toBe(200);
    const text = await html.text();
    expect(text).toContain('USD 40.00');
    expect(html.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    const confirm = await app.request(url.toString(), { method: 'POST', body: new URLSearchParams({ action: 'confirm' }) }, env);
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('Location')).toBe(`/m/voucherCenter?deposit=${created.body.value.depositId}`);
    expect(await balanceOf(member.memberId)).toBe(5_000);
    const again = await app.request(url.toString(), { method: 'POST', body: new URLSearchParams({ action: 'confirm' }) }, env);
    expect(again.status).toBe(303);
    expect(await balanceOf(member.memberId)).toBe(5_000);
    const status = await call<{ status: string; balance: number }>(`/wps/playdeck/payments/deposit?depositId=${created.body.value.depositId}`, { token: member.token });
    expect(status.body.value).toMatchObject({ status: 'credited', balance: 50 });
    await expectLedgerInvariants(member.memberId, 1_000);
  });

  it('cancelling fails the order and moves no money; an unknown token is 404', async () => {
    const member = await createMember();
    const created = await createDeposit(member.token, { amount: 40 });
    const { createApp } = await import('../../../worker/index');
    const app = createApp();
    const cancel = await app.request(created.body.value.redirectUrl ?? '', { method: 'POST', body: new URLSearchParams({ action: 'cancel' }) }, env);
    expect(cancel.status).toBe(303);
    expect(await depositStatus(created.body.value.depositId)).toBe('failed');
    expect(await balanceOf(member.memberId)).toBe(0);
    expect((await app.request('http://127.0.0.1/pay/demo/nope', {}, env)).status).toBe(404);
  });

  it('another member cannot read the deposit', async () => {
    const owner = await createMember();
    const other = await createMember();
    const created = await createDeposit(owner.token, { amount: 40 });
    const res = await call(`/wps/playdeck/payments/deposit?depositId=${created.body.value.depositId}`, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe('deposit_not_found');
  });
});

describe('deposit notices: verified, idempotent by the provider\'s transaction id', { timeout: 30_000 }, () => {
  it('a notice delivered twice credits once', async () => {
    const member = await createMember();
    const { depositId } = (await createDeposit(member.token, { amount: 12.34 })).body.value;
    const first = await postNotice('DEMO_BANK', paidNotice(depositId, 1_234));
    expect(first.body.value).toEqual({ outcome: 'credited' });
    const second = await postNotice('DEMO_BANK', paidNotice(depositId, 1_234));
    expect(second.body.value).toEqual({ outcome: 'replayed' });
    const both = await Promise.all([postNotice('DEMO_BANK', paidNotice(depositId, 1_234)), postNotice('DEMO_BANK', paidNotice(depositId, 1_234))]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await balanceOf(member.memberId)).toBe(1_234);
    expect(await ledgerCount(member.memberId, `deposit:${depositId}`)).toBe(1);
    await expectLedgerInvariants(member.memberId, 0);
  });

  it('concurrent first deliveries still credit once', async () => {
    const member = await createMember();
    const { depositId } = (await createDeposit(member.token, { amount: 20 })).body.value;
    const answers = await Promise.all(Array.from({ length: 4 }, () => postNotice('DEMO_BANK', paidNotice(depositId, 2_000))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.value.outcome === 'credited')).toHaveLength(1);
    expect(await balanceOf(member.memberId)).toBe(2_000);
  });

  it('out of order: a failed notice after the payment never takes the credit back; paid after failed credits', async () => {
    const member = await createMember();
    const a = (await createDeposit(member.token, { amount: 15 })).body.value.depositId;
    await postNotice('DEMO_BANK', paidNotice(a, 1_500));
    const late = await postNotice('DEMO_BANK', { ...paidNotice(a, 1_500), status: 'failed' });
    expect(late.body.value.outcome).toBe('ignored');
    expect(await depositStatus(a)).toBe('credited');
    const b = (await createDeposit(member.token, { amount: 15 })).body.value.depositId;
    expect((await postNotice('DEMO_BANK', { ...paidNotice(b, 1_500), status: 'pending' })).body.value.outcome).toBe('ignored');
    expect((await postNotice('DEMO_BANK', { ...paidNotice(b, 1_500), status: 'failed' })).body.value.outcome).toBe('failed');
    expect((await postNotice('DEMO_BANK', paidNotice(b, 1_500))).body.value.outcome).toBe('credited');
    expect(await balanceOf(member.memberId)).toBe(3_000);
    await expectLedgerInvariants(member.memberId, 0);
  });

  it('late: a deposit that expired is still credited when its payment notice arrives', async () => {
    const member = await createMember();
    const { depositId } = (await createDeposit(member.token, { amount: 10 })).body.value;
    const report = await runPaymentsTick(env as unknown as Bindings, Date.now() + 31 * 60_000);
    expect(report.depositsExpired).toBeGreaterThanOrEqual(1);
    expect(await depositStatus(depositId)).toBe('expired');
    expect((await postNotice('DEMO_BANK', paidNotice(depositId, 1_000))).body.value.outcome).toBe('credited');
    expect(await depositStatus(depositId)).toBe('credited');
    expect(await balanceOf(member.memberId)).toBe(1_000);
  });

  it('a deposit that never completes expires, and is not expired before its time', async () => {
    const member = await createMember();
    const { depositId } = (await createDeposit(member.token, { amount: 10 })).body.value;
    await runPaymentsTick(env as unknown as Bindings, Date.now());
    expect(await depositStatus(depositId)).toBe('pending');
    await runPaymentsTick(env as unknown as Bindings, Date.now() + 31 * 60_000);
    expect(await depositStatus(depositId)).toBe('expired');
    expect(await balanceOf(member.memberId)).toBe(0);
  });

  it.each([
    ['a wrong signature', { secret: 'not-the-secret' }, 401, 'signature_invalid'],
    ['a stale timestamp', { timestamp: Date.now() - 11 * 60_000 }, 401, 'signature_invalid'],
  ])('refuses %s and credits nothing', async (_name, options, status, code) => {
    const member = await createMember();
    const { depositId } = (await createDeposit(member.token, { amount: 10 })).body.value;
    const res = await postNotice('DEMO_BANK', paidNotice(depositId, 1_000), options);
    expect(res.status).toBe(status);
    expect(res.body.errorCode).toBe(code);
    expect(await balanceOf(member.memberId)).toBe(0);
  });

  it('refuses a notice whose amount differs, for another method, or reusing a transaction id', async () => {
    const member = await createMember();
    const { depositId } = (await createDeposit(member.token, { amount: 10 })).body.value;
    expect((await postNotice('DEMO_BANK', paidNotice(depositId, 99_999))).body.errorCode).toBe('notice_mismatch');
    expect((await postNotice('DEMO_EWALLET', paidNotice(depositId, 1_000))).status).toBe(404);
    await postNotice('DEMO_BANK', paidNotice(depositId, 1_000, 'SHARED-TX'));
    const second = (await createDeposit(member.token, { amount: 10 })).body.value.depositId;
    const reuse = await postNotice('DEMO_BANK', paidNotice(second, 1_000, 'SHARED-TX'));
    expect(reuse.status).toBe(409);
    expect(await balanceOf(member.memberId)).toBe(1_000);
    const otherTx = await postNotice('DEMO_BANK', paidNotice(depositId, 1_000, 'OTHER-TX'));
    expect(otherTx.body.errorCode).toBe('idempotency_conflict');
    await expectLedgerInvariants(member.memberId, 0);
  });
});
