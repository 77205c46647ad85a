import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/api/demo', () => ({ getDemoSlotGame: vi.fn(), spinDemoSlot: vi.fn() }));
vi.mock('../../../contract/capabilities', async (load) => ({ ...(await load<object>()), hasCapability: () => true }));

const { spinDemoSlot } = await import('../../../src/api/demo');
const { $slot, setSlotFreePlay, spin } = await import('../../../src/stores/pages/demoSlot');

const round = { roundId: 1, reels: ['BAR', 'BAR', 'BELL'], stakeMinor: 100, winMinor: 0, balanceMinor: 500, freePlay: true };

describe('the demo slot honours supportPlay like the other demo games', () => {
  beforeEach(() => {
    vi.mocked(spinDemoSlot).mockReset();
    $slot.set({ spinning: false, round: null, error: null, pending: null, freePlay: false });
  });

  it('free play is offered only where the game supports it', () => {
    setSlotFreePlay(true, false);
    expect($slot.get().freePlay).toBe(false);
    setSlotFreePlay(true, true);
    expect($slot.get().freePlay).toBe(true);
  });

  it('a spin in free play asks the server for a free spin', async () => {
    vi.mocked(spinDemoSlot).mockResolvedValue(round);
    setSlotFreePlay(true, true);
    await spin(10001, 100);
    expect(vi.mocked(spinDemoSlot).mock.calls[0]?.[0]).toMatchObject({ nodeId: 10001, stakeMinor: 100, freePlay: true });
    expect($slot.get()).toMatchObject({ round, freePlay: true, spinning: false });
  });

  it('the mode does not change while a spin waits for its retry', () => {
    $slot.set({ ...$slot.get(), pending: { key: 'k-12345678', nodeId: 1, stakeMinor: 100 } });
    setSlotFreePlay(true, true);
    expect($slot.get().freePlay).toBe(false);
  });
});
