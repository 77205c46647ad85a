/**
 * Time-outs and self-exclusion (RTS 14; docs/player-protection.md "Time-out and self-exclusion"): the durations a
 * player may choose and whether a member is blocked at a moment. Pure: the worker decides on the server
 * (worker/services/protection/exclusion.ts); the browser reads it only to show the choices.
 */
/** 24 hours in ms (no import: the operator command loads this file in Node as it is, through the inbox queries). */
const DAY_MS = 24 * 60 * 60 * 1000;

/** The two kinds: a time-out ("take a break") and a self-exclusion. */
export const EXCLUSION_KINDS = ['break', 'self_exclusion'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

/** Break durations (RTS 14: 24 hours up to 6 weeks). `weeks6` is the longest a break may be. */
export const BREAK_DURATIONS = { day: DAY_MS, week: 7 * DAY_MS, days30: 30 * DAY_MS, weeks6: 42 * DAY_MS } as const;
/** Self-exclusion durations (6 months, 1, 2, 5 years) in calendar months; `permanent` has no end. */
export const SELF_EXCLUSION_MONTHS = { months6: 6, year1: 12, years2: 24, years5: 60, permanent: null } as const;
export type BreakDuration = keyof typeof BREAK_DURATIONS;
export type SelfExclusionDuration = keyof typeof SELF_EXCLUSION_MONTHS;

/** After a self-exclusion ended and the player asked to reopen, the account opens this much later. */
export const REOPEN_WAIT_MS = DAY_MS;

/** The end of a break or self-exclusion that starts at `start` (epoch ms; UTC calendar months), null = permanent. */
export function exclusionEnd(kind: ExclusionKind, duration: string, start: number): number | null {
  if (kind === 'break') {
    const ms = (BREAK_DURATIONS as Record<string, number>)[duration];
    if (ms === undefined) throw new RangeError(`unknown break duration ${duration}`);
    return start + ms;
  }
  if (!(duration in SELF_EXCLUSION_MONTHS)) throw new RangeError(`unknown self-exclusion duration ${duration}`);
  const months = SELF_EXCLUSION_MONTHS[duration as SelfExclusionDuration];
  if (months === null) return null;
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end.getTime();
}

/** One stored break or self-exclusion, as the rule reads it. */
export interface ExclusionRecord {
  kind: ExclusionKind;
  startedAt: number;
  /** null: permanent (self-exclusion only). */
  endsAt: number | null;
  reopenRequestedAt: number | null;
}

/**
 * Whether the member is blocked at `now`, and until when. A break blocks until its end. A self-exclusion blocks
 * until its end and then until 24 hours after the player asked to reopen (asked at or after the end); `until` is
 * null while that reopening has not been asked for or the exclusion is permanent. With several rows the latest end
 * wins; a self-exclusion outweighs a break. null: not blocked.
 */
export function exclusionBlock(rows: readonly ExclusionRecord[], now: number):
  { kind: ExclusionKind; until: number | null; reopenable: boolean } | null {
  let block: { kind: ExclusionKind; until: number | null; reopenable: boolean } | null = null;
  for (const row of rows) {
    if (row.startedAt > now) continue;
    let until: number | null;
    let reopenable = false;
    if (row.kind === 'break') {
      if (row.endsAt === null || row.endsAt <= now) continue;
      until = row.endsAt;
    } else if (row.endsAt === null) {
      until = null;
    } else if (row.endsAt > now) {
      until = row.endsAt;
    } else if (row.reopenRequestedAt !== null && row.reopenRequestedAt >= row.endsAt) {
      const opensAt = row.reopenRequestedAt + REOPEN_WAIT_MS;
      if (opensAt <= now) continue;
      until = opensAt;
    } else {
      until = null;
      reopenable = true;
    }
    const later = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.max(a, b));
    if (!block) block = { kind: row.kind, until, reopenable };
    else {
      block = {
        kind: block.kind === 'self_exclusion' || row.kind === 'self_exclusion' ? 'self_exclusion' : 'break',
        until: later(block.until, until),
        reopenable: block.reopenable || reopenable,
      };
    }
  }
  return block;
}

/** Every duration of a kind, in the order the page offers them. */
export const EXCLUSION_DURATIONS = {
  break: Object.keys(BREAK_DURATIONS) as BreakDuration[],
  self_exclusion: Object.keys(SELF_EXCLUSION_MONTHS) as SelfExclusionDuration[],
} as const;

/** Whether `duration` names a duration of `kind`. */
export function isExclusionDuration(kind: ExclusionKind, duration: string): boolean {
  return (EXCLUSION_DURATIONS[kind] as readonly string[]).includes(duration);
}

/**
 * Whether a new break or self-exclusion ending at `newEnd` (null: permanent) may be added to the block in force
 * (`exclusionBlock` at the same moment). Nothing may shorten a block, and a row that changes nothing is not added:
 * 'not_longer' when the block has no end (permanent) or the new end is not later than the block's end. A
 * self-exclusion that ended and waits for the player's request to reopen (`reopenable`) takes any new one: it only
 * keeps the account closed longer.
 */
export function exclusionAddable(block: ReturnType<typeof exclusionBlock>, newEnd: number | null): 'ok' | 'not_longer' {
  if (!block || block.reopenable) return 'ok';
  if (block.until === null) return 'not_longer';
  if (newEnd === null || newEnd > block.until) return 'ok';
  return 'not_longer';
}
