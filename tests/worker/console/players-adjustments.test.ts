import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { createMember } from '../fixtures';
import { expectLedgerInvariants, moneyOf, bonusOf } from '../money-invariants';
import { searchAudit } from '../../../worker/services/operators/audit';
import { setSiteAdjustmentThreshold, adjustmentThreshold, DEFAULT_ADJUSTMENT_THRESHOLD_MINOR } from '../../../worker/services/players/adjustments';
import { enrolled, makeOperator, signIn } from './console-helpers';

type Adjustment = { id: number; status: string; amount: number; balance: string; replayed?: boolean; requestedBy: string; decidedBy: string | null };
let keys = 0;
const key = () => `test-adjust-${Date.now()}-${(keys += 1)}`;

function adjust(headers: Record<string, string>, memberId: number, body: Record<string, unknown>, host = '127.0.0.1') {
  return call<Adjustment>(`http://${host}/console/api/players/${memberId}/adjust`, {
    method: 'POST', headers, json: { balance: 'cash', direction: 'credit', reason: 'goodwill', idempotencyKey: key(), ...body },
  });
}
const decide = (headers: Record<string, string>, id: number, decision: 'approve' | 'reject', reason = '') =>
  call<Adjustment>(`/console/api/adjustments/${id}/${decision}`, { method: 'POST', headers, json: { reason } });
const adjustmentEntries = (memberId: number) =>
  env.DB.prepare(`SELECT amount_minor AS cash, bonus_amount_minor AS bonus FROM ledger_entries WHERE member_id = ? AND kind = 'adjustment'`).bind(memberId).all<{ cash: number; bonus: number }>()
    .then((r) => r.results);

describe('back office: manual balance adjustments (docs/back-office.md "Players")', { timeout: 60_000 }, () => {
  it('applies an adjustment within the threshold at once: one ledger entry, one audit row, exactly once per key', async () => {
    const finance = await enrolled('finance');
    const m = await createMember({ balanceMinor: 1000 });
    const idempotencyKey = key();
    const first = await adjust(finance.headers, m.memberId, { amount: 25.5, idempotencyKey });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value).toMatchObject({ status: 'applied', amount: 25.5, replayed: false, threshold: 1000 });
    const again = await adjust(finance.headers, m.memberId, { amount: 25.5, idempotencyKey });
    expect(again.body.value).toMatchObject({ id: first.body.value.id, status: 'applied', replayed: true });
    const conflict = await adjust(finance.headers, m.memberId, { amount: 30, idempotencyKey });
    expect([conflict.status, conflict.body.errorCode]).toEqual([409, 'idempotency_conflict']);
    expect(await adjustmentEntries(m.memberId)).toEqual([{ cash: 2550, bonus: 0 }]);
    expect((await moneyOf(m.memberId)).balance).toBe(3550);
    await expectLedgerInvariants(m.memberId, 1000);
    const rows = await searchAudit(env.DB, { merchantCode: 'DEMO', operator: finance.username, action: 'player.adjust', limit: 10 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ target: `player:${m.memberId}`, before: '{"cash":1000,"bonus":0}', after: '{"cash":3550,"bonus":0}', reason: 'goodwill' });
    const ledger = await call<{ items: { kind: string; cash: number }[] }>(`/console/api/players/${m.memberId}/ledger?kind=adjustment`, { headers: finance.headers });
    expect(ledger.body.value.items).toEqual([expect.objectContaining({ kind: 'adjustment', cash: 25.5 })]);
  });

  it('debits never below zero, and moves the bonus balance with its wagering', async () => {
    const owner = await enrolled('owner');
    const m = await createMember({ balanceMinor: 500 });
    const tooMuch = await adjust(owner.headers, m.memberId, { direction: 'debit', amount: 5.01 });
    expect([tooMuch.status, tooMuch.body.errorCode]).toEqual([409, 'insufficient_balance']);
    expect(await adjustmentEntries(m.memberId)).toEqual([]);
    expect((await adjust(owner.headers, m.memberId, { direction: 'debit', amount: 5 })).body.value.status).toBe('applied');
    const bonus = await adjust(owner.headers, m.memberId, { balance: 'bonus', amount: 10 });
    expect(bonus.body.value).toMatchObject({ balance: 'bonus', amount: 10, status: 'applied' });
    expect(await bonusOf(m.memberId)).toMatchObject({ bonus: 1000, required: 30_000 });
    const bonusDebit = await adjust(owner.headers, m.memberId, { balance: 'bonus', direction: 'debit', amount: 10.01 });
    expect(bonusDebit.body.errorCode).toBe('insufficient_balance');
    expect(await adjustmentEntries(m.memberId)).toEqual([{ cash: -500, bonus: 0 }, { cash: 0, bonus: 1000 }]);
    await expectLedgerInvariants(m.memberId, 500);
    for (const bad of [{ amount: 0 }, { amount: -5 }, { amount: 1.005 }, { balance: 'points' }, { idempotencyKey: 'x' }, { reason: '' }]) {
      const res = await adjust(owner.headers, m.memberId, bad);
      expect([res.status, res.body.errorCode], JSON.stringify(bad)).toEqual([400, 'request_param_err']);
    }
  });

  it('above the threshold it is a request: the requester cannot approve it, a second operator can, once', async () => {
    const requester = await enrolled('finance');
    const approver = await enrolled('owner');
    const m = await createMember({ balanceMinor: 0 });
    const asked = await adjust(requester.headers, m.memberId, { amount: 1000.01 });
    expect(asked.body.value).toMatchObject({ status: 'pending', amount: 1000.01, requestedBy: requester.username });
    expect(await adjustmentEntries(m.memberId)).toEqual([]);
    const id = asked.body.value.id;
    const pending = await call<{ items: Adjustment[] }>('/console/api/adjustments?status=pending', { headers: requester.headers });
    expect(pending.body.value.items.map((a) => a.id)).toContain(id);
    const record = await call<{ pendingAdjustments: number }>(`/console/api/players/${m.memberId}`, { headers: approver.headers });
    expect(record.body.value.pendingAdjustments).toBe(1);

    const self = await decide(requester.headers, id, 'approve');
    expect([self.status, self.body.errorCode]).toEqual([403, 'adjustment_self_approval']);
    const admin = await enrolled('admin');
    const noRight = await decide(admin.headers, id, 'approve');
    expect([noRight.status, noRight.body.errorCode]).toEqual([403, 'console_role_forbidden']);
    const approved = await decide(approver.headers, id, 'approve', 'checked the deposit');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.value).toMatchObject({ status: 'applied', decidedBy: approver.username });
    const twice = await decide(approver.headers, id, 'approve');
    expect([twice.status, twice.body.errorCode]).toEqual([409, 'adjustment_decided']);
    expect(await adjustmentEntries(m.memberId)).toEqual([{ cash: 100_001, bonus: 0 }]);
    await expectLedgerInvariants(m.memberId, 0);
    expect(await searchAudit(env.DB, { merchantCode: 'DEMO', operator: requester.username, action: 'player.adjust_request', limit: 5 })).toHaveLength(1);
    const approval = await searchAudit(env.DB, { merchantCode: 'DEMO', operator: approver.username, action: 'player.adjust_approve', limit: 5 });
    expect(approval[0]).toMatchObject({ target: `player:${m.memberId}`, reason: 'checked the deposit' });
    expect(JSON.parse(approval[0]!.after ?? '{}')).toMatchObject({ cash: 100_001, status: 'applied', adjustment: id });
    await expect(env.DB.prepare(`UPDATE balance_adjustments SET status = 'pending' WHERE id = ?`).bind(id).run()).rejects.toThrow(/already decided/);
  });

  it('two approvals of one request at once make one ledger entry', async () => {
    const requester = await enrolled('finance');
    const first = await enrolled('owner');
    const second = await enrolled('finance');
    const m = await createMember({ balanceMinor: 0 });
    const asked = await adjust(requester.headers, m.memberId, { amount: 2000 });
    const results = await Promise.all([decide(first.headers, asked.body.value.id, 'approve'), decide(second.headers, asked.body.value.id, 'approve')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await adjustmentEntries(m.memberId)).toEqual([{ cash: 200_000, bonus: 0 }]);
    await expectLedgerInvariants(m.memberId, 0);
    const approvals = await env.DB.prepare(`SELECT COUNT(*) AS n FROM console_audit WHERE action = 'player.adjust_approve' AND target = ?`).bind(`player:${m.memberId}`).first<{ n: number }>();
    expect(approvals?.n).toBe(1);
  });

  it('a rejected request moves no money; the site threshold is set per site', async () => {
    const requester = await enrolled('finance');
    const approver = await enrolled('owner');
    const m = await createMember({ balanceMinor: 0 });
    const asked = await adjust(requester.headers, m.memberId, { amount: 5000 });
    const rejected = await decide(approver.headers, asked.body.value.id, 'reject', 'no evidence');
    expect(rejected.body.value).toMatchObject({ status: 'rejected' });
    expect((await decide(approver.headers, asked.body.value.id, 'approve')).body.errorCode).toBe('adjustment_decided');
    expect(await adjustmentEntries(m.memberId)).toEqual([]);
    expect(await searchAudit(env.DB, { merchantCode: 'DEMO', operator: approver.username, action: 'player.adjust_reject', limit: 5 })).toHaveLength(1);

    expect(await adjustmentThreshold(env.DB, 'DEMO2')).toBe(DEFAULT_ADJUSTMENT_THRESHOLD_MINOR);
    await setSiteAdjustmentThreshold(env.DB, 'DEMO2', 5000);
    expect(await adjustmentThreshold(env.DB, 'DEMO2')).toBe(5000);
    expect(await adjustmentThreshold(env.DB, 'DEMO')).toBe(DEFAULT_ADJUSTMENT_THRESHOLD_MINOR);
    const demo2 = await enrolled('finance', 'DEMO', ['DEMO2']);
    const p2 = await createMember({ merchantCode: 'DEMO2', balanceMinor: 0 });
    const at = await adjust(demo2.headers, p2.memberId, { amount: 50 }, 'play2.localhost');
    const above = await adjust(demo2.headers, p2.memberId, { amount: 50.01 }, 'play2.localhost');
    expect([at.body.value.status, above.body.value.status]).toEqual(['applied', 'pending']);
  });

  it("another site's player and adjustment are 404; support may not adjust; a missing session is 401", async () => {
    const finance = await enrolled('finance');
    const foreign = await createMember({ merchantCode: 'DEMO2' });
    const res = await adjust(finance.headers, foreign.memberId, { amount: 1 });
    expect([res.status, res.body.errorCode]).toEqual([404, 'player_not_found']);
    const demo2 = await enrolled('finance', 'DEMO', ['DEMO2']);
    const p2 = await createMember({ merchantCode: 'DEMO2' });
    const asked = await adjust(demo2.headers, p2.memberId, { amount: 99_999 }, 'play2.localhost');
    const crossSite = await decide((await enrolled('owner')).headers, asked.body.value.id, 'approve');
    expect([crossSite.status, crossSite.body.errorCode]).toEqual([404, 'adjustment_not_found']);
    const support = await signIn(await makeOperator('support'));
    const m = await createMember();
    const refused = await adjust({ Cookie: support.cookie, 'X-CSRF-Token': support.csrf }, m.memberId, { amount: 1 });
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'console_role_forbidden']);
    expect((await adjust({}, m.memberId, { amount: 1 })).status).toBe(401);
    expect(await adjustmentEntries(m.memberId)).toEqual([]);
  });
});
