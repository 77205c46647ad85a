import { describe, expect, it } from 'vitest';
import {
  awaitedDrawAt, betLabelParts, newResults, orderNet, orderOutcome, statusQuery,
} from '../../../src/lib/lotteryRound';

const draw = (issueNo: string, closeAt: number) => ({ issueNo, closeAt, drawAt: closeAt + 10_000 });
const result = (issueNo: string, digits: number[] | null = [1, 2, 3, 4, 5]) => ({ issueNo, digits });

// player-shell §2 /m/lotto-h5: "poll draws every few seconds near draw time; refresh the wallet when a result arrives".
describe('which result the page waits for', () => {
  it.each([
    ['nothing closed yet', 50_000, [draw('A', 60_000)], [], null],
    ['a shown draw closed, result not in', 65_000, [draw('A', 60_000)], [], 70_000],
    ['its result is in', 71_000, [draw('A', 60_000)], [result('A')], null],
    ['its result is listed without digits yet', 71_000, [draw('A', 60_000)], [result('A', null)], 70_000],
    ['the earliest of two', 120_000, [draw('A', 60_000), draw('B', 105_000)], [], 70_000],
    ['given up a minute after its draw time', 130_000, [draw('A', 60_000)], [], null],
  ])('%s → %s', (_name, now, watched, results, expected) => {
    expect(awaitedDrawAt(now, watched, results)).toBe(expected);
  });

  it('keeps waiting while the player\'s bets on a revealed draw are still open (being settled)', () => {
    expect(awaitedDrawAt(71_000, [draw('A', 60_000)], [result('A')], new Set(['A']))).toBe(70_000);
  });
});

describe('a result that just arrived (the wallet is refreshed for it)', () => {
  it.each([
    ['the first read (nothing to compare)', null, [result('A')], []],
    ['a new issue with digits', [result('A')], [result('B'), result('A')], ['B']],
    ['digits filled in for a known issue', [result('B', null)], [result('B')], ['B']],
    ['nothing new', [result('A')], [result('A')], []],
  ])('%s → %j', (_name, previous, next, arrived) => {
    expect(newResults(previous, next)).toEqual(arrived);
  });
});

describe('orders on screen', () => {
  it.each([
    [{ status: 'open', payoutMinor: 0 }, 'open'],
    [{ status: 'settled', payoutMinor: 195 }, 'won'],
    [{ status: 'settled', payoutMinor: 0 }, 'lost'],
    [{ status: 'cancelled', payoutMinor: 0 }, 'cancelled'],
  ] as const)('%j reads %s', (order, outcome) => {
    expect(orderOutcome(order)).toBe(outcome);
  });

  it.each([
    [{ totalStakeMinor: 200, payoutMinor: 195, refundMinor: 0 }, -5],
    [{ totalStakeMinor: 200, payoutMinor: 390, refundMinor: 100 }, 290],
    [{ totalStakeMinor: 200, payoutMinor: 0, refundMinor: 200 }, 0],
  ])('%j changed the balance by %i', (order, net) => {
    expect(orderNet(order)).toBe(net);
  });

  it.each([
    ['digit', { position: 1, digit: 7 }, [{ key: 'lottery.betType.digit' }, { key: 'lottery.position', params: { n: 1 } }, { text: '7' }]],
    ['sum_value', { sum: 17 }, [{ key: 'lottery.betType.sum_value' }, { text: '17' }]],
    ['dragon_tiger', { pick: 'tie' }, [{ key: 'lottery.betType.dragon_tiger' }, { key: 'lottery.pick.tie' }]],
    ['pos_big_small', { position: 2, pick: 'big' }, [{ key: 'lottery.betType.pos_big_small' }, { key: 'lottery.position', params: { n: 2 } }, { key: 'lottery.pick.big' }]],
  ])('a %s bet %j is labelled in parts', (betType, selection, parts) => {
    expect(betLabelParts(betType, selection)).toEqual(parts);
  });

  it.each([
    ['all', undefined],
    ['open', 'open'],
    ['settled', 'settled'],
    ['cancelled', 'cancelled'],
  ] as const)('the history filter %s asks for status %s', (filter, status) => {
    expect(statusQuery(filter)).toBe(status);
  });
});
