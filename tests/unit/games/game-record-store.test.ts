import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameRecordPage } from '../../../src/stores/pages/gameRecord';

vi.mock('../../../src/api/history', () => ({ getGameHistory: vi.fn(), getRoundDetail: vi.fn() }));
vi.mock('../../../src/api/lottery', () => ({ getOrderDetail: vi.fn(), searchOrders: vi.fn() }));

const { getGameHistory, getRoundDetail } = await import('../../../src/api/history');
const { getOrderDetail } = await import('../../../src/api/lottery');
const { gameRecordPage } = await import('../../../src/stores/pages/gameRecord');
const { periodRange } = await import('../../../src/lib/gameRecord');

const item = (id: number, kind = 'table') => ({
  kind, id, nodeId: 1, gameName: 'G', stakeMinor: 100, winMinor: 0, refundMinor: 0, netMinor: -100, status: 'settled', freePlay: false, createdAt: id,
}) as never;
const totals = { count: 10, stakeMinor: 1000, winMinor: 400, netMinor: -600 };

afterEach(() => vi.clearAllMocks());

describe('periods: whole local days ending now, up to the last 3 months', () => {
  it.each([['today', 0], ['week', 6], ['month', 29], ['quarter', 89]] as const)('%s starts at local midnight %i days back', (period, days) => {
    const now = new Date(2026, 5, 15, 13, 30).getTime();
    expect(periodRange(period, now)).toEqual({ from: new Date(2026, 5, 15 - days).getTime(), to: now });
  });
});

describe('a player reading the game history', () => {
  // A fresh visit per case (src/stores/kit/page.ts), left after it.
  let record: GameRecordPage;
  beforeEach(() => {
    record = gameRecordPage();
  });
  afterEach(() => record.exit());

  it('sees every kind over the last 7 days with the totals, then filters to the card table over 3 months', async () => {
    vi.mocked(getGameHistory).mockResolvedValueOnce({ items: [item(2), item(1, 'lottery')], totals, page: 0, totalPages: 2 });
    const now = new Date(2026, 5, 15, 12).getTime();
    await record.load({}, now);
    expect(getGameHistory).toHaveBeenLastCalledWith({ kind: 'all', status: 'all', startDate: new Date(2026, 5, 9).getTime(), endDate: now, page: 0, size: 9 });
    expect(record.$recordList.get()).toMatchObject({ totals, totalPages: 2, failed: false });
    vi.mocked(getGameHistory).mockResolvedValueOnce({ items: [item(3)], totals, page: 1, totalPages: 2 });
    await record.loadMore(now);
    expect(record.$recordList.get().items?.map((i: { id: number }) => i.id)).toEqual([2, 1, 3]);

    vi.mocked(getGameHistory).mockResolvedValueOnce({ items: [], totals: { count: 0, stakeMinor: 0, winMinor: 0, netMinor: 0 }, page: 0, totalPages: 0 });
    await record.load({ kind: 'table', period: 'quarter', status: 'settled' }, now);
    // The status filter belongs to lottery orders: other kinds ask for every status.
    expect(record.$recordFilter.get()).toEqual({ kind: 'table', status: 'all', period: 'quarter' });
    expect(vi.mocked(getGameHistory).mock.lastCall![0]).toMatchObject({ kind: 'table', status: 'all' });
  });

  it("keeps a game provider's round beside a demo round of the same kind and id, and opens no detail for it", async () => {
    const provider = { ...(item(2) as object), provider: 'Studio', status: 'open' } as never;
    vi.mocked(getGameHistory).mockResolvedValueOnce({ items: [item(2)], totals, page: 0, totalPages: 2 });
    await record.load({});
    vi.mocked(getGameHistory).mockResolvedValueOnce({ items: [provider, item(2)], totals, page: 1, totalPages: 2 });
    await record.loadMore();
    expect(record.$recordList.get().items?.map((i: { provider?: string | undefined }) => i.provider ?? '')).toEqual(['', 'Studio']);
    await record.openDetail(provider);
    expect(getRoundDetail).not.toHaveBeenCalled();
    expect(record.$recordDetails.get()).toEqual({});
  });

  it('keeps the newest request when an older answer arrives late, and reports a failure', async () => {
    let late: (v: never) => void = () => undefined;
    vi.mocked(getGameHistory).mockImplementationOnce(() => new Promise((resolve) => { late = resolve as never; }));
    vi.mocked(getGameHistory).mockResolvedValueOnce({ items: [item(9)], totals, page: 0, totalPages: 1 });
    const older = record.load({ kind: 'crash' });
    await record.load({ kind: 'shooter' });
    late({ items: [item(8)], totals, page: 0, totalPages: 1 } as never);
    await older;
    expect(record.$recordList.get().items?.map((i: { id: number }) => i.id)).toEqual([9]);
    vi.mocked(getGameHistory).mockRejectedValueOnce(new Error('offline'));
    await record.load();
    expect(record.$recordList.get().failed).toBe(true);
  });

  it('opens a round once and a lottery order through the order detail', async () => {
    vi.mocked(getRoundDetail).mockResolvedValueOnce({ roundId: 5 } as never);
    await record.openDetail({ kind: 'table', id: 5 });
    await record.openDetail({ kind: 'table', id: 5 });
    expect(getRoundDetail).toHaveBeenCalledTimes(1);
    expect(record.$recordDetails.get()['table:5']).toEqual({ state: 'round', round: { roundId: 5 } });
    vi.mocked(getOrderDetail).mockRejectedValueOnce(new Error('offline'));
    await record.openDetail({ kind: 'lottery', id: 7 });
    expect(record.$recordDetails.get()['lottery:7']).toEqual({ state: 'failed' });
    vi.mocked(getOrderDetail).mockResolvedValueOnce({ orderId: 7 } as never);
    await record.openDetail({ kind: 'lottery', id: 7 });
    expect(record.$recordDetails.get()['lottery:7']).toEqual({ state: 'order', order: { orderId: 7 } });
  });

  it('drops a list and a detail that arrive after the page was left', async () => {
    let late: (v: never) => void = () => undefined;
    vi.mocked(getGameHistory).mockImplementationOnce(() => new Promise((resolve) => { late = resolve as never; }));
    let lateDetail: (v: never) => void = () => undefined;
    vi.mocked(getRoundDetail).mockImplementationOnce(() => new Promise((resolve) => { lateDetail = resolve as never; }));
    const loading = record.load();
    const opening = record.openDetail({ kind: 'table', id: 5 });
    record.exit();
    late({ items: [item(1)], totals, page: 0, totalPages: 1 } as never);
    lateDetail({ roundId: 5 } as never);
    await Promise.all([loading, opening]);
    expect(record.$recordList.get().items).toBeNull();
    expect(record.$recordDetails.get()['table:5']).toEqual({ state: 'loading' });
  });
});
