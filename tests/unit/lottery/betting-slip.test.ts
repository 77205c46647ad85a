import { describe, expect, it } from 'vitest';
import { formatBettingSlip, MAX_SLIP_ENTRIES, parseBettingSlip, type SlipEntry } from '../../../contract/bettingSlip';

describe('bettingSlipString (POST /lgw/orders/betting): betType|selection|stake entries joined by ;', () => {
  it.each<[string, SlipEntry[], string]>([
    ['a digit on a position', [{ betType: 'digit', selection: { position: 1, digit: 7 }, stakeMinor: 1000 }], 'digit|1:7|10'],
    ['a positional pick', [{ betType: 'pos_big_small', selection: { position: 3, pick: 'big' }, stakeMinor: 250 }], 'pos_big_small|3:big|2.5'],
    ['a positional parity', [{ betType: 'pos_odd_even', selection: { position: 5, pick: 'even' }, stakeMinor: 1 }], 'pos_odd_even|5:even|0.01'],
    ['a sum value', [{ betType: 'sum_value', selection: { sum: 45 }, stakeMinor: 100 }], 'sum_value|45|1'],
    ['a sum pick', [{ betType: 'sum_big_small', selection: { pick: 'small' }, stakeMinor: 99 }], 'sum_big_small|small|0.99'],
    ['a sum combination', [{ betType: 'sum_combo', selection: { pick: 'big_odd' }, stakeMinor: 12_345 }], 'sum_combo|big_odd|123.45'],
    ['dragon/tiger and a second bet', [
      { betType: 'dragon_tiger', selection: { pick: 'tie' }, stakeMinor: 500 },
      { betType: 'sum_odd_even', selection: { pick: 'odd' }, stakeMinor: 1010 },
    ], 'dragon_tiger|tie|5;sum_odd_even|odd|10.1'],
  ])('%s: formats as text and parses back to the same bets', (_what, entries, text) => {
    expect(formatBettingSlip(entries)).toBe(text);
    expect(parseBettingSlip(text)).toEqual({ ok: true, entries });
  });

  it('accepts stakes written with trailing zeros and reads them exactly in minor units', () => {
    expect(parseBettingSlip('digit|1:0|10.00')).toEqual({ ok: true, entries: [{ betType: 'digit', selection: { position: 1, digit: 0 }, stakeMinor: 1000 }] });
    expect(parseBettingSlip('sum_value|0|0.1')).toMatchObject({ ok: true, entries: [{ stakeMinor: 10 }] });
  });

  it.each<[string, string, 'bet' | 'stake', number]>([
    ['an empty slip', '', 'bet', -1],
    ['a trailing separator', 'digit|1:7|10;', 'bet', 1],
    ['an empty entry in the middle', 'digit|1:7|10;;digit|1:8|10', 'bet', 1],
    ['a missing stake', 'digit|1:7', 'bet', 0],
    ['an extra field', 'digit|1:7|10|x', 'bet', 0],
    ['spaces', 'digit| 1:7|10', 'bet', 0],
    ['an upper-case bet type', 'DIGIT|1:7|10', 'bet', 0],
    ['a positional bet without a position', 'digit|7|10', 'bet', 0],
    ['position 0', 'digit|0:7|10', 'bet', 0],
    ['a digit that is a word', 'digit|1:seven|10', 'bet', 0],
    ['a pick on a sum value', 'sum_value|big|10', 'bet', 0],
    ['a leading zero in a sum', 'sum_value|07|10', 'bet', 0],
    ['a pick with a position', 'dragon_tiger|1:tie|10', 'bet', 0],
    ['the second entry malformed', 'digit|1:7|10;sum_value|x|10', 'bet', 1],
    ['a stake with 3 decimals', 'digit|1:7|10.001', 'stake', 0],
    ['a negative stake', 'digit|1:7|-10', 'stake', 0],
    ['a zero stake', 'digit|1:7|0.00', 'stake', 0],
    ['a stake in exponent notation', 'digit|1:7|1e3', 'stake', 0],
    ['a stake with a leading zero', 'digit|1:7|010', 'stake', 0],
    ['a stake with a bare point', 'digit|1:7|10.', 'stake', 0],
    [`more than ${MAX_SLIP_ENTRIES} bets`, Array(MAX_SLIP_ENTRIES + 1).fill('digit|1:7|1').join(';'), 'bet', -1],
    ['a slip longer than 4000 characters', `sum_value|1|${'1'.repeat(4000)}`, 'bet', -1],
  ])('refuses %s', (_what, text, kind, index) => {
    expect(parseBettingSlip(text)).toMatchObject({ ok: false, kind, index });
  });

  it('refuses to format a bet without its selection fields or with a stake that is not positive whole minor units', () => {
    expect(() => formatBettingSlip([{ betType: 'digit', selection: { digit: 7 }, stakeMinor: 100 }])).toThrow(RangeError);
    expect(() => formatBettingSlip([{ betType: 'sum_value', selection: { pick: 'big' }, stakeMinor: 100 }])).toThrow(RangeError);
    expect(() => formatBettingSlip([{ betType: 'digit', selection: { position: 1, digit: 7 }, stakeMinor: 10.5 }])).toThrow(RangeError);
    expect(() => formatBettingSlip([{ betType: 'digit', selection: { position: 1, digit: 7 }, stakeMinor: 0 }])).toThrow(RangeError);
  });
});
