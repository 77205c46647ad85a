import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { DemoSlotGameValue, DemoSlotSpinValue } from '../../src/api/types';
import { payoutMultiplier, type SlotSymbol } from '../../worker/services/slot';
import { call } from './helpers';
import { balanceOf, createMember, pickGame, withVendorMaintenance } from './fixtures';

let keyCounter = 0;
function newKey(): string {
  keyCounter += 1;
  return `spin-${Date.now().toString(36)}-${keyCounter}`;
}

async function spin(token: string, nodeId: number, stakeMinor: number, idempotencyKey = newKey()) {
  return call<DemoSlotSpinValue>('/wps/demo/slot/spin', { method: 'POST', token, json: { nodeId, stakeMinor, idempotencyKey } });
}

async function ledger(memberId: number) {
  return (await env.DB.prepare(
    `SELECT amount_minor, balance_after_minor, kind, idempotency_key FROM ledger_entries WHERE member_id = ? ORDER BY id`,
  ).bind(memberId).all<{ amount_minor: number; balance_after_minor: number; kind: string; idempotency_key: string }>()).results;
}

async function roundCount(memberId: number): Promise<number> {
  return (await env.DB.prepare(`SELECT COUNT(*) AS n FROM demo_rounds WHERE member_id = ?`).bind(memberId).first<{ n: number }>())?.n ?? 0;
}

describe('GET /wps/demo/slot/game', () => {
  it('describes a demo-platform game: names, stakes, symbols and paytable', async () => {
    const game = await pickGame(`vassalage = 'PD_SLOTS'`);
    const { status, body } = await call<DemoSlotGameValue>(`/wps/demo/slot/game?nodeId=${game.node_id}`);
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ nodeId: game.node_id, gameName: game.game_name, displayName: 'PlayDeck Originals', stakes: [10, 50, 100, 500, 1000] });
    expect(body.value.symbols.map((s) => s.id)).toContain('CHERRY');
    expect(body.value.paytable).toContainEqual({ symbol: 'SEVEN', count: 3, multiplier: 300 });
  });

  it('refuses a lottery game with 400 not_demo_game and an unknown one with 404 game_not_found', async () => {
    const lottery = await pickGame(`vassalage = 'TCG'`);
    expect((await call(`/wps/demo/slot/game?nodeId=${lottery.node_id}`)).body.errorCode).toBe('not_demo_game');
    expect((await call('/wps/demo/slot/game?nodeId=999999')).status).toBe(404);
  });
});

describe('POST /wps/demo/slot/spin', () => {
  it('debits the stake and credits the win exactly, with matching ledger rows and round', async () => {
    const member = await createMember({ balanceMinor: 100_000 });
    const game = await pickGame(`vassalage = 'PD_SLOTS'`);
    let expected = 100_000;
    let wins = 0;
    for (let i = 0; i < 40; i++) {
      const key = newKey();
      const { status, body } = await spin(member.token, game.node_id, 100, key);
      expect(status).toBe(200);
      const round = body.value;
      expect(round.winMinor).toBe(100 * payoutMultiplier(round.reels as SlotSymbol[]));
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
    const visitor = await call('/wps/demo/slot/spin', { method: 'POST', json: { nodeId: game.node_id, stakeMinor: 10, idempotencyKey: newKey() } });
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
    ['no idempotency key', { nodeId: 10001, stakeMinor: 10 }],
    ['a 7-character key', { nodeId: 10001, stakeMinor: 10, idempotencyKey: 'abcdefg' }],
    ['a 65-character key', { nodeId: 10001, stakeMinor: 10, idempotencyKey: 'a'.repeat(65) }],
    ['a key with a space', { nodeId: 10001, stakeMinor: 10, idempotencyKey: 'abc defgh' }],
    ['a stake as text', { nodeId: 10001, stakeMinor: '10', idempotencyKey: 'abcdefgh' }],
    ['a fractional stake', { nodeId: 10001, stakeMinor: 10.5, idempotencyKey: 'abcdefgh' }],
    ['a negative stake', { nodeId: 10001, stakeMinor: -10, idempotencyKey: 'abcdefgh' }],
    ['no node id', { stakeMinor: 10, idempotencyKey: 'abcdefgh' }],
  ])('answers a body with %s with 400 invalid_input', async (_label, json) => {
    const member = await createMember({ balanceMinor: 5_000 });
    const { status, body } = await call('/wps/demo/slot/spin', { method: 'POST', token: member.token, json });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
    expect(await balanceOf(member.memberId)).toBe(5_000);
  });
});
