import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../worker/lib/envelope';
import { allBets, allOddsKeys, isWinner, oddsKey, type Bet } from '../../../worker/model/lottery/bets';
import { PRIZE_MODES, parseGameOdds, payoutMinor, prizeModesOf } from '../../../worker/model/lottery/odds';
import { priceItems, type PricingGame } from '../../../worker/model/lottery/pricing';
import { PRIZE_MODE_RTP_BP, lotterySeedStatements, oddsTable } from '../../../worker/db/seed/lottery';

describe('lottery payouts: rounding', () => {
  // Rule: payout = floor(stake × odds / 1000) minor units; fractions of a minor unit are never paid.
  it.each<[number, number, number]>([
    [100, 1980, 198],
    [1, 1980, 1], // 1.98 → 1
    [3, 1975, 5], // 5.925 → 5
    [7, 9700, 67], // 67.9 → 67
    [10, 1001, 10], // 10.01 → 10
    [999, 1999, 1997], // 1997.001 → 1997
    [1_000_000, 97_500_000, 97_500_000_000],
    [0, 9700, 0],
  ])('stake %i at odds %i pays %i', (stake, odds, payout) => {
    expect(payoutMinor(stake, odds)).toBe(payout);
  });

  it('refuses fractions and negatives instead of guessing', () => {
    expect(() => payoutMinor(1.5, 1980)).toThrow();
    expect(() => payoutMinor(100, 19.8)).toThrow();
    expect(() => payoutMinor(-1, 1980)).toThrow();
  });
});

describe('lottery odds: the seeded tables', () => {
  /** Winning results (of 100,000) of each odds line, from every result and one bet of the line. */
  const chances = new Map<string, number>();
  const representative = new Map<string, Bet>();
  for (const b of allBets()) if (!representative.has(oddsKey(b))) representative.set(oddsKey(b), b);
  const results = Array.from({ length: 100_000 }, (_, n) => [...String(n).padStart(5, '0')].map(Number));
  for (const [key, b] of representative) chances.set(key, results.filter((r) => isWinner(b, r)).length);

  it.each(Object.keys(PRIZE_MODE_RTP_BP) as (keyof typeof PRIZE_MODE_RTP_BP)[])(
    'every line of prize mode %s returns just under its RTP and pays more than the stake', (mode) => {
      const rtpBp = PRIZE_MODE_RTP_BP[mode];
      const table = oddsTable(mode);
      expect(Object.keys(table).sort()).toEqual(allOddsKeys().sort());
      for (const [line, odds] of Object.entries(table)) {
        // Expected return = wins/100,000 × odds/1000, compared with rtpBp/10,000 in exact integers.
        const returned = (chances.get(line) ?? 0) * odds;
        expect(returned, line).toBeLessThanOrEqual(rtpBp * 10_000);
        expect(returned, line).toBeGreaterThan((rtpBp - 10) * 10_000);
        expect(odds, line).toBeGreaterThan(1000);
      }
    });

  it('prices the common lines as players know them', () => {
    expect(oddsTable('ELOTT')).toMatchObject({ digit: 9750, sum_big_small: 1950, 'dragon_tiger:tie': 9750, 'sum_value:0': 97_500_000 });
    expect(oddsTable('LOTT')).toMatchObject({ digit: 9700, pos_odd_even: 1940 });
    expect(oddsTable('SEA')).toMatchObject({ digit: 9600, 'dragon_tiger:dragon': 2133 });
  });

  it('writes tables the worker accepts', () => {
    const json = /'(\{.*\})'/.exec(lotterySeedStatements()[0] ?? '')?.[1];
    expect(json).toBeDefined();
    expect(prizeModesOf(parseGameOdds(json ?? ''))).toEqual(['LOTT', 'ELOTT']);
  });
});

describe('lottery odds: parsing a stored table', () => {
  const full = Object.fromEntries(allOddsKeys().map((k) => [k, 1980]));

  it('accepts complete tables and lists the prize modes in canonical order', () => {
    expect(prizeModesOf(parseGameOdds(JSON.stringify({ SEA: full, LOTT: full })))).toEqual(['LOTT', 'SEA']);
    expect(PRIZE_MODES).toEqual(['LOTT', 'ELOTT', 'SEA']);
  });

  it.each<[string, unknown]>([
    ['no prize mode at all', {}],
    ['an unknown prize mode', { JACKPOT: full }],
    ['a missing line', { LOTT: { ...full, digit: undefined } }],
    ['odds that would return less than the stake', { LOTT: { ...full, digit: 1000 } }],
    ['fractional odds', { LOTT: { ...full, digit: 1980.5 } }],
    ['an array', []],
  ])('refuses %s', (_why, odds) => {
    expect(() => parseGameOdds(JSON.stringify(odds))).toThrow();
  });
});

describe('lottery pricing: order items', () => {
  const odds = parseGameOdds(JSON.stringify({ ELOTT: oddsTable('ELOTT') }));
  const game: PricingGame = { lottoMode: 'Tradition', minStakeMinor: 100, maxStakeMinor: 50_000, maxPayoutMinor: 1_000_000, odds };

  function failure(run: () => unknown): { code: string; status: number; value: unknown } {
    try {
      run();
    } catch (error) {
      if (error instanceof ApiError) return { code: error.errorCode, status: error.status, value: error.value };
      throw error;
    }
    throw new Error('expected an ApiError');
  }

  it('locks in the odds of each bet at order time', () => {
    const { prizeMode, bets } = priceItems(game, 'ELOTT', [
      { betType: 'digit', selection: { position: 1, digit: 7 }, stakeMinor: 100 },
      { betType: 'sum_value', selection: { sum: 3 }, stakeMinor: 100 },
    ]);
    expect(prizeMode).toBe('ELOTT');
    expect(bets.map((b) => b.oddsMilli)).toEqual([9750, oddsTable('ELOTT')['sum_value:3']]);
  });

  it.each<[string, string, unknown, string, number]>([
    ['a prize mode the game does not offer', 'SEA', { betType: 'digit', selection: { position: 1, digit: 1 }, stakeMinor: 100 }, 'invalid_prize_mode', 0],
    ['an unknown bet type', 'ELOTT', { betType: 'lucky', selection: {}, stakeMinor: 100 }, 'invalid_bet', 0],
    ['a malformed selection', 'ELOTT', { betType: 'digit', selection: { position: 9, digit: 1 }, stakeMinor: 100 }, 'invalid_bet', 0],
    ['a bet type of the other play type', 'ELOTT', { betType: 'dragon_tiger', selection: { pick: 'tie' }, stakeMinor: 100 }, 'invalid_bet', 0],
    ['a stake below the minimum', 'ELOTT', { betType: 'sum_odd_even', selection: { pick: 'odd' }, stakeMinor: 99 }, 'invalid_stake', 0],
    ['a stake above the maximum', 'ELOTT', { betType: 'sum_odd_even', selection: { pick: 'odd' }, stakeMinor: 50_001 }, 'invalid_stake', 0],
    ['a fractional stake', 'ELOTT', { betType: 'sum_odd_even', selection: { pick: 'odd' }, stakeMinor: 150.5 }, 'invalid_stake', 0],
    ['a stake as text', 'ELOTT', { betType: 'sum_odd_even', selection: { pick: 'odd' }, stakeMinor: '150' }, 'invalid_stake', 0],
    ['a missing stake', 'ELOTT', { betType: 'sum_odd_even', selection: { pick: 'odd' } }, 'invalid_stake', 0],
    ['a stake that could win more than the maximum payout', 'ELOTT', { betType: 'sum_value', selection: { sum: 0 }, stakeMinor: 100 }, 'invalid_stake', 0],
  ])('answers 400 for %s', (_why, prizeMode, item, code) => {
    const result = failure(() => priceItems(game, prizeMode, [item as never]));
    expect(result.status).toBe(400);
    expect(result.code).toBe(code);
  });

  it('names the first bad item by its index', () => {
    const result = failure(() => priceItems(game, 'ELOTT', [
      { betType: 'digit', selection: { position: 1, digit: 1 }, stakeMinor: 100 },
      { betType: 'digit', selection: { position: 1, digit: 1 }, stakeMinor: 1 },
    ]));
    expect(result).toMatchObject({ code: 'invalid_stake', value: { index: 1 } });
  });

  it('lets a game with both lotto modes take bets of both play types', () => {
    const both = { ...game, lottoMode: 'Tradition,Entertainment' };
    expect(priceItems(both, 'ELOTT', [
      { betType: 'digit', selection: { position: 1, digit: 1 }, stakeMinor: 100 },
      { betType: 'dragon_tiger', selection: { pick: 'dragon' }, stakeMinor: 100 },
    ]).bets).toHaveLength(2);
  });
});
