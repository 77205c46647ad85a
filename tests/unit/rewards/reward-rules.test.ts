import { describe, expect, it } from 'vitest';
import {
  addDays, dayInZone, DEFAULT_SIGN_IN_REWARDS, isTimeZone, maskName, monthDays, nextStreak, periodRange, signInReward, startOfDay,
} from '../../../rules/rewards';

describe('the site day follows its time zone (issue 13, Daily sign-in: "a calendar in the site\'s time zone")', () => {
  it.each([
    ['2026-03-01T15:59:59Z', 'Asia/Manila', '2026-03-01'],
    ['2026-03-01T16:00:00Z', 'Asia/Manila', '2026-03-02'],
    ['2026-03-01T23:59:59Z', 'UTC', '2026-03-01'],
    ['2026-03-02T00:00:00Z', 'UTC', '2026-03-02'],
    ['2026-03-02T04:59:59Z', 'America/New_York', '2026-03-01'],
    ['2026-03-02T05:00:00Z', 'America/New_York', '2026-03-02'],
    ['2026-03-08T07:30:00Z', 'America/New_York', '2026-03-08'],
    ['2026-12-31T18:29:59Z', 'Asia/Kolkata', '2026-12-31'],
    ['2026-12-31T18:30:00Z', 'Asia/Kolkata', '2027-01-01'],
  ])('%s in %s is %s', (instant, zone, day) => {
    expect(dayInZone(Date.parse(instant), zone)).toBe(day);
  });

  it.each([
    ['2026-03-02', 'Asia/Manila', '2026-03-01T16:00:00Z'],
    ['2026-03-02', 'UTC', '2026-03-02T00:00:00Z'],
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00Z'],
    ['2026-03-09', 'America/New_York', '2026-03-09T04:00:00Z'],
  ])('%s starts in %s at %s (daylight saving included)', (day, zone, instant) => {
    expect(startOfDay(day, zone)).toBe(Date.parse(instant));
  });

  it('knows IANA zones and refuses others', () => {
    expect(isTimeZone('Asia/Manila')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('steps days across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(monthDays('2024-02-10')).toHaveLength(29);
    expect(monthDays('2026-04-30').at(-1)).toBe('2026-04-30');
  });
});

describe('streak rewards ("one claim per day, streak rewards")', () => {
  it.each([
    ['first ever sign-in', '2026-03-02', null, 1],
    ['yesterday signed: the streak grows', '2026-03-02', { day: '2026-03-01', streak: 4 }, 5],
    ['a missed day restarts it', '2026-03-03', { day: '2026-03-01', streak: 4 }, 1],
    ['across a month boundary', '2026-04-01', { day: '2026-03-31', streak: 2 }, 3],
  ] as const)('%s', (_name, today, last, streak) => {
    expect(nextStreak(today, last)).toBe(streak);
  });

  it.each([
    [1, 100], [2, 100], [3, 200], [7, 1000], [8, 100], [14, 1000], [0, 0],
  ])('day %i of the default 7-day cycle pays %i minor units', (streak, reward) => {
    expect(signInReward(streak, DEFAULT_SIGN_IN_REWARDS)).toBe(reward);
  });

  it('an empty table pays nothing', () => {
    expect(signInReward(3, [])).toBe(0);
  });
});

describe('leaderboard periods and masked names (issue 13, Leaderboard)', () => {
  it.each([
    ['day', '2026-03-04T10:00:00Z', 'UTC', '2026-03-04T00:00:00Z', '2026-03-05T00:00:00Z'],
    ['week', '2026-03-04T10:00:00Z', 'UTC', '2026-03-02T00:00:00Z', '2026-03-09T00:00:00Z'],
    ['week', '2026-03-08T23:00:00Z', 'UTC', '2026-03-02T00:00:00Z', '2026-03-09T00:00:00Z'],
    ['month', '2026-12-15T10:00:00Z', 'UTC', '2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z'],
    ['day', '2026-03-01T17:00:00Z', 'Asia/Manila', '2026-03-01T16:00:00Z', '2026-03-02T16:00:00Z'],
  ] as const)('%s containing %s in %s is [%s, %s)', (period, now, zone, from, to) => {
    const range = periodRange(period, Date.parse(now), zone);
    expect([range.from, range.to]).toEqual([Date.parse(from), Date.parse(to)]);
  });

  it.each([
    ['alexander', 'al***r'], ['abcd', 'ab***d'], ['abc', 'a**'], ['a', 'a**'], ['', '**'], ['玩家一号', '玩家***号'],
  ])('%j shows as %j', (name, masked) => {
    expect(maskName(name)).toBe(masked);
  });
});
