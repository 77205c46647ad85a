/**
 * The Reports page's charts (docs/back-office.md "Reports"), where a trend reads better than a table: money in and
 * out per day, GGR and NGR per day, active players and registrations per day, and GGR per game kind. Drawn with
 * recharts from the report the page holds; a range of one day shows no day charts (the cards say it all).
 */
import type { ReactElement } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatMoney, type ReportWire } from './report-view';

type Translate = (key: string, options?: { _: string }) => string;

function ChartCard({ title, children }: { title: string; children: ReactElement }) {
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" gutterBottom>{title}</Typography>
        <div style={{ width: '100%', height: 240 }}>
          <ResponsiveContainer>{children}</ResponsiveContainer>
        </div>
      </CardContent>
    </Card>
  );
}

/** The charts of `report`; labels through `t` (react-admin's translate, English defaults). */
export function ReportCharts({ report, t }: { report: ReportWire; t: Translate }) {
  const money = (v: unknown) => formatMoney(Number(v), report.currency);
  const days = report.days.map((d) => ({ ...d, label: d.day.slice(5) }));
  const grid = { display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', marginTop: 16 } as const;
  return (
    <div style={grid} data-testid="report-charts">
      {days.length > 1 && (
        <>
          <ChartCard title={t('reports.chart.money', { _: 'Deposits and withdrawals paid' })}>
            <BarChart data={days}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" />
              <YAxis width={80} tickFormatter={money} />
              <Tooltip formatter={money} />
              <Legend />
              <Bar dataKey="deposits" name={t('reports.deposits', { _: 'Deposits' })} fill="#2e7d32" />
              <Bar dataKey="withdrawals" name={t('reports.withdrawals', { _: 'Withdrawals paid' })} fill="#c62828" />
            </BarChart>
          </ChartCard>
          <ChartCard title={t('reports.chart.revenue', { _: 'GGR and NGR' })}>
            <LineChart data={days}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" />
              <YAxis width={80} tickFormatter={money} />
              <Tooltip formatter={money} />
              <Legend />
              <Line type="monotone" dataKey="ggr" name={t('reports.ggr', { _: 'GGR' })} stroke="#1565c0" dot={false} />
              <Line type="monotone" dataKey="ngr" name={t('reports.ngr', { _: 'NGR' })} stroke="#6a1b9a" dot={false} />
            </LineChart>
          </ChartCard>
          <ChartCard title={t('reports.chart.players', { _: 'Players' })}>
            <LineChart data={days}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" />
              <YAxis width={60} tickFormatter={(v: number) => formatCount(v)} />
              <Tooltip />
              <Legend />
              <Line type="monotone" dataKey="activePlayers" name={t('reports.activePlayers', { _: 'Active players' })} stroke="#ef6c00" dot={false} />
              <Line type="monotone" dataKey="registrations" name={t('reports.registrations', { _: 'Registrations' })} stroke="#00838f" dot={false} />
              <Line type="monotone" dataKey="firstDepositors" name={t('reports.firstDepositors', { _: 'First-time depositors' })} stroke="#558b2f" dot={false} />
            </LineChart>
          </ChartCard>
        </>
      )}
      {report.gameKinds.length > 0 && (
        <ChartCard title={t('reports.chart.kinds', { _: 'GGR by game kind' })}>
          <BarChart data={report.gameKinds} layout="vertical">
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" tickFormatter={money} />
            <YAxis type="category" dataKey="name" width={80} />
            <Tooltip formatter={money} />
            <Bar dataKey="ggr" name={t('reports.ggr', { _: 'GGR' })} fill="#1565c0" />
          </BarChart>
        </ChartCard>
      )}
    </div>
  );
}
