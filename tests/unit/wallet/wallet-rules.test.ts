import { describe, expect, it } from 'vitest';
import { amountWithin, depositPresets, depositTemplate, memberCentreTemplate, parseAmountInput } from '../../../src/lib/wallet';

describe('amount input (integer minor units, never floats)', () => {
  it.each([
    ['10', 1_000], ['10.5', 1_050], ['10,55', 1_055], [' 7.00 ', 700], ['0.01', 1], ['12.', 1_200],
    ['', null], ['0', null], ['-5', null], ['1.005', null], ['1e3', null], ['1,000.00', null], ['abc', null],
  ])('%j → %j', (text, minor) => {
    expect(parseAmountInput(text)).toBe(minor);
  });

  it.each([[1_000, true], [999, false], [500_000, true], [500_001, false], [null, false]])('%j within 10.00–5000.00: %j', (minor, inside) => {
    expect(amountWithin(minor, 1_000, 500_000)).toBe(inside);
  });
});

describe('quick amounts of the new deposit template', () => {
  it.each([
    [1_000, 500_000, [1_000, 2_000, 5_000, 10_000, 20_000, 50_000]],
    [500, 100_000, [500, 1_000, 2_000, 5_000, 10_000, 20_000]],
    [10_000, 20_000, [10_000, 20_000]],
  ])('from %j to %j', (min, max, presets) => {
    expect(depositPresets(min, max)).toEqual(presets);
  });
});

// player-shell §3: "mem_cen (1 selects the new member-centre template), dep_func (1 selects the new deposit/detail template)".
describe('template switches', () => {
  it.each([[1, 'new'], ['1', 'new'], [0, 'classic'], ['0', 'classic'], [undefined, 'classic'], [null, 'classic'], [2, 'classic']])(
    'mem_cen %j → %s member centre', (flag, template) => {
      expect(memberCentreTemplate(flag)).toBe(template);
    });
  it.each([[1, 'new'], ['1', 'new'], [0, 'classic'], ['', 'classic'], [undefined, 'classic']])('dep_func %j → %s deposit page', (flag, template) => {
    expect(depositTemplate(flag)).toBe(template);
  });
});
