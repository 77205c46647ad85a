/**
 * The transactions view over the ledger (issue 13: deposits, withdrawals, bonuses and rounds in one list). Every
 * balance change is a ledger entry, so the ledger is the one source; its `kind` decides the category.
 */

/** Transaction categories (contract/calls/wallet.ts TRANSACTION_CATEGORIES). */
export type TransactionCategory = 'deposit' | 'withdrawal' | 'bonus' | 'round';

/** Ledger kinds per category. Kinds not listed (none today) would show under no filter but 'all'. */
export const KINDS_OF_CATEGORY: Readonly<Record<TransactionCategory, readonly string[]>> = {
  deposit: ['deposit'],
  withdrawal: ['withdraw', 'withdraw_hold', 'withdraw_release'],
  bonus: ['welcome_bonus', 'trial_credit', 'bonus', 'reward', 'sign_in', 'referral_reward', 'promotion', 'bonus_conversion', 'bonus_forfeit'],
  round: ['bet', 'win', 'refund'],
};

/** The category of a ledger kind (anything unknown counts as a bonus: a credit from the site). */
export function categoryOfKind(kind: string): TransactionCategory {
  for (const [category, kinds] of Object.entries(KINDS_OF_CATEGORY) as [TransactionCategory, readonly string[]][]) {
    if (kinds.includes(kind)) return category;
  }
  return 'bonus';
}

/**
 * One ledger entry as the player sees it: the movement of the playable balance (cash + bonus: a bonus conversion
 * moves 0, a forfeit −bonus) and the playable balance after it (docs/honest-money.md, Wire).
 */
export interface TransactionRow {
  id: number;
  kind: string;
  amountMinor: number;
  balanceAfterMinor: number;
  reference: string;
  createdAt: number;
}

/** Sums per category over a period, minor units (withdrawals negative: holds minus releases). */
export interface TransactionTotals {
  deposits: number;
  withdrawals: number;
  bonuses: number;
  rounds: number;
}

function kindList(kinds: readonly string[]): string {
  return kinds.map((k) => `'${k.replaceAll("'", "''")}'`).join(', ');
}

/** A page of the member's ledger entries in [start, end] (newest first), optionally one category, and the count. */
export async function pageTransactions(
  db: D1Database,
  memberId: number,
  filter: { category: TransactionCategory | null; start: number; end: number; offset: number; limit: number },
): Promise<{ rows: TransactionRow[]; total: number }> {
  const kindFilter = filter.category ? `AND kind IN (${kindList(KINDS_OF_CATEGORY[filter.category])})` : '';
  const where = `member_id = ?1 AND created_at BETWEEN ?2 AND ?3 ${kindFilter}`;
  const [rows, count] = await db.batch<Record<string, number | string>>([
    db.prepare(`SELECT id, kind, amount_minor + bonus_amount_minor AS amount_minor, balance_after_minor + bonus_after_minor AS balance_after_minor,
        reference, created_at FROM ledger_entries WHERE ${where} ORDER BY id DESC LIMIT ?4 OFFSET ?5`)
      .bind(memberId, filter.start, filter.end, filter.limit, filter.offset),
    db.prepare(`SELECT COUNT(*) AS n FROM ledger_entries WHERE ${where}`).bind(memberId, filter.start, filter.end),
  ]);
  return {
    rows: (rows?.results ?? []).map((r) => ({
      id: Number(r.id), kind: String(r.kind), amountMinor: Number(r.amount_minor), balanceAfterMinor: Number(r.balance_after_minor),
      reference: String(r.reference), createdAt: Number(r.created_at),
    })),
    total: Number(count?.results[0]?.n ?? 0),
  };
}

/** Per-category sums of the member's ledger in [start, end]. */
export async function transactionTotals(db: D1Database, memberId: number, start: number, end: number): Promise<TransactionTotals> {
  const { results } = await db
    .prepare(`SELECT kind, SUM(amount_minor + bonus_amount_minor) AS total FROM ledger_entries WHERE member_id = ?1 AND created_at BETWEEN ?2 AND ?3 GROUP BY kind`)
    .bind(memberId, start, end)
    .all<{ kind: string; total: number }>();
  const totals: TransactionTotals = { deposits: 0, withdrawals: 0, bonuses: 0, rounds: 0 };
  const field: Record<TransactionCategory, keyof TransactionTotals> = { deposit: 'deposits', withdrawal: 'withdrawals', bonus: 'bonuses', round: 'rounds' };
  for (const row of results) totals[field[categoryOfKind(row.kind)]] += Number(row.total);
  return totals;
}
