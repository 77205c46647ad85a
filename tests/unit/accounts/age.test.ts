import { describe, expect, it } from 'vitest';
import { ageOn, parseBirthDate } from '../../../rules/age';

const on = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

// docs/honest-money.md, Age check: whole years by the calendar, on the UTC day.
describe('age from a date of birth', () => {
  it.each([
    ['2008-03-15', '2026-03-15', 18],
    ['2008-03-16', '2026-03-15', 17],
    ['2008-02-29', '2026-02-28', 17],
    ['2008-02-29', '2026-03-01', 18],
    ['1950-01-01', '2026-11-28', 76],
    ['2026-11-28', '2026-11-28', 0],
  ])('born %s, on %s → %d', (birth, today, age) => {
    expect(ageOn(birth, on(today))).toBe(age);
  });

  it('refuses dates that are no real day, badly written, or in the future', () => {
    expect(parseBirthDate('2001-02-30')).toBeNull();
    expect(parseBirthDate('2001-13-01')).toBeNull();
    expect(parseBirthDate('01/02/2001')).toBeNull();
    expect(ageOn('2030-01-01', on('2026-11-28'))).toBeNull();
    expect(ageOn('', on('2026-11-28'))).toBeNull();
  });
});
