import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { createMember } from '../fixtures';
import { enrolled, makeOperator, signIn } from './console-helpers';
import { consoleContentCalls } from '../../../contract/calls/console-content';

// docs/back-office.md "Content" (Applications): deciding a player's promotion application in the back office —
// approve with an amount (a waiting reward in the player's reward centre) or reject with a reason — through the
// service of the operator command, audited, by the roles that see the evidence, once.

type Session = { cookie: string; csrf: string };
const h = (s: Session, host = '127.0.0.1') => ({ Cookie: s.cookie, 'X-CSRF-Token': s.csrf, Origin: `http://${host}` });
const decide = (s: Session, id: number, action: 'approve' | 'reject', json: unknown, host = '127.0.0.1') =>
  call<{ id: number; status: string; account: string }>(`http://${host}/console/api/content/applications/${id}/${action}`, { method: 'POST', headers: h(s, host), json });

let promotionId = 0;
/** An application waiting (applying) of a fresh DEMO player to a DEMO promotion. */
async function application(): Promise<{ id: number; memberId: number }> {
  if (!promotionId) {
    const s = await signIn(await makeOperator('content', 'DEMO'));
    const promo = await call<{ id: number }>('http://127.0.0.1/console/api/content/promotions', {
      method: 'POST', headers: h(s), json: { slug: `decide-${Date.now().toString(36)}`, applicable: true, published: true, texts: { EN: { title: 'Deposit match' } } },
    });
    promotionId = promo.body.value.id;
  }
  const member = await createMember();
  const row = await env.DB.prepare(`INSERT INTO promotion_applications (announcement_id, member_id, created_at) VALUES (?, ?, ?) RETURNING id`)
    .bind(promotionId, member.memberId, Date.now()).first<{ id: number }>();
  return { id: row!.id, memberId: member.memberId };
}
const rewards = (memberId: number) => env.DB.prepare(`SELECT amount_minor, status, title FROM rewards WHERE member_id = ? AND kind = 'promotion'`)
  .bind(memberId).all<{ amount_minor: number; status: string; title: string }>().then((r) => r.results);
const audits = (id: number) => env.DB.prepare(`SELECT action, operator, before_json, after_json, reason, merchant_code FROM console_audit WHERE target = ? ORDER BY id`)
  .bind(`promotion-application:${id}`).all<{ action: string; operator: string; before_json: string; after_json: string; reason: string; merchant_code: string }>()
  .then((r) => r.results);
const statusOf = (id: number) => env.DB.prepare(`SELECT status FROM promotion_applications WHERE id = ?`).bind(id).first<{ status: string }>().then((r) => r?.status);

describe('deciding promotion applications in the back office', { timeout: 60_000 }, () => {
  it('finance approves with an amount, content rejects with a reason; support, another site and a second decision are refused', async () => {
    const finance = await enrolled('finance');
    const fin = { cookie: finance.session.cookie, csrf: finance.session.csrf };
    const content = await signIn(await makeOperator('content', 'DEMO'));
    const support = await signIn(await makeOperator('support', 'DEMO'));
    const elsewhere = await signIn(await makeOperator('content', 'DEMO2'), { host: 'play2.localhost' });

    const a = await application();
    expect((await decide(support, a.id, 'approve', { amount: 12.5 })).status).toBe(403);
    expect((await decide(elsewhere, a.id, 'approve', { amount: 12.5 }, 'play2.localhost')).body.errorCode).toBe('promotion_application_not_found');
    expect((await decide(fin, a.id, 'approve', { amount: 0 })).status).toBe(400);
    expect((await decide(fin, a.id, 'approve', { amount: 1.234 })).status).toBe(400);
    expect(await statusOf(a.id)).toBe('applying');

    const approved = await decide(fin, a.id, 'approve', { amount: 12.5, reason: 'Receipt checked' });
    expect(approved.status).toBe(200);
    consoleContentCalls.consoleApplicationApprove.value.parse(approved.body.value);
    expect(approved.body.value).toMatchObject({ id: a.id, status: 'issued' });
    expect(await rewards(a.memberId)).toEqual([{ amount_minor: 1_250, status: 'waiting', title: 'Deposit match' }]);
    const [row] = await audits(a.id);
    expect(row).toMatchObject({ action: 'promotion.approve', operator: finance.username, reason: 'Receipt checked', merchant_code: 'DEMO' });
    expect(JSON.parse(row!.before_json)).toMatchObject({ status: 'applying' });
    expect(JSON.parse(row!.after_json)).toMatchObject({ status: 'issued', rewardMinor: 1_250 });
    const again = await decide(content, a.id, 'reject', { reason: 'Too late' });
    expect([again.status, again.body.errorCode]).toEqual([409, 'promotion_application_decided']);

    const b = await application();
    expect((await decide(content, b.id, 'reject', {})).status).toBe(400);
    const rejected = await decide(content, b.id, 'reject', { reason: 'The receipt is unreadable' });
    expect(rejected.body.value).toMatchObject({ id: b.id, status: 'rejected' });
    expect(await rewards(b.memberId)).toEqual([]);
    expect(await audits(b.id)).toMatchObject([{ action: 'promotion.reject', reason: 'The receipt is unreadable' }]);
    expect((await decide(content, 99_999_999, 'reject', { reason: 'x' })).status).toBe(404);
  });

  it('of two approvals at the same time one is recorded: one reward, one audit row', async () => {
    const first = await signIn(await makeOperator('content', 'DEMO'));
    const second = await signIn(await makeOperator('content', 'DEMO'));
    const a = await application();
    const results = await Promise.all([
      decide(first, a.id, 'approve', { amount: 5 }), decide(second, a.id, 'approve', { amount: 7 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body.errorCode).toBe('promotion_application_decided');
    const granted = await rewards(a.memberId);
    expect(granted).toHaveLength(1);
    expect(await audits(a.id)).toHaveLength(1);
    expect(JSON.parse((await audits(a.id))[0]!.after_json).rewardMinor).toBe(granted[0]!.amount_minor);
  });
});
