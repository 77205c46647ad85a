import { describe, expect, it } from 'vitest';
import {
  betterSample, clockSample, formatCountdown, nextPollDelay, remainingMs, serverNow, upcomingClose,
} from '../../../rules/lotteryClock';

// player-shell §2 /m/lotto-h5: "countdown to close from the SERVER's clock (serverTime offset, not the device clock)".
describe('the countdown runs on the server clock, not the device clock', () => {
  it.each([
    ['a device 2 minutes behind', 1_000_000 + 120_000, 1_000_000, 1_000_100, 120_000 - 50],
    ['a device 30 s ahead', 1_000_000 - 30_000, 1_000_000, 1_000_040, -30_000 - 20],
    ['a device in step', 1_000_050, 1_000_000, 1_000_100, 0],
  ])('with %s, the offset is the server time minus the middle of the round trip', (_name, server, sent, received, offset) => {
    expect(clockSample(server, sent, received)).toEqual({ offsetMs: offset, roundTripMs: received - sent });
    expect(serverNow(received, offset)).toBe(received + offset);
  });

  it('keeps the reading with the shorter round trip, since it is the more exact one', () => {
    const fast = { offsetMs: 500, roundTripMs: 40 };
    const slow = { offsetMs: 900, roundTripMs: 800 };
    expect(betterSample(null, slow)).toBe(slow);
    expect(betterSample(slow, fast)).toBe(fast);
    expect(betterSample(fast, slow)).toBe(fast);
  });
});

describe('countdown text', () => {
  it.each([
    [0, '00:00'],
    [-5_000, '00:00'],
    [1, '00:01'],
    [9_001, '00:10'],
    [45_000, '00:45'],
    [59 * 60_000 + 59_000, '59:59'],
    [3_600_000, '1:00:00'],
    [23 * 3_600_000 + 61_000, '23:01:01'],
    [86_400_000 + 5_000, '1d 00:00:05'],
  ])('%i ms left reads %s (seconds rounded up, so 00:00 only when time is up)', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
    expect(remainingMs(1_000 + ms, 1_000)).toBe(Math.max(0, ms));
  });
});

describe('a list keeps counting into the next draw without asking the server again', () => {
  it.each([
    ['before the known close', 100_000, 45_000, 99_999, 100_000],
    ['at the known close: the next draw closes one interval later', 100_000, 45_000, 100_000, 145_000],
    ['two intervals on', 100_000, 45_000, 190_001, 235_000],
  ])('%s', (_name, known, interval, now, expected) => {
    expect(upcomingClose(known, interval, now)).toBe(expected);
  });
});

describe('"poll draws every few seconds near draw time"', () => {
  it.each([
    ['long before the close, at most every 15 s', 0, { closeAt: 300_000 }, null, 15_000],
    ['just before the close, right after it', 290_000, { closeAt: 292_000 }, null, 2_400],
    ['at the close, not sooner than 1 s', 292_000, { closeAt: 292_000 }, null, 1_000],
    ['awaiting a result, right after its draw time', 100_000, { closeAt: 400_000 }, 101_000, 1_400],
    ['awaiting a result drawn 8 s from now, within 2.5 s', 100_000, { closeAt: 400_000 }, 108_000, 2_500],
    ['awaiting a late result, every 1 s', 120_000, { closeAt: 400_000 }, 101_000, 1_000],
  ])('%s', (_name, now, current, awaiting, delay) => {
    expect(nextPollDelay(now, current, awaiting)).toBe(delay);
  });
});
