/**
 * The Reports page's tables (docs/back-office.md "Reports"): the range per game kind and per vendor (rounds, bets,
 * wins, GGR, players per day), and every day's figures — each one FigureTable with its own columns.
 */
import type { ReactNode } from 'react';
import { Card, CardContent, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatCount, formatMoney, type ReportGameWire, type ReportWire } from './report-view';

type Translate = (key: string, options?: { _: string }) => string;

/** A column: its message key under `reports.` with the English fallback, and what a row shows in it. */
interface FigureColumn<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Figures align right (the default); names and days left. */
  align?: 'left' | 'right';
}

/** A card with a titled table of `rows` in `columns` (keyed by `rowKey`), and `empty` as its only row when there are none. */
function FigureTable<T>({ title, rows, columns, rowKey, testId, empty, t }: {
  title: string; rows: readonly T[]; columns: readonly FigureColumn<T>[]; rowKey: (row: T) => string; testId: string; empty?: string; t: Translate;
}) {
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" gutterBottom>{title}</Typography>
        <TableContainer>
          <Table size="small" data-testid={testId}>
            <TableHead>
              <TableRow>
                {columns.map((c) => <TableCell key={c.key} align={c.align ?? 'right'}>{t(`reports.${c.key}`, { _: c.label })}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && empty && <TableRow><TableCell colSpan={columns.length}>{empty}</TableCell></TableRow>}
              {rows.map((row) => (
                <TableRow key={rowKey(row)}>
                  {columns.map((c) => <TableCell key={c.key} align={c.align ?? 'right'}>{c.render(row)}</TableCell>)}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}

/** A table of game kinds or vendors. */
export function GameTable({ title, rows, currency, t, testId }: { title: string; rows: ReportGameWire[]; currency: string; t: Translate; testId: string }) {
  const columns: FigureColumn<ReportGameWire>[] = [
    { key: 'name', label: 'Name', align: 'left', render: (r) => r.name },
    { key: 'rounds', label: 'Rounds', render: (r) => formatCount(r.rounds) },
    { key: 'bets', label: 'Bets', render: (r) => formatMoney(r.bets, currency) },
    { key: 'wins', label: 'Wins', render: (r) => formatMoney(r.wins, currency) },
    { key: 'ggr', label: 'GGR', render: (r) => formatMoney(r.ggr, currency) },
    { key: 'playersPerDay', label: 'Players per day', render: (r) => formatCount(r.playersPerDay) },
  ];
  return (
    <FigureTable title={title} rows={rows} columns={columns} rowKey={(r) => r.key} testId={testId} t={t}
      empty={t('reports.noPlay', { _: 'No play in this range.' })} />
  );
}

/** Every day of the range, newest first. */
export function DayTable({ report, t }: { report: ReportWire; t: Translate }) {
  type Day = ReportWire['days'][number];
  const m = (v: number) => formatMoney(v, report.currency);
  const columns: FigureColumn<Day>[] = [
    { key: 'day', label: 'Day', align: 'left', render: (d) => d.day },
    { key: 'registrations', label: 'Registrations', render: (d) => formatCount(d.registrations) },
    { key: 'firstDepositors', label: 'First-time depositors', render: (d) => formatCount(d.firstDepositors) },
    { key: 'deposits', label: 'Deposits', render: (d) => `${m(d.deposits)} (${formatCount(d.depositCount)})` },
    { key: 'withdrawals', label: 'Withdrawals paid', render: (d) => `${m(d.withdrawals)} (${formatCount(d.withdrawalCount)})` },
    { key: 'bets', label: 'Bets', render: (d) => m(d.bets) },
    { key: 'wins', label: 'Wins', render: (d) => m(d.wins) },
    { key: 'ggr', label: 'GGR', render: (d) => m(d.ggr) },
    { key: 'bonusCost', label: 'Bonus cost', render: (d) => m(d.bonusCost) },
    { key: 'ngr', label: 'NGR', render: (d) => m(d.ngr) },
    { key: 'activePlayers', label: 'Active players', render: (d) => formatCount(d.activePlayers) },
  ];
  return (
    <FigureTable title={t('reports.byDay', { _: 'By day (UTC)' })} rows={[...report.days].reverse()} columns={columns} rowKey={(d) => d.day}
      testId="report-days" t={t} />
  );
}
