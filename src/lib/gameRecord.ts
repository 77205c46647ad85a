/**
 * Game history rules (player-shell §2 /m/gameRecord): the kinds a player filters by and the periods, at least the
 * last three months. Periods are whole days in the player's own time zone, ending now.
 */

/** The kind filter: every kind, or one. */
export const RECORD_KINDS = ['all', 'lottery', 'slot', 'table', 'crash', 'shooter'] as const;
/** One kind filter. */
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The periods a player picks: today, the last 7 or 30 days, the last 3 months (90 days). */
export const RECORD_PERIODS = ['today', 'week', 'month', 'quarter'] as const;
/** One period. */
export type RecordPeriod = (typeof RECORD_PERIODS)[number];

const DAYS: Readonly<Record<RecordPeriod, number>> = { today: 1, week: 7, month: 30, quarter: 90 };

/** The period as epoch ms [from, to]: from the local midnight `days − 1` days ago to `now`. */
export function periodRange(period: RecordPeriod, now: number): { from: number; to: number } {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - (DAYS[period] - 1));
  return { from: start.getTime(), to: now };
}

/** History page size (player-shell §9 "Page size 9 (list)"). */
export const RECORD_PAGE_SIZE = 9;

/**
 * The key of a history line, unique in the list: its kind and id, marked for a game provider's round (a provider's
 * round ids are their own, so one may equal a demo round's id of the same kind).
 */
export function recordKey(item: { kind: string; id: number; provider?: string | undefined }): string {
  return `${item.provider !== undefined ? 'provider:' : ''}${item.kind}:${item.id}`;
}
