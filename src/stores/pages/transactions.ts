import { atom } from 'nanostores';
import { getTransactions, type TransactionTotalsView, type TransactionView } from '../../api/wallet';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)
import { env } from '../kit/environment';

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

/** The transactions view's state. */
export const $transactions = atom<TransactionsState>({
  category: '', days: 30, list: [], totals: null, pageNo: 1, totalPages: 1, loading: false, failed: false,
});

let generation = 0;

/** Loads page 1 for the current filter (the newest request wins), or appends the next page with `more`. */
export async function loadTransactions(more = false): Promise<void> {
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
    if (run !== generation) return;
    const current = $transactions.get();
    $transactions.set({
      ...current, loading: false, list: more ? [...current.list, ...page.list] : page.list, totals: page.totals, pageNo: page.pageNo,
      totalPages: page.totalPages,
    });
  } catch {
    if (run === generation) $transactions.set({ ...$transactions.get(), loading: false, failed: true });
  }
}

/** Filters by category and reloads from page 1. */
export function filterTransactions(category: TransactionFilter): Promise<void> {
  $transactions.set({ ...$transactions.get(), category });
  return loadTransactions();
}

/** Chooses the period and reloads from page 1. */
export function choosePeriod(days: PeriodDays): Promise<void> {
  $transactions.set({ ...$transactions.get(), days });
  return loadTransactions();
}
