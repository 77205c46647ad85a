import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { minorToWire, wireToMinor } from '../../../contract/money';
import { callDef } from '../catalogue-helpers';
import { call } from '../helpers';
import { putGameProvider } from '../../../worker/db/queries/provider-wallet';
import { signedHeaders } from '../../../worker/services/wallet/payments/signature';
import { createMember, pickGame } from '../fixtures';
import { expectLedgerInvariants, moneyOf } from '../money-invariants';

/**
 * The built-in demo games as the in-process provider `playdeck` (docs/game-providers.md "The built-in games as a
 * provider"): every real-money round writes one debit and one credit provider transaction with the round's id, in
 * the round's own batch, the ledger equals the wallet, a replayed round moves nothing, and free play writes none.
 */

let counter = 0;
const newKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

const spin = (token: string, nodeId: number, stakeMinor: number, idempotencyKey: string, freePlay?: boolean) =>
  callDef(catalogueCalls.demoSlotSpin, '', { token, json: { nodeId, stake: minorToWire(stakeMinor), idempotencyKey, ...(freePlay !== undefined ? { freePlay } : {}) } });

const play = (token: string, nodeId: number, stakeMinor: number, choice: string, idempotencyKey: string) =>
  callDef(catalogueCalls.demoPlay, '', { token, json: { nodeId, stake: minorToWire(stakeMinor), choice, clientSeed: 'seed-of-player', idempotencyKey } });

interface TransactionRow {
  provider_code: string;
  merchant_code: string;
  transaction_id: string;
  kind: string;
  round_id: string;
  game_code: string;
  amount_minor: number;
  ledger_key: string | null;
  balance_after_minor: number;
}

const transactionsOf = async (memberId: number) => (await env.DB
  .prepare(`SELECT provider_code, merchant_code, transaction_id, kind, round_id, game_code, amount_minor, ledger_key, balance_after_minor
    FROM provider_transactions WHERE member_id = ? ORDER BY created_at, kind DESC`)
  .bind(memberId).all<TransactionRow>()).results;

const ledgerOf = async (memberId: number) => (await env.DB
  .prepare(`SELECT kind, amount_minor + bonus_amount_minor AS amount, balance_after_minor + bonus_after_minor AS after, reference, idempotency_key AS k
    FROM ledger_entries WHERE member_id = ? ORDER BY id`)
  .bind(memberId).all<{ kind: string; amount: number; after: number; reference: string; k: string }>()).results;

describe('the built-in games as the in-process provider playdeck', () => {
  it('a slot spin writes one debit and one credit of provider playdeck with the round id; the ledger equals the wallet', async () => {
    const member = await createMember({ balanceMinor: 10_000 });
    const game = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 1`);
    for (let i = 0; i < 6; i++) {
      const key = newKey('spin');
      const before = (await moneyOf(member.memberId)).balance;
      const { status, body } = await spin(member.token, game.node_id, 100, key);
      expect(status).toBe(200);
      const winMinor = wireToMinor(body.value.winAmount);
      const rows = (await transactionsOf(member.memberId)).filter((r) => r.transaction_id.startsWith(`${member.memberId}:${key}:`));
      expect(rows).toEqual([
        {
          provider_code: 'playdeck', merchant_code: 'DEMO', transaction_id: `${member.memberId}:${key}:debit`, kind: 'debit',
          round_id: String(body.value.roundId), game_code: String(game.node_id), amount_minor: 100, ledger_key: `slot:${key}:bet`, balance_after_minor: before - 100,
        },
        {
          provider_code: 'playdeck', merchant_code: 'DEMO', transaction_id: `${member.memberId}:${key}:credit`, kind: 'credit',
          round_id: String(body.value.roundId), game_code: String(game.node_id), amount_minor: winMinor, ledger_key: winMinor > 0 ? `slot:${key}:win` : null,
          balance_after_minor: before - 100 + winMinor,
        },
      ]);
      expect(wireToMinor(body.value.balance)).toBe(before - 100 + winMinor);
      // The round's ledger entries carry the round's reference and the keys the transactions name.
      const entries = (await ledgerOf(member.memberId)).filter((e) => e.reference === `demo_slot:${game.node_id}:${key}`);
      expect(entries.map((e) => [e.kind, e.amount, e.k])).toEqual([
        ['bet', -100, `slot:${key}:bet`], ...(winMinor > 0 ? [['win', winMinor, `slot:${key}:win`]] : []),
      ]);
      await expectLedgerInvariants(member.memberId, 10_000);
    }
    // The wallet's transactions add up to the ledger's round movements.
    const rows = await transactionsOf(member.memberId);
    const moved = rows.reduce((sum, r) => sum + (r.kind === 'debit' ? -r.amount_minor : r.amount_minor), 0);
    expect(10_000 + moved).toBe((await moneyOf(member.memberId)).balance);
  });

  it('a fair round (crash) writes its debit and credit the same way', async () => {
    const member = await createMember({ balanceMinor: 5_000 });
    const crash = await pickGame(`game_type = 'RNG' AND game_classify = 'arcade'`);
    const key = newKey('fair');
    const { status, body } = await play(member.token, crash.node_id, 100, '200', key);
    expect(status).toBe(200);
    const winMinor = wireToMinor(body.value.round.winAmount);
    const rows = await transactionsOf(member.memberId);
    expect(rows.map((r) => [r.provider_code, r.kind, r.round_id, r.amount_minor, r.ledger_key])).toEqual([
      ['playdeck', 'debit', String(body.value.round.roundId), 100, `demo:${key}:bet`],
      ['playdeck', 'credit', String(body.value.round.roundId), winMinor, winMinor > 0 ? `demo:${key}:win` : null],
    ]);
    expect(rows[1]?.balance_after_minor).toBe(wireToMinor(body.value.balance));
    await expectLedgerInvariants(member.memberId, 5_000);
  });

  it('a replayed round moves nothing and writes no transaction; free play writes none', async () => {
    const member = await createMember({ balanceMinor: 5_000 });
    const game = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 0`);
    const key = newKey('again');
    const first = await spin(member.token, game.node_id, 100, key);
    const after = await moneyOf(member.memberId);
    const again = await Promise.all([spin(member.token, game.node_id, 100, key), spin(member.token, game.node_id, 100, key)]);
    for (const r of again) expect([r.status, r.body.value.roundId]).toEqual([200, first.body.value.roundId]);
    expect(await moneyOf(member.memberId)).toEqual(after);
    expect(await transactionsOf(member.memberId)).toHaveLength(2);
    const clash = await spin(member.token, game.node_id, 500, key);
    expect([clash.status, clash.body.errorCode]).toEqual([409, 'idempotency_conflict']);

    const free = await spin(member.token, game.node_id, 100, newKey('free'), true);
    expect([free.status, free.body.value.freePlay]).toEqual([200, true]);
    expect(await transactionsOf(member.memberId)).toHaveLength(2);
    expect(await moneyOf(member.memberId)).toEqual(after);
    await expectLedgerInvariants(member.memberId, 5_000);
  });

  it('a refused round (balance) writes neither money nor transaction', async () => {
    const member = await createMember({ balanceMinor: 50 });
    const game = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 1`);
    const refused = await spin(member.token, game.node_id, 100, newKey('broke'));
    expect([refused.status, refused.body.errorCode]).toEqual([409, 'insufficient_balance']);
    expect(await transactionsOf(member.memberId)).toEqual([]);
    expect((await moneyOf(member.memberId)).entries).toBe(0);
  });

  it('keeps the code playdeck for the built-in games: a signed call under it is 404 UNKNOWN_PROVIDER even with a row', async () => {
    const secret = 'secret-of-a-mistaken-row-0123456789';
    const secretName: string = 'PROVIDER_SECRET_PLAYDECK';
    await putGameProvider(env.DB, {
      merchantCode: 'DEMO', code: 'playdeck', name: 'Mistaken', launchUrl: 'https://studio.example/launch', secretName,
      currencies: ['USD'], enabled: true,
    }, Date.now());
    try {
      const text = JSON.stringify({ sessionId: 's', playerId: '1' });
      const res = await call('/wps/playdeck/games/wallet/playdeck/balance', {
        method: 'POST', headers: { ...(await signedHeaders(secret, text, Date.now())), 'Content-Type': 'application/json' }, body: text,
        env: { [secretName]: secret },
      });
      expect([res.status, res.body.errorCode]).toEqual([404, 'UNKNOWN_PROVIDER']);
    } finally {
      await env.DB.prepare(`DELETE FROM game_providers WHERE merchant_code = 'DEMO' AND code = 'playdeck'`).run();
    }
  });
});
