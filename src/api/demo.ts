import { callApi } from './client';
import { catalogueCalls } from '../contract/calls/catalogue';
import { minorToWire, wireToMinor } from '../contract/money';

/**
 * PlayDeck's demo slot (extension /wps/playdeck/demo, capability `demo-games`): thin wrappers that keep the
 * browser in minor units while the wire carries currency units.
 */

/** The demo slot's sheet: stakes in minor units, symbols, paytable. */
export interface DemoSlotGame {
  nodeId: number;
  gameName: string;
  displayName: string;
  stakes: number[];
  symbols: { id: string; name: string; glyph: string }[];
  paytable: { symbol: string; count: number; multiplier: number }[];
}

/** One settled demo round: the payline symbols per reel; money in minor units. */
export interface DemoSlotRound {
  roundId: number;
  reels: string[];
  stakeMinor: number;
  winMinor: number;
  balanceMinor: number;
}

/** GET the demo slot's sheet (`nodeId`). */
export async function getDemoSlotGame(nodeId: number): Promise<DemoSlotGame> {
  const value = await callApi(catalogueCalls.demoSlotGame, { query: { nodeId } });
  return { ...value, stakes: value.stakes.map((stake) => wireToMinor(stake)) };
}

/** POST one spin `{ nodeId, stake (currency units), idempotencyKey }`; the key makes a retried spin count once. */
export async function spinDemoSlot(input: { nodeId: number; stakeMinor: number; idempotencyKey: string }): Promise<DemoSlotRound> {
  const value = await callApi(catalogueCalls.demoSlotSpin, {
    body: { nodeId: input.nodeId, stake: minorToWire(input.stakeMinor), idempotencyKey: input.idempotencyKey },
  });
  return {
    roundId: value.roundId, reels: value.reels, stakeMinor: wireToMinor(value.stake), winMinor: wireToMinor(value.winAmount),
    balanceMinor: wireToMinor(value.balance),
  };
}
