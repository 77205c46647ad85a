import type { z } from 'zod';
import type { ValueOf } from '../../../contract/call';
import type { walletCalls } from '../../../contract/calls/wallet';
import { ApiError } from '../../lib/envelope';
import { categoryOfKind, pageTransactions, transactionTotals } from '../../db/queries/transactions';

/** Rows per page of the transactions view. */
export const TRANSACTIONS_PAGE_SIZE = 20;
/** The longest period one request may cover (about 3 months). */
export const MAX_PERIOD_MS = 92 * 86_400_000;
/** The default period: the last 30 days. */
export const DEFAULT_PERIOD_MS = 30 * 86_400_000;

/**
 * The transactions view (issue 13): the member's ledger entries in a period (newest first, 20 a page), optionally
 * one category, with per-category totals over the whole period and net deposits = credited deposits minus money
 * withdrawn (holds of pending, approved and paid withdrawals; released holds cancel out). Period defaults to
 * the last 30 days and may span at most 92 days (400 `request_param_err`). Amounts are signed integer
 * minor units, as the answer schema declares them inside (the handler encodes them to currency units).
 */
export async function transactionsPage(
  db: D1Database,
  memberId: number,
  query: z.output<NonNullable<typeof walletCalls.transactions.query>>,
  now = Date.now(),
): Promise<ValueOf<typeof walletCalls.transactions>> {
  const end = query.endDate ?? now;
  const start = query.startDate ?? end - DEFAULT_PERIOD_MS;
  if (start > end || end - start > MAX_PERIOD_MS) {
    throw new ApiError(400, 'request_param_err', 'The period must start before it ends and span at most 92 days');
  }
  const pageNo = query.pageNo ?? 1;
  const [page, totals] = await Promise.all([
    pageTransactions(db, memberId, {
      category: query.category ? query.category : null, start, end, offset: (pageNo - 1) * TRANSACTIONS_PAGE_SIZE, limit: TRANSACTIONS_PAGE_SIZE,
    }),
    transactionTotals(db, memberId, start, end),
  ]);
  return {
    list: page.rows.map((row) => ({
      id: row.id, category: categoryOfKind(row.kind), kind: row.kind, amount: row.amountMinor,
      balanceAfter: row.balanceAfterMinor, reference: row.reference, createdAt: row.createdAt,
    })),
    totals: {
      deposits: totals.deposits, withdrawals: totals.withdrawals,
      netDeposits: totals.deposits + totals.withdrawals, bonuses: totals.bonuses, rounds: totals.rounds,
    },
    pageNo,
    totalPages: Math.max(1, Math.ceil(page.total / TRANSACTIONS_PAGE_SIZE)),
  };
}
