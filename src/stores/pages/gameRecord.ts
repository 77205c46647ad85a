/**
 * Game history (player-shell §2 /m/gameRecord): every kind of game — lottery orders, the demo games' and the game
 * providers' rounds —
 * filtered by kind, status and period, with the period's stake, win and net; each line opens to its detail (a
 * lottery order's bets and draw; a round's cards, crash point or shot, with the seeds to verify it). A newer
 * request wins over an older one. Without the `game-history` capability (upstream mode) the list falls back to the
 * platform's lottery orders (/lgw/orders) for the period, without totals.
 */
import { atom } from 'nanostores';
import { getGameHistory, getRoundDetail, type HistoryItem, type HistoryPage, type RoundDetail } from '../../api/history';
import { getOrderDetail, searchOrders, type LotteryOrderDetail } from '../../api/lottery';
import { CAPABILITIES, hasCapability } from '../../../contract/capabilities';
import { periodRange, recordKey, RECORD_PAGE_SIZE, type RecordKind, type RecordPeriod } from '../../lib/gameRecord';
import type { OrderFilter } from '../../lib/lotteryRound';
import { env } from '../kit/environment';
import { createPage } from '../kit/page';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)

export type { HistoryItem, RoundDetail, LotteryOrderDetail };

/** The filters on screen. */
export interface RecordFilter {
  kind: RecordKind;
  status: OrderFilter;
  period: RecordPeriod;
}

/** The list: loading (null items), its pages, totals (null without the extension) and whether it failed. */
export interface RecordList {
  items: HistoryItem[] | null;
  totals: HistoryPage['totals'] | null;
  page: number;
  totalPages: number;
  failed: boolean;
  loadingMore: boolean;
}

/** A line's detail as loaded. */
export type RecordDetail =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'order'; order: LotteryOrderDetail }
  | { state: 'round'; round: RoundDetail };

/** A fetched page: totals are null when the deployment has no history extension. */
type Fetched = Omit<HistoryPage, 'totals'> & { totals: HistoryPage['totals'] | null };

async function fetchPage(filter: RecordFilter, page: number, now: number): Promise<Fetched> {
  const { from, to } = periodRange(filter.period, now);
  if (hasCapability(CAPABILITIES.gameHistory)) {
    return getGameHistory({ kind: filter.kind, status: filter.status, startDate: from, endDate: to, page, size: RECORD_PAGE_SIZE });
  }
  const orders = await searchOrders({
    startDate: from, endDate: to, page, size: RECORD_PAGE_SIZE, orderStatus: filter.status === 'all' ? undefined : filter.status,
  });
  return {
    items: orders.content.map((o) => ({
      kind: 'lottery', id: o.orderId, nodeId: 0, gameName: o.gameName, stakeMinor: o.totalStakeMinor - o.refundMinor, winMinor: o.payoutMinor,
      refundMinor: o.refundMinor, netMinor: o.payoutMinor + o.refundMinor - o.totalStakeMinor, status: o.status, freePlay: false, createdAt: o.createdAt,
    })),
    totals: null,
    page: orders.number,
    totalPages: orders.totalPages,
  };
}

/**
 * The game history page of one visit (player-shell §2 /m/gameRecord), made per visit (src/stores/kit/page.ts):
 * - `$recordFilter`: the filters; `$recordList`: the list of the current filters; `$recordDetails`: the details
 *   opened, by recordKey.
 * - `load(patch, now)`: loads the first page for the filters (changed by `patch`; a kind other than lottery asks
 *   for every status) over the period ending `now` (the environment clock by default); the newest request wins.
 * - `loadMore(now)`: appends the next page, when there is one.
 * - `openDetail(item)`: opens a line's detail (loaded once; a failed load is tried again on the next open); a game
 *   provider's round has none.
 * Answers that arrive after the page exits are dropped.
 */
export const gameRecordPage = createPage('gameRecord', (visit) => {
  const $recordFilter = atom<RecordFilter>({ kind: 'all', status: 'all', period: 'week' });
  const $recordList = atom<RecordList>({ items: null, totals: null, page: 0, totalPages: 0, failed: false, loadingMore: false });
  const $recordDetails = atom<Readonly<Record<string, RecordDetail>>>({});
  let latest = 0;

  async function load(patch: Partial<RecordFilter> = {}, now = env().now()): Promise<void> {
    const filter = { ...$recordFilter.get(), ...patch };
    if (filter.kind !== 'all' && filter.kind !== 'lottery') filter.status = 'all';
    $recordFilter.set(filter);
    const request = ++latest;
    $recordList.set({ items: null, totals: null, page: 0, totalPages: 0, failed: false, loadingMore: false });
    try {
      const page = await fetchPage(filter, 0, now);
      if (request !== latest || visit.exited) return;
      $recordList.set({ items: page.items, totals: page.totals, page: 0, totalPages: page.totalPages, failed: false, loadingMore: false });
    } catch {
      if (request === latest && !visit.exited) $recordList.set({ ...$recordList.get(), failed: true });
    }
  }

  async function loadMore(now = env().now()): Promise<void> {
    const list = $recordList.get();
    if (!list.items || list.loadingMore || list.page + 1 >= list.totalPages) return;
    const request = latest;
    $recordList.set({ ...list, loadingMore: true });
    try {
      const page = await fetchPage($recordFilter.get(), list.page + 1, now);
      if (request !== latest || visit.exited) return;
      const seen = new Set(list.items.map(recordKey));
      const items = [...list.items, ...page.items.filter((i) => !seen.has(recordKey(i)))];
      $recordList.set({ ...list, items, page: list.page + 1, totalPages: page.totalPages, loadingMore: false });
    } catch {
      if (request === latest && !visit.exited) $recordList.set({ ...$recordList.get(), loadingMore: false });
    }
  }

  async function openDetail(item: Pick<HistoryItem, 'kind' | 'id' | 'provider'>): Promise<void> {
    // A game provider's round has no detail here (its game screens are the provider's).
    if (item.provider !== undefined) return;
    const key = recordKey(item);
    const known = $recordDetails.get()[key];
    if (known && known.state !== 'failed') return;
    $recordDetails.set({ ...$recordDetails.get(), [key]: { state: 'loading' } });
    try {
      const detail: RecordDetail = item.kind === 'lottery'
        ? { state: 'order', order: await getOrderDetail(item.id) }
        : { state: 'round', round: await getRoundDetail(item.id) };
      if (!visit.exited) $recordDetails.set({ ...$recordDetails.get(), [key]: detail });
    } catch {
      if (!visit.exited) $recordDetails.set({ ...$recordDetails.get(), [key]: { state: 'failed' } });
    }
  }

  return { $recordFilter, $recordList, $recordDetails, load, loadMore, openDetail };
});

/** One visit of the game history page. */
export type GameRecordPage = ReturnType<typeof gameRecordPage>;
