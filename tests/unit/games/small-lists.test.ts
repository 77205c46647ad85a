import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/api/catalogue', () => ({ getHotGames: vi.fn() }));
vi.mock('../../../src/api/lottery', () => ({ getLotteryGames: vi.fn() }));

const { getHotGames } = await import('../../../src/api/catalogue');
const { getLotteryGames } = await import('../../../src/api/lottery');
const { $hotGames, loadHotGames } = await import('../../../src/stores/pages/hotGames');
const { lotteryLobbyPage } = await import('../../../src/stores/pages/lotteryLobby');

afterEach(() => vi.clearAllMocks());

// player-shell §2 /m/hot: the hot list loads, fails with a retry, and the newest request wins.
describe('hot games store', () => {
  it('loads the list in the language asked for, then shows it', async () => {
    vi.mocked(getHotGames).mockResolvedValueOnce([{ nodeId: 1 } as never]);
    const done = loadHotGames('VI');
    expect($hotGames.get()).toEqual({ games: null, failed: false });
    await done;
    expect(getHotGames).toHaveBeenCalledWith('VI');
    expect($hotGames.get()).toEqual({ games: [{ nodeId: 1 }], failed: false });
  });

  it('reports a failure, and a retry starts loading again', async () => {
    vi.mocked(getHotGames).mockRejectedValueOnce(new Error('offline'));
    await loadHotGames('EN');
    expect($hotGames.get().failed).toBe(true);
    vi.mocked(getHotGames).mockResolvedValueOnce([]);
    await loadHotGames('EN');
    expect($hotGames.get()).toEqual({ games: [], failed: false });
  });

  it('keeps the answer of the newest request when an older one arrives late', async () => {
    let late: (games: never[]) => void = () => undefined;
    vi.mocked(getHotGames).mockImplementationOnce(() => new Promise((resolve) => { late = resolve; }));
    vi.mocked(getHotGames).mockResolvedValueOnce([{ nodeId: 2 } as never]);
    const older = loadHotGames('EN');
    await loadHotGames('FR');
    late([{ nodeId: 9 } as never]);
    await older;
    expect($hotGames.get().games).toEqual([{ nodeId: 2 }]);
  });
});

// player-shell §2 /m/launchGame "code (default lobby)": the vendor's other lottery games.
describe('lottery lobby store', () => {
  it('lists the vendor\'s games, and stays empty when the call fails', async () => {
    const lobby = lotteryLobbyPage();
    vi.mocked(getLotteryGames).mockResolvedValueOnce({ serverTime: 0, list: [{ nodeId: 5 } as never] });
    await lobby.load('TCG_LOTTO_VN');
    expect(getLotteryGames).toHaveBeenCalledWith({ vassalage: 'TCG_LOTTO_VN' });
    expect(lobby.$lotteryLobby.get()).toEqual([{ nodeId: 5 }]);
    vi.mocked(getLotteryGames).mockRejectedValueOnce(new Error('offline'));
    await lobby.load('TCG_LOTTO_VN');
    expect(lobby.$lotteryLobby.get()).toEqual([]);
    lobby.exit();
  });

  it('drops the games that arrive after the page was left', async () => {
    const lobby = lotteryLobbyPage();
    let late: (v: never) => void = () => undefined;
    vi.mocked(getLotteryGames).mockImplementationOnce(() => new Promise((resolve) => { late = resolve; }));
    const loading = lobby.load('TCG_LOTTO_VN');
    lobby.exit();
    late({ serverTime: 0, list: [{ nodeId: 5 }] } as never);
    await loading;
    expect(lobby.$lotteryLobby.get()).toEqual([]);
  });
});
