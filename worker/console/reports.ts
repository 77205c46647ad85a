import { Hono } from 'hono';
import { ApiError, encodeValue, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { reportCsv, siteReport, type SiteReport } from '../services/reports/reports';
import { dayStartMs, DAY_MS, REPORT_MAX_DAYS } from '../../rules/reports';
import { consoleReportCalls, consoleReportCsvQuery, consoleReportQuery } from '../../contract/calls/console-reports';
import { builtInOnly, can, type ConsoleEnv } from './access';

/** 400 `report_range_invalid` unless both are real days, from ≤ to and the range is at most REPORT_MAX_DAYS days. */
function checkRange(from: string, to: string): void {
  const [start, end] = [dayStartMs(from), dayStartMs(to)];
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start || (end - start) / DAY_MS + 1 > REPORT_MAX_DAYS) {
    throw new ApiError(400, 'report_range_invalid', `Choose real days, from before to, at most ${REPORT_MAX_DAYS} days`);
  }
}

/** The report in the call's value shape, minor units (encodeValue turns them into decimals). */
function reportValue(report: SiteReport, currency: string) {
  const money = <T extends { betMinor: number; winMinor: number }>(t: T) => ({ bets: t.betMinor, wins: t.winMinor });
  return {
    from: report.from, to: report.to, currency, timeZone: 'UTC' as const,
    days: report.days.map((d) => ({
      day: d.day, registrations: d.registrations, firstDepositors: d.firstDepositors, depositCount: d.depositCount, deposits: d.depositMinor,
      withdrawalCount: d.withdrawalCount, withdrawals: d.withdrawalMinor, ...money(d), ggr: d.ggrMinor, bonusCost: d.bonusCostMinor,
      ngr: d.ngrMinor, activePlayers: d.activePlayers,
    })),
    totals: {
      registrations: report.totals.registrations, firstDepositors: report.totals.firstDepositors, depositCount: report.totals.depositCount,
      deposits: report.totals.depositMinor, withdrawalCount: report.totals.withdrawalCount, withdrawals: report.totals.withdrawalMinor,
      ...money(report.totals), ggr: report.totals.ggrMinor, bonusCost: report.totals.bonusCostMinor, ngr: report.totals.ngrMinor,
      activePlayersPerDay: report.totals.activePlayersPerDay, activePlayersPeak: report.totals.activePlayersPeak,
    },
    gameKinds: report.gameKinds.map((g) => ({ key: g.key, name: g.key, rounds: g.rounds, ...money(g), ggr: g.ggrMinor, playersPerDay: g.playersPerDay })),
    vendors: report.vendors.map((g) => ({ key: g.key, name: g.name, rounds: g.rounds, ...money(g), ggr: g.ggrMinor, playersPerDay: g.playersPerDay })),
    gameDays: report.gameDays.map((g) => ({ day: g.day, gameKind: g.gameKind, vendor: g.vendor, rounds: g.rounds, ...money(g), players: g.players })),
    source: report.source,
  };
}

/**
 * The Reports area's console API (docs/back-office.md "Reports"; contract/calls/console-reports.ts), mounted at
 * /console/api/reports, permission `reports.read` (owner, admin, finance), the operator's own site only
 * (`c.var.merchant.code`), built-in mode only (404 `function.not.available` in upstream mode).
 * - GET /console/api/reports?from=YYYY-MM-DD&to=YYYY-MM-DD → the report (money as decimals in the site's currency;
 *   days UTC; days after today left out); 400 `report_range_invalid`, 400 `request_param_err`.
 * - GET /console/api/reports/csv?from&to&table=days|games → text/csv attachment (rules as above).
 */
export const reportsRouter = new Hono<ConsoleEnv>()
  .use('*', builtInOnly, can('reports.read'))
  .get('/', valid('query', consoleReportQuery), async (c) => {
    const { from, to } = c.req.valid('query');
    checkRange(from, to);
    const report = await siteReport(c.env.DB, c.var.merchant.code, from, to, Date.now());
    return ok(c, encodeValue(consoleReportCalls.consoleReport, reportValue(report, c.var.merchant.currency)));
  })
  .get('/csv', valid('query', consoleReportCsvQuery), async (c) => {
    const { from, to, table } = c.req.valid('query');
    checkRange(from, to);
    const report = await siteReport(c.env.DB, c.var.merchant.code, from, to, Date.now());
    return c.body(reportCsv(report, table), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="report-${c.var.merchant.code}-${table}-${report.from}-${report.to}.csv"`,
    });
  });
