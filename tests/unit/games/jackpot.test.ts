import { describe, expect, it } from 'vitest';
import { formatJackpot, JACKPOT_START, JACKPOT_TICK_MS, nextJackpot } from '../../../rules/jackpot';

// Rows quote player-shell §1 "The home jackpot banner shows a made-up ticking amount: it starts at 123581220 and
// adds a random amount between 99 and 999 every 5000 ms."
describe('the jackpot banner amount', () => {
  it('starts at 123581220 and ticks every 5000 ms', () => {
    expect(JACKPOT_START).toBe(123581220);
    expect(JACKPOT_TICK_MS).toBe(5000);
  });

  it.each([
    [0, 99],
    [0.5, 549],
    [0.999999, 999],
    [1, 999],
    [-1, 99],
  ])('random %d adds %d', (random, step) => {
    expect(nextJackpot(JACKPOT_START, random) - JACKPOT_START).toBe(step);
  });

  it('never adds less than 99 or more than 999', () => {
    for (let i = 0; i < 1000; i++) {
      const step = nextJackpot(0, Math.random());
      expect(step).toBeGreaterThanOrEqual(99);
      expect(step).toBeLessThanOrEqual(999);
    }
  });

  it('is shown as a whole number grouped for the language, the currency where the language puts it', () => {
    expect(formatJackpot(JACKPOT_START, '$', 'en')).toBe('$123,581,220');
    expect(formatJackpot(JACKPOT_START, '₫', 'vi')).toBe('123.581.220\u00a0₫');
  });
});
