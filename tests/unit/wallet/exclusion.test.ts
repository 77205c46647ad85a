import { describe, expect, it } from 'vitest';
import {
  EXCLUSION_DURATIONS, REOPEN_WAIT_MS, exclusionAddable, exclusionBlock, exclusionEnd, isExclusionDuration, type ExclusionRecord,
} from '../../../rules/exclusion';
import { DURATION_NAMES, formatExclusions, parseProtectionCommand } from '../../../scripts/protection-commands';
import { UsageError } from '../../../scripts/operator-commands';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 0, 31, 12);

const row = (kind: ExclusionRecord['kind'], startedAt: number, endsAt: number | null, reopenRequestedAt: number | null = null): ExclusionRecord =>
  ({ kind, startedAt, endsAt, reopenRequestedAt });

// docs/player-protection.md "Time-out and self-exclusion" (RTS 14).
describe('rules/exclusion.ts', () => {
  it('ends a break after 24 hours, 7 days, 30 days or 6 weeks, and a self-exclusion after calendar months or never', () => {
    expect(EXCLUSION_DURATIONS.break.map((d) => exclusionEnd('break', d, T0))).toEqual([T0 + DAY, T0 + 7 * DAY, T0 + 30 * DAY, T0 + 42 * DAY]);
    expect(EXCLUSION_DURATIONS.self_exclusion.map((d) => exclusionEnd('self_exclusion', d, T0))).toEqual([
      Date.UTC(2026, 6, 31, 12), Date.UTC(2027, 0, 31, 12), Date.UTC(2028, 0, 31, 12), Date.UTC(2031, 0, 31, 12), null,
    ]);
    expect(() => exclusionEnd('break', 'months6', T0)).toThrow(RangeError);
    expect(() => exclusionEnd('self_exclusion', 'week', T0)).toThrow(RangeError);
    expect(isExclusionDuration('break', 'weeks6')).toBe(true);
    expect(isExclusionDuration('break', 'permanent')).toBe(false);
  });

  it('blocks during a break and not after it', () => {
    const rows = [row('break', T0, T0 + DAY)];
    expect(exclusionBlock(rows, T0)).toEqual({ kind: 'break', until: T0 + DAY, reopenable: false });
    expect(exclusionBlock(rows, T0 + DAY)).toBeNull();
    expect(exclusionBlock(rows, T0 - 1)).toBeNull();
  });

  it('keeps a self-exclusion closed after its end until a reopening is asked, then 24 hours more', () => {
    const end = T0 + 180 * DAY;
    expect(exclusionBlock([row('self_exclusion', T0, end)], end - 1)).toEqual({ kind: 'self_exclusion', until: end, reopenable: false });
    expect(exclusionBlock([row('self_exclusion', T0, end)], end + 30 * DAY)).toEqual({ kind: 'self_exclusion', until: null, reopenable: true });
    const asked = end + 30 * DAY;
    const reopening = [row('self_exclusion', T0, end, asked)];
    expect(exclusionBlock(reopening, asked + DAY - 1)).toEqual({ kind: 'self_exclusion', until: asked + REOPEN_WAIT_MS, reopenable: false });
    expect(exclusionBlock(reopening, asked + DAY)).toBeNull();
    // A request made before the end does not count: the player asks after it.
    expect(exclusionBlock([row('self_exclusion', T0, end, end - DAY)], end + DAY)).toMatchObject({ reopenable: true });
    expect(exclusionBlock([row('self_exclusion', T0, null)], T0 + 3650 * DAY)).toEqual({ kind: 'self_exclusion', until: null, reopenable: false });
  });

  it('takes the latest end of several, a self-exclusion outweighing a break', () => {
    const rows = [row('break', T0, T0 + 42 * DAY), row('self_exclusion', T0 + DAY, T0 + 20 * DAY)];
    expect(exclusionBlock(rows, T0 + 2 * DAY)).toEqual({ kind: 'self_exclusion', until: T0 + 42 * DAY, reopenable: false });
  });

  it('adds only what ends later: nothing shortens a block', () => {
    const breakBlock = exclusionBlock([row('break', T0, T0 + 7 * DAY)], T0);
    expect(exclusionAddable(null, T0 + DAY)).toBe('ok');
    expect(exclusionAddable(breakBlock, T0 + DAY)).toBe('not_longer');
    expect(exclusionAddable(breakBlock, T0 + 7 * DAY)).toBe('not_longer');
    expect(exclusionAddable(breakBlock, T0 + 8 * DAY)).toBe('ok');
    expect(exclusionAddable(breakBlock, null)).toBe('ok');
    const permanent = exclusionBlock([row('self_exclusion', T0, null)], T0);
    expect(exclusionAddable(permanent, null)).toBe('not_longer');
    expect(exclusionAddable(permanent, T0 + 3650 * DAY)).toBe('not_longer');
    const ended = exclusionBlock([row('self_exclusion', T0, T0 + DAY)], T0 + 2 * DAY);
    expect(exclusionAddable(ended, T0 + 3 * DAY)).toBe('ok');
  });
});

describe('the operator commands exclusions and exclude (scripts/protection-commands.ts)', () => {
  it('parses exclusions and exclude with short or rule names of the durations', () => {
    expect(parseProtectionCommand(['exclusions', 'DEMO', 'ana'])).toEqual({ kind: 'exclusions', merchant: 'DEMO', username: 'ana' });
    expect(parseProtectionCommand(['exclude', 'DEMO', 'ana', '--kind', 'break', '--duration', '6w', '--reason', 'player asked by e-mail']))
      .toEqual({ kind: 'exclude', merchant: 'DEMO', username: 'ana', exclusion: 'break', duration: 'weeks6', reason: 'player asked by e-mail' });
    expect(parseProtectionCommand(['exclude', 'DEMO', 'ana', '--reason', 'phone call', '--duration', 'permanent', '--kind', 'self_exclusion']))
      .toMatchObject({ exclusion: 'self_exclusion', duration: 'permanent' });
    expect(parseProtectionCommand(['exclude', 'DEMO', 'ana', '--kind', 'self_exclusion', '--duration', 'years5', '--reason', 'r'])).toMatchObject({ duration: 'years5' });
    for (const [kind, names] of Object.entries(DURATION_NAMES)) {
      for (const name of Object.values(names)) expect(isExclusionDuration(kind as 'break', name)).toBe(true);
    }
  });

  it('refuses a missing reason, a wrong kind or a duration of the other kind', () => {
    const bad = [
      ['exclude', 'DEMO', 'ana', '--kind', 'break', '--duration', '6w'],
      ['exclude', 'DEMO', 'ana', '--kind', 'break', '--duration', '6w', '--reason', '  '],
      ['exclude', 'DEMO', 'ana', '--kind', 'pause', '--duration', '6w', '--reason', 'r'],
      ['exclude', 'DEMO', 'ana', '--kind', 'break', '--duration', '1y', '--reason', 'r'],
      ['exclude', 'DEMO', 'ana', '--kind', 'break', '--kind', 'break', '--duration', '6w', '--reason', 'r'],
      ['exclusions', 'DEMO'],
    ];
    for (const args of bad) expect(() => parseProtectionCommand(args)).toThrow(UsageError);
  });

  it('shows the history, the block in force and the balance', () => {
    const text = formatExclusions('ana (DEMO, member 7)', {
      memberId: 7, username: 'ana', limits: [], limitHistory: [], cashMinor: 12_345, liveSessions: 0,
      exclusions: [
        { id: 1, kind: 'break', startedAt: T0, endsAt: T0 + DAY, setBy: 'player', operator: null, reason: '', reopenRequestedAt: null },
        { id: 2, kind: 'self_exclusion', startedAt: T0 + 2 * DAY, endsAt: null, setBy: 'operator', operator: 'cli:ops', reason: 'player asked by e-mail', reopenRequestedAt: null },
      ],
      block: { kind: 'self_exclusion', until: null, reopenable: false },
    });
    expect(text).toContain(`break from ${new Date(T0).toISOString()} until ${new Date(T0 + DAY).toISOString()} (set by player)`);
    expect(text).toContain('self_exclusion from');
    expect(text).toContain('until permanent (set by operator cli:ops: player asked by e-mail)');
    expect(text).toContain('In force: self_exclusion until no end');
    expect(text).toContain('Cash balance: 123.45; live sessions: 0');
  });
});
