import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { minorToWire, wireToMinor } from '../../../contract/money';
import { paylineMultiplier, slotConfigOf } from '../../../rules/slotConfig';
import { call } from '../helpers';
import { callDef } from '../catalogue-helpers';

const SPIN = catalogueCalls.demoSlotSpin.path;
const GAME = catalogueCalls.demoSlotGame.path;
import { balanceOf, createMember, pickGame, withVendorMaintenance } from '../fixtures';

let keyCounter = 0;
function newKey(): string {
  keyCounter += 1;
  return `spin-${Date.now().toString(36)}-${keyCounter}`;
}

/**
 * One spin with the stake in minor units, sent in currency units (the wire validated against the contract); the
 * answer's money is turned back into minor units so the ledger checks stay exact.
 */
async function spin(token: string, nodeId: number, stakeMinor: number, idempotencyKey = newKey()) {
  const { status, body } = await callDef(catalogueCalls.demoSlotSpin, '', { token, json: { nodeId, stake: minorToWire(stakeMinor), idempotencyKey } });
  const v = body.value;
  const value = status === 200
    ? { roundId: v.roundId, reels: v.reels, stakeMinor: wireToMinor(v.stake), winMinor: wireToMinor(v.winAmount), balanceMinor: wireToMinor(v.balance) }
    : v;
  return { status, body: { ...body, value: value as { roundId: number; reels: string[]; stakeMinor: number; winMinor: number; balanceMinor: number } } };
}

async function ledger(memberId: number) {
  return (await env.DB.prepare(
    `SELECT amount_minor, balance_after_minor, kind, idempotency_key FROM ledger_entries WHERE member_id = ? ORDER BY id`,
  ).bind(memberId).all<{ amount_minor: number; balance_after_minor: number; kind: string; idempotency_key: string }>()).results;
}

async function roundCount(memberId: number): Promise<number> {
  return (await env.DB.prepare(`SELECT COUNT(*) AS n FROM demo_rounds WHERE member_id = ?`).bind(memberId).first<{ n: number }>())?.n ?? 0;
}

describe('GET /wps/playdeck/demo/slot/game (extension, capability demo-games)', () => {
  it("describes a demo-platform game: names, stakes and the title's own reels, symbols, paytable and return", async () => {
    const game = await pickGame(`vassalage = 'PD_SLOTS'`);
    const { status, body } = await callDef(catalogueCalls.demoSlotGame, `nodeId=${game.node_id}`);
    expect(status).toBe(200);
    // Stakes are money: currency units on the wire (10, 50, 100, 500, 1000 minor units).
    expect(body.value).toMatchObject({ nodeId: game.node_id, gameName: game.game_name, displayName: 'Orbit Originals', stakes: [0.1, 0.5, 1, 5, 10] });
    const config = slotConfigOf(game.game_id, game.game_name);
    expect(body.value).toMatchObject({ reelCount: config.reels, theme: config.theme, symbols: config.symbols, paytable: config.paytable, rtpPercent: config.rtpPercent });
    expect(body.value.rtpPercent).toBeGreaterThanOrEqual(94);
    expect(body.value.rtpPercent).toBeLessThanOrEqual(97);
  });

  it('gives two slot titles configurations of their own', async () => {
    const first = await pickGame(`vassalage = 'PD_SLOTS' AND game_classify = 'slot'`);
    const second = await pickGame(`vassalage = 'NEBULA_SLOTS' AND game_classify = 'slot'`);
    const a = (await callDef(catalogueCalls.demoSlotGame, `nodeId=${first.node_id}`)).body.value;
    const b = (await callDef(catalogueCalls.demoSlotGame, `nodeId=${second.node_id}`)).body.value;
    expect(JSON.stringify([a.reelCount, a.symbols, a.paytable])).not.toBe(JSON.stringify([b.reelCount, b.symbols, b.paytable]));
  });

  it('refuses a lottery game with 400 not_demo_game and an unknown one with 404 game_not_found', async () => {
    const lottery = await pickGame(`vassalage = 'TCG'`);
    expect((await call(`${GAME}?nodeId=${lottery.node_id}`)).body.errorCode).toBe('not_demo_game');
    expect((await call(`${GAME}?nodeId=999999`)).status).toBe(404);
  });
});

describe('POST /wps/playdeck/demo/slot/spin (extension, capability demo-games)', () => {
  it('answers money in currency units: stake, winAmount and balance', async () => {
    const member = await createMember({ balanceMinor: 12_345 });
    const game = await pickGame(`vassalage = 'PD_SLOTS'`);
    const { status, body } = await callDef(catalogueCalls.demoSlotSpin, '', { token: member.token, json: { nodeId: game.node_id, stake: 1, idempotencyKey: newKey() } });
    expect(status).toBe(200);
    expect(body.value.stake).toBe(1);
    expect(wireToMinor(body.value.balance)).toBe(12_345 - 100 + wireToMinor(body.value.winAmount));
  });

  it('debits the stake and credits the win exactly, with matching ledger rows and round', async () => {
    const member = await createMember({ balanceMinor: 100_000 });
    const game = await pickGame(`vassalage = 'PD_SLOTS'`);
    const config = slotConfigOf(game.game_id, game.game_name);
    let expected = 100_000;
    let wins = 0;
    for (let i = 0; i < 40; i++) {
      const key = newKey();
      const { status, body } = await spin(member.token, game.node_id, 100, key);
      expect(status).toBe(200);
      const round = body.value;
      expect(round.reels).toHaveLength(config.reels);
      round.reels.forEach((symbol, i) => expect(config.strips[i]).toContain(symbol));
      expect(round.winMinor).toBe(100 * paylineMultiplier(config.paytable, round.reels));
      expected += round.winMinor - 100;
      expect(round.balanceMinor).toBe(expected);
      const rows = (await ledger(member.memberId)).filter((r) => r.idempotency_key.startsWith(`slot:${key}:`));
      const bet = { amount_minor: -100, balance_after_minor: expected - round.winMinor, kind: 'bet', idempotency_key: `slot:${key}:bet` };
      const win = { amount_minor: round.winMinor, balance_after_minor: expected, kind: 'win', idempotency_key: `slot:${key}:win` };
      expect(rows).toEqual(round.winMinor > 0 ? [bet, win] : [bet]);
      if (round.winMinor > 0) wins++;
    }
    expect(wins).toBeGreaterThan(0);
    expect(await balanceOf(member.memberId)).toBe(expected);
    expect(await roundCount(member.memberId)).toBe(40);
  });

  it('returns the same round for a retried key and moves no money twice', async () => {
    const member = await createMember({ balanceMinor: 5_000 });
    const game = await pickGame(`vassalage = 'NEBULA_SLOTS'`);
    const key = newKey();
    const first = await spin(member.token, game.node_id, 500, key);
    const entries = (await ledger(member.memberId)).length;
    const again = await spin(member.token, game.node_id, 500, key);
    expect(again.status).toBe(200);
    expect(again.body.value).toEqual(first.body.value);
    expect((await ledger(member.memberId)).length).toBe(entries);
    expect(await roundCount(member.memberId)).toBe(1);
  });

  it('refuses a key reused for a different spin with 409 idempotency_conflict', async () => {
    const member = await createMember({ balanceMinor: 5_000 });
    const game = await pickGame(`vassalage = 'NEBULA_SLOTS'`);
    const key = newKey();
    await spin(member.token, game.node_id, 10, key);
    const { status, body } = await spin(member.token, game.node_id, 50, key);
    expect(status).toBe(409);
    expect(body.errorCode).toBe('idempotency_conflict');
  });

  it('answers 409 insufficient_balance when the stake exceeds the balance, and changes nothing', async () => {
    const member = await createMember({ balanceMinor: 99 });
    const game = await pickGame(`vassalage = 'PD_SLOTS'`);
    const { status, body } = await spin(member.token, game.node_id, 100);
    expect(status).toBe(409);
    expect(body.errorCode).toBe('insufficient_balance');
    expect(await balanceOf(member.memberId)).toBe(99);
    expect(await ledger(member.memberId)).toEqual([]);
    expect(await roundCount(member.memberId)).toBe(0);
  });

  it('never lets the balance go negative when playing until the money runs out', async () => {
    const member = await createMember({ balanceMinor: 100 });
    const game = await pickGame(`vassalage = 'GOLDEN_REEL'`);
    let refused = false;
    for (let i = 0; i < 400 && !refused; i++) {
      const { status, body } = await spin(member.token, game.node_id, 50);
      if (status === 409) {
        expect(body.errorCode).toBe('insufficient_balance');
        refused = true;
      } else {
        expect(body.value.balanceMinor).toBeGreaterThanOrEqual(0);
      }
    }
    const balance = await balanceOf(member.memberId);
    expect(balance).toBeGreaterThanOrEqual(0);
    const rows = await ledger(member.memberId);
    expect(100 + rows.reduce((sum, r) => sum + r.amount_minor, 0)).toBe(balance);
    for (const r of rows) expect(r.balance_after_minor).toBeGreaterThanOrEqual(0);
  });

  it('refuses a stake that is not on the stake list with 400 invalid_stake', async () => {
    const member = await createMember({ balanceMinor: 5_000 });
    const game = await pickGame(`vassalage = 'PD_SLOTS'`);
    const { status, body } = await spin(member.token, game.node_id, 20);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('invalid_stake');
  });

  it('refuses a visitor with 401, a lottery game with 400 not_demo_game and a vendor in maintenance with 409', async () => {
    const game = await pickGame(`vassalage = 'PD_SLOTS'`);
    const visitor = await call(SPIN, { method: 'POST', json: { nodeId: game.node_id, stake: 0.1, idempotencyKey: newKey() } });
    expect(visitor.status).toBe(401);
    expect(visitor.body.errorCode).toBe('customer.not.login');

    const member = await createMember({ balanceMinor: 5_000 });
    const lottery = await pickGame(`vassalage = 'TCG_LOTTO_VN'`);
    expect((await spin(member.token, lottery.node_id, 10)).body.errorCode).toBe('not_demo_game');
    await withVendorMaintenance('PD_SLOTS', async () => {
      const { status, body } = await spin(member.token, game.node_id, 10);
      expect(status).toBe(409);
      expect(body.errorCode).toBe('vendor_maintenance');
    });
    expect(await balanceOf(member.memberId)).toBe(5_000);
  });

  it('lets a trial member spin only games with free play (403 free_reject otherwise)', async () => {
    const member = await createMember({ type: 4, balanceMinor: 5_000 });
    const paid = await pickGame(`game_type = 'RNG' AND support_play = 1`);
    const free = await pickGame(`game_type = 'RNG' AND support_play = 0`);
    const refused = await spin(member.token, paid.node_id, 10);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('free_reject');
    expect((await spin(member.token, free.node_id, 10)).status).toBe(200);
  });

  it.each<[string, unknown]>([
    ['no idempotency key', { nodeId: 10001, stake: 0.1 }],
    ['a 7-character key', { nodeId: 10001, stake: 0.1, idempotencyKey: 'abcdefg' }],
    ['a 65-character key', { nodeId: 10001, stake: 0.1, idempotencyKey: 'a'.repeat(65) }],
    ['a key with a space', { nodeId: 10001, stake: 0.1, idempotencyKey: 'abc defgh' }],
    ['a stake as text', { nodeId: 10001, stake: '0.1', idempotencyKey: 'abcdefgh' }],
    ['a stake with 3 decimals', { nodeId: 10001, stake: 0.105, idempotencyKey: 'abcdefgh' }],
    ['a negative stake', { nodeId: 10001, stake: -0.1, idempotencyKey: 'abcdefgh' }],
    ['a zero stake', { nodeId: 10001, stake: 0, idempotencyKey: 'abcdefgh' }],
    ['the old stakeMinor field', { nodeId: 10001, stakeMinor: 10, idempotencyKey: 'abcdefgh' }],
    ['no node id', { stake: 0.1, idempotencyKey: 'abcdefgh' }],
  ])('answers a body with %s with 400 request_param_err', async (_label, json) => {
    const member = await createMember({ balanceMinor: 5_000 });
    const { status, body } = await call(SPIN, { method: 'POST', token: member.token, json });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
    expect(await balanceOf(member.memberId)).toBe(5_000);
  });
});

describe('demo slot free play (supportPlay 0), as the other demo games', () => {
  const freeSpin = (token: string, nodeId: number, freePlay: boolean, idempotencyKey = newKey()) =>
    callDef(catalogueCalls.demoSlotSpin, '', { token, json: { nodeId, stake: minorToWire(100), idempotencyKey, freePlay } });

  it('the sheet says whether the slot offers free play', async () => {
    const free = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 0`);
    const paid = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 1`);
    expect((await callDef(catalogueCalls.demoSlotGame, `nodeId=${free.node_id}`)).body.value.freePlay).toBe(true);
    expect((await callDef(catalogueCalls.demoSlotGame, `nodeId=${paid.node_id}`)).body.value.freePlay).toBe(false);
  });

  it('a free spin stores the round and moves no money; a retry with its key answers the same round', async () => {
    const game = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 0`);
    const member = await createMember({ balanceMinor: 500 });
    const key = newKey();
    const first = await freeSpin(member.token, game.node_id, true, key);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ freePlay: true, balance: 5 });
    expect(await ledger(member.memberId)).toHaveLength(0);
    expect(await balanceOf(member.memberId)).toBe(500);
    const again = await freeSpin(member.token, game.node_id, true, key);
    expect(again.body.value.roundId).toBe(first.body.value.roundId);
    expect(await roundCount(member.memberId)).toBe(1);
    // The same key for a paid spin is another spin.
    expect((await freeSpin(member.token, game.node_id, false, key)).body.errorCode).toBe('idempotency_conflict');
  });

  it('refuses free play on a slot without it (400 free_play_unavailable), moving nothing', async () => {
    const game = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 1`);
    const member = await createMember({ balanceMinor: 500 });
    const res = await freeSpin(member.token, game.node_id, true);
    expect([res.status, res.body.errorCode]).toEqual([400, 'free_play_unavailable']);
    expect(await roundCount(member.memberId)).toBe(0);
    expect(await balanceOf(member.memberId)).toBe(500);
  });
});
