import { describe, expect, it } from 'vitest';
import { jackpotShown } from '../../../rules/jackpot';

// docs/honest-money.md, Jackpot: the banner shows a real figure (the built-in pool, or the platform's amount) or
// nothing; there is no made-up ticking amount any more.
describe('the jackpot banner shows a real figure or nothing', () => {
  it.each([
    [{ amount: 123_456 }, 123_456],
    [{ amount: 0 }, null],
    [{ amount: -5 }, null],
    [{ amount: 1.5 }, null],
    [{ amount: '100' }, null],
    [{ jackpot: 100 }, null],
    [null, null],
    [42, null],
  ])('answer %j → %j', (value, shown) => {
    expect(jackpotShown(value)).toBe(shown);
  });
});
