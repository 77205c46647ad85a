import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { walletCalls } from '../../../contract/calls/wallet';
import { accountsCalls } from '../../../contract/calls/accounts';
import { minorToWire } from '../../../contract/money';
import { postLedger } from '../../../worker/services/ledger/ledger';
import { DEFAULT_BONUS_RULES, loadBonusRules, rewardCredit, stakeChange } from '../../../worker/services/wallet/bonus-rules';
import { requestWithdrawal } from '../../../worker/services/wallet/withdrawals';
import { updateBonusRules } from '../../../worker/db/queries/bonus-rules';
import { hashPassword } from '../../../worker/services/crypto/password';
import { call, parseWire } from '../helpers';
import { callDef } from '../catalogue-helpers';
import { createMember, pickGame, type TestMember } from '../fixtures';
import { bonusOf, expectLedgerInvariants } from '../money-invariants';
import { freshKey } from '../payments-helpers';

/**
 * Bonus money (issue 25, docs/honest-money.md): a balance of its own with a wagering requirement, spent after cash,
 * wagered by game kind in the bet's own batch, converted to cash once wagered, forfeited by a confirmed withdrawal
 * request; the ledger keeps both balances under concurrency.
 */

const rules = DEFAULT_BONUS_RULES;

async function grant(memberId: number, amountMinor: number, key = freshKey('grant'), multiplier = rules.wageringMultiplier) {
  return postLedger(env.DB, memberId, [rewardCredit({ ...rules, wageringMultiplier: multiplier }, 'bonus', {
    amountMinor, kind: 'promotion', reference: 'test', idempotencyKey: key,
  })]);
}

async function stake(memberId: number, stakeMinor: number, kind: 'slot' | 'table' | 'lottery' = 'slot', key = freshKey('bet')) {
  return postLedger(env.DB, memberId, [stakeChange(rules, kind, { stakeMinor, reference: 'test', idempotencyKey: key })]);
}

async function cashOf(memberId: number): Promise<number> {
  return (await env.DB.prepare(`SELECT balance_minor AS b FROM wallets WHERE member_id = ?`).bind(memberId).first<{ b: number }>())?.b ?? -1;
}

async function kinds(memberId: number) {
  return (await env.DB.prepare(
    `SELECT kind, amount_minor AS cash, bonus_amount_minor AS bonus FROM ledger_entries WHERE member_id = ? ORDER BY id`,
  ).bind(memberId).all<{ kind: string; cash: number; bonus: number }>()).results;
}

afterEach(async () => {
  await env.DB.prepare(`DELETE FROM bonus_rules WHERE merchant_code = 'DEMO'`).run();
});

describe('bonus money: grant, stakes, wagering, conversion', () => {
  it('a bonus grant credits the bonus balance (not cash) and sets multiplier × bonus to wager', async () => {
    const member = await createMember({ balanceMinor: 0 });
    await grant(member.memberId, 1000);
    expect(await bonusOf(member.memberId)).toEqual({ bonus: 1000, bonusLedgerSum: 1000, required: 30_000, done: 0 });
    expect(await cashOf(member.memberId)).toBe(0);
    await expectLedgerInvariants(member.memberId, 0);
    const wallet = await call(accountsCalls.wallet.path, { token: member.token });
    expect(parseWire(accountsCalls.wallet.value, wallet.body.value)).toMatchObject({ sumBalance: 10, bonusBalance: 10, wageringRequired: 300, wageringDone: 0 });
  });

  it('a stake spends cash first, then bonus, and counts its kind\'s share towards wagering', async () => {
    const member = await createMember({ balanceMinor: 500 });
    await grant(member.memberId, 1000);
    await stake(member.memberId, 800, 'table');
    expect(await cashOf(member.memberId)).toBe(0);
    expect(await bonusOf(member.memberId)).toMatchObject({ bonus: 700, done: 160 }); // table games count 20 %
    await stake(member.memberId, 100, 'slot');
    expect(await bonusOf(member.memberId)).toMatchObject({ bonus: 600, done: 260 }); // slots count 100 %
    await stake(member.memberId, 100, 'lottery');
    expect(await bonusOf(member.memberId)).toMatchObject({ bonus: 500, done: 360 });
    expect((await kinds(member.memberId)).slice(1, 2)).toEqual([{ kind: 'bet', cash: -500, bonus: -300 }]);
    // More than cash + bonus is refused, nothing written.
    await expect(stake(member.memberId, 501)).rejects.toMatchObject({ errorCode: 'insufficient_balance' });
    await expectLedgerInvariants(member.memberId, 500);
  });

  it('without a bonus, stakes count no wagering; a spent bonus closes its requirement', async () => {
    const member = await createMember({ balanceMinor: 1000 });
    await stake(member.memberId, 100);
    expect(await bonusOf(member.memberId)).toMatchObject({ bonus: 0, required: 0, done: 0 });
    await grant(member.memberId, 200);
    await stake(member.memberId, 1100);
    expect(await bonusOf(member.memberId)).toEqual({ bonus: 0, bonusLedgerSum: 0, required: 0, done: 0 });
    await expectLedgerInvariants(member.memberId, 1000);
  });

  it('once wagered, the bonus converts to cash as one ledger entry in the stake\'s batch', async () => {
    const member = await createMember({ balanceMinor: 0 });
    await grant(member.memberId, 1000, freshKey('g'), 2); // 2 × 1000 to wager
    await stake(member.memberId, 300); // all bonus: cash is 0
    expect(await bonusOf(member.memberId)).toMatchObject({ bonus: 700, done: 300, required: 2000 });
    await postLedger(env.DB, member.memberId, [{ amountMinor: 2000, kind: 'deposit', reference: 'test', idempotencyKey: freshKey('d') }]);
    await stake(member.memberId, 1000); // from cash; still counts towards wagering
    expect(await bonusOf(member.memberId)).toMatchObject({ bonus: 700, done: 1300 });
    expect(await cashOf(member.memberId)).toBe(1000);
    await stake(member.memberId, 800); // done 2100 ≥ 2000: the 700 left converts
    expect(await bonusOf(member.memberId)).toEqual({ bonus: 0, bonusLedgerSum: 0, required: 0, done: 0 });
    expect(await cashOf(member.memberId)).toBe(900); // 1000 − 800 + 700 converted
    const entries = await kinds(member.memberId);
    expect(entries.at(-1)).toEqual({ kind: 'bonus_conversion', cash: 700, bonus: -700 });
    await expectLedgerInvariants(member.memberId, 0);
  });

  it('a win is split between cash and bonus as its stake was', async () => {
    const member = await createMember({ balanceMinor: 60 });
    await grant(member.memberId, 1000);
    const betKey = freshKey('bet');
    await postLedger(env.DB, member.memberId, [
      stakeChange(rules, 'slot', { stakeMinor: 100, reference: 'r', idempotencyKey: betKey }),
      { amountMinor: 250, kind: 'win', reference: 'r', idempotencyKey: freshKey('win'), balance: 'payout', stakeKey: betKey },
    ]);
    expect((await kinds(member.memberId)).slice(-2)).toEqual([{ kind: 'bet', cash: -60, bonus: -40 }, { kind: 'win', cash: 150, bonus: 100 }]);
    await expectLedgerInvariants(member.memberId, 60);
  });

  it('the site\'s rules decide: welcome and promotion are bonus money by default, sign-in and invitation cash', async () => {
    const defaults = await loadBonusRules(env.DB, 'DEMO');
    expect(defaults).toMatchObject({ welcome: 'bonus', promotion: 'bonus', signIn: 'cash', referral: 'cash', wageringMultiplier: 30 });
    await updateBonusRules(env.DB, 'DEMO', { welcome: 'cash', wagering_multiplier: 10, contributions: '{"table":50}' });
    const changed = await loadBonusRules(env.DB, 'DEMO');
    expect(changed).toMatchObject({ welcome: 'cash', wageringMultiplier: 10 });
    expect(changed.contributions).toMatchObject({ table: 50, slot: 100 });
  });
});

describe('bonus money on the wire: spins through the API', () => {
  async function spin(member: TestMember, nodeId: number, stakeMinor: number, idempotencyKey = freshKey('spin')) {
    return callDef(catalogueCalls.demoSlotSpin, '', { token: member.token, json: { nodeId, stake: minorToWire(stakeMinor), idempotencyKey } });
  }

  it('a member with bonus only can spin; wagering counts and the jackpot pool gets its share once per bet', async () => {
    const member = await createMember({ balanceMinor: 0 });
    await grant(member.memberId, 5000);
    const slot = await pickGame(`vassalage = 'PD_SLOTS'`);
    const before = (await env.DB.prepare(`SELECT COALESCE(SUM(pool_minor), 0) AS p FROM jackpot_pools WHERE merchant_code = 'DEMO'`).first<{ p: number }>())?.p ?? 0;
    const key = freshKey('spin');
    const first = await spin(member, slot.node_id, 500, key);
    expect(first.status).toBe(200);
    expect((await spin(member, slot.node_id, 500, key)).status).toBe(200); // a retry
    expect((await bonusOf(member.memberId)).done).toBe(500);
    const pool = await env.DB.prepare(`SELECT pool_minor AS p FROM jackpot_pools WHERE merchant_code = 'DEMO'`).first<{ p: number }>();
    expect((pool?.p ?? 0) - before).toBe(5); // 1 % of 500, once
    await expectLedgerInvariants(member.memberId, 0);
  });

  it('keeps both balances equal to their ledger, never negative, under 120 concurrent spins, grants and a withdrawal', { timeout: 60_000 }, async () => {
    const member = await createMember({ balanceMinor: 3000 });
    await env.DB.prepare(`UPDATE members SET profile = json_set(profile, '$.paymentPasswordHash', ?2) WHERE id = ?1`)
      .bind(member.memberId, await hashPassword('246810')).run();
    await grant(member.memberId, 20_000, freshKey('g'), 1);
    const slot = await pickGame(`vassalage = 'PD_SLOTS'`);
    const keys = Array.from({ length: 100 }, () => freshKey('spin'));
    const calls = [
      ...[...keys, ...keys.slice(0, 20)].map((k, i) => spin(member, slot.node_id, i % 2 === 0 ? 500 : 100, k)),
      ...Array.from({ length: 5 }, () => grant(member.memberId, 1000).then(() => ({ status: 200 }))),
      call('/wps/transaction/withdraw', {
        method: 'POST', token: member.token,
        json: { amount: 20, payeeName: 'Ana Cruz', bankName: 'Demo Bank', accountNumber: '1234 5678', paymentPassword: '246810', idempotencyKey: freshKey('w'), forfeitBonus: true },
      }),
    ];
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 409]).toContain(r.status);
    await expectLedgerInvariants(member.memberId, 3000);
    const rounds = await env.DB.prepare(`SELECT COUNT(*) AS n FROM demo_rounds WHERE member_id = ?`).bind(member.memberId).first<{ n: number }>();
    const bets = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ledger_entries WHERE member_id = ? AND kind = 'bet'`).bind(member.memberId).first<{ n: number }>();
    expect(bets?.n).toBe(rounds?.n);
    const jackpot = await env.DB.prepare(`SELECT COUNT(*) AS n FROM jackpot_contributions WHERE member_id = ?`).bind(member.memberId).first<{ n: number }>();
    expect(jackpot?.n).toBe(rounds?.n);
  });
});

describe('a withdrawal request before the bonus is wagered forfeits it, with a warning first', () => {
  async function payingMember(cashMinor: number): Promise<TestMember> {
    const member = await createMember({ balanceMinor: cashMinor });
    await env.DB.prepare(`UPDATE members SET profile = json_set(profile, '$.paymentPasswordHash', ?2) WHERE id = ?1`)
      .bind(member.memberId, await hashPassword('246810')).run();
    return member;
  }
  const body = (key: string, extra: Record<string, unknown> = {}) => ({
    amount: 50, payeeName: 'Ana Cruz', bankName: 'Demo Bank', accountNumber: '1234 5678 9012', paymentPassword: '246810', idempotencyKey: key, ...extra,
  });

  it('shows the bonus on the withdrawal screen; refuses without the confirmation and writes nothing', async () => {
    const member = await payingMember(10_000);
    await grant(member.memberId, 2000);
    const info = await call('/wps/transaction/withdraw', { token: member.token });
    expect(parseWire(walletCalls.withdrawInfo.value, info.body.value)).toMatchObject({ available: 100, bonusBalance: 20, wageringRequired: 600, wageringDone: 0 });
    const refused = await call('/wps/transaction/withdraw', { method: 'POST', token: member.token, json: body(freshKey('w')) });
    expect([refused.status, refused.body.errorCode]).toEqual([409, 'bonus_forfeit_unconfirmed']);
    expect(await bonusOf(member.memberId)).toMatchObject({ bonus: 2000 });
    expect(await cashOf(member.memberId)).toBe(10_000);
    const count = await env.DB.prepare(`SELECT COUNT(*) AS n FROM withdrawals WHERE member_id = ?`).bind(member.memberId).first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it('with the confirmation: holds the cash, forfeits the bonus (one ledger entry) and closes the requirement', async () => {
    const member = await payingMember(10_000);
    await grant(member.memberId, 2000);
    const key = freshKey('w');
    const done = await call('/wps/transaction/withdraw', { method: 'POST', token: member.token, json: body(key, { forfeitBonus: true }) });
    expect(done.status).toBe(200);
    expect(await bonusOf(member.memberId)).toEqual({ bonus: 0, bonusLedgerSum: 0, required: 0, done: 0 });
    expect(await cashOf(member.memberId)).toBe(5000);
    expect((await kinds(member.memberId)).slice(-2)).toEqual([{ kind: 'withdraw_hold', cash: -5000, bonus: 0 }, { kind: 'bonus_forfeit', cash: 0, bonus: -2000 }]);
    // A retry answers the same request and forfeits nothing twice.
    expect((await call('/wps/transaction/withdraw', { method: 'POST', token: member.token, json: body(key, { forfeitBonus: true }) })).status).toBe(200);
    await expectLedgerInvariants(member.memberId, 10_000);
  });

  it('bonus money is never withdrawable: only the cash balance can be held', async () => {
    const member = await payingMember(0);
    await grant(member.memberId, 10_000);
    await expect(requestWithdrawal(env.DB, {
      merchantCode: 'DEMO', currency: 'PHP', memberId: member.memberId, amountMinor: 5000, payeeName: 'Ana Cruz', bankName: 'Demo Bank',
      accountNumber: '12345678', idempotencyKey: freshKey('w'), forfeitBonus: true,
    })).rejects.toMatchObject({ errorCode: 'insufficient_balance' });
    expect(await bonusOf(member.memberId)).toMatchObject({ bonus: 10_000 });
  });
});
