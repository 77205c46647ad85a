import { describe, expect, it } from 'vitest';
import {
  BET_PLAY_TYPES, BET_TYPES, allOddsKeys, isWinner, oddsKey, parseBet, playTypesOf, selectionText, type Bet,
} from '../../../worker/model/lottery/bets';

const digits = (text: string) => [...text].map(Number);

function bet(betType: string, selection: unknown): Bet {
  const parsed = parseBet(betType, selection);
  if (!parsed) throw new Error(`test bet ${betType} ${JSON.stringify(selection)} does not parse`);
  return parsed;
}

describe('lottery bets: settlement against known results', () => {
  // Rows: bet type, selection, result d1…d5, wins? — each quotes the rule it checks.
  it.each<[string, object, string, boolean]>([
    // digit: d[position] = digit
    ['digit', { position: 1, digit: 0 }, '07319', true],
    ['digit', { position: 5, digit: 9 }, '07319', true],
    ['digit', { position: 3, digit: 3 }, '07319', true],
    ['digit', { position: 3, digit: 7 }, '07319', false],
    ['digit', { position: 2, digit: 0 }, '07319', false],
    // pos_big_small: big 5–9, small 0–4
    ['pos_big_small', { position: 2, pick: 'big' }, '07319', true],
    ['pos_big_small', { position: 1, pick: 'small' }, '07319', true],
    ['pos_big_small', { position: 4, pick: 'big' }, '07319', false],
    ['pos_big_small', { position: 1, pick: 'big' }, '45000', false],
    ['pos_big_small', { position: 2, pick: 'big' }, '45000', true],
    // pos_odd_even: parity of d[position] (0 is even)
    ['pos_odd_even', { position: 1, pick: 'even' }, '07319', true],
    ['pos_odd_even', { position: 2, pick: 'odd' }, '07319', true],
    ['pos_odd_even', { position: 5, pick: 'even' }, '07319', false],
    // sum_big_small: big 23–45, small 0–22
    ['sum_big_small', { pick: 'small' }, '07319', true], // sum 20
    ['sum_big_small', { pick: 'big' }, '07319', false],
    ['sum_big_small', { pick: 'small' }, '99310', true], // sum 22: the top of small
    ['sum_big_small', { pick: 'big' }, '99320', true], // sum 23: the bottom of big
    ['sum_big_small', { pick: 'big' }, '99999', true],
    ['sum_big_small', { pick: 'small' }, '00000', true],
    // sum_odd_even: parity of the sum
    ['sum_odd_even', { pick: 'even' }, '07319', true], // sum 20
    ['sum_odd_even', { pick: 'odd' }, '07319', false],
    ['sum_odd_even', { pick: 'odd' }, '99320', true], // sum 23
    // sum_value: the sum equals `sum`
    ['sum_value', { sum: 20 }, '07319', true],
    ['sum_value', { sum: 21 }, '07319', false],
    ['sum_value', { sum: 0 }, '00000', true],
    ['sum_value', { sum: 45 }, '99999', true],
    // sum_combo: both halves hold for the sum
    ['sum_combo', { pick: 'small_even' }, '07319', true], // 20
    ['sum_combo', { pick: 'small_odd' }, '07319', false],
    ['sum_combo', { pick: 'big_odd' }, '99320', true], // 23
    ['sum_combo', { pick: 'big_even' }, '99320', false],
    ['sum_combo', { pick: 'big_even' }, '99330', true], // 24
    ['sum_combo', { pick: 'small_odd' }, '99300', true], // 21
    // dragon_tiger: dragon d1 > d5, tiger d1 < d5, tie d1 = d5
    ['dragon_tiger', { pick: 'tiger' }, '07319', true],
    ['dragon_tiger', { pick: 'dragon' }, '07319', false],
    ['dragon_tiger', { pick: 'dragon' }, '90001', true],
    ['dragon_tiger', { pick: 'tie' }, '50005', true],
    ['dragon_tiger', { pick: 'dragon' }, '50005', false],
    ['dragon_tiger', { pick: 'tiger' }, '50005', false],
  ])('%s %j against %s wins: %s', (betType, selection, result, wins) => {
    expect(isWinner(bet(betType, selection), digits(result))).toBe(wins);
  });

  it('covers every bet type in the table above', () => {
    expect(BET_TYPES).toEqual(['digit', 'pos_big_small', 'pos_odd_even', 'sum_big_small', 'sum_odd_even', 'sum_value', 'sum_combo', 'dragon_tiger']);
  });
});

describe('lottery bets: exact chances over all 100,000 results', () => {
  /** Chance that a bet wins, by trying every one of the 100,000 results. */
  const chance = (b: Bet) => {
    let wins = 0;
    for (let n = 0; n < 100_000; n++) if (isWinner(b, digits(String(n).padStart(5, '0')))) wins += 1;
    return wins / 100_000;
  };

  it.each<[string, object, number]>([
    ['digit', { position: 4, digit: 7 }, 0.1],
    ['pos_big_small', { position: 2, pick: 'small' }, 0.5],
    ['pos_odd_even', { position: 5, pick: 'odd' }, 0.5],
    ['sum_big_small', { pick: 'big' }, 0.5],
    ['sum_odd_even', { pick: 'even' }, 0.5],
    ['sum_value', { sum: 0 }, 0.00001],
    ['sum_value', { sum: 22 }, 0.06],
    ['sum_value', { sum: 20 }, 0.05631],
    ['dragon_tiger', { pick: 'dragon' }, 0.45],
    ['dragon_tiger', { pick: 'tie' }, 0.1],
  ])('%s %j wins with chance %f', (betType, selection, p) => {
    expect(chance(bet(betType, selection))).toBeCloseTo(p, 10);
  });

  it('the four sum combos share all results between them', () => {
    const combos = ['big_odd', 'big_even', 'small_odd', 'small_even'].map((pick) => chance(bet('sum_combo', { pick })));
    expect(combos.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });
});

describe('lottery bets: parsing untrusted selections', () => {
  it.each<[string, unknown, unknown]>([
    ['an unknown bet type', 'jackpot', { pick: 'big' }],
    ['a non-string bet type', 7, { pick: 'big' }],
    ['position 0', 'digit', { position: 0, digit: 1 }],
    ['position 6', 'digit', { position: 6, digit: 1 }],
    ['digit 10', 'digit', { position: 1, digit: 10 }],
    ['a fractional digit', 'digit', { position: 1, digit: 1.5 }],
    ['a digit as text', 'digit', { position: 1, digit: '1' }],
    ['an extra key', 'digit', { position: 1, digit: 1, pick: 'big' }],
    ['a missing key', 'pos_big_small', { pick: 'big' }],
    ['an unknown pick', 'sum_big_small', { pick: 'huge' }],
    ['a pick of another bet type', 'sum_odd_even', { pick: 'big' }],
    ['sum 46', 'sum_value', { sum: 46 }],
    ['a negative sum', 'sum_value', { sum: -1 }],
    ['an array selection', 'dragon_tiger', ['dragon']],
    ['a null selection', 'dragon_tiger', null],
    ['a missing selection', 'sum_combo', undefined],
  ])('rejects %s', (_why, betType, selection) => {
    expect(parseBet(betType, selection)).toBeNull();
  });

  it('stores selections with a fixed key order, whatever order they arrived in', () => {
    expect(selectionText(bet('digit', { digit: 4, position: 2 }))).toBe('{"position":2,"digit":4}');
    expect(selectionText(bet('pos_odd_even', { pick: 'odd', position: 5 }))).toBe('{"position":5,"pick":"odd"}');
  });

  it('prices picks of different chance on their own odds lines', () => {
    expect(oddsKey(bet('digit', { position: 3, digit: 9 }))).toBe('digit');
    expect(oddsKey(bet('sum_value', { sum: 17 }))).toBe('sum_value:17');
    expect(oddsKey(bet('dragon_tiger', { pick: 'tie' }))).toBe('dragon_tiger:tie');
    expect(oddsKey(bet('sum_combo', { pick: 'big_odd' }))).toBe('sum_combo:big_odd');
    expect(allOddsKeys()).toHaveLength(5 + 46 + 4 + 3);
  });
});

describe('lottery bets: play types', () => {
  it.each<[string | null, string[]]>([
    ['Tradition', ['trad']],
    ['Entertainment', ['ent']],
    ['Tradition,Entertainment', ['trad', 'ent']],
    [null, []],
  ])('lotto mode %s offers play types %j', (mode, types) => {
    expect(playTypesOf(mode)).toEqual(types);
  });

  it('offers digits and sums to Tradition and dragon/tiger and combos to Entertainment, sum sides to both', () => {
    expect(BET_PLAY_TYPES.digit).toEqual(['trad']);
    expect(BET_PLAY_TYPES.dragon_tiger).toEqual(['ent']);
    expect(BET_PLAY_TYPES.sum_combo).toEqual(['ent']);
    expect(BET_PLAY_TYPES.sum_big_small).toEqual(['trad', 'ent']);
  });
});
