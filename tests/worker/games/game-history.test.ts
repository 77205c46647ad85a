import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { historyCalls } from '../../../contract/calls/history';
import { wireToMinor } from '../../../contract/money';
import { verifyRound, type FairOutcome } from '../../../rules/demoGames';
import { callDef } from '../catalogue-helpers';
import { createMember, pickGame } from '../fixtures';

let counter = 0;
const newKey = () => `hist-${Date.now().toString(36)}-${++counter}`;
const DAY = 86_400_000;

async function play(token: string, nodeId: number, choice: string, freePlay = false) {
  const { body } = await callDef(catalogueCalls.demoPlay, '', {
    token, json: { nodeId, stake: 1, choice, clientSeed: 'history', idempotencyKey: newKey(), ...(freePlay ? { freePlay } : {}) },
  });
  return body.value.round;
}

async function history(token: string, query: string) {
  return callDef(historyCalls.gameHistory, query, { token });
}

/** A settled lottery order inserted directly (the lottery's own tests cover placing and settling). */
async function lotteryOrder(memberId: number, createdAt: number, stakeMinor: number, payoutMinor: number, refundMinor = 0) {
  const game = await pickGame(`vassalage = 'TCG'`);
  const issue = newKey();
  const draw = await env.DB.prepare(
    `INSERT INTO lottery_draws (node_id, issue_no, open_at, close_at, draw_at, secret, commitment, result, status, created_at, settled_at)
     VALUES (?, ?, ?, ?, ?, 'x', 'y', NULL, 'open', ?, NULL) RETURNING id, node_id, issue_no`,
  ).bind(game.node_id, issue, createdAt - 60_000, createdAt + 1_000, createdAt + 2_000, createdAt).first<{ id: number; node_id: number; issue_no: string }>();
  if (!draw) throw new Error('draw insert failed');
  await env.DB.prepare(
    `INSERT INTO lottery_orders (member_id, merchant_code, node_id, draw_id, issue_no, prize_mode, total_stake_minor, payout_minor, refund_minor, status,
       idempotency_key, request_hash, created_at, settled_at) VALUES (?, 'DEMO', ?, ?, ?, 'LOTT', ?, ?, ?, 'settled', ?, 'h', ?, ?)`,
  ).bind(memberId, draw.node_id, draw.id, draw.issue_no, stakeMinor, payoutMinor, refundMinor, newKey(), createdAt, createdAt).run();
  await env.DB.prepare(`UPDATE lottery_draws SET status = 'settled', result = '12345', settled_at = ? WHERE id = ?`).bind(createdAt + 2_000, draw.id).run();
}

describe('GET /wps/playdeck/history/rounds: every kind with the period totals', () => {
  it('lists lottery orders and the rounds of every other game, newest first, with stake, win and net totals', async () => {
    const member = await createMember({ balanceMinor: 10_000 });
    const now = Date.now();
    await lotteryOrder(member.memberId, now - 2 * DAY, 500, 900);
    await lotteryOrder(member.memberId, now - 40 * DAY, 300, 0, 100);
    const table = await pickGame(`game_type = 'LIVE' AND support_play = 1`);
    const fish = await pickGame(`game_type = 'FISH' AND support_play = 0`);
    const r1 = await play(member.token, table.node_id, 'TIE');
    const r2 = await play(member.token, fish.node_id, 'SHARK');
    await play(member.token, fish.node_id, 'SHARK', true);

    const { status, body } = await history(member.token, `startDate=${now - 90 * DAY}&endDate=${now + 60_000}`);
    expect(status).toBe(200);
    const v = body.value;
    expect(v.items.map((i) => i.kind)).toEqual(['shooter', 'shooter', 'table', 'lottery', 'lottery']);
    expect(v.items[0]).toMatchObject({ freePlay: true });
    const lott = v.items[4]!;
    expect([lott.stake, lott.winAmount, lott.net, lott.status]).toEqual([2, 0, -2, 'settled']);
    const win = wireToMinor(r1.winAmount) + wireToMinor(r2.winAmount) + 900;
    expect(v.totals).toEqual({ count: 5, stake: 9, winAmount: win / 100, net: (win - 900) / 100 });
    expect(v.totalPages).toBe(1);
  });

  it('filters by kind and by period, and pages', async () => {
    const member = await createMember({ balanceMinor: 10_000 });
    const now = Date.now();
    await lotteryOrder(member.memberId, now - 100 * DAY, 500, 0);
    const crash = await pickGame(`game_type = 'RNG' AND game_classify = 'arcade'`);
    for (let i = 0; i < 3; i++) await play(member.token, crash.node_id, '150');
    const crashOnly = await history(member.token, `kind=crash&startDate=${now - DAY}&endDate=${now + 60_000}&size=2`);
    expect(crashOnly.body.value.items).toHaveLength(2);
    expect(crashOnly.body.value).toMatchObject({ totalPages: 2, totals: { count: 3, stake: 3 } });
    const page2 = await history(member.token, `kind=crash&startDate=${now - DAY}&endDate=${now + 60_000}&size=2&page=1`);
    expect(page2.body.value.items).toHaveLength(1);
    const lotteryRecent = await history(member.token, `kind=lottery&startDate=${now - 90 * DAY}&endDate=${now}`);
    expect(lotteryRecent.body.value.items).toEqual([]);
    const lotteryOld = await history(member.token, `kind=lottery&startDate=${now - 101 * DAY}&endDate=${now - 90 * DAY}`);
    expect(lotteryOld.body.value.items).toHaveLength(1);
  });

  it('refuses a period longer than 93 days or running backwards, and a visitor', async () => {
    const member = await createMember();
    const now = Date.now();
    expect((await history(member.token, `startDate=${now - 94 * DAY}&endDate=${now}`)).body.errorCode).toBe('request_param_err');
    expect((await history(member.token, `startDate=${now}&endDate=${now - 1}`)).status).toBe(400);
    expect((await history(member.token, `kind=poker&startDate=0&endDate=1`)).status).toBe(400);
    expect((await history('', `startDate=0&endDate=1`)).status).toBe(401);
  });
});

describe('GET /wps/playdeck/history/round: a round with its verification', () => {
  it("answers a provably fair round's outcome and revealed seeds, which verify; another member gets 404", async () => {
    const member = await createMember({ balanceMinor: 1_000 });
    const table = await pickGame(`game_type = 'PVP'`);
    const played = await play(member.token, table.node_id, 'DRAGON');
    const { status, body } = await callDef(historyCalls.gameHistoryRound, `roundId=${played.roundId}`, { token: member.token });
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ roundId: played.roundId, kind: 'table', gameName: table.game_name, fair: played.fair, outcome: played.outcome });
    const check = verifyRound({ outcome: body.value.outcome as FairOutcome, stakeMinor: 100, winMinor: wireToMinor(body.value.winAmount), fair: body.value.fair! });
    expect(check).toEqual({ seedMatches: true, outcomeMatches: true });
    const other = await createMember();
    const foreign = await callDef(historyCalls.gameHistoryRound, `roundId=${played.roundId}`, { token: other.token });
    expect([foreign.status, foreign.body.errorCode]).toEqual([404, 'round_not_found']);
  });

  it("answers a slot round's reels", async () => {
    const member = await createMember({ balanceMinor: 1_000 });
    const slot = await pickGame(`vassalage = 'PD_SLOTS' AND game_classify = 'slot'`);
    const spun = await callDef(catalogueCalls.demoSlotSpin, '', { token: member.token, json: { nodeId: slot.node_id, stake: 1, idempotencyKey: newKey() } });
    const { body } = await callDef(historyCalls.gameHistoryRound, `roundId=${spun.body.value.roundId}`, { token: member.token });
    expect(body.value).toMatchObject({ kind: 'slot', reels: spun.body.value.reels, stake: 1 });
  });
});
