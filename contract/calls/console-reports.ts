import { z } from 'zod';
import { defineCall } from '../call';
import { money } from '../money';

/**
 * The back office's Reports area (docs/back-office.md "Reports"): a site's figures per UTC day over a range of at
 * most 366 days, as JSON or CSV. Permission `reports.read`; built-in mode only (404 in upstream mode, where the
 * platform keeps players and money). Money fields are decimals in the site's currency on the wire.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD');

/** The range, both days included (UTC): 400 `report_range_invalid` when a day is not real, to < from or longer than 366 days. */
export const consoleReportQuery = z.object({ from: day, to: day });
/** The CSV's table: `days` (one row per day, the default) or `games` (per day, game kind and vendor). */
export const consoleReportCsvQuery = consoleReportQuery.extend({ table: z.enum(['days', 'games']).default('days') });

const dayFigures = z.object({
  day,
  registrations: z.number().int(),
  firstDepositors: z.number().int(),
  depositCount: z.number().int(),
  deposits: money(),
  withdrawalCount: z.number().int(),
  withdrawals: money(),
  bets: money(),
  wins: money(),
  /** bets − wins */
  ggr: money(),
  bonusCost: money(),
  /** ggr − bonusCost */
  ngr: money(),
  activePlayers: z.number().int(),
});

const totals = dayFigures.omit({ day: true, activePlayers: true }).extend({
  /** The days' active players, averaged (one decimal). */
  activePlayersPerDay: z.number(),
  activePlayersPeak: z.number().int(),
});

const gameTotals = z.object({
  key: z.string(),
  name: z.string(),
  rounds: z.number().int(),
  bets: money(),
  wins: money(),
  ggr: money(),
  /** The days' players averaged over the range (one decimal). */
  playersPerDay: z.number(),
});

const gameDay = z.object({
  day, gameKind: z.string(), vendor: z.string(), rounds: z.number().int(), bets: money(), wins: money(), players: z.number().int(),
});

/** The report answer. */
export const consoleReport = z.object({
  from: day,
  /** The last day reported (today when the asked end lies in the future). */
  to: day,
  currency: z.string(),
  /** Days are UTC days. */
  timeZone: z.literal('UTC'),
  days: z.array(dayFigures),
  totals,
  gameKinds: z.array(gameTotals),
  vendors: z.array(gameTotals),
  gameDays: z.array(gameDay),
  source: z.object({ aggregatedDays: z.number().int(), rawDays: z.number().int() }),
});

export const consoleReportCalls = {
  consoleReport: defineCall({
    name: 'consoleReport', method: 'GET', path: '/console/api/reports', auth: 'none', console: 'reports.read',
    query: consoleReportQuery, value: consoleReport,
    summary: "The site's figures per UTC day over a range, per game kind and vendor (docs/back-office.md \"Reports\").",
  }),
  consoleReportCsv: defineCall({
    name: 'consoleReportCsv', method: 'GET', path: '/console/api/reports/csv', auth: 'none', console: 'reports.read', text: true,
    query: consoleReportCsvQuery, value: z.string(),
    summary: 'The report as CSV: one row per day, or per day, game kind and vendor (docs/back-office.md "Reports").',
  }),
};
