import { env } from 'cloudflare:test';
import { expect } from 'vitest';

/**
 * Shared checks of the money invariants (docs/design.md, Money) for the concurrency and fault tests: integer minor
 * units; the wallet equals its opening balance plus the sum of its ledger entries; never negative; each
 * idempotency key and each bet's win or refund counted once.
 */

/** Wallet balance, ledger sum and ledger count of a member (minor units). */
export async function moneyOf(memberId: number): Promise<{ balance: number; ledgerSum: number; entries: number }> {
  const wallet = await env.DB.prepare(`SELECT balance_minor AS b FROM wallets WHERE member_id = ?`).bind(memberId).first<{ b: number }>();
  const ledger = await env.DB.prepare(`SELECT COUNT(*) AS n, COALESCE(SUM(amount_minor), 0) AS s FROM ledger_entries WHERE member_id = ?`)
    .bind(memberId).first<{ n: number; s: number }>();
  return { balance: wallet?.b ?? Number.NaN, ledgerSum: ledger?.s ?? 0, entries: ledger?.n ?? 0 };
}

/** Bonus balance, its ledger sum and wagering of a member (minor units; docs/honest-money.md). */
export async function bonusOf(memberId: number): Promise<{ bonus: number; bonusLedgerSum: number; required: number; done: number }> {
  const wallet = await env.DB.prepare(`SELECT bonus_minor AS b, wager_required_minor AS r, wager_done_minor AS d FROM wallets WHERE member_id = ?`)
    .bind(memberId).first<{ b: number; r: number; d: number }>();
  const ledger = await env.DB.prepare(`SELECT COALESCE(SUM(bonus_amount_minor), 0) AS s FROM ledger_entries WHERE member_id = ?`)
    .bind(memberId).first<{ s: number }>();
  return { bonus: wallet?.b ?? Number.NaN, bonusLedgerSum: ledger?.s ?? 0, required: wallet?.r ?? Number.NaN, done: wallet?.d ?? Number.NaN };
}

/**
 * Asserts the ledger invariants of one member whose wallet opened at `openingMinor` cash (test fixtures fund the
 * wallet directly, without an entry) and `openingBonusMinor` bonus: for each of the cash and the bonus balance,
 * balance ≥ 0, balance = opening + Σ its entries' parts, every running balance after ≥ 0 and equal to opening + the
 * parts up to it; each idempotency key once, at most one win and one refund per lottery bet, and never both.
 */
export async function expectLedgerInvariants(memberId: number, openingMinor: number, openingBonusMinor = 0): Promise<void> {
  const { balance, ledgerSum } = await moneyOf(memberId);
  expect(balance).toBeGreaterThanOrEqual(0);
  expect(balance).toBe(openingMinor + ledgerSum);
  const { bonus, bonusLedgerSum } = await bonusOf(memberId);
  expect(bonus).toBeGreaterThanOrEqual(0);
  expect(bonus).toBe(openingBonusMinor + bonusLedgerSum);
  const rows = (await env.DB.prepare(
    `SELECT amount_minor AS a, balance_after_minor AS after, bonus_amount_minor AS ba, bonus_after_minor AS bafter, idempotency_key AS k
     FROM ledger_entries WHERE member_id = ? ORDER BY id`,
  ).bind(memberId).all<{ a: number; after: number; ba: number; bafter: number; k: string }>()).results;
  let running = openingMinor;
  let runningBonus = openingBonusMinor;
  for (const row of rows) {
    running += row.a;
    runningBonus += row.ba;
    expect(row.after).toBe(running);
    expect(row.after).toBeGreaterThanOrEqual(0);
    expect(row.bafter).toBe(runningBonus);
    expect(row.bafter).toBeGreaterThanOrEqual(0);
  }
  expect(new Set(rows.map((r) => r.k)).size).toBe(rows.length);
  const paidTwice = await env.DB.prepare(
    `SELECT s.id FROM lottery_sub_orders s
     WHERE s.member_id = ?1
       AND (SELECT COUNT(*) FROM ledger_entries l WHERE l.member_id = ?1 AND l.idempotency_key IN ('lottery:win:' || s.id, 'lottery:refund:' || s.id)) > 1`,
  ).bind(memberId).all<{ id: number }>();
  expect(paidTwice.results).toEqual([]);
}

/**
 * Asserts that every lottery bet of the member was paid as its status says: a won bet has exactly one win entry
 * of its payout, a cancelled one exactly one refund of its stake, lost and open ones neither.
 */
export async function expectBetsPaidAsSettled(memberId: number): Promise<void> {
  const subs = (await env.DB.prepare(
    `SELECT s.id, s.status, s.stake_minor AS stake, s.payout_minor AS payout,
       (SELECT COALESCE(SUM(amount_minor), 0) FROM ledger_entries l WHERE l.member_id = s.member_id AND l.idempotency_key = 'lottery:win:' || s.id) AS won,
       (SELECT COALESCE(SUM(amount_minor), 0) FROM ledger_entries l WHERE l.member_id = s.member_id AND l.idempotency_key = 'lottery:refund:' || s.id) AS refunded
     FROM lottery_sub_orders s WHERE s.member_id = ?`,
  ).bind(memberId).all<{ id: number; status: string; stake: number; payout: number; won: number; refunded: number }>()).results;
  for (const s of subs) {
    const expected = { won: s.status === 'won' ? s.payout : 0, refunded: s.status === 'cancelled' ? s.stake : 0 };
    expect({ id: s.id, status: s.status, won: s.won, refunded: s.refunded }).toEqual({ id: s.id, status: s.status, ...expected });
  }
  // Every order's stake was debited once.
  const orders = (await env.DB.prepare(
    `SELECT o.id, o.total_stake_minor AS stake,
       (SELECT COUNT(*) FROM ledger_entries l WHERE l.member_id = o.member_id AND l.idempotency_key = 'lottery:order:' || o.idempotency_key) AS debits,
       (SELECT COALESCE(SUM(amount_minor), 0) FROM ledger_entries l WHERE l.member_id = o.member_id AND l.idempotency_key = 'lottery:order:' || o.idempotency_key) AS debited
     FROM lottery_orders o WHERE o.member_id = ?`,
  ).bind(memberId).all<{ id: number; stake: number; debits: number; debited: number }>()).results;
  for (const o of orders) expect({ id: o.id, debits: o.debits, debited: o.debited }).toEqual({ id: o.id, debits: 1, debited: -o.stake });
}
