import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { sealedCall } from '../sealed';
import { fromIp, uniqueIp } from '../accounts-fixtures';
import { balanceOf, pickGame } from '../fixtures';
import { createDeposit, freshKey } from '../payments-helpers';
import { minorToWire } from '../../../contract/money';
import { insertExclusionStatement } from '../../../worker/db/queries/protection-exclusions';
import { pageInbox } from '../../../worker/db/queries/inbox';
import { startExclusion } from '../../../worker/services/protection/exclusions';
import { DAY, exclude, extraSession, HOUR, PASSWORD, PAY_PASSWORD, player } from './exclusion-helpers';

const SPIN = '/wps/playdeck/demo/slot/spin';

async function spin(token: string, stakeMinor = 100) {
  const slot = await pickGame(`vassalage = 'PD_SLOTS'`);
  return call(SPIN, { method: 'POST', token, json: { nodeId: slot.node_id, stake: minorToWire(stakeMinor), idempotencyKey: freshKey('spin') } });
}

/** Stores a break for the member without ending their sessions: a session that raced the exclusion. */
async function breakBehindTheSession(memberId: number, now = Date.now()): Promise<void> {
  await insertExclusionStatement(env.DB, { merchantCode: 'DEMO', memberId }, { kind: 'break', startedAt: now, endsAt: now + DAY, setBy: 'player' }).run();
}

async function entries(memberId: number, kind: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ledger_entries WHERE member_id = ? AND kind = ?`).bind(memberId, kind).first<{ n: number }>();
  return row?.n ?? -1;
}

describe('a blocked player moves no money and launches nothing (docs/player-protection.md "Time-out and self-exclusion")', { timeout: 60_000 }, () => {
  it('refuses deposits, demo spins, provably fair rounds, lottery orders and launches inside their own batch', async () => {
    const { dailyGame, openDraw, postOrder, newKey } = await import('../lottery-helpers');
    const member = await player();
    await breakBehindTheSession(member.memberId);

    const deposit = await createDeposit(member.token, { amount: 50 });
    expect([deposit.status, deposit.body.errorCode]).toEqual([403, 'player_on_break']);
    expect((deposit.body.value as unknown as { kind: string }).kind).toBe('break');

    const spun = await spin(member.token);
    expect([spun.status, spun.body.errorCode]).toEqual([403, 'player_on_break']);

    const table = await pickGame(`game_type = 'PVP'`);
    const fair = await call('/wps/playdeck/demo/play', {
      method: 'POST', token: member.token, json: { nodeId: table.node_id, stake: 1, choice: 'DRAGON', clientSeed: 'x', idempotencyKey: freshKey('fair') },
    });
    expect([fair.status, fair.body.errorCode]).toEqual([403, 'player_on_break']);

    const game = await dailyGame();
    const draw = await openDraw(game, 60_000);
    const order = await postOrder(member.token, {
      nodeId: game.nodeId, issueNo: draw.issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey('ex'),
      items: [{ betType: 'sum_big_small', selection: { pick: 'big' }, stakeMinor: 1_000 }],
    });
    expect([order.status, (order.body as { errorCode?: string }).errorCode]).toEqual([403, 'player_on_break']);

    const slot = await pickGame(`vassalage = 'PD_SLOTS'`);
    for (const accountType of ['1', '0']) {
      const launch = await call(`/wps/game/launchGame?launchMode=GLS&nodeId=${slot.node_id}&accountType=${accountType}`, { token: member.token });
      expect([launch.status, launch.body.errorCode]).toEqual([403, 'player_on_break']);
    }

    expect(await balanceOf(member.memberId)).toBe(100_000);
    expect(await entries(member.memberId, 'bet')).toBe(0);
    const deposits = await env.DB.prepare(`SELECT COUNT(*) AS n FROM deposits WHERE member_id = ?`).bind(member.memberId).first<{ n: number }>();
    expect(deposits?.n).toBe(0);
  });

  it('lets the money pass again once the break is over (the guard reads the end)', async () => {
    const member = await player();
    await breakBehindTheSession(member.memberId, Date.now() - 2 * DAY);
    expect((await spin(member.token)).status).toBe(200);
  });

  it('never lets a bet placed in parallel pass once the exclusion is stored', async () => {
    const member = await player();
    const who = { merchantCode: 'DEMO', memberId: member.memberId };
    // Written in the exclusion's own batch: the newest ledger entry of the member when the exclusion committed.
    const marker = env.DB.prepare(`UPDATE protection_exclusions SET reason = (SELECT COALESCE(MAX(id), 0) FROM ledger_entries WHERE member_id = ?1)
      WHERE member_id = ?1`).bind(member.memberId);
    const tokens = [member.token, await extraSession(member), await extraSession(member)];
    const spins = Array.from({ length: 18 }, (_, i) => spin(tokens[i % 3] ?? member.token));
    const excluded = new Promise((resolve) => setTimeout(resolve, 5)).then(() =>
      startExclusion(env.DB, who, { kind: 'break', duration: 'day', setBy: 'player' }, Date.now(), [marker]));
    const results = await Promise.all(spins);
    await excluded;
    for (const r of results) expect([200, 401, 403]).toContain(r.status);
    const stored = await env.DB.prepare(`SELECT reason FROM protection_exclusions WHERE member_id = ?`).bind(member.memberId).first<{ reason: string }>();
    const lastBefore = Number(stored?.reason);
    const after = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ledger_entries WHERE member_id = ? AND kind = 'bet' AND id > ?`)
      .bind(member.memberId, lastBefore).first<{ n: number }>();
    expect(after?.n).toBe(0);
    expect(await entries(member.memberId, 'bet')).toBe(results.filter((r) => r.status === 200).length);
    for (const token of tokens) expect((await spin(token)).status).toBe(401);
  });
});

describe('withdrawals of the remaining balance stay possible', { timeout: 30_000 }, () => {
  function payout(username: string, overrides: Record<string, unknown> = {}) {
    return sealedCall<{ withdrawalId: number; amount: number; balance: number }>('/wps/playdeck/protection/payout', {
      method: 'POST', headers: fromIp(uniqueIp()),
      json: {
        username, password: PASSWORD, paymentPassword: PAY_PASSWORD, payeeName: 'Ana Cruz', bankName: 'Demo Bank',
        accountNumber: '1234 5678 9012', idempotencyKey: freshKey('payout'), ...overrides,
      },
    });
  }

  it('pays out the whole cash balance of a player on a break as a withdrawal request, after both passwords', async () => {
    const member = await player(12_345);
    const notBlocked = await payout(member.username);
    expect([notBlocked.status, notBlocked.body.errorCode]).toEqual([409, 'player_not_excluded']);

    await exclude(member.token, 'break', 'days30');
    expect((await payout(member.username, { password: 'wrong-password' })).body.errorCode).toBe('login.cred.err');
    expect((await payout(member.username, { paymentPassword: '111111' })).body.errorCode).toBe('payment_password_wrong');

    const key = freshKey('payout');
    const paid = await payout(member.username, { idempotencyKey: key });
    expect(paid.status).toBe(200);
    expect(paid.body.value).toMatchObject({ amount: 123.45, balance: 0 });
    expect(await balanceOf(member.memberId)).toBe(0);
    const again = await payout(member.username, { idempotencyKey: key });
    expect(again.body.value.withdrawalId).toBe(paid.body.value.withdrawalId);
    const row = await env.DB.prepare(`SELECT status, amount_minor FROM withdrawals WHERE id = ?`).bind(paid.body.value.withdrawalId).first();
    expect(row).toEqual({ status: 'pending', amount_minor: 12_345 });
    expect((await payout(member.username)).body.errorCode).toBe('insufficient_balance');
  });
});

describe('no marketing reaches a blocked player', { timeout: 30_000 }, () => {
  it('leaves out the inbox broadcasts sent during a break or a self-exclusion, before and after it', async () => {
    const member = await player();
    const t0 = Date.now();
    const broadcast = (title: string, at: number) => env.DB.prepare(`INSERT INTO inbox_messages (merchant_code, audience, member_id, message_key, title, content, created_at)
      VALUES ('DEMO', 'all', NULL, ?1, ?1, '<p>promo</p>', ?2)`).bind(title, at).run();
    const title = `promo-${member.memberId}`;
    await breakBehindTheSession(member.memberId, t0);
    await broadcast(`${title}-during-break`, t0 + HOUR);
    await broadcast(`${title}-after-break`, t0 + 2 * DAY);
    await startExclusion(env.DB, { merchantCode: 'DEMO', memberId: member.memberId }, { kind: 'self_exclusion', duration: 'months6', setBy: 'player' }, t0 + 3 * DAY);
    await broadcast(`${title}-during-self-exclusion`, t0 + 4 * DAY);
    await broadcast(`${title}-after-its-end-not-reopened`, t0 + 300 * DAY);
    const seen = (await pageInbox(env.DB, member.memberId, { pageNo: 1, pageSize: 100 })).list.map((m) => m.title).filter((t) => t.startsWith(title));
    expect(seen).toEqual([`${title}-after-break`]);
  });
});
