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

/**
 * Asserts the ledger invariants of one member whose wallet opened at `openingMinor` (test fixtures fund the wallet
 * directly, without an entry): balance ≥ 0, balance = opening + Σ entries, every running balance_after ≥ 0 and
 * equal to opening + the entries up to it, each idempotency key once, at most one win and one refund per lottery
 * bet, and never both.
 */
export async function expectLedgerInvariants(memberId: number, openingMinor: number): Promise<void> {
  const { balance, ledgerSum } = await moneyOf(memberId);
  expect(balance).toBeGreaterThanOrEqual(0);
  expect(balance).toBe(openingMinor + ledgerSum);
  const rows = (await env.DB.prepare(
    `SELECT amount_minor AS a, balance_after_minor AS after, idempotency_key AS k FROM ledger_entries WHERE member_id = ? ORDER BY id`,
  ).bind(memberId).all<{ a: number; after: number; k: string }>()).results;
  let running = openingMinor;
  for (const row of rows) {
    running += row.a;
    expect(row.after).toBe(running);
    expect(row.after).toBeGreaterThanOrEqual(0);
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
