import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/api/lottery', () => ({
  cancelOrders: vi.fn(), getLotteryDraws: vi.fn(), getLotteryGame: vi.fn(), getOrderDetail: vi.fn(), placeBetting: vi.fn(), searchOrders: vi.fn(),
}));

const api = await import('../../../src/api/lottery');
const { lotteryRoundPage } = await import('../../../src/stores/pages/lotteryRound');
const { resetEnvironment, setEnvironment } = await import('../../../src/stores/kit/environment');

const SHEET = { gameId: 'g1', nodeId: 3, minStakeMinor: 100, maxStakeMinor: 10_000, prizeModes: ['standard'] } as never;
const draw = (issueNo: string, closeAt: number) => ({ issueNo, closeAt, drawAt: closeAt + 1_000, digits: null });
const T = 1_000_000;

// The page's document: its visibility listener is counted; no data-capabilities attribute (every capability on).
const listeners = new Set<unknown>();
beforeEach(() => {
  listeners.clear();
  vi.stubGlobal('document', {
    visibilityState: 'visible',
    documentElement: { getAttribute: () => null },
    addEventListener: (_type: string, fn: unknown) => listeners.add(fn),
    removeEventListener: (_type: string, fn: unknown) => listeners.delete(fn),
  });
  setEnvironment({ now: () => T });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.clearAllMocks();
  resetEnvironment();
});

// player-shell §2 /m/lotto-h5: the page reads its draws on a timer and again when it turns visible, until it is left.
describe('the lottery page store per visit', () => {
  it('leaving the page stops the draws\' timer and unbinds the visibility listener', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.mocked(api.getLotteryGame).mockResolvedValue(SHEET);
    vi.mocked(api.getLotteryDraws).mockResolvedValue({ nodeId: 3, serverTime: T, current: draw('1', T + 60_000), results: [] } as never);
    const page = lotteryRoundPage();
    page.open({ gameId: 'g1', prizeMode: null });
    await vi.waitFor(() => expect(page.$round.get().draws?.current.issueNo).toBe('1'));
    expect(listeners.size).toBe(1);
    expect(api.getLotteryDraws).toHaveBeenCalledTimes(1);
    page.exit();
    expect(listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(api.getLotteryDraws).toHaveBeenCalledTimes(1);
  });

  it('drops a game sheet that arrives after the page was left', async () => {
    let late: (v: never) => void = () => undefined;
    vi.mocked(api.getLotteryGame).mockImplementationOnce(() => new Promise((resolve) => { late = resolve; }));
    const page = lotteryRoundPage();
    page.open({ gameId: 'g1', prizeMode: null });
    page.exit();
    late(SHEET);
    await Promise.resolve();
    await Promise.resolve();
    expect(page.$round.get().status).toBe('loading');
    expect(api.getLotteryDraws).not.toHaveBeenCalled();
  });
});
