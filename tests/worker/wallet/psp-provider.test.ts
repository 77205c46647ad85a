import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { balanceOf, createMember } from '../fixtures';
import { expectLedgerInvariants } from '../money-invariants';
import { createDeposit, depositStatus, freshKey } from '../payments-helpers';
import { createPspStandin } from '../../psp-standin/app';
import { runPaymentsTick } from '../../../worker/services/wallet/payments-tick';
import type { Bindings } from '../../../worker/env';

const SECRET = 'psp-shared-secret-for-tests';
const standin = createPspStandin({ secret: SECRET, accountId: 'ACC-42' });
/** The PSP's secret is a worker secret named by the method; the stand-in answers every outbound call. */
const pspEnv: Partial<Bindings> = {
  OUTBOUND: { fetch: (input: RequestInfo | URL, init?: RequestInit) => standin.fetch(new Request(input, init)) },
  PSP_SECRET_TEST: SECRET,
} as Partial<Bindings>;

beforeAll(async () => {
  await env.DB.prepare(
    `INSERT INTO payment_methods (merchant_code, method_code, provider, display_name, min_minor, max_minor, endpoint_url, account_id, secret_name, sort_order)
     VALUES ('DEMO', 'PSP_CARD', 'http', 'Card', 100, 1000000, 'https://psp.example/', 'ACC-42', 'PSP_SECRET_TEST', 90)
     ON CONFLICT DO NOTHING`,
  ).run();
});

/** Delivers the stand-in's signed notice to PlayDeck as the PSP would. */
async function deliver(notice: { url: string; body: string; headers: Record<string, string> }) {
  return call<{ outcome: string }>(new URL(notice.url).pathname, {
    method: 'POST', headers: { ...notice.headers, 'Content-Type': 'application/json' }, body: notice.body, env: pspEnv,
  });
}

describe('the HTTP provider against a stand-in PSP (issue 13, Deposit)', { timeout: 30_000 }, () => {
  it('redirects out to the PSP, takes its signed notice in once, and ignores a repeat', async () => {
    const member = await createMember();
    const created = await createDeposit(member.token, { methodCode: 'PSP_CARD', amount: 77.7 }, pspEnv);
    expect(created.status).toBe(200);
    expect(created.body.value.redirectUrl).toMatch(/^https:\/\/psp\.example\/checkout\/PSP-\d+$/);
    const payment = [...standin.payments.values()].find((p) => p.orderId === String(created.body.value.depositId));
    expect(payment).toMatchObject({ amount: '77.70', currency: 'USD', notifyUrl: 'http://127.0.0.1/wps/playdeck/payments/notify/PSP_CARD' });
    expect(payment?.returnUrl).toBe(`http://127.0.0.1/m/voucherCenter?deposit=${created.body.value.depositId}`);
    const notice = await standin.notice(String(created.body.value.depositId), 'paid');
    expect((await deliver(notice)).body.value.outcome).toBe('credited');
    expect((await deliver(notice)).body.value.outcome).toBe('replayed');
    expect(await balanceOf(member.memberId)).toBe(7_770);
    await expectLedgerInvariants(member.memberId, 0);
  });

  it('refuses a notice signed with another secret', async () => {
    const member = await createMember();
    const created = await createDeposit(member.token, { methodCode: 'PSP_CARD', amount: 5 }, pspEnv);
    const notice = await standin.notice(String(created.body.value.depositId), 'paid');
    const forged = await deliver({ ...notice, headers: { ...notice.headers, 'X-Signature': 'ab'.repeat(32) } });
    expect(forged.status).toBe(401);
    expect(forged.body.errorCode).toBe('signature_invalid');
    expect(await balanceOf(member.memberId)).toBe(0);
  });

  it('a player back from paying sees the credit through the status query, before any notice', async () => {
    const member = await createMember();
    const created = await createDeposit(member.token, { methodCode: 'PSP_CARD', amount: 9 }, pspEnv);
    const id = created.body.value.depositId;
    const pending = await call<{ status: string }>(`/wps/playdeck/payments/deposit?depositId=${id}`, { token: member.token, env: pspEnv });
    expect(pending.body.value.status).toBe('pending');
    await standin.notice(String(id), 'paid'); // paid at the PSP; its notice is lost
    const credited = await call<{ status: string; balance: number }>(`/wps/playdeck/payments/deposit?depositId=${id}`, { token: member.token, env: pspEnv });
    expect(credited.body.value).toMatchObject({ status: 'credited', balance: 9 });
  });

  it('the expiry tick asks the PSP first: paid orders are credited, unpaid ones expire', async () => {
    const member = await createMember();
    const paid = (await createDeposit(member.token, { methodCode: 'PSP_CARD', amount: 3 }, pspEnv)).body.value.depositId;
    const unpaid = (await createDeposit(member.token, { methodCode: 'PSP_CARD', amount: 4 }, pspEnv)).body.value.depositId;
    await standin.notice(String(paid), 'paid');
    await runPaymentsTick({ ...env, ...pspEnv } as unknown as Bindings, Date.now() + 31 * 60_000);
    expect(await depositStatus(paid)).toBe('credited');
    expect(await depositStatus(unpaid)).toBe('expired');
    expect(await balanceOf(member.memberId)).toBe(300);
  });

  it('answers 502 payment_unavailable when the PSP secret is missing, and the order stays pending to expire', async () => {
    const member = await createMember();
    const key = freshKey();
    const res = await createDeposit(member.token, { methodCode: 'PSP_CARD', amount: 5, idempotencyKey: key }, { OUTBOUND: pspEnv.OUTBOUND } as Partial<Bindings>);
    expect(res.status).toBe(502);
    expect(res.body.errorCode).toBe('payment_unavailable');
  });
});
