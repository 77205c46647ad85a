import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { wireToMinor } from '../../../contract/money';
import { settleDueDraws } from '../../../worker/services/lottery/settlement';
import { balanceOf, createMember } from '../fixtures';
import { countOf, dailyGame, ledgerOf, newKey, openDraw, postOrder } from '../lottery-helpers';

describe('lottery: a burst of concurrent orders on one wallet', () => {
  it('accepts exactly what the wallet covers, never goes negative, and ends at initial − stakes + wins', async () => {
    const game = await dailyGame();
    const draw = await openDraw(game, 60_000);
    const initial = 150_000;
    const member = await createMember({ balanceMinor: initial });
    // 200 orders of 1,000–2,990 (about 400,000 in all): the wallet covers well under half of them.
    const bodies = Array.from({ length: 200 }, (_, i) => ({
      nodeId: game.nodeId, issueNo: draw.issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey('burst'),
      items: [{ betType: 'sum_big_small', selection: { pick: i % 2 === 0 ? 'big' : 'small' }, stakeMinor: 1000 + (i % 200) * 10 }],
    }));
    const results = await Promise.all(bodies.map((body) => postOrder(member.token, body)));

    const accepted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    const refusedStakes = results.flatMap((r, i) => (r.status === 200 ? [] : [bodies[i]?.items[0]?.stakeMinor ?? 0]));
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect([r.status, r.body.errorCode]).toEqual([409, 'insufficient_balance']);
    const staked = accepted.reduce((sum, r) => sum + wireToMinor(r.body.order.totalStake), 0);
    expect(await balanceOf(member.memberId)).toBe(initial - staked);
    // Every refusal was right when it happened, so what is left cannot cover even the smallest refused stake.
    expect(initial - staked).toBeLessThan(Math.min(...refusedStakes));
    expect(await countOf(`SELECT COUNT(*) AS n FROM lottery_orders WHERE member_id = ?`, member.memberId)).toBe(accepted.length);
    expect(await countOf(`SELECT COUNT(*) AS n FROM lottery_sub_orders WHERE member_id = ?`, member.memberId)).toBe(accepted.length);

    const report = await settleDueDraws(env.DB, { now: draw.drawAt, nodeId: game.nodeId });
    expect(report.betsSettled).toBe(accepted.length);
    const wins = (await env.DB.prepare(`SELECT COALESCE(SUM(payout_minor), 0) AS n FROM lottery_sub_orders WHERE member_id = ? AND status = 'won'`)
      .bind(member.memberId).first<{ n: number }>())?.n ?? 0;
    expect(wins).toBe(report.paidMinor);
    expect(await balanceOf(member.memberId)).toBe(initial - staked + wins);

    // The ledger replays to the balance, row by row, and never dips below zero.
    let running = initial;
    for (const row of await ledgerOf(member.memberId)) {
      running += row.amount_minor;
      expect(row.balance_after_minor).toBe(running);
      expect(running).toBeGreaterThanOrEqual(0);
    }
    expect(running).toBe(initial - staked + wins);
  }, 60_000);
});
