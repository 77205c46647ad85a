import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DemoGamePage } from '../../../src/stores/pages/demoGame';

vi.mock('../../../src/api/demo', () => ({ getDemoGame: vi.fn(), getDemoFair: vi.fn(), playDemoRound: vi.fn() }));
vi.mock('../../../src/stores/concepts/member', async () => {
  const { atom } = await import('nanostores');
  return { $wallet: atom<unknown>(null), refreshWallet: vi.fn() };
});

const { getDemoGame, getDemoFair, playDemoRound } = await import('../../../src/api/demo');
const { ApiRequestError } = await import('../../../src/api/client');
const { $wallet, refreshWallet } = await import('../../../src/stores/concepts/member');
const { demoGamePage } = await import('../../../src/stores/pages/demoGame');

const sheet = {
  nodeId: 15000, kind: 'table' as const, gameName: 'Dragon Tiger · Jade Room', displayName: 'Crown Live', stakes: [10, 50], freePlay: true,
  minTarget: 101, maxTarget: 10_000, targets: [], slot: null,
  table: { sides: null, tiePays: 12, rtpPercent: { DRAGON: 96.15, TIGER: 96.15, TIE: 92.31 } }, rtpPercent: 96.15,
};
const round = {
  roundId: 7, nodeId: 15000, outcome: { kind: 'table' as const, bet: 'DRAGON' as const, dragon: 12, tiger: 0 }, stakeMinor: 50, winMinor: 100,
  freePlay: false, fair: { serverSeed: 'a'.repeat(64), commitment: 'c1', clientSeed: 'x', nonce: 0 }, createdAt: 1,
};

// A fresh visit of the game page per case (src/stores/kit/page.ts), left after it.
let page: DemoGamePage;
let $demoRound: DemoGamePage['$demoRound'];
let $demoSheet: DemoGamePage['$demoSheet'];
let loadCommitment: DemoGamePage['loadCommitment'];
let openDemoGame: DemoGamePage['openDemoGame'];
let playDemo: DemoGamePage['playDemo'];
let setFreePlay: DemoGamePage['setFreePlay'];
beforeEach(() => {
  page = demoGamePage();
  ({ $demoRound, $demoSheet, loadCommitment, openDemoGame, playDemo, setFreePlay } = page);
});
afterEach(() => {
  page.exit();
  vi.clearAllMocks();
});

describe('a player at the demo card table', () => {
  it('opens the game, sees the next commitment, plays a round and sees the new balance at once', async () => {
    vi.mocked(getDemoGame).mockResolvedValueOnce(sheet);
    vi.mocked(getDemoFair).mockResolvedValueOnce({ commitment: 'c1', nonce: 0 });
    vi.mocked(playDemoRound).mockResolvedValueOnce({ round, balanceMinor: 1_050, nextCommitment: 'c2' });
    $wallet.set({ sumBalance: 1_000, currencySymbol: '$' } as never);
    await openDemoGame(15000);
    await loadCommitment();
    expect($demoSheet.get()).toEqual({ nodeId: 15000, game: sheet, error: null });
    expect($demoRound.get().commitment).toBe('c1');
    const playing = playDemo(15000, 50, 'DRAGON');
    expect($demoRound.get().playing).toBe(true);
    await playing;
    const sent = vi.mocked(playDemoRound).mock.calls[0]![0];
    expect(sent).toMatchObject({ nodeId: 15000, stakeMinor: 50, choice: 'DRAGON', freePlay: false });
    expect(sent.clientSeed).toMatch(/^[0-9a-f]{16}$/);
    expect($demoRound.get()).toMatchObject({ playing: false, round, commitment: 'c2', pending: null, error: null });
    expect(($wallet.get() as { sumBalance: number }).sumBalance).toBe(1_050);
  });

  it('retries a round whose answer was lost with the same key and seed, and a refused round is not retried', async () => {
    vi.mocked(playDemoRound).mockRejectedValueOnce(new TypeError('offline'));
    await playDemo(15000, 50, 'TIGER');
    expect($demoRound.get().error).toBe('slot.network');
    const lost = vi.mocked(playDemoRound).mock.calls[0]![0];
    vi.mocked(playDemoRound).mockRejectedValueOnce(new ApiRequestError(409, 'insufficient_balance', null));
    await playDemo(15000, 10, 'TIE');
    expect(vi.mocked(playDemoRound).mock.calls[1]![0]).toEqual(lost);
    expect($demoRound.get()).toMatchObject({ error: 'slot.insufficient', pending: null });
    expect(refreshWallet).toHaveBeenCalled();
  });

  it('plays for free only on a game that supports it', async () => {
    vi.mocked(getDemoGame).mockResolvedValueOnce(sheet);
    await openDemoGame(15000, true);
    expect($demoRound.get().freePlay).toBe(true);
    setFreePlay(false);
    expect($demoRound.get().freePlay).toBe(false);
    vi.mocked(getDemoGame).mockResolvedValueOnce({ ...sheet, freePlay: false });
    await openDemoGame(15000, true);
    expect($demoRound.get().freePlay).toBe(false);
    setFreePlay(true);
    expect($demoRound.get().freePlay).toBe(false);
  });

  it('a sheet or round answered after the page exits changes nothing on it, but the settled balance still shows', async () => {
    let sheetAnswer: (value: unknown) => void = () => {};
    vi.mocked(getDemoGame).mockReturnValueOnce(new Promise((resolve) => { sheetAnswer = resolve; }) as never);
    const opening = openDemoGame(15000);
    let roundAnswer: (value: unknown) => void = () => {};
    vi.mocked(playDemoRound).mockReturnValueOnce(new Promise((resolve) => { roundAnswer = resolve; }) as never);
    $wallet.set({ sumBalance: 1_000, currencySymbol: '$' } as never);
    const playing = playDemo(15000, 50, 'DRAGON');
    page.exit();
    sheetAnswer(sheet);
    roundAnswer({ round, balanceMinor: 1_050, nextCommitment: 'c2' });
    await Promise.all([opening, playing]);
    expect($demoSheet.get()).toBeNull();
    expect($demoRound.get()).toMatchObject({ round: null, commitment: null });
    expect(($wallet.get() as { sumBalance: number }).sumBalance).toBe(1_050);
  });

  it('reports a missing game as not found', async () => {
    vi.mocked(getDemoGame).mockRejectedValueOnce(new ApiRequestError(404, 'game_not_found', null));
    await openDemoGame(99);
    expect($demoSheet.get()).toEqual({ nodeId: 99, game: null, error: 'notFound' });
  });
});
