import { describe, expect, it } from 'vitest';
import {
  betTypesFor, formatOdds, keepOrderForRetry, maxStakeFor, oddsKeyOf, orderAttempt, orderSignature, payoutOf,
  playTypeToShow, prizeModeToUse, selectionsOf, slipProblem, slipTotal, stakeChips, toggleBet, MAX_SLIP_BETS, type BetPick, type SlipLimits,
} from '../../../src/lib/betSlip';
import { allBets, oddsKey, parseBet } from '../../../worker/model/lottery/bets';
import { payoutMinor } from '../../../worker/model/lottery/odds';

const sheet = [
  { betType: 'digit', playTypes: ['trad'] as const },
  { betType: 'sum_big_small', playTypes: ['trad', 'ent'] as const },
  { betType: 'dragon_tiger', playTypes: ['ent'] as const },
].map((b) => ({ ...b, playTypes: [...b.playTypes] }));

describe('bet types per play type (trad: digit, pos_big_small, pos_odd_even, sum_value; ent: sum_combo, dragon_tiger; both: sum_big_small, sum_odd_even)', () => {
  it.each([
    ['trad', ['digit', 'sum_big_small']],
    ['ent', ['sum_big_small', 'dragon_tiger']],
  ] as const)('the %s slip offers %j', (playType, types) => {
    expect(betTypesFor(sheet, playType)).toEqual(types);
  });
});

describe('selections are objects like {position:1,digit:7} or {pick:\'tie\'}', () => {
  it.each([
    ['digit', 1, 10, { position: 1, digit: 7 }],
    ['pos_big_small', 3, 2, { position: 3, pick: 'big' }],
    ['pos_odd_even', 5, 2, { position: 5, pick: 'even' }],
    ['sum_big_small', 1, 2, { pick: 'small' }],
    ['sum_odd_even', 1, 2, { pick: 'odd' }],
    ['sum_value', 1, 46, { sum: 45 }],
    ['sum_combo', 1, 4, { pick: 'big_odd' }],
    ['dragon_tiger', 1, 3, { pick: 'tie' }],
  ])('%s offers %i selections, among them %j', (betType, position, count, example) => {
    const selections = selectionsOf(betType, position);
    expect(selections).toHaveLength(count);
    expect(selections).toContainEqual(example);
  });

  it('offers exactly the bets the server accepts, priced on the same odds lines', () => {
    const offered = ['digit', 'pos_big_small', 'pos_odd_even', 'sum_big_small', 'sum_odd_even', 'sum_value', 'sum_combo', 'dragon_tiger']
      .flatMap((betType) => [1, 2, 3, 4, 5].flatMap((p) => selectionsOf(betType, p).map((selection) => ({ betType, selection }))));
    const unique = [...new Map(offered.map((b) => [JSON.stringify(b), b])).values()];
    expect(unique).toHaveLength(allBets().length);
    for (const bet of unique) {
      const parsed = parseBet(bet.betType, bet.selection);
      expect(parsed, JSON.stringify(bet)).not.toBeNull();
      expect(oddsKeyOf(bet)).toBe(oddsKey(parsed!));
    }
  });
});

describe('odds are integers in thousandths including the stake (1980 pays 1.98×)', () => {
  it.each([
    [1980, '1.98'],
    [1975, '1.975'],
    [2000, '2.00'],
    [9750, '9.75'],
    [97_500_000, '97,500.00'],
  ])('%i shows as ×%s', (milli, text) => {
    expect(formatOdds(milli)).toBe(text);
  });

  it.each([
    [100, 1980, 198],
    [333, 1975, 657],
    [1, 9750, 9],
    [250_000, 97_500_000, 24_375_000_000],
  ])('a winning stake of %i at %i pays %i, rounded down like the server', (stake, odds, payout) => {
    expect(payoutOf(stake, odds)).toBe(payout);
    expect(payoutOf(stake, odds)).toBe(payoutMinor(stake, odds));
  });
});

describe('stake chips in minor units within the game\'s limits', () => {
  it.each([
    [10, 200_000, [10, 100, 500, 1000, 5000, 10_000]],
    [100, 200_000, [100, 500, 1000, 5000, 10_000, 50_000]],
    [500, 500_000, [500, 1000, 5000, 10_000, 50_000]],
    [1000, 5000, [1000, 5000]],
  ])('a game staking %i to %i offers chips %j', (min, max, chips) => {
    expect(stakeChips(min, max)).toEqual(chips);
  });

  it('lowers the highest stake of long odds so no bet can win above the maximum payout', () => {
    expect(maxStakeFor(1950, { maxStakeMinor: 200_000, maxPayoutMinor: 20_000_000 })).toBe(200_000);
    expect(maxStakeFor(97_500_000, { maxStakeMinor: 200_000, maxPayoutMinor: 20_000_000 })).toBe(205);
  });
});

const limits: SlipLimits = { minStakeMinor: 100, maxStakeMinor: 200_000, maxPayoutMinor: 20_000_000, balanceMinor: 100_000 };
const big: BetPick = { betType: 'sum_big_small', selection: { pick: 'big' } };
const seven: BetPick = { betType: 'digit', selection: { position: 1, digit: 7 } };
const longShot: BetPick = { betType: 'sum_value', selection: { sum: 0 } };
const odds = (bet: BetPick) => (bet === longShot ? 97_500_000 : 1950);

describe('the slip is checked before it is sent', () => {
  it.each<[string, BetPick[], number, typeof limits, string | null]>([
    ['an empty slip', [], 100, limits, 'empty'],
    ['a stake under the minimum', [big], 99, limits, 'belowMin'],
    ['a stake over the maximum', [big], 200_001, limits, 'aboveMax'],
    ['a bet that could win above the maximum payout', [longShot], 1000, limits, 'payoutCap'],
    ['a total above the balance', [big, seven], 60_000, limits, 'balance'],
    ['an unknown balance (not checked here; the server decides)', [big, seven], 60_000, { ...limits, balanceMinor: null }, null],
    ['two bets within every limit', [big, seven], 500, limits, null],
  ])('%s → %s', (_name, slip, stake, lim, problem) => {
    expect(slipProblem(slip, stake, odds, lim)).toBe(problem);
  });

  it('totals the stake once per bet', () => {
    expect(slipTotal([big, seven], 500)).toBe(1000);
  });

  it('a tap adds a bet, a second tap on the same bet takes it off, and a full slip takes no more', () => {
    const one = toggleBet([], seven);
    expect(one).toEqual([seven]);
    expect(toggleBet(one, { betType: 'digit', selection: { digit: 7, position: 1 } })).toEqual([]);
    const full = Array.from({ length: MAX_SLIP_BETS }, (_, sum) => ({ betType: 'sum_value', selection: { sum } }));
    expect(toggleBet(full, big)).toHaveLength(MAX_SLIP_BETS);
  });
});

describe('"place order (idempotency key per submit, retry reuses it)"', () => {
  const order = { nodeId: 3006, issueNo: '20261121-0001', prizeMode: 'ELOTT', items: [{ ...big, stakeMinor: 100 }] };
  const signature = orderSignature(order);
  let n = 0;
  const fresh = () => `key-${++n}`;

  it('a new submit gets a fresh key', () => {
    expect(orderAttempt(null, signature, fresh)).toEqual({ key: 'key-1', signature });
  });
  it('a retry of the same order reuses the key', () => {
    const pending = { key: 'key-a', signature };
    expect(orderAttempt(pending, orderSignature({ ...order }), fresh)).toBe(pending);
  });
  it.each([
    ['another stake', { ...order, items: [{ ...big, stakeMinor: 200 }] }],
    ['the next draw', { ...order, issueNo: '20261121-0002' }],
    ['another bet', { ...order, items: [{ ...seven, stakeMinor: 100 }] }],
  ])('%s is a new order with a new key', (_name, changed) => {
    const pending = { key: 'key-a', signature };
    expect(orderAttempt(pending, orderSignature(changed), fresh).key).not.toBe('key-a');
  });
  it.each([
    [0, 'network', true],
    [502, 'internal_error', true],
    [409, 'draw_closed', false],
    [409, 'insufficient_balance', false],
    [400, 'invalid_stake', false],
  ])('an answer %i %s keeps the order for a retry with its key: %s', (status, code, kept) => {
    expect(keepOrderForRetry(status, code)).toBe(kept);
  });
});

describe('the play type and prize mode the page opens with', () => {
  it.each([
    ['ent', ['trad', 'ent'], 'ent'],
    ['ent', ['trad'], 'trad'],
    ['trad', ['ent'], 'ent'],
  ] as const)('asked %s of a game offering %j shows %s', (asked, offered, shown) => {
    expect(playTypeToShow(asked, offered)).toBe(shown);
  });
  it.each([
    ['ELOTT', ['LOTT', 'ELOTT'], 'ELOTT'],
    ['sea', ['SEA'], 'SEA'],
    ['SEA', ['LOTT', 'ELOTT'], 'LOTT'],
    [null, ['ELOTT'], 'ELOTT'],
  ] as const)('prize_mode %s on a game with %j bets in %s', (asked, offered, used) => {
    expect(prizeModeToUse(asked, offered)).toBe(used);
  });
});
