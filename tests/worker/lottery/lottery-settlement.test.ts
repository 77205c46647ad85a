import { createExecutionContext, createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../../worker/index';
import { isWinner, parseBet } from '../../../worker/model/lottery/bets';
import { deriveDigits } from '../../../worker/model/lottery/draw';
import { payoutMinor } from '../../../worker/model/lottery/odds';
import { settleDueDraws } from '../../../worker/services/lottery/settlement';
import { runLotteryTick } from '../../../worker/services/lottery/cron';
import { openSlot } from '../../../worker/model/lottery/schedule';
import { balanceOf, createMember } from '../fixtures';
import { countOf, dailyGame, drawRow, ledgerOf, newKey, openDraw, postOrder, type TestLotteryGame } from '../lottery-helpers';

/** Bets that cover every outcome of the first digit, its size and parity, and the sum's size: several must win. */
const SPREAD = [
  ...Array.from({ length: 10 }, (_, digit) => ({ betType: 'digit', selection: { position: 1, digit }, stakeMinor: 1000 })),
  { betType: 'pos_big_small', selection: { position: 2, pick: 'big' }, stakeMinor: 1000 },
  { betType: 'pos_big_small', selection: { position: 2, pick: 'small' }, stakeMinor: 1000 },
  { betType: 'pos_odd_even', selection: { position: 3, pick: 'odd' }, stakeMinor: 1000 },
  { betType: 'sum_big_small', selection: { pick: 'big' }, stakeMinor: 1000 },
  { betType: 'sum_big_small', selection: { pick: 'small' }, stakeMinor: 1000 },
  { betType: 'sum_value', selection: { sum: 22 }, stakeMinor: 1000 },
];
const SPREAD_STAKE = SPREAD.length * 1000;

interface Placed {
  game: TestLotteryGame;
  drawAt: number;
  issueNo: string;
  members: { memberId: number; token: string }[];
}

let gamesUsed = 0;

/** Two members each place the SPREAD order on the open draw of a daily game no other test of this file uses. */
async function placeSpread(): Promise<Placed> {
  gamesUsed += 1;
  const game = await dailyGame(gamesUsed);
  const draw = await openDraw(game);
  const members = [await createMember({ balanceMinor: 100_000 }), await createMember({ balanceMinor: 100_000 })];
  for (const m of members) {
    const { status } = await postOrder(m.token, { nodeId: game.nodeId, issueNo: draw.issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: SPREAD });
    expect(status).toBe(200);
  }
  return { game, drawAt: draw.drawAt, issueNo: draw.issueNo, members };
}

/** The payout each member is owed, computed from the draw's secret with the pure rules. */
async function expectedWins(placed: Placed): Promise<{ perMember: number; winningBets: number }> {
  const row = await drawRow(placed.game.nodeId, placed.issueNo);
  if (!row) throw new Error('draw row missing');
  const digits = deriveDigits(row.secret, placed.issueNo);
  let perMember = 0;
  let winningBets = 0;
  for (const item of SPREAD) {
    const bet = parseBet(item.betType, item.selection);
    if (!bet) throw new Error('bad bet');
    if (!isWinner(bet, digits)) continue;
    winningBets += 1;
    const odds = (await env.DB.prepare(`SELECT odds_milli FROM lottery_sub_orders WHERE bet_type = ? AND selection = ? LIMIT 1`)
      .bind(item.betType, JSON.stringify(bet.selection)).first<{ odds_milli: number }>())?.odds_milli ?? 0;
    perMember += payoutMinor(item.stakeMinor, odds);
  }
  return { perMember, winningBets };
}

/** Each member's win ledger rows: exactly one per winning bet, keyed by the bet. */
async function winRows(memberId: number) {
  return (await ledgerOf(memberId)).filter((r) => r.kind === 'win');
}

describe('lottery settlement', () => {
  it('credits every win once, marks bets, orders and the draw settled, and reveals the result', async () => {
    const placed = await placeSpread();
    const { perMember, winningBets } = await expectedWins(placed);
    expect(winningBets).toBeGreaterThanOrEqual(3); // one digit, one size of digit 2, one sum side, maybe more

    const report = await settleDueDraws(env.DB, { now: placed.drawAt, nodeId: placed.game.nodeId });
    expect(report).toMatchObject({ complete: true, drawsSettled: 1, betsSettled: SPREAD.length * 2, wins: winningBets * 2, paidMinor: perMember * 2 });

    for (const m of placed.members) {
      expect(await balanceOf(m.memberId)).toBe(100_000 - SPREAD_STAKE + perMember);
      const wins = await winRows(m.memberId);
      expect(wins).toHaveLength(winningBets);
      for (const w of wins) expect(w.idempotency_key).toMatch(/^lottery:win:\d+$/);
      const order = await env.DB.prepare(`SELECT status, payout_minor, settled_at FROM lottery_orders WHERE member_id = ?`).bind(m.memberId)
        .first<{ status: string; payout_minor: number; settled_at: number }>();
      expect(order).toEqual({ status: 'settled', payout_minor: perMember, settled_at: placed.drawAt });
    }
    expect(await countOf(`SELECT COUNT(*) AS n FROM lottery_sub_orders s JOIN lottery_orders o ON o.id = s.order_id WHERE o.issue_no = ? AND o.node_id = ? AND s.status = 'open'`,
      placed.issueNo, placed.game.nodeId)).toBe(0);
    const draw = await drawRow(placed.game.nodeId, placed.issueNo);
    expect(draw?.status).toBe('settled');
    expect(draw?.result).toBe(deriveDigits(draw?.secret ?? '', placed.issueNo).join(''));

    // Running again pays nothing more.
    expect(await settleDueDraws(env.DB, { now: placed.drawAt + 60_000 })).toMatchObject({ wins: 0, paidMinor: 0 });
    for (const m of placed.members) expect(await winRows(m.memberId)).toHaveLength(winningBets);
  });

  it('settles nothing before the draw time', async () => {
    const placed = await placeSpread();
    expect(await settleDueDraws(env.DB, { now: placed.drawAt - 1, nodeId: placed.game.nodeId })).toMatchObject({ drawsSettled: 0, betsSettled: 0 });
    expect((await drawRow(placed.game.nodeId, placed.issueNo))?.status).toBe('open');
  });

  it('picks up where an interrupted run stopped (bet budget) and pays each win exactly once', async () => {
    const placed = await placeSpread();
    const { perMember, winningBets } = await expectedWins(placed);
    const first = await settleDueDraws(env.DB, { now: placed.drawAt, nodeId: placed.game.nodeId, maxBets: 5 });
    expect(first).toMatchObject({ complete: false, drawsSettled: 0, betsSettled: 5 });
    expect((await drawRow(placed.game.nodeId, placed.issueNo))?.status).toBe('drawing');
    // Revealed: no more orders can slip in.
    const late = await postOrder(placed.members[0]?.token ?? '', {
      nodeId: placed.game.nodeId, issueNo: placed.issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: [SPREAD[0]],
    });
    expect([late.status, late.body.errorCode]).toEqual([409, 'draw_closed']);

    let runs = 1;
    for (;;) {
      const next = await settleDueDraws(env.DB, { now: placed.drawAt, nodeId: placed.game.nodeId, maxBets: 5 });
      runs += 1;
      if (next.complete) break;
    }
    expect(runs).toBeGreaterThanOrEqual(Math.ceil((SPREAD.length * 2) / 5));
    for (const m of placed.members) {
      expect(await winRows(m.memberId)).toHaveLength(winningBets);
      expect(await balanceOf(m.memberId)).toBe(100_000 - SPREAD_STAKE + perMember);
    }
    expect((await drawRow(placed.game.nodeId, placed.issueNo))?.status).toBe('settled');
  });

  it('survives a run that crashes half way: the re-run pays each win exactly once', async () => {
    const placed = await placeSpread();
    const { perMember, winningBets } = await expectedWins(placed);
    let settled = 0;
    const crash = settleDueDraws(env.DB, {
      now: placed.drawAt, nodeId: placed.game.nodeId,
      afterBet: () => {
        settled += 1;
        if (settled === 2) throw new Error('power cut');
      },
    });
    await expect(crash).rejects.toThrow('power cut');
    const paidBefore = (await Promise.all(placed.members.map((m) => winRows(m.memberId)))).flat().length;
    expect(paidBefore).toBeGreaterThan(0);
    expect(paidBefore).toBeLessThan(winningBets * 2);

    await settleDueDraws(env.DB, { now: placed.drawAt, nodeId: placed.game.nodeId });
    for (const m of placed.members) {
      const wins = await winRows(m.memberId);
      expect(wins).toHaveLength(winningBets);
      expect(new Set(wins.map((w) => w.idempotency_key)).size).toBe(winningBets);
      expect(await balanceOf(m.memberId)).toBe(100_000 - SPREAD_STAKE + perMember);
    }
  });

  it('pays each win once when two runners settle the same draw at the same time', async () => {
    const placed = await placeSpread();
    const { perMember, winningBets } = await expectedWins(placed);
    const reports = await Promise.all([1, 2, 3].map(() => settleDueDraws(env.DB, { now: placed.drawAt, nodeId: placed.game.nodeId })));
    expect(reports.reduce((sum, r) => sum + r.wins, 0)).toBe(winningBets * 2);
    expect(reports.reduce((sum, r) => sum + r.paidMinor, 0)).toBe(perMember * 2);
    for (const m of placed.members) {
      expect(await winRows(m.memberId)).toHaveLength(winningBets);
      expect(await balanceOf(m.memberId)).toBe(100_000 - SPREAD_STAKE + perMember);
    }
  });
});

describe('lottery cron', () => {
  it('keeps the open and the next draw of every scheduled game committed, once', async () => {
    const games = await countOf(`SELECT COUNT(*) AS n FROM lottery_games lg JOIN games g ON g.node_id = lg.node_id WHERE lg.enabled = 1 AND g.enabled = 1`);
    expect(games).toBeGreaterThan(100);
    const now = Date.UTC(2031, 4, 6, 7, 8, 9);
    const first = await runLotteryTick(env.DB, now);
    expect(first.drawsCreated).toBe(games * 2);
    expect((await runLotteryTick(env.DB, now + 1)).drawsCreated).toBe(0);
    const game = await dailyGame();
    const open = openSlot(game.schedule, now);
    const row = await drawRow(game.nodeId, open.issueNo);
    expect(row?.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.close_at).toBe(open.closeAt);
  });

  it('settles due draws from the worker\'s scheduled handler', async () => {
    const placed = await placeSpread();
    const row = await drawRow(placed.game.nodeId, placed.issueNo);
    // The handler uses the real clock: move this draw into the past as time would.
    await env.DB.prepare(`UPDATE lottery_draws SET close_at = ?, draw_at = ? WHERE id = ?`).bind(Date.now() - 20_000, Date.now() - 10_000, row?.id ?? 0).run();
    const { perMember } = await expectedWins(placed);
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '* * * * *' }), env, createExecutionContext());
    expect((await drawRow(placed.game.nodeId, placed.issueNo))?.status).toBe('settled');
    for (const m of placed.members) expect(await balanceOf(m.memberId)).toBe(100_000 - SPREAD_STAKE + perMember);
  });
});
