import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { balanceOf, createMember, type TestMember } from '../fixtures';
import { expectLedgerInvariants } from '../money-invariants';
import { freshKey, ledgerCount } from '../payments-helpers';
import { enrolled, makeOperator, signIn } from './console-helpers';
import { consoleMoneyCalls } from '../../../contract/calls/console-money';
import { postLedger } from '../../../worker/services/ledger/ledger';
import { requestWithdrawal } from '../../../worker/services/wallet/withdrawals';
import { runPaymentsTick } from '../../../worker/services/wallet/payments-tick';
import type { Bindings } from '../../../worker/env';

const DAY = 24 * 60 * 60 * 1000;
let addresses = 0;

interface Scenario {
  member: TestMember;
  withdrawalId: number;
  depositIds: number[];
  sharing: string;
}

async function deposit(member: TestMember, amountMinor: number, status: string, createdAt: number, merchantCode = 'DEMO'): Promise<number> {
  const key = freshKey('dep');
  const row = await env.DB.prepare(`INSERT INTO deposits (merchant_code, member_id, method_code, provider, amount_minor, currency, status, pay_token_hash,
      provider_txn_id, idempotency_key, created_at, expires_at, updated_at, credited_at)
      VALUES (?1, ?2, 'DEMO_BANK', 'demo', ?3, 'USD', ?4, ?5, ?6, ?5, ?7, ?7 + 900000, ?7, CASE WHEN ?4 = 'credited' THEN ?7 END) RETURNING id`)
    .bind(merchantCode, member.memberId, amountMinor, status, key, status === 'credited' ? `TXN-${key}` : null, createdAt).first<{ id: number }>();
  return row!.id;
}

/**
 * A player registered 10 days ago from an address one other real account of the site shares (a trial account and
 * another site's account share it too, and do not count), with deposits of 30.00 and 20.00 credited and 5.00
 * pending, a paid withdrawal of 15.00, a pending request of 25.00 (held in the ledger) and a bonus of 10.00 with
 * 300.00 to wager, on 1,000.00 of cash.
 */
async function scenario(): Promise<Scenario> {
  addresses += 1;
  const address = `198.51.${addresses}.${Math.floor(Math.random() * 250)}`;
  const member = await createMember({ balanceMinor: 100_000 });
  const now = Date.now();
  await env.DB.prepare(`UPDATE members SET register_ip = ?, created_at = ? WHERE id = ?`).bind(address, now - 10 * DAY - 1000, member.memberId).run();
  const other = await createMember();
  const trial = await createMember({ type: 4 });
  const foreign = await createMember({ merchantCode: 'DEMO2' });
  for (const m of [other, trial, foreign]) await env.DB.prepare(`UPDATE members SET register_ip = ? WHERE id = ?`).bind(address, m.memberId).run();
  const depositIds = [
    await deposit(member, 3_000, 'credited', now - 3 * DAY),
    await deposit(member, 2_000, 'credited', now - 2 * DAY),
    await deposit(member, 500, 'pending', now - DAY),
  ];
  await deposit(foreign, 3_000, 'credited', now - DAY, 'DEMO2');
  await env.DB.prepare(`INSERT INTO withdrawals (merchant_code, member_id, amount_minor, currency, payee_name, bank_name, account_number, idempotency_key,
      created_at, decided_at, paid_at, status) VALUES ('DEMO', ?1, 1500, 'USD', 'Ana Cruz', 'Demo Bank', '111122223333', ?2, ?3, ?3, ?3, 'paid')`)
    .bind(member.memberId, freshKey('paid'), now - 5 * DAY).run();
  const { withdrawal } = await requestWithdrawal(env.DB, {
    merchantCode: 'DEMO', currency: 'USD', memberId: member.memberId, amountMinor: 2_500, payeeName: 'Ana Cruz', bankName: 'Demo Bank',
    accountNumber: '1234567890', idempotencyKey: freshKey('w'),
  });
  await postLedger(env.DB, member.memberId, [{ amountMinor: 1_000, kind: 'promotion', reference: 'promo', idempotencyKey: freshKey('b'), balance: 'bonus', wageringMinor: 30_000 }]);
  return { member, withdrawalId: withdrawal.id, depositIds, sharing: other.username };
}

/** A finance operator of DEMO with a second factor, and the headers of their session. */
async function finance() {
  const op = await enrolled('finance');
  return { username: op.username, headers: { Cookie: op.session.cookie, 'X-CSRF-Token': op.session.csrf } };
}

type Listed<T> = { items: T[]; total: number };
type Withdrawal = { id: number; status: string; amount: number; reason: string; decidedBy: string; player: Record<string, unknown> };

const approve = (id: number, headers: Record<string, string>, reason = '') =>
  call<Withdrawal>(`/console/api/withdrawals/${id}/approve`, { method: 'POST', headers, json: { reason } });
const reject = (id: number, headers: Record<string, string>, reason: string) =>
  call<Withdrawal>(`/console/api/withdrawals/${id}/reject`, { method: 'POST', headers, json: { reason } });

async function auditRows(id: number) {
  return (await env.DB.prepare(`SELECT operator, action, before_json, after_json, reason, merchant_code FROM console_audit WHERE target = ? ORDER BY id`)
    .bind(`withdrawal:${id}`).all<{ operator: string; action: string; before_json: string; after_json: string; reason: string; merchant_code: string }>()).results;
}

describe('the money desk (docs/back-office.md "Money")', { timeout: 60_000 }, () => {
  it('lists the queue with each player\'s context, figures right', async () => {
    const s = await scenario();
    const { headers } = await finance();
    const res = await call<Listed<Withdrawal>>(`/console/api/withdrawals?view=queue&player=${s.member.username}`, { headers });
    expect(res.status).toBe(200);
    consoleMoneyCalls.consoleWithdrawals.value.parse(res.body.value);
    expect(res.body.value.total).toBe(1);
    const [item] = res.body.value.items;
    expect(item).toMatchObject({ id: s.withdrawalId, status: 'pending', amount: 25, accountNumber: '1234567890', decidedBy: '' });
    expect(item?.player).toMatchObject({
      memberId: s.member.memberId, accountAgeDays: 10, cashBalance: 975, bonusBalance: 10, wageringRequired: 300, wageringDone: 0,
      deposits: { count: 2, total: 50 }, withdrawals: { paidCount: 1, paidTotal: 15, held: 25 }, bonuses: { count: 1, total: 10 },
      sharedAddressAccounts: 1,
    });
    const one = await call<Withdrawal>(`/console/api/withdrawals/${s.withdrawalId}`, { headers });
    expect(one.body.value.player.sharedAddressSample).toEqual([s.sharing]);
    // The history does not hold a pending request.
    const history = await call<Listed<Withdrawal>>(`/console/api/withdrawals?view=history&player=${s.member.username}`, { headers });
    expect(history.body.value.items.map((w) => w.status)).toEqual(['paid']);
  });

  it('searches deposits by player, status, amount, order id and date, paged, on its own site only', async () => {
    const s = await scenario();
    const { headers } = await finance();
    const list = (q: string) => call<Listed<{ id: number; amount: number; status: string }>>(`/console/api/deposits?player=${s.member.username}&${q}`, { headers });
    const all = await list('');
    consoleMoneyCalls.consoleDeposits.value.parse(all.body.value);
    expect(all.body.value.items.map((d) => d.id)).toEqual([...s.depositIds].reverse());
    expect((await list('status=credited')).body.value.total).toBe(2);
    expect((await list('minAmount=25')).body.value.items.map((d) => d.amount)).toEqual([30]);
    expect((await list('maxAmount=20&minAmount=5')).body.value.items.map((d) => d.amount)).toEqual([5, 20]);
    expect((await list(`orderId=${s.depositIds[1]}`)).body.value.items.map((d) => d.id)).toEqual([s.depositIds[1]]);
    const since = new Date(Date.now() - 2.5 * DAY).toISOString();
    expect((await list(`from=${encodeURIComponent(since)}`)).body.value.total).toBe(2);
    const page2 = await list('perPage=1&page=2&sort=amount&order=ASC');
    expect([page2.body.value.total, page2.body.value.items.map((d) => d.amount)]).toEqual([3, [20]]);
    expect((await list('status=nonsense')).status).toBe(400);
    expect((await list('minAmount=1.234')).status).toBe(400);
    const demo2 = await call<Listed<{ id: number }>>(`/console/api/deposits?status=credited&perPage=100`, { headers });
    const foreignIds = (await env.DB.prepare(`SELECT id FROM deposits WHERE merchant_code = 'DEMO2'`).all<{ id: number }>()).results.map((r) => r.id);
    expect(demo2.body.value.items.some((d) => foreignIds.includes(d.id))).toBe(false);
  });

  it('approves once: of two approvals at the same time one is recorded, paid out once, with one audit row', async () => {
    const s = await scenario();
    const op = await finance();
    const results = await Promise.all([approve(s.withdrawalId, op.headers, 'checked'), approve(s.withdrawalId, op.headers)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = results.find((r) => r.status === 200)!;
    expect(won.body.value).toMatchObject({ id: s.withdrawalId, status: 'paid', decidedBy: op.username });
    expect(results.find((r) => r.status === 409)?.body.errorCode).toBe('withdrawal_not_pending');
    await runPaymentsTick(env as unknown as Bindings);
    const row = await env.DB.prepare(`SELECT status, provider_txn_id FROM withdrawals WHERE id = ?`).bind(s.withdrawalId).first();
    expect(row).toEqual({ status: 'paid', provider_txn_id: `DEMO-W${s.withdrawalId}` });
    const kinds = (await env.DB.prepare(`SELECT kind FROM ledger_entries WHERE member_id = ? AND kind LIKE 'withdraw%'`).bind(s.member.memberId).all<{ kind: string }>()).results;
    expect(kinds.map((k) => k.kind)).toEqual(['withdraw_hold']);
    expect(await balanceOf(s.member.memberId)).toBe(97_500);
    const audit = await auditRows(s.withdrawalId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator: op.username, action: 'withdrawal.approve', merchant_code: 'DEMO' });
    expect(JSON.parse(audit[0]!.before_json)).toMatchObject({ status: 'pending', amountMinor: 2_500 });
    expect(JSON.parse(audit[0]!.after_json)).toMatchObject({ status: 'approved' });
    const history = await call<Listed<Withdrawal>>(`/console/api/withdrawals?view=history&status=paid&player=${s.member.username}`, { headers: op.headers });
    expect(history.body.value.items.map((w) => w.id)).toContain(s.withdrawalId);
    expect((await approve(s.withdrawalId, op.headers)).status).toBe(409);
  });

  it('rejects with a reason: the hold comes back exactly once, the reason is the player\'s and the audit row\'s', async () => {
    const s = await scenario();
    const op = await finance();
    const missing = await call(`/console/api/withdrawals/${s.withdrawalId}/reject`, { method: 'POST', headers: op.headers, json: {} });
    expect([missing.status, missing.body.errorCode]).toEqual([400, 'request_param_err']);
    const done = await reject(s.withdrawalId, op.headers, 'Payee name does not match');
    expect(done.status).toBe(200);
    expect(done.body.value).toMatchObject({ status: 'rejected', reason: 'Payee name does not match' });
    expect((await reject(s.withdrawalId, op.headers, 'again')).status).toBe(409);
    await runPaymentsTick(env as unknown as Bindings);
    await runPaymentsTick(env as unknown as Bindings);
    const key = (await env.DB.prepare(`SELECT idempotency_key FROM withdrawals WHERE id = ?`).bind(s.withdrawalId).first<{ idempotency_key: string }>())!.idempotency_key;
    expect(await ledgerCount(s.member.memberId, `withdraw:${key}:release`)).toBe(1);
    expect(await balanceOf(s.member.memberId)).toBe(100_000);
    await expectLedgerInvariants(s.member.memberId, 100_000);
    const audit = await auditRows(s.withdrawalId);
    expect(audit.map((a) => [a.action, a.reason])).toEqual([['withdrawal.reject', 'Payee name does not match']]);
    expect(JSON.parse(audit[0]!.after_json)).toMatchObject({ status: 'rejected', reason: 'Payee name does not match' });
  });

  it('answers 404 for another site\'s request, 403 for the support role, 401 without a session, 403 without the CSRF token', async () => {
    const foreign = await createMember({ balanceMinor: 50_000, merchantCode: 'DEMO2' });
    const withdrawal = (await env.DB.prepare(`INSERT INTO withdrawals (merchant_code, member_id, amount_minor, currency, payee_name, bank_name,
        account_number, idempotency_key, created_at) VALUES ('DEMO2', ?, 10000, 'PHP', 'Li Wei', 'Bank', '99998888', ?, ?) RETURNING id`)
      .bind(foreign.memberId, freshKey('w'), Date.now()).first<{ id: number }>())!;
    const op = await finance();
    for (const res of [
      await call(`/console/api/withdrawals/${withdrawal.id}`, { headers: op.headers }),
      await approve(withdrawal.id, op.headers),
      await reject(withdrawal.id, op.headers, 'no'),
    ]) expect([res.status, res.body.errorCode]).toEqual([404, 'withdrawal_not_found']);
    const queue = await call<Listed<Withdrawal>>(`/console/api/withdrawals?perPage=100&id=${withdrawal.id}`, { headers: op.headers });
    expect(queue.body.value.total).toBe(0);
    expect((await env.DB.prepare(`SELECT status FROM withdrawals WHERE id = ?`).bind(withdrawal.id).first())).toEqual({ status: 'pending' });

    const s = await scenario();
    const support = await signIn(await makeOperator('support'));
    const supportHeaders = { Cookie: support.cookie, 'X-CSRF-Token': support.csrf };
    for (const res of [
      await call('/console/api/deposits', { headers: supportHeaders }),
      await call('/console/api/withdrawals', { headers: supportHeaders }),
      await approve(s.withdrawalId, supportHeaders),
    ]) expect([res.status, res.body.errorCode]).toEqual([403, 'console_role_forbidden']);
    expect((await call('/console/api/withdrawals')).status).toBe(401);
    const noCsrf = await call(`/console/api/withdrawals/${s.withdrawalId}/approve`, { method: 'POST', headers: { Cookie: op.headers.Cookie }, json: {} });
    expect([noCsrf.status, noCsrf.body.errorCode]).toEqual([403, 'csrf_invalid']);
    const foreignOrigin = await call(`/console/api/withdrawals/${s.withdrawalId}/approve`, { method: 'POST', headers: { ...op.headers, Origin: 'https://evil.example' }, json: {} });
    expect(foreignOrigin.status).toBe(403);
    expect((await env.DB.prepare(`SELECT status FROM withdrawals WHERE id = ?`).bind(s.withdrawalId).first())).toEqual({ status: 'pending' });
    expect(await auditRows(s.withdrawalId)).toEqual([]);
  });

  it('is not there in upstream mode', async () => {
    const op = await finance();
    const res = await call('/console/api/withdrawals', { headers: op.headers, env: { UPSTREAM_API_URL: 'https://platform.example' } });
    expect([res.status, res.body.errorCode]).toEqual([404, 'function.not.available']);
  });
});
