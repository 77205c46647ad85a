import { atom } from 'nanostores';
import { getTransactions, type TransactionTotalsView, type TransactionView } from '../../api/wallet';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)
import { env } from '../kit/environment';
import { createPage } from '../kit/page';

/** Categories the view filters by ('' = all). */
export type TransactionFilter = '' | 'deposit' | 'withdrawal' | 'bonus' | 'round';
/** Periods offered, in days (the server takes at most 92). */
export const PERIOD_DAYS = [7, 30, 90] as const;
/** One of the offered periods. */
export type PeriodDays = (typeof PERIOD_DAYS)[number];

/** The transactions view (issue 13: deposits, withdrawals, bonuses and rounds, net deposits over a period). */
export interface TransactionsState {
  category: TransactionFilter;
  days: PeriodDays;
  list: TransactionView[];
  totals: TransactionTotalsView | null;
  pageNo: number;
  totalPages: number;
  loading: boolean;
  failed: boolean;
}

/**
 * The transactions page of one visit (issue 13: deposits, withdrawals, bonuses and rounds, net deposits over a
 * period), made per visit (src/stores/kit/page.ts):
 * - `$transactions`: the filter, the rows loaded so far, the totals, the paging, loading and failed.
 * - `load(more)`: loads page 1 for the current filter over the last `days` days up to now (environment clock), or
 *   appends the next page with `more` (nothing while loading or on the last page); the newest request wins; a
 *   failure sets `failed`.
 * - `filter(category)` / `choosePeriod(days)`: set the filter and reload from page 1.
 * Answers that arrive after the page exits are dropped.
 */
export const transactionsPage = createPage('member/transactions', (visit) => {
  const $transactions = atom<TransactionsState>({
    category: '', days: 30, list: [], totals: null, pageNo: 1, totalPages: 1, loading: false, failed: false,
  });
  let generation = 0;

  async function load(more = false): Promise<void> {
    const state = $transactions.get();
    if (more && (state.loading || state.pageNo >= state.totalPages)) return;
    const run = ++generation;
    const pageNo = more ? state.pageNo + 1 : 1;
    $transactions.set({ ...state, loading: true, failed: false, ...(more ? {} : { list: [], totals: null }) });
    const endDate = env().now();
    try {
      const page = await getTransactions({
        category: state.category, startDate: endDate - state.days * 86_400_000, endDate, pageNo,
      });
      if (run !== generation || visit.exited) return;
      const current = $transactions.get();
      $transactions.set({
        ...current, loading: false, list: more ? [...current.list, ...page.list] : page.list, totals: page.totals, pageNo: page.pageNo,
        totalPages: page.totalPages,
      });
    } catch {
      if (run === generation && !visit.exited) $transactions.set({ ...$transactions.get(), loading: false, failed: true });
    }
  }

  function filter(category: TransactionFilter): Promise<void> {
    $transactions.set({ ...$transactions.get(), category });
    return load();
  }

  function choosePeriod(days: PeriodDays): Promise<void> {
    $transactions.set({ ...$transactions.get(), days });
    return load();
  }

  return { $transactions, load, filter, choosePeriod };
});

/** One visit of the transactions page. */
export type TransactionsPage = ReturnType<typeof transactionsPage>;
