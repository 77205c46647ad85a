import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DemoSlotPage } from '../../../src/stores/pages/demoSlot';

vi.mock('../../../src/api/demo', () => ({ getDemoSlotGame: vi.fn(), spinDemoSlot: vi.fn() }));
vi.mock('../../../contract/capabilities', async (load) => ({ ...(await load<object>()), hasCapability: () => true }));
vi.mock('../../../src/stores/concepts/member', async () => {
  const { atom } = await import('nanostores');
  return { $wallet: atom<unknown>(null), refreshWallet: vi.fn() };
});

const { spinDemoSlot } = await import('../../../src/api/demo');
const { ApiRequestError } = await import('../../../src/api/client');
const { $wallet, refreshWallet } = await import('../../../src/stores/concepts/member');
const { demoSlotPage } = await import('../../../src/stores/pages/demoSlot');

const round = { roundId: 3, nodeId: 16000, reels: ['A', 'A', 'B'], stakeMinor: 10, winMinor: 0, balanceMinor: 990 } as never;

// A fresh visit of /play/slot per case (src/stores/kit/page.ts), left after it.
let page: DemoSlotPage;
beforeEach(() => {
  page = demoSlotPage();
  $wallet.set({ sumBalance: 1_000, currencySymbol: '$' } as never);
});
afterEach(() => {
  page.exit();
  vi.clearAllMocks();
});

describe('a player at the demo slot (/play/slot)', () => {
  it('spins once and the wallet store takes the round balance at once', async () => {
    vi.mocked(spinDemoSlot).mockResolvedValueOnce(round);
    const spinning = page.spin(16000, 10);
    expect(page.$slot.get().spinning).toBe(true);
    await spinning;
    expect(page.$slot.get()).toEqual({ spinning: false, round, error: null, pending: null, freePlay: false });
    expect(($wallet.get() as { sumBalance: number }).sumBalance).toBe(990);
  });

  it('retries a spin whose answer was lost with the same key', async () => {
    vi.mocked(spinDemoSlot).mockRejectedValueOnce(new TypeError('offline'));
    await page.spin(16000, 10);
    expect(page.$slot.get().error).toBe('slot.network');
    vi.mocked(spinDemoSlot).mockRejectedValueOnce(new ApiRequestError(409, 'insufficient_balance', null));
    await page.spin(16000, 50);
    const [first, second] = vi.mocked(spinDemoSlot).mock.calls.map((call) => call[0]);
    expect(second).toEqual(first);
    expect(page.$slot.get()).toMatchObject({ error: 'slot.insufficient', pending: null });
    expect(refreshWallet).toHaveBeenCalled();
  });

  it('a spin answered after the page exits changes nothing on it, but the settled balance still shows', async () => {
    let answer: (value: unknown) => void = () => {};
    vi.mocked(spinDemoSlot).mockReturnValueOnce(new Promise((resolve) => { answer = resolve; }) as never);
    const spinning = page.spin(16000, 10);
    page.exit();
    answer(round);
    await spinning;
    expect(page.$slot.get()).toMatchObject({ round: null, error: null });
    expect(($wallet.get() as { sumBalance: number }).sumBalance).toBe(990);
  });

  it('a refusal answered after the page exits shows no message', async () => {
    let fail: (error: unknown) => void = () => {};
    vi.mocked(spinDemoSlot).mockReturnValueOnce(new Promise((_resolve, reject) => { fail = reject; }) as never);
    const spinning = page.spin(16000, 10);
    page.exit();
    fail(new TypeError('offline'));
    await spinning;
    expect(page.$slot.get().error).toBeNull();
  });
});

describe('the demo slot honours supportPlay like the other demo games', () => {
  const freeRound = { roundId: 1, reels: ['BAR', 'BAR', 'BELL'], stakeMinor: 100, winMinor: 0, balanceMinor: 500, freePlay: true };

  it('free play is offered only where the game supports it', () => {
    page.setSlotFreePlay(true, false);
    expect(page.$slot.get().freePlay).toBe(false);
    page.setSlotFreePlay(true, true);
    expect(page.$slot.get().freePlay).toBe(true);
  });

  it('a spin in free play asks the server for a free spin', async () => {
    vi.mocked(spinDemoSlot).mockResolvedValue(freeRound);
    page.setSlotFreePlay(true, true);
    await page.spin(10001, 100);
    expect(vi.mocked(spinDemoSlot).mock.calls[0]?.[0]).toMatchObject({ nodeId: 10001, stakeMinor: 100, freePlay: true });
    expect(page.$slot.get()).toMatchObject({ round: freeRound, freePlay: true, spinning: false });
  });

  it('the mode does not change while a spin waits for its retry', () => {
    page.$slot.set({ ...page.$slot.get(), pending: { key: 'k-12345678', nodeId: 1, stakeMinor: 100 } });
    page.setSlotFreePlay(true, true);
    expect(page.$slot.get().freePlay).toBe(false);
  });
});
