import { describe, expect, it } from 'vitest';
import { SLOT_STAKES, isSlotStake, secureRandomInt, spin } from '../../../worker/services/games/slot';
import { RTP_BAND, paylineMultiplier, slotConfigOf, type SlotConfig } from '../../../rules/slotConfig';

/** Exact return to player of a three-reel title by enumerating every stop combination of its strips. */
function enumerated(config: SlotConfig): { rtp: number; hitRate: number } {
  const [a, b, c] = config.strips as [string[], string[], string[]];
  let paid = 0;
  let hits = 0;
  for (const x of a) {
    for (const y of b) {
      for (const z of c) {
        const multiplier = paylineMultiplier(config.paytable, [x, y, z]);
        paid += multiplier;
        if (multiplier > 0) hits += 1;
      }
    }
  }
  const ways = a.length * b.length * c.length;
  return { rtp: paid / ways, hitRate: hits / ways };
}

/**
 * An independent closed form from symbol frequencies (floats, not the module's integer ways): for each paytable row,
 * P(run of exactly count) = Π_{i<count} p_i × (1 − p_count), the last factor only when count < reels.
 */
function frequencyRtp(config: SlotConfig): number {
  const p = (reel: number, symbol: string) => config.strips[reel]!.filter((x) => x === symbol).length / config.strips[reel]!.length;
  return config.paytable.reduce((sum, { symbol, count, multiplier }) => {
    let exact = 1;
    for (let i = 0; i < count; i++) exact *= p(i, symbol);
    if (count < config.reels) exact *= 1 - p(count, symbol);
    return sum + exact * multiplier;
  }, 0);
}

/** Game ids as the demo catalogue names them (vendor prefix + node id), over every slot vendor's block. */
const IDS = [
  ...Array.from({ length: 120 }, (_, i) => `PDS${10001 + i}`),
  ...Array.from({ length: 110 }, (_, i) => `NBL${11001 + i}`),
  ...Array.from({ length: 100 }, (_, i) => `GR${12001 + i}`),
  ...Array.from({ length: 70 }, (_, i) => `JD${13001 + i}`),
];
const NAMES = ['Golden Fortune', 'Cosmic Koi Deluxe', 'Wild Buffalo', 'Candy Carnival', 'Sakura Panda', 'Royal Gems', 'Thunder Nights II', ''];

describe('demo slot titles: each with its own configuration and an exact return to player', () => {
  const configs = IDS.map((id, i) => ({ id, config: slotConfigOf(id, NAMES[i % NAMES.length]) }));

  it('computes the return exactly: enumeration (three reels) and an independent closed form agree with it', () => {
    let threeReel = 0;
    for (const { config } of configs) {
      const rtp = config.rtp.numerator / config.rtp.denominator;
      expect(config.rtp.denominator).toBe(32 ** config.reels);
      expect(rtp).toBeCloseTo(frequencyRtp(config), 12);
      if (config.reels === 3) {
        threeReel += 1;
        const exact = enumerated(config);
        expect(rtp).toBeCloseTo(exact.rtp, 12);
        expect(exact.hitRate).toBeGreaterThan(0.25);
      }
      expect(config.rtpPercent).toBe(Math.round(rtp * 10_000) / 100);
    }
    expect(threeReel).toBeGreaterThan(50);
  });

  it(`keeps every title's return within ${RTP_BAND.low}–${RTP_BAND.high} %`, () => {
    for (const { config } of configs) {
      expect(100 * config.rtp.numerator).toBeGreaterThanOrEqual(RTP_BAND.low * config.rtp.denominator);
      expect(100 * config.rtp.numerator).toBeLessThanOrEqual(RTP_BAND.high * config.rtp.denominator);
    }
  });

  it('gives titles different configurations: reels 3 and 5, several themes, distinct strips and paytables', () => {
    expect(new Set(configs.map(({ config }) => config.reels))).toEqual(new Set([3, 5]));
    expect(new Set(configs.map(({ config }) => config.theme)).size).toBeGreaterThanOrEqual(5);
    const distinct = new Set(configs.map(({ config }) => JSON.stringify([config.strips, config.paytable])));
    expect(distinct.size).toBe(configs.length);
    expect(new Set(configs.map(({ config }) => config.rtpPercent)).size).toBeGreaterThan(20);
  });

  it('derives a configuration from the game alone (same id and name, same configuration)', () => {
    expect(slotConfigOf('PDS10001', 'Golden Fortune')).toEqual(slotConfigOf('PDS10001', 'Golden Fortune'));
    expect(slotConfigOf('PDS10001', 'Cosmic Galaxy').theme).toBe('space');
  });

  it('builds strips of 32 stops from the theme\'s seven symbols', () => {
    for (const { config } of configs.slice(0, 40)) {
      const ids = new Set(config.symbols.map((s) => s.id));
      expect(config.symbols).toHaveLength(7);
      for (const strip of config.strips) {
        expect(strip).toHaveLength(32);
        for (const symbol of strip) expect(ids.has(symbol)).toBe(true);
      }
      for (const row of config.paytable) expect(row.multiplier).toBeGreaterThan(0);
    }
  });
});

describe('demo slot spin', () => {
  const config = slotConfigOf('PDS10001', 'Golden Fortune');
  const top = config.symbols[0]!.id;
  const topPay = config.paytable.find((row) => row.symbol === top && row.count === config.reels)!.multiplier;

  it('pays the longest run from reel 1 only', () => {
    const line = Array.from({ length: config.reels }, () => top);
    expect(paylineMultiplier(config.paytable, line)).toBe(topPay);
    const low = config.symbols[6]!.id;
    expect(paylineMultiplier(config.paytable, [low, top, ...line.slice(2)])).toBe(config.paytable.find((r) => r.symbol === low && r.count === 1)?.multiplier ?? 0);
    expect(paylineMultiplier(config.paytable, [])).toBe(0);
  });

  it('prices a spin from the injected stops in whole minor units', () => {
    const stops = config.strips.map((strip) => strip.indexOf(top));
    let reel = 0;
    const outcome = spin(() => stops[reel++]!, 50, config);
    expect(outcome).toEqual({ stops, reels: stops.map(() => top), winMinor: 50 * topPay });
  });

  it('rejects an RNG that returns a stop outside the strip', () => {
    expect(() => spin(() => 32, 10, config)).toThrow();
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
