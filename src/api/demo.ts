import { callApi } from './client';
import { catalogueCalls } from '../../contract/calls/catalogue';
import type { ValueOf } from '../../contract/call';
import type { FairOutcome } from '../../rules/demoGames';
import type { FairSeeds } from '../../rules/fair';

/**
 * PlayDeck's demo slot (extension /wps/playdeck/demo, capability `demo-games`): thin wrappers that keep the
 * browser in minor units while the wire carries currency units (the client's money codec converts: client.ts).
 */

/** The demo slot's sheet: stakes in minor units, free play supported (supportPlay 0), symbols, paytable. */
export interface DemoSlotGame {
  nodeId: number;
  gameName: string;
  displayName: string;
  stakes: number[];
  freePlay: boolean;
  /** The title's own configuration (rules/slotConfig.ts): 3 or 5 reels, its theme, symbols and paytable. */
  reelCount: number;
  theme: string;
  symbols: { id: string; name: string; glyph: string }[];
  paytable: { symbol: string; count: number; multiplier: number }[];
  /** The title's exact return to player, percent rounded to two decimals. */
  rtpPercent: number;
}

/** One settled demo round: the payline symbols per reel; money in minor units. */
export interface DemoSlotRound {
  roundId: number;
  reels: string[];
  stakeMinor: number;
  winMinor: number;
  balanceMinor: number;
  /** A free-play spin: no money moved. */
  freePlay: boolean;
}

/** GET the demo slot's sheet (`nodeId`). */
export async function getDemoSlotGame(nodeId: number): Promise<DemoSlotGame> {
  const value = await callApi(catalogueCalls.demoSlotGame, { query: { nodeId } });
  return value;
}

/**
 * POST one spin `{ nodeId, stake (minor units here, currency units on the wire), idempotencyKey, freePlay? }`; the
 * key makes a retried spin count once; `freePlay` spins without money where the game supports it.
 */
export async function spinDemoSlot(input: { nodeId: number; stakeMinor: number; idempotencyKey: string; freePlay?: boolean }): Promise<DemoSlotRound> {
  const value = await callApi(catalogueCalls.demoSlotSpin, {
    body: {
      nodeId: input.nodeId, stake: input.stakeMinor, idempotencyKey: input.idempotencyKey, ...(input.freePlay ? { freePlay: true } : {}),
    },
    idempotencyKey: input.idempotencyKey,
  });
  return {
    roundId: value.roundId, reels: value.reels, stakeMinor: value.stake, winMinor: value.winAmount,
    balanceMinor: value.balance, freePlay: value.freePlay,
  };
}

/** A demo game's sheet of any kind (stakes in minor units). */
export interface DemoGameSheet {
  nodeId: number;
  kind: 'slot' | 'table' | 'crash' | 'shooter';
  gameName: string;
  displayName: string;
  stakes: number[];
  freePlay: boolean;
  minTarget: number;
  maxTarget: number;
  targets: { id: string; glyph: string; multiplier: number; hitsIn10000: number }[];
  /** A slot title's own configuration (rules/slotConfig.ts); null for other kinds. */
  slot: { reelCount: number; theme: string; symbols: { id: string; name: string; glyph: string }[]; paytable: { symbol: string; count: number; multiplier: number }[] } | null;
  /** A table title's own configuration (rules/demoGames.ts tableConfigOf); null for other kinds. */
  table: { sides: [string, string] | null; tiePays: number; rtpPercent: { DRAGON: number; TIGER: number; TIE: number } } | null;
  /** The title's computed return to player in percent (a table: its Dragon/Tiger bet's). */
  rtpPercent: number;
}

/** A played provably fair round (money in minor units). */
export interface FairRoundView {
  roundId: number;
  nodeId: number;
  outcome: FairOutcome;
  stakeMinor: number;
  winMinor: number;
  freePlay: boolean;
  fair: FairSeeds;
  createdAt: number;
}

/** A round of the demo games' answers (money already in minor units: client.ts) with its money fields named `…Minor`. */
export function fairRoundOf(value: ValueOf<typeof catalogueCalls.demoPlay>['round']): FairRoundView {
  return {
    roundId: value.roundId, nodeId: value.nodeId, outcome: value.outcome, stakeMinor: value.stake,
    winMinor: value.winAmount, freePlay: value.freePlay, fair: value.fair, createdAt: value.createdAt,
  };
}

/** GET a demo game's sheet (`nodeId`). */
export async function getDemoGame(nodeId: number): Promise<DemoGameSheet> {
  const value = await callApi(catalogueCalls.demoGame, { query: { nodeId } });
  return value;
}

/** GET the commitment of the member's next provably fair round. */
export async function getDemoFair(): Promise<{ commitment: string; nonce: number }> {
  return callApi(catalogueCalls.demoFair, {});
}

/** POST one provably fair round; the key makes a retried round count once. */
export async function playDemoRound(input: {
  nodeId: number; stakeMinor: number; choice: string; clientSeed: string; idempotencyKey: string; freePlay: boolean;
}): Promise<{ round: FairRoundView; balanceMinor: number; nextCommitment: string }> {
  const value = await callApi(catalogueCalls.demoPlay, {
    body: {
      nodeId: input.nodeId, stake: input.stakeMinor, choice: input.choice, clientSeed: input.clientSeed,
      idempotencyKey: input.idempotencyKey, ...(input.freePlay ? { freePlay: true } : {}),
    },
    idempotencyKey: input.idempotencyKey,
  });
  return { round: fairRoundOf(value.round), balanceMinor: value.balance, nextCommitment: value.nextCommitment };
}
