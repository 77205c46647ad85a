/**
 * The built-in demo slot (vendor launch_adapter 'demo'): three reels, one payline (the symbol each reel stops
 * on). Everything here is pure except `secureRandomInt`, which callers inject into `spin` so tests can drive
 * the reels. Money is integer minor units; every multiplier is an integer, so every win is one too.
 *
 * Return to player, exactly (see tests/unit/games/slot-rtp.test.ts, which recomputes it from the strips): 0.9325 (93.25 %).
 */

/** Symbol ids, from most to least valuable. */
export type SlotSymbol = 'SEVEN' | 'BAR' | 'BELL' | 'GRAPES' | 'ORANGE' | 'LEMON' | 'CHERRY';

/** Stakes a player may choose, minor units. */
export const SLOT_STAKES: readonly number[] = [10, 50, 100, 500, 1000];

/** Symbols as the game screen shows them. */
export const SLOT_SYMBOLS: readonly { id: SlotSymbol; name: string; glyph: string }[] = [
  { id: 'SEVEN', name: 'Seven', glyph: '7️⃣' },
  { id: 'BAR', name: 'Bar', glyph: 'BAR' },
  { id: 'BELL', name: 'Bell', glyph: '🔔' },
  { id: 'GRAPES', name: 'Grapes', glyph: '🍇' },
  { id: 'ORANGE', name: 'Orange', glyph: '🍊' },
  { id: 'LEMON', name: 'Lemon', glyph: '🍋' },
  { id: 'CHERRY', name: 'Cherry', glyph: '🍒' },
];

/**
 * Paytable: `count` same symbols in a row starting from reel 1 pay `multiplier` × stake. Only the longest
 * run counts (three cherries pay 10, not 10 + 4 + 1).
 */
export const SLOT_PAYTABLE: readonly { symbol: SlotSymbol; count: 1 | 2 | 3; multiplier: number }[] = [
  { symbol: 'SEVEN', count: 3, multiplier: 300 },
  { symbol: 'BAR', count: 3, multiplier: 100 },
  { symbol: 'BELL', count: 3, multiplier: 50 },
  { symbol: 'GRAPES', count: 3, multiplier: 25 },
  { symbol: 'ORANGE', count: 3, multiplier: 16 },
  { symbol: 'LEMON', count: 3, multiplier: 12 },
  { symbol: 'CHERRY', count: 3, multiplier: 10 },
  { symbol: 'CHERRY', count: 2, multiplier: 4 },
  { symbol: 'CHERRY', count: 1, multiplier: 1 },
];

/** Reel strips, 32 stops each: 1 seven, 2 bars, 3 bells, 5 grapes, 6 oranges, 7 lemons, 8 cherries. */
export const REEL_STRIPS: readonly (readonly SlotSymbol[])[] = [
  ['ORANGE', 'ORANGE', 'GRAPES', 'CHERRY', 'CHERRY', 'CHERRY', 'SEVEN', 'LEMON', 'CHERRY', 'CHERRY', 'CHERRY', 'GRAPES',
    'CHERRY', 'LEMON', 'ORANGE', 'GRAPES', 'LEMON', 'BAR', 'GRAPES', 'LEMON', 'ORANGE', 'BELL', 'CHERRY', 'LEMON', 'ORANGE',
    'ORANGE', 'LEMON', 'BAR', 'LEMON', 'BELL', 'BELL', 'GRAPES'],
  ['ORANGE', 'CHERRY', 'GRAPES', 'LEMON', 'BAR', 'ORANGE', 'CHERRY', 'ORANGE', 'LEMON', 'GRAPES', 'CHERRY', 'ORANGE', 'BELL',
    'BELL', 'GRAPES', 'BAR', 'CHERRY', 'ORANGE', 'LEMON', 'CHERRY', 'GRAPES', 'GRAPES', 'CHERRY', 'LEMON', 'CHERRY', 'CHERRY',
    'LEMON', 'SEVEN', 'ORANGE', 'BELL', 'LEMON', 'LEMON'],
  ['LEMON', 'ORANGE', 'BELL', 'ORANGE', 'GRAPES', 'LEMON', 'CHERRY', 'GRAPES', 'BELL', 'ORANGE', 'BAR', 'CHERRY', 'BELL',
    'LEMON', 'SEVEN', 'LEMON', 'CHERRY', 'BAR', 'GRAPES', 'CHERRY', 'GRAPES', 'ORANGE', 'CHERRY', 'LEMON', 'ORANGE', 'ORANGE',
    'LEMON', 'CHERRY', 'LEMON', 'CHERRY', 'GRAPES', 'CHERRY'],
];

/** A uniform random integer in [0, n): the only source of chance in a spin. */
export type RandomInt = (n: number) => number;

/** Outcome of one spin: the stop index on each strip, the symbols on the payline and the win (minor units). */
export interface SpinOutcome {
  stops: number[];
  reels: SlotSymbol[];
  winMinor: number;
}

/** Payout multiplier of a payline: the paytable entry for the longest run from reel 1, else 0. */
export function payoutMultiplier(reels: readonly SlotSymbol[]): number {
  const first = reels[0];
  if (first === undefined) return 0;
  let run = 1;
  while (run < reels.length && reels[run] === first) run++;
  return SLOT_PAYTABLE.find((p) => p.symbol === first && p.count === run)?.multiplier ?? 0;
}

/** Whether a stake (minor units) is one the game accepts. */
export function isSlotStake(stakeMinor: number): boolean {
  return SLOT_STAKES.includes(stakeMinor);
}

/** Spins the three reels with the injected RNG and prices the result for `stakeMinor`. */
export function spin(randomInt: RandomInt, stakeMinor: number): SpinOutcome {
  const stops = REEL_STRIPS.map((strip) => {
    const stop = randomInt(strip.length);
    if (!Number.isInteger(stop) || stop < 0 || stop >= strip.length) throw new Error('randomInt returned an out-of-range stop');
    return stop;
  });
  const reels = stops.map((stop, i) => REEL_STRIPS[i]?.[stop] as SlotSymbol);
  return { stops, reels, winMinor: stakeMinor * payoutMultiplier(reels) };
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
