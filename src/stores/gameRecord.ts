import { atom } from 'nanostores';
import { getOrderDetail, searchOrders, type LotteryOrder, type LotteryOrderDetail } from '../api/lottery';
import { ORDER_PAGE_SIZE, statusQuery, type OrderFilter } from '../lib/lotteryRound';
import { createFetcher } from './fetcher';
import { createPagedList } from './paged';

export type { LotteryOrder, LotteryOrderDetail };

/** The status chip on the game history (player-shell §2 /m/gameRecord). */
export const $recordFilter = atom<OrderFilter>('all');

/** Turns a status chip on; the list starts again at page 1. */
export function chooseRecordFilter(filter: OrderFilter): void {
  $recordFilter.set(filter);
}

/** The key of the history list of `filter` for the player holding `token` (another player's list is never reused). */
export function recordKey(filter: OrderFilter, token: string): string {
  return `${filter}:${token}`;
}

/**
 * The player's lottery orders, newest first, 9 a page (player-shell §2 /m/gameRecord). The paging helpers count
 * pages from 1; the gateway from 0.
 */
export const recordPages = createPagedList<LotteryOrder>((key, _language, pageNo) => {
  const filter = key.slice(0, key.indexOf(':')) as OrderFilter;
  return searchOrders({ orderStatus: statusQuery(filter), page: pageNo - 1, size: ORDER_PAGE_SIZE })
    .then((v) => ({ items: v.content, pageNum: v.number + 1, totalPages: v.totalPages }));
}, (order) => order.orderId);

/** One order's bets and its draw (loaded when the player opens it; kept for the page). */
export const orderDetail = createFetcher<LotteryOrderDetail>((orderId) => getOrderDetail(Number(orderId)));
