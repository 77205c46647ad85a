import { describe, expect, it } from 'vitest';
import { parsePlayerCommand } from '../../../scripts/player-commands';
import { UsageError } from '../../../scripts/operator-commands';

// docs/back-office.md, Players: `npm run operator -- adjustment-threshold <merchant> [amount]`.
describe('the adjustment-threshold operator command', () => {
  it('shows without an amount and sets an amount in currency units as minor units', () => {
    expect(parsePlayerCommand(['adjustment-threshold', 'DEMO'])).toEqual({ kind: 'adjustment-threshold', merchant: 'DEMO', thresholdMinor: null });
    expect(parsePlayerCommand(['adjustment-threshold', 'DEMO', '250.5'])).toMatchObject({ thresholdMinor: 25_050 });
    expect(parsePlayerCommand(['adjustment-threshold', 'DEMO', '0'])).toMatchObject({ thresholdMinor: 0 });
    expect(parsePlayerCommand(['bonus-rules', 'DEMO'])).toBeNull();
  });

  it.each([['-5'], ['1.005'], ['abc'], ['1e5'], ['']])('refuses the amount %j', (amount) => {
    expect(() => parsePlayerCommand(['adjustment-threshold', 'DEMO', amount])).toThrow(UsageError);
  });

  it('needs a merchant code and at most one amount', () => {
    expect(() => parsePlayerCommand(['adjustment-threshold'])).toThrow(UsageError);
    expect(() => parsePlayerCommand(['adjustment-threshold', 'no such!'])).toThrow(UsageError);
    expect(() => parsePlayerCommand(['adjustment-threshold', 'DEMO', '5', '6'])).toThrow(UsageError);
  });
});
