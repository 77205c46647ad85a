import {
  aggregateStatements, aggregatedDayCounts, aggregatedGameDays, aggregatedSpan, rawDayCounts, rawGameDays, reportSites, vendorNames,
} from '../../db/queries/reports';
import {
  addDays, DAY_MS, dayFigures, dayOf, daysOf, dayStartMs, EMPTY_COUNTS, gameTotals, rangeTotals,
  type DayCounts, type DayFigures, type GameDay, type GameTotals, type RangeTotals, type ReportDay,
} from '../../../rules/reports';
import { csvCell, csvMoney } from '../../../rules/statement';

/**
 * The back office's reports (docs/back-office.md "Reports"): a site's figures per UTC day over a range, from the
 * pre-aggregated daily rows for closed days the scheduled work has done (`refreshReports`) and from the raw ledger
 * and game records for the rest (today, and any day not aggregated yet), so the answer is always complete.
 */

/** A day is closed, and aggregated, this long after it ends (a batch that began before midnight has landed by then). */
export const REPORT_CLOSE_GRACE_MS = 5 * 60_000;
/**
 * Days one site aggregates at most per tick: a new site's past catches up a week a minute, and one tick's raw query
 * stays far below D1's time limit per query even on a year-sized database (docs/back-office.md "Reports").
 */
export const REPORT_DAYS_PER_TICK = 7;

/** One site's report over [from, to]. */
export interface SiteReport {
  from: ReportDay;
  /** The last day reported: the asked `to`, or today when that lies in the future. */
  to: ReportDay;
  /** Every day of the range, oldest first, zeros included. */
  days: DayFigures[];
  totals: RangeTotals;
  /** Each day's play per game kind and vendor (only pairs that were played). */
  gameDays: GameDay[];
  gameKinds: GameTotals[];
  /** Per vendor, with the vendor's display name. */
  vendors: (GameTotals & { name: string })[];
  /** How many days came from the pre-aggregated rows and how many were counted from the raw records. */
  source: { aggregatedDays: number; rawDays: number };
}

/**
 * The report of `merchantCode` for the UTC days [from, to] (both `YYYY-MM-DD`, from ≤ to, checked by the caller);
 * days after today (UTC, at `now`) are left out. `useAggregates: false` counts every day from the raw records (the
 * tests compare both ways).
 */
export async function siteReport(
  db: D1Database, merchantCode: string, from: ReportDay, askedTo: ReportDay, now: number, useAggregates = true,
): Promise<SiteReport> {
  const today = dayOf(now);
  const to = askedTo > today ? today : askedTo;
  const days = daysOf(from, to);
  const span = useAggregates ? await aggregatedSpan(db, merchantCode) : null;
  // Aggregated: the range's days within the aggregated span (closed days only); raw: the days before and after it.
  const yesterday = addDays(today, -1);
  const aggFrom = span && span.first > from ? span.first : from;
  const aggTo = [to, span?.last ?? '', yesterday].reduce((a, b) => (a < b ? a : b));
  const aggregated = span !== null && aggFrom <= aggTo;
  const rawRanges: [ReportDay, ReportDay][] = aggregated
    ? [[from, addDays(aggFrom, -1)], [addDays(aggTo, 1), to]]
    : [[from, to]];
  const counts = new Map<ReportDay, DayCounts>();
  const games: GameDay[] = [];
  if (aggregated) {
    for (const [day, c] of await aggregatedDayCounts(db, merchantCode, aggFrom, aggTo)) counts.set(day, c);
    games.push(...await aggregatedGameDays(db, merchantCode, aggFrom, aggTo));
  }
  let rawDays = 0;
  for (const [rawFrom, rawTo] of rawRanges) {
    if (rawFrom > rawTo) continue;
    const [fromMs, toMs] = [dayStartMs(rawFrom), dayStartMs(rawTo) + DAY_MS];
    for (const [day, c] of await rawDayCounts(db, merchantCode, fromMs, toMs)) counts.set(day, c);
    games.push(...await rawGameDays(db, merchantCode, fromMs, toMs));
    rawDays += daysOf(rawFrom, rawTo).length;
  }
  const figures = days.map((day) => dayFigures(day, counts.get(day) ?? EMPTY_COUNTS));
  games.sort((a, b) => a.day.localeCompare(b.day) || a.gameKind.localeCompare(b.gameKind) || a.vendor.localeCompare(b.vendor));
  const names = await vendorNames(db);
  return {
    from, to, days: figures, totals: rangeTotals(figures), gameDays: games,
    gameKinds: gameTotals(games, 'gameKind', days.length),
    vendors: gameTotals(games, 'vendor', days.length).map((v) => ({ ...v, name: names.get(v.key) ?? v.key })),
    source: { aggregatedDays: days.length - rawDays, rawDays },
  };
}

/**
 * Writes the pre-aggregated rows of `merchantCode` for `days` (closed days) from the raw records, in one batch,
 * replacing rows already there. Returns the number of days written.
 */
export async function aggregateDays(db: D1Database, merchantCode: string, days: readonly ReportDay[], now: number): Promise<number> {
  if (days.length === 0) return 0;
  const fromMs = dayStartMs(days[0]!);
  const toMs = dayStartMs(days.at(-1)!) + DAY_MS;
  const [counts, games] = await Promise.all([rawDayCounts(db, merchantCode, fromMs, toMs), rawGameDays(db, merchantCode, fromMs, toMs)]);
  await db.batch(aggregateStatements(db, merchantCode, days, counts, games, now));
  return days.length;
}

/**
 * The scheduled work's part (worker/index.ts, every minute): for each site, aggregates the closed days after its
 * newest aggregated day (from the day the site was made), at most REPORT_DAYS_PER_TICK per site per tick. A day
 * is closed REPORT_CLOSE_GRACE_MS after its end. Safe to run at any time, repeatedly. Returns the days written.
 */
export async function refreshReports(db: D1Database, now = Date.now()): Promise<number> {
  const lastClosed = addDays(dayOf(now - REPORT_CLOSE_GRACE_MS), -1);
  let written = 0;
  for (const site of await reportSites(db)) {
    const span = await aggregatedSpan(db, site.code);
    const start = span !== null ? addDays(span.last, 1) : dayOf(site.createdAt);
    if (start > lastClosed) continue;
    const end = addDays(start, REPORT_DAYS_PER_TICK - 1);
    written += await aggregateDays(db, site.code, daysOf(start, end < lastClosed ? end : lastClosed), now);
  }
  return written;
}

/** The CSV columns of the days table. */
export const REPORT_DAY_COLUMNS = [
  'day', 'registrations', 'first_depositors', 'deposits', 'deposit_amount', 'withdrawals_paid', 'withdrawal_amount',
  'bets', 'wins', 'ggr', 'bonus_cost', 'ngr', 'active_players',
] as const;
/** The CSV columns of the games table. */
export const REPORT_GAME_COLUMNS = ['day', 'game_kind', 'vendor', 'rounds', 'bets', 'wins', 'ggr', 'players'] as const;

/**
 * The report as CSV (RFC 4180, CRLF line ends, a header row): `days` — one row per day; `games` — one row per day,
 * game kind and vendor. Amounts are decimals in the site's currency (e.g. 12.50), days UTC.
 */
export function reportCsv(report: SiteReport, table: 'days' | 'games'): string {
  const rows: string[][] = table === 'days'
    ? [[...REPORT_DAY_COLUMNS], ...report.days.map((d) => [
      d.day, String(d.registrations), String(d.firstDepositors), String(d.depositCount), csvMoney(d.depositMinor),
      String(d.withdrawalCount), csvMoney(d.withdrawalMinor), csvMoney(d.betMinor), csvMoney(d.winMinor), csvMoney(d.ggrMinor),
      csvMoney(d.bonusCostMinor), csvMoney(d.ngrMinor), String(d.activePlayers),
    ])]
    : [[...REPORT_GAME_COLUMNS], ...report.gameDays.map((g) => [
      g.day, g.gameKind, g.vendor, String(g.rounds), csvMoney(g.betMinor), csvMoney(g.winMinor), csvMoney(g.betMinor - g.winMinor), String(g.players),
    ])];
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
