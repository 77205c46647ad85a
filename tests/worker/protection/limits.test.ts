import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, parseWire } from '../helpers';
import { balanceOf, createMember, pickGame } from '../fixtures';
import { createDeposit } from '../payments-helpers';
import { protectionCalls } from '../../../contract/calls/protection';
import { minorToWire } from '../../../contract/money';
import { postLedger } from '../../../worker/services/ledger/ledger';
import { DEFAULT_BONUS_RULES, rewardCredit } from '../../../worker/services/wallet/bonus-rules';
import {
  confirmLimit, countedDeposits, getLimits, pastDeposit, pastLedgerEntry, setLimit, setSessionLimit,
} from './protection-helpers';

const HOUR = 3_600_000;
const SPIN = '/wps/playdeck/demo/slot/spin';

function spin(token: string, stakeMinor: number, idempotencyKey = `spin${Math.random().toString(36).slice(2, 12)}`) {
  return pickGame(`vassalage = 'PD_SLOTS'`).then((slot) =>
    call(SPIN, { method: 'POST', token, json: { nodeId: slot.node_id, stake: minorToWire(stakeMinor), idempotencyKey } }));
}

describe('player limits: setting, lowering, raising (docs/player-protection.md, RTS 12)', { timeout: 30_000 }, () => {
  it('puts a first limit in force at once and shows what is used and left of it', async () => {
    const member = await createMember();
    await pastDeposit(member.memberId, 3_000, Date.now() - 2 * HOUR);
    const set = await setLimit(member.token, { kind: 'deposit', period: 'day', amount: 100 });
    expect(set.status).toBe(200);
    const value = parseWire(protectionCalls.protectionSetLimit.value, set.body.value);
    expect(value.outcome).toBe('in_force');
    expect(value.limits.limits).toEqual([expect.objectContaining({ kind: 'deposit', period: 'day', limit: 100, used: 30, remaining: 70, pending: null })]);
    expect(value.limits.limits[0]?.resetsAt).toBeGreaterThan(Date.now() + 21 * HOUR);
  });

  it('lowers a limit at once, but keeps the old one for a raise until it is confirmed after 24 hours', async () => {
    const member = await createMember();
    await setLimit(member.token, { kind: 'wager', period: 'week', amount: 500 });
    expect((await setLimit(member.token, { kind: 'wager', period: 'week', amount: 200 })).body.value?.outcome).toBe('in_force');

    const t0 = Date.now();
    const raised = await setLimit(member.token, { kind: 'wager', period: 'week', amount: 800 }, t0);
    expect(raised.body.value?.outcome).toBe('pending');
    const pending = raised.body.value?.limits.limits[0];
    expect(pending).toMatchObject({ limit: 200, pending: { value: 800, requestedAt: t0, confirmableAt: t0 + 24 * HOUR } });

    const early = await confirmLimit(member.token, 'wager', 'week', t0 + 23 * HOUR);
    expect([early.status, early.body.errorCode]).toEqual([409, 'limit_not_confirmable']);
    expect((early.body.value as unknown as { confirmableAt: number }).confirmableAt).toBe(t0 + 24 * HOUR);

    const confirmed = await confirmLimit(member.token, 'wager', 'week', t0 + 24 * HOUR);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.value?.limits[0]).toMatchObject({ limit: 800, pending: null });
    expect((await confirmLimit(member.token, 'wager', 'week', t0 + 25 * HOUR)).body.errorCode).toBe('no_pending_change');
  });

  it('removes a limit only after cooling-off and confirmation; a lower value meanwhile drops the pending change', async () => {
    const member = await createMember();
    await setLimit(member.token, { kind: 'loss', period: 'month', amount: 300 });
    const t0 = Date.now();
    expect((await setLimit(member.token, { kind: 'loss', period: 'month', amount: null }, t0)).body.value?.outcome).toBe('pending');
    expect((await getLimits(member.token)).body.value?.limits[0]).toMatchObject({ limit: 300, pending: { value: null } });
    expect((await setLimit(member.token, { kind: 'loss', period: 'month', amount: 250 }, t0 + HOUR)).body.value?.outcome).toBe('in_force');
    expect((await getLimits(member.token)).body.value?.limits[0]).toMatchObject({ limit: 250, pending: null });

    await setLimit(member.token, { kind: 'loss', period: 'month', amount: null }, t0 + 2 * HOUR);
    expect((await confirmLimit(member.token, 'loss', 'month', t0 + 26 * HOUR)).status).toBe(200);
    expect((await getLimits(member.token, t0 + 26 * HOUR)).body.value?.limits).toEqual([]);
  });

  it('keeps every change in the history', async () => {
    const member = await createMember();
    const t0 = Date.now();
    await setLimit(member.token, { kind: 'deposit', period: 'day', amount: 50 }, t0);
    await setLimit(member.token, { kind: 'deposit', period: 'day', amount: 80 }, t0 + 1);
    await confirmLimit(member.token, 'deposit', 'day', t0 + 25 * HOUR);
    const rows = (await env.DB.prepare(`SELECT action, old_value, new_value FROM protection_limit_history WHERE member_id = ? ORDER BY id`)
      .bind(member.memberId).all()).results;
    expect(rows).toEqual([
      { action: 'set', old_value: null, new_value: 5_000 },
      { action: 'increase_requested', old_value: 5_000, new_value: 8_000 },
      { action: 'confirmed', old_value: 5_000, new_value: 8_000 },
    ]);
  });

  it('refuses guests and trial accounts and bad input without writing anything', async () => {
    const trial = await createMember({ type: 4 });
    expect((await getLimits(trial.token)).body.errorCode).toBe('free_reject');
    const member = await createMember();
    for (const body of [{ kind: 'deposit', period: 'year', amount: 10 }, { kind: 'deposit', period: 'day', amount: -1 }, { kind: 'deposit', period: 'day', amount: 1.234 }]) {
      expect((await setLimit(member.token, body)).body.errorCode).toBe('request_param_err');
    }
    expect((await setSessionLimit(member.token, 2)).body.errorCode).toBe('request_param_err');
    expect((await confirmLimit(member.token, 'session', 'day')).body.errorCode).toBe('request_param_err');
    expect((await getLimits(member.token)).body.value?.limits).toEqual([]);
  });
});

describe('deposit limits at deposit creation', { timeout: 60_000 }, () => {
  it('refuses a deposit that would pass the limit, saying which limit, what is left and when it resets; nothing is written', async () => {
    const member = await createMember();
    const earlier = Date.now() - 3 * HOUR;
    await pastDeposit(member.memberId, 6_000, earlier, 'pending');
    const oldest = Date.now() - 30 * HOUR;
    await pastDeposit(member.memberId, 9_000, oldest, 'credited');
    await pastDeposit(member.memberId, 50_000, Date.now() - 2 * HOUR, 'expired');
    await setLimit(member.token, { kind: 'deposit', period: 'day', amount: 100 });
    await setLimit(member.token, { kind: 'deposit', period: 'week', amount: 180 });

    // Day: 60 used, 40 left. Week: 150 used, 30 left → the week's is the lowest and refuses 35.
    const refused = await createDeposit(member.token, { amount: 35 });
    expect([refused.status, refused.body.errorCode]).toEqual([409, 'deposit_limit_exceeded']);
    expect(refused.body.value).toEqual({ kind: 'deposit', period: 'week', limit: 180, remaining: 30, resetsAt: oldest + 7 * 24 * HOUR });
    expect(refused.body.message).toMatch(/deposit limit per 7 days allows 30 more/);
    expect(await countedDeposits(member.memberId)).toBe(15_000);

    expect((await createDeposit(member.token, { amount: 30 })).status).toBe(200);
    expect(await countedDeposits(member.memberId)).toBe(18_000);
    expect((await createDeposit(member.token, { amount: 10 })).body.errorCode).toBe('deposit_limit_exceeded');
  });

  it('never lets parallel deposits race past one limit', async () => {
    const member = await createMember();
    await setLimit(member.token, { kind: 'deposit', period: 'day', amount: 55 });
    const results = await Promise.all(Array.from({ length: 16 }, () => createDeposit(member.token, { amount: 10 })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 200)) expect([r.status, r.body.errorCode]).toEqual([409, 'deposit_limit_exceeded']);
    expect(await countedDeposits(member.memberId)).toBe(5_000);
  });

  it('asks for a deposit limit at the first deposit until the player answers or deposits', async () => {
    const member = await createMember();
    expect((await getLimits(member.token)).body.value?.depositPrompt).toBe(true);
    const answered = await call('/wps/playdeck/protection/depositPrompt', { method: 'POST', token: member.token, json: {} });
    expect((answered.body.value as { depositPrompt: boolean }).depositPrompt).toBe(false);

    const other = await createMember();
    await createDeposit(other.token, { amount: 10 });
    expect((await getLimits(other.token)).body.value?.depositPrompt).toBe(false);
  });
});

describe('loss and wager limits on bets', { timeout: 60_000 }, () => {
  it('counts bets less wins and refunds over the rolling window, and refuses a stake past the loss limit', async () => {
    const member = await createMember({ balanceMinor: 100_000 });
    await pastLedgerEntry(member.memberId, 'bet', -1_000, Date.now() - HOUR);
    await pastLedgerEntry(member.memberId, 'win', 800, Date.now() - HOUR);
    await pastLedgerEntry(member.memberId, 'bet', -5_000, Date.now() - 25 * HOUR);
    await setLimit(member.token, { kind: 'loss', period: 'day', amount: 5 });
    // Loss in the last 24 hours: 10 − 8 = 2; the bet 25 hours ago is outside the day's window.
    expect((await getLimits(member.token)).body.value?.limits[0]).toMatchObject({ used: 2, remaining: 3 });

    const before = await balanceOf(member.memberId);
    const refused = await spin(member.token, 500);
    expect([refused.status, refused.body.errorCode]).toEqual([409, 'loss_limit_exceeded']);
    expect(refused.body.value).toMatchObject({ kind: 'loss', period: 'day', limit: 5, remaining: 3 });
    expect(await balanceOf(member.memberId)).toBe(before);
    expect((await spin(member.token, 100)).status).toBe(200);
  });

  it('never lets parallel spins race past a wager limit, whatever they win', async () => {
    const member = await createMember({ balanceMinor: 100_000 });
    await setLimit(member.token, { kind: 'wager', period: 'day', amount: 7 });
    const results = await Promise.all(Array.from({ length: 20 }, () => spin(member.token, 100)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(7);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.errorCode).toBe('wager_limit_exceeded');
    const staked = await env.DB.prepare(`SELECT -SUM(amount_minor) AS n FROM ledger_entries WHERE member_id = ? AND kind = 'bet'`)
      .bind(member.memberId).first<{ n: number }>();
    expect(staked?.n).toBe(700);
  });

  it('counts a stake paid with bonus money towards the wager limit like cash (docs/honest-money.md)', async () => {
    const member = await createMember({ balanceMinor: 0 });
    await postLedger(env.DB, member.memberId, [rewardCredit(DEFAULT_BONUS_RULES, 'bonus', {
      amountMinor: 1_000, kind: 'promotion', reference: 'limits-bonus', idempotencyKey: `limits-bonus-${member.memberId}`,
    })]);
    await setLimit(member.token, { kind: 'wager', period: 'day', amount: 3 });
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await spin(member.token, 100));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 409, 409]);
    expect(results[3]?.body.errorCode).toBe('wager_limit_exceeded');
    expect((await getLimits(member.token)).body.value?.limits[0]).toMatchObject({ used: 3, remaining: 0 });
  });

  it('never lets parallel provably fair rounds race past a wager limit', async () => {
    const member = await createMember({ balanceMinor: 100_000 });
    await setLimit(member.token, { kind: 'wager', period: 'week', amount: 4 });
    const table = await pickGame(`game_type = 'PVP'`);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => call('/wps/playdeck/demo/play', {
      method: 'POST', token: member.token,
      json: { nodeId: table.node_id, stake: 1, choice: 'DRAGON', clientSeed: 'limits', idempotencyKey: `fair-limit-${member.memberId}-${i}` },
    })));
    // Rounds that race for one seed may give up with round_in_progress (services/games/demo-play.ts); the limit holds.
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(4);
    expect(results.some((r) => r.body.errorCode === 'wager_limit_exceeded')).toBe(true);
    for (const r of results.filter((x) => x.status !== 200)) expect(['wager_limit_exceeded', 'round_in_progress']).toContain(r.body.errorCode);
    const staked = await env.DB.prepare(`SELECT -SUM(amount_minor) AS n FROM ledger_entries WHERE member_id = ? AND kind = 'bet'`)
      .bind(member.memberId).first<{ n: number }>();
    expect(staked?.n).toBe(results.filter((r) => r.status === 200).length * 100);
    expect(staked?.n).toBeLessThanOrEqual(400);
  });

  it('never lets parallel lottery orders race past a loss limit', async () => {
    const { dailyGame, openDraw, postOrder, newKey } = await import('../lottery-helpers');
    const member = await createMember({ balanceMinor: 100_000 });
    await setLimit(member.token, { kind: 'loss', period: 'week', amount: 45 });
    const game = await dailyGame();
    const draw = await openDraw(game, 60_000);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => postOrder(member.token, {
      nodeId: game.nodeId, issueNo: draw.issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey('lim'),
      items: [{ betType: 'sum_big_small', selection: { pick: i % 2 === 0 ? 'big' : 'small' }, stakeMinor: 1_000 }],
    })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    for (const r of results.filter((x) => x.status !== 200)) expect((r.body as { errorCode?: string }).errorCode).toBe('loss_limit_exceeded');
    expect(await balanceOf(member.memberId)).toBe(96_000);
  });
});

describe('session time limit', { timeout: 30_000 }, () => {
  it('ends a session once it is older than the limit, saying why, then treats the token as spent', async () => {
    const member = await createMember();
    expect((await setSessionLimit(member.token, 30)).body.value?.outcome).toBe('in_force');
    expect((await getLimits(member.token, Date.now() + 29 * 60_000)).status).toBe(200);
    const ended = await getLimits(member.token, Date.now() + 31 * 60_000);
    expect([ended.status, ended.body.errorCode]).toEqual([401, 'session_time_limit']);
    expect((await getLimits(member.token)).body.errorCode).toBe('user.or.token.invalid');
  });

  it('lengthens the session time limit only after cooling-off and confirmation', async () => {
    const member = await createMember();
    await setSessionLimit(member.token, 60);
    const t0 = Date.now();
    const longer = await setSessionLimit(member.token, 120, t0);
    expect(longer.body.value?.outcome).toBe('pending');
    expect(longer.body.value?.limits.session).toEqual({ minutes: 60, pending: { value: 120, requestedAt: t0, confirmableAt: t0 + 24 * HOUR } });
    expect((await setSessionLimit(member.token, 20, t0)).body.value?.limits.session).toEqual({ minutes: 20, pending: null });
  });
});
