/**
 * The built-in demo slot (vendor launch_adapter 'demo'): one payline (the symbol each reel stops on) over the
 * title's own configuration (rules/slotConfig.ts: 3 or 5 reels, themed strips, paytable and exact return to player,
 * derived from the game id; docs/games.md "Demo titles and their configurations"). Everything here is pure except
 * `secureRandomInt`, which callers inject into `spin` so tests can drive the reels. Money is integer minor units;
 * every multiplier is an integer, so every win is one too.
 */
import { paylineMultiplier, type SlotConfig } from '../../../rules/slotConfig';

/** Stakes a player may choose, minor units. */
export const SLOT_STAKES: readonly number[] = [10, 50, 100, 500, 1000];

/** A uniform random integer in [0, n): the only source of chance in a spin. */
export type RandomInt = (n: number) => number;

/** Outcome of one spin: the stop index on each strip, the symbol ids on the payline and the win (minor units). */
export interface SpinOutcome {
  stops: number[];
  reels: string[];
  winMinor: number;
}

/** Whether a stake (minor units) is one the game accepts. */
export function isSlotStake(stakeMinor: number): boolean {
  return SLOT_STAKES.includes(stakeMinor);
}

/**
 * Spins the title's reels (`config.strips`, one stop each, drawn with the injected RNG) and prices the payline with
 * its paytable for `stakeMinor`. Throws when the RNG returns a stop outside a strip.
 */
export function spin(randomInt: RandomInt, stakeMinor: number, config: Pick<SlotConfig, 'strips' | 'paytable'>): SpinOutcome {
  const stops = config.strips.map((strip) => {
    const stop = randomInt(strip.length);
    if (!Number.isInteger(stop) || stop < 0 || stop >= strip.length) throw new Error('randomInt returned an out-of-range stop');
    return stop;
  });
  const reels = stops.map((stop, i) => config.strips[i]?.[stop] as string);
  return { stops, reels, winMinor: stakeMinor * paylineMultiplier(config.paytable, reels) };
}

/**
 * Uniform integer in [0, n) from the platform CSPRNG (crypto.getRandomValues). Rejection sampling removes the
 * modulo bias that `x % n` would add.
 */
export function secureRandomInt(n: number): number {
  if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new Error('secureRandomInt needs 0 < n ≤ 2^32');
  const limit = Math.floor(2 ** 32 / n) * n;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const x = buffer[0] as number;
    if (x < limit) return x % n;
  }
}
