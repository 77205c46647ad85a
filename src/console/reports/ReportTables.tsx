/**
 * The Reports page's tables (docs/back-office.md "Reports"): the range per game kind and per vendor (rounds, bets,
 * wins, GGR, players per day), and every day's figures.
 */
import { Card, CardContent, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatCount, formatMoney, type ReportGameWire, type ReportWire } from './report-view';

type Translate = (key: string, options?: { _: string }) => string;

/** A table of game kinds or vendors. */
export function GameTable({ title, rows, currency, t, testId }: { title: string; rows: ReportGameWire[]; currency: string; t: Translate; testId: string }) {
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" gutterBottom>{title}</Typography>
        <TableContainer>
          <Table size="small" data-testid={testId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('reports.name', { _: 'Name' })}</TableCell>
                <TableCell align="right">{t('reports.rounds', { _: 'Rounds' })}</TableCell>
                <TableCell align="right">{t('reports.bets', { _: 'Bets' })}</TableCell>
                <TableCell align="right">{t('reports.wins', { _: 'Wins' })}</TableCell>
                <TableCell align="right">{t('reports.ggr', { _: 'GGR' })}</TableCell>
                <TableCell align="right">{t('reports.playersPerDay', { _: 'Players per day' })}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow><TableCell colSpan={6}>{t('reports.noPlay', { _: 'No play in this range.' })}</TableCell></TableRow>
              )}
              {rows.map((r) => (
                <TableRow key={r.key}>
                  <TableCell>{r.name}</TableCell>
                  <TableCell align="right">{formatCount(r.rounds)}</TableCell>
                  <TableCell align="right">{formatMoney(r.bets, currency)}</TableCell>
                  <TableCell align="right">{formatMoney(r.wins, currency)}</TableCell>
                  <TableCell align="right">{formatMoney(r.ggr, currency)}</TableCell>
                  <TableCell align="right">{formatCount(r.playersPerDay)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}

/** Every day of the range, newest first. */
export function DayTable({ report, t }: { report: ReportWire; t: Translate }) {
  const m = (v: number) => formatMoney(v, report.currency);
  const columns: [key: string, label: string][] = [
    ['registrations', 'Registrations'], ['firstDepositors', 'First-time depositors'], ['deposits', 'Deposits'],
    ['withdrawals', 'Withdrawals paid'], ['bets', 'Bets'], ['wins', 'Wins'], ['ggr', 'GGR'], ['bonusCost', 'Bonus cost'],
    ['ngr', 'NGR'], ['activePlayers', 'Active players'],
  ];
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" gutterBottom>{t('reports.byDay', { _: 'By day (UTC)' })}</Typography>
        <TableContainer>
          <Table size="small" data-testid="report-days">
            <TableHead>
              <TableRow>
                <TableCell>{t('reports.day', { _: 'Day' })}</TableCell>
                {columns.map(([key, label]) => <TableCell key={key} align="right">{t(`reports.${key}`, { _: label })}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {[...report.days].reverse().map((d) => (
                <TableRow key={d.day}>
                  <TableCell>{d.day}</TableCell>
                  <TableCell align="right">{formatCount(d.registrations)}</TableCell>
                  <TableCell align="right">{formatCount(d.firstDepositors)}</TableCell>
                  <TableCell align="right">{m(d.deposits)} ({formatCount(d.depositCount)})</TableCell>
                  <TableCell align="right">{m(d.withdrawals)} ({formatCount(d.withdrawalCount)})</TableCell>
                  <TableCell align="right">{m(d.bets)}</TableCell>
                  <TableCell align="right">{m(d.wins)}</TableCell>
                  <TableCell align="right">{m(d.ggr)}</TableCell>
                  <TableCell align="right">{m(d.bonusCost)}</TableCell>
                  <TableCell align="right">{m(d.ngr)}</TableCell>
                  <TableCell align="right">{formatCount(d.activePlayers)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}
