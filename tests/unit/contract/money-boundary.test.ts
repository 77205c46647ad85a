import { describe, expect, it } from 'vitest';
import { minorToWire, wireMoney, wireToMinor } from '../../../contract/money';

// docs/design.md, Money: "Decimal currency units on the wire; integer minor units in the database and in every
// calculation, converted at the API boundary by one tested function."
describe('minor units → decimal currency units on the wire', () => {
  it.each([
    [0, 0], [1, 0.01], [5, 0.05], [10, 0.1], [99, 0.99], [100, 1], [123456, 1234.56], [-5, -0.05], [-123456, -1234.56],
    [12358122000, 123581220], [900719925474099, 9007199254740.99],
  ])('%i → %d', (minor, wire) => {
    expect(minorToWire(minor)).toBe(wire);
  });

  it('with 0 minor digits (VND, JPY) the wire amount is the integer itself', () => {
    expect(minorToWire(125000, 0)).toBe(125000);
  });

  it('refuses a value that is not a safe integer', () => {
    expect(() => minorToWire(1.5)).toThrow(RangeError);
    expect(() => minorToWire(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });
});

describe('decimal currency units from the wire → minor units', () => {
  it.each([
    [0, 0], [0.01, 1], [0.1, 10], [0.29, 29], [1.1, 110], [1234.56, 123456], [-0.05, -5], ['12.3', 1230], ['7', 700],
    ['0.07', 7], [' 3.50 ', 350], [1e-2, 1], ['-0', 0], [1.10, 110],
  ])('%s → %i', (wire, minor) => {
    expect(wireToMinor(wire)).toBe(minor);
  });

  it.each([[1.005], ['1.005'], ['abc'], [''], ['1e3'], [Number.NaN], [Number.POSITIVE_INFINITY], ['1.2.3'], [1e-7]])(
    'refuses %s', (wire) => {
      expect(() => wireToMinor(wire)).toThrow(RangeError);
    },
  );

  it('round-trips every amount from -10.00 to 10.00 and a sweep of large ones exactly', () => {
    for (let minor = -1000; minor <= 1000; minor++) expect(wireToMinor(minorToWire(minor))).toBe(minor);
    for (let minor = 1; minor < 1e15; minor = minor * 7 + 3) expect(wireToMinor(minorToWire(minor))).toBe(minor);
  });

  it('the wire schema accepts currency amounts and refuses sub-cent ones', () => {
    expect(wireMoney.safeParse(12.34).success).toBe(true);
    expect(wireMoney.safeParse(12.345).success).toBe(false);
    expect(wireMoney.safeParse('12.34').success).toBe(false);
  });
});
