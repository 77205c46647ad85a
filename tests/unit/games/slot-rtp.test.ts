import { describe, expect, it } from 'vitest';
import {
  REEL_STRIPS, SLOT_PAYTABLE, SLOT_STAKES, isSlotStake, payoutMultiplier, secureRandomInt, spin, type SlotSymbol,
} from '../../../worker/services/games/slot';

/** Exact return to player by enumerating every stop combination of the three strips. */
function enumeratedRtp(): number {
  const [a, b, c] = REEL_STRIPS as [readonly SlotSymbol[], readonly SlotSymbol[], readonly SlotSymbol[]];
  let paid = 0;
  for (const x of a) for (const y of b) for (const z of c) paid += payoutMultiplier([x, y, z]);
  return paid / (a.length * b.length * c.length);
}

/** The same expectation in closed form from symbol frequencies: P(run of exactly k) × multiplier, summed. */
function closedFormRtp(): number {
  const p = (reel: number, s: SlotSymbol) => REEL_STRIPS[reel]!.filter((x) => x === s).length / REEL_STRIPS[reel]!.length;
  return SLOT_PAYTABLE.reduce((sum, { symbol, count, multiplier }) => {
    const exact = count === 1 ? p(0, symbol) * (1 - p(1, symbol))
      : count === 2 ? p(0, symbol) * p(1, symbol) * (1 - p(2, symbol))
        : p(0, symbol) * p(1, symbol) * p(2, symbol);
    return sum + exact * multiplier;
  }, 0);
}

describe('demo slot maths', () => {
  it('returns between 90% and 97% to the player, computed exactly from the strips and paytable', () => {
    const rtp = enumeratedRtp();
    expect(rtp).toBeGreaterThanOrEqual(0.9);
    expect(rtp).toBeLessThanOrEqual(0.97);
    expect(rtp).toBeCloseTo(closedFormRtp(), 12);
    expect(rtp).toBeCloseTo(0.932464599609375, 12);
  });

  it.each<[SlotSymbol[], number]>([
    [['SEVEN', 'SEVEN', 'SEVEN'], 300],
    [['BAR', 'BAR', 'BAR'], 100],
    [['CHERRY', 'CHERRY', 'CHERRY'], 10],
    [['CHERRY', 'CHERRY', 'LEMON'], 4],
    [['CHERRY', 'LEMON', 'CHERRY'], 1],
    [['LEMON', 'CHERRY', 'CHERRY'], 0],
    [['SEVEN', 'SEVEN', 'BAR'], 0],
  ])('pays %j × %i (the longest run from reel 1 only)', (reels, multiplier) => {
    expect(payoutMultiplier(reels)).toBe(multiplier);
  });

  it('prices a spin from the injected stops in whole minor units', () => {
    const sevens = REEL_STRIPS.map((strip) => strip.indexOf('SEVEN'));
    let reel = 0;
    const outcome = spin(() => sevens[reel++]!, 50);
    expect(outcome).toEqual({ stops: sevens, reels: ['SEVEN', 'SEVEN', 'SEVEN'], winMinor: 15_000 });
  });

  it('rejects an RNG that returns a stop outside the strip', () => {
    expect(() => spin(() => 32, 10)).toThrow();
  });

  it('accepts only the listed stakes', () => {
    expect(SLOT_STAKES).toEqual([10, 50, 100, 500, 1000]);
    for (const stake of SLOT_STAKES) expect(isSlotStake(stake)).toBe(true);
    for (const stake of [0, 1, 20, 99, 1001]) expect(isSlotStake(stake)).toBe(false);
  });

  it('draws secure random stops uniformly in range', () => {
    const counts = new Array<number>(32).fill(0);
    let outOfRange = 0;
    for (let i = 0; i < 32_000; i++) {
      const stop = secureRandomInt(32);
      if (Number.isInteger(stop) && stop >= 0 && stop < 32) counts[stop]! += 1;
      else outOfRange += 1;
    }
    expect(outOfRange).toBe(0);
    expect(Math.min(...counts)).toBeGreaterThan(700);
    expect(Math.max(...counts)).toBeLessThan(1300);
  });
});
