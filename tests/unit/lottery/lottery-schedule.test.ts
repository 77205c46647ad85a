import { describe, expect, it } from 'vitest';
import {
  DAY_MS, assertSchedule, issueNoOf, nextDrawSlot, openSlot, slotAt, slotByIssue, type Schedule,
} from '../../../worker/model/lottery/schedule';

const ONE_MINUTE: Schedule = { intervalMs: 60_000, offsetMs: 0, closeBeforeMs: 10_000 };
const FIVE_MINUTES: Schedule = { intervalMs: 300_000, offsetMs: 0, closeBeforeMs: 30_000 };
const DAILY: Schedule = { intervalMs: DAY_MS, offsetMs: (11 * 60 + 15) * 60_000, closeBeforeMs: 15 * 60_000 };
const FAST_45: Schedule = { intervalMs: 45_000, offsetMs: 0, closeBeforeMs: 10_000 };

const at = (iso: string) => Date.parse(iso);

describe('lottery schedule: the draw taking bets', () => {
  it.each<[string, Schedule, string, string, string, string, string]>([
    // name, schedule, now, issue, openAt, closeAt, drawAt
    ['a 1-minute game mid-minute takes bets on the coming full minute', ONE_MINUTE, '2026-03-04T10:20:30.000Z',
      '20260304-0622', '2026-03-04T10:19:50.000Z', '2026-03-04T10:20:50.000Z', '2026-03-04T10:21:00.000Z'],
    ['a 1-minute game 10 s before its draw passes the bets to the next draw', ONE_MINUTE, '2026-03-04T10:20:50.000Z',
      '20260304-0623', '2026-03-04T10:20:50.000Z', '2026-03-04T10:21:50.000Z', '2026-03-04T10:22:00.000Z'],
    ['a 1-minute game one ms before close still takes bets on that draw', ONE_MINUTE, '2026-03-04T10:20:49.999Z',
      '20260304-0622', '2026-03-04T10:19:50.000Z', '2026-03-04T10:20:50.000Z', '2026-03-04T10:21:00.000Z'],
    ['the day\'s last 1-minute draw is number 1440 at 23:59', ONE_MINUTE, '2026-03-04T23:58:45.000Z',
      '20260304-1440', '2026-03-04T23:57:50.000Z', '2026-03-04T23:58:50.000Z', '2026-03-04T23:59:00.000Z'],
    ['once it closes, bets go to draw 0001 of the next day at midnight', ONE_MINUTE, '2026-03-04T23:58:55.000Z',
      '20260305-0001', '2026-03-04T23:58:50.000Z', '2026-03-04T23:59:50.000Z', '2026-03-05T00:00:00.000Z'],
    ['a 5-minute game closes 30 s before its draw', FIVE_MINUTES, '2026-03-04T10:04:31.000Z',
      '20260304-0123', '2026-03-04T10:04:30.000Z', '2026-03-04T10:09:30.000Z', '2026-03-04T10:10:00.000Z'],
    ['a daily game before the close takes bets on today at 11:15', DAILY, '2026-03-04T08:00:00.000Z',
      '20260304-0001', '2026-03-03T11:00:00.000Z', '2026-03-04T11:00:00.000Z', '2026-03-04T11:15:00.000Z'],
    ['a daily game after the close takes bets on tomorrow', DAILY, '2026-03-04T11:00:00.000Z',
      '20260305-0001', '2026-03-04T11:00:00.000Z', '2026-03-05T11:00:00.000Z', '2026-03-05T11:15:00.000Z'],
    ['a 45-second game draws at 00:00:45 as number 2', FAST_45, '2026-03-04T00:00:20.000Z',
      '20260304-0002', '2026-03-03T23:59:50.000Z', '2026-03-04T00:00:35.000Z', '2026-03-04T00:00:45.000Z'],
  ])('%s', (_name, schedule, now, issueNo, openAt, closeAt, drawAt) => {
    const slot = openSlot(schedule, at(now));
    expect(slot.issueNo).toBe(issueNo);
    expect(new Date(slot.openAt).toISOString()).toBe(openAt);
    expect(new Date(slot.closeAt).toISOString()).toBe(closeAt);
    expect(new Date(slot.drawAt).toISOString()).toBe(drawAt);
    expect(slot.openAt).toBeLessThanOrEqual(at(now));
    expect(at(now)).toBeLessThan(slot.closeAt);
  });

  it('has exactly one draw taking bets at every moment: each opens when the previous closes', () => {
    for (const schedule of [ONE_MINUTE, FIVE_MINUTES, DAILY, FAST_45]) {
      const start = at('2026-03-04T23:50:00.000Z');
      let previous = openSlot(schedule, start);
      for (let t = start; t < start + 2 * DAY_MS; t += 7_001) {
        const slot = openSlot(schedule, t);
        expect(slot.openAt <= t && t < slot.closeAt).toBe(true);
        if (slot.index !== previous.index) {
          expect(slot.index).toBe(previous.index + 1);
          expect(slot.openAt).toBe(previous.closeAt);
        }
        previous = slot;
      }
    }
  });

  it('the next draw to happen may already be closed to bets', () => {
    const now = at('2026-03-04T10:20:55.000Z');
    expect(nextDrawSlot(ONE_MINUTE, now).issueNo).toBe('20260304-0622');
    expect(openSlot(ONE_MINUTE, now).issueNo).toBe('20260304-0623');
  });
});

describe('lottery schedule: issue numbers', () => {
  it('numbers a day\'s draws from 0001 and restarts at UTC midnight', () => {
    expect(issueNoOf(ONE_MINUTE, at('2026-03-04T00:00:00.000Z'))).toBe('20260304-0001');
    expect(issueNoOf(ONE_MINUTE, at('2026-03-04T23:59:00.000Z'))).toBe('20260304-1440');
    expect(issueNoOf(ONE_MINUTE, at('2026-03-05T00:00:00.000Z'))).toBe('20260305-0001');
    expect(issueNoOf(FAST_45, at('2026-03-04T23:59:15.000Z'))).toBe('20260304-1920');
  });

  it('turns an issue number back into the same draw', () => {
    for (const schedule of [ONE_MINUTE, FIVE_MINUTES, DAILY, FAST_45]) {
      for (const index of [0, 1, 123_456, 29_000_000 * (60_000 / schedule.intervalMs)]) {
        const slot = slotAt(schedule, Math.floor(index));
        expect(slotByIssue(schedule, slot.issueNo)).toEqual(slot);
      }
    }
  });

  it.each([
    ['malformed', '2026030-0001'],
    ['number 0', '20260304-0000'],
    ['past the day\'s last 1-minute draw', '20260304-1441'],
    ['a day that does not exist', '20260230-0001'],
    ['month 13', '20261301-0001'],
    ['a two-digit year', '00500101-0001'],
  ])('rejects an issue number that is %s', (_why, issueNo) => {
    expect(slotByIssue(ONE_MINUTE, issueNo)).toBeNull();
  });

  it('a daily game has only draw 0001', () => {
    expect(slotByIssue(DAILY, '20260304-0001')?.drawAt).toBe(at('2026-03-04T11:15:00.000Z'));
    expect(slotByIssue(DAILY, '20260304-0002')).toBeNull();
  });
});

describe('lottery schedule: configuration rules', () => {
  it.each<[string, Schedule]>([
    ['an interval that does not divide a day', { intervalMs: 70_000, offsetMs: 0, closeBeforeMs: 10_000 }],
    ['an interval under 30 s', { intervalMs: 20_000, offsetMs: 0, closeBeforeMs: 5_000 }],
    ['an offset of a whole interval', { intervalMs: 60_000, offsetMs: 60_000, closeBeforeMs: 10_000 }],
    ['closing as the previous draw happens', { intervalMs: 60_000, offsetMs: 0, closeBeforeMs: 60_000 }],
    ['never closing', { intervalMs: 60_000, offsetMs: 0, closeBeforeMs: 0 }],
  ])('refuses %s', (_why, schedule) => {
    expect(() => assertSchedule(schedule)).toThrow();
  });

  it('accepts the seeded schedules', () => {
    for (const schedule of [ONE_MINUTE, FIVE_MINUTES, DAILY, FAST_45]) expect(() => assertSchedule(schedule)).not.toThrow();
  });
});
