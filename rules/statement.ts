/**
 * The activity statement's pure rules (docs/player-protection.md "Statements"), shared by the statement page (the
 * CSV download is made in the browser from the statement the server answered) and the tests: the CSV text, its
 * file name, the default period, and the reality check's wait.
 */

/** One statement as the page holds it: money in integer minor units, time in ms. */
export interface StatementFigures {
  from: string;
  to: string;
  deposits: number;
  withdrawals: number;
  netDeposits: number;
  bets: number;
  wins: number;
  netResult: number;
  timePlayedMs: number;
  sessions: number;
}

/** The CSV's row labels (translated by the page), in the order of the rows. */
export interface StatementLabels {
  period: string;
  deposits: string;
  withdrawals: string;
  netDeposits: string;
  bets: string;
  wins: string;
  netResult: string;
  timePlayedMinutes: string;
  sessions: string;
}

/** A CSV cell (RFC 4180): quoted when needed; text a spreadsheet would run as a formula gets a leading apostrophe. */
export function csvCell(text: string): string {
  const safe = /^[=+@\t\r]/.test(text) || /^-[^\d]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Minor units as a plain decimal with 2 digits and no grouping (e.g. -1250 → "-12.50"), for a spreadsheet. */
export function csvMoney(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The statement as CSV: a header row (label, value in `currency`), the period's row (from, to), then one row per
 * figure; time played in whole minutes. Lines end with CRLF (RFC 4180).
 */
export function statementCsv(s: StatementFigures, labels: StatementLabels, currency: string): string {
  const rows: string[][] = [
    [labels.period, s.from, s.to],
    [labels.deposits, csvMoney(s.deposits), currency],
    [labels.withdrawals, csvMoney(s.withdrawals), currency],
    [labels.netDeposits, csvMoney(s.netDeposits), currency],
    [labels.bets, csvMoney(s.bets), currency],
    [labels.wins, csvMoney(s.wins), currency],
    [labels.netResult, csvMoney(s.netResult), currency],
    [labels.timePlayedMinutes, String(Math.round(s.timePlayedMs / 60_000)), ''],
    [labels.sessions, String(s.sessions), ''],
  ];
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The file name of a statement's CSV, e.g. statement-2026-11-01-2026-11-30.csv. */
export const statementFileName = (s: { from: string; to: string }): string => `statement-${s.from}-${s.to}.csv`;

/** The default period at `now`: from the first day of the previous calendar month (UTC) to today. */
export function defaultStatementPeriod(now: number): { from: string; to: string } {
  const d = new Date(now);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  return { from: first.toISOString().slice(0, 10), to: d.toISOString().slice(0, 10) };
}

/**
 * How long the browser waits before showing a reality check, ms: the server's due time less the server's now (the
 * browser's own clock may be off), never below 0; null when reality checks are off.
 */
export function realityCheckWait(check: { dueAt: number | null; now: number }): number | null {
  return check.dueAt === null ? null : Math.max(0, check.dueAt - check.now);
}
