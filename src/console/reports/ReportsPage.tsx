/**
 * The back office's Reports page at /console/reports (docs/back-office.md "Reports"): a site's figures over a range
 * of UTC days — KPI cards for the range, charts per day, tables per game kind, per vendor and per day, and the CSV
 * downloads. Reads GET /console/api/reports through the console's data provider (src/console/registry.ts); the
 * server checks `reports.read` and the site. Labels go through react-admin's translate with English defaults.
 */
import { useEffect, useState } from 'react';
import { Alert, Box, Button, ButtonGroup, Card, CardContent, LinearProgress, TextField, Typography } from '@mui/material';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { ConsoleDataProvider } from '../registry';
import { ReportCharts } from './ReportCharts';
import { DayTable, GameTable } from './ReportTables';
import { csvHref, formatCount, formatMoney, presetRange, RANGE_PRESETS, type DayRange, type RangePreset, type ReportWire } from './report-view';

const PRESET_LABELS: Record<RangePreset, string> = {
  today: 'Today', yesterday: 'Yesterday', last7: 'Last 7 days', last31: 'Last 31 days', month: 'This month',
};

/** One KPI card: a label, the figure and an optional line below. */
function Kpi({ id, label, value, sub }: { id: string; label: string; value: string; sub?: string }) {
  return (
    <Card variant="outlined" data-testid={`kpi-${id}`}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">{label}</Typography>
        <Typography variant="h5" component="p" data-testid={`kpi-${id}-value`}>{value}</Typography>
        {sub && <Typography variant="caption" color="text.secondary">{sub}</Typography>}
      </CardContent>
    </Card>
  );
}

/** The report's state: the range it answers (`key`), what is shown and the last refusal. */
interface ReportState { key: string; report: ReportWire | null; error: string | null }

export function ReportsPage() {
  const t = useTranslate() as (key: string, options?: { _: string }) => string;
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [range, setRange] = useState<DayRange>(() => presetRange('today', Date.now()));
  const [state, setState] = useState<ReportState>({ key: '', report: null, error: null });
  const key = `${range.from}..${range.to}`;

  useEffect(() => {
    let live = true;
    dataProvider.get<ReportWire>('reports', { from: range.from, to: range.to }).then(
      (report) => { if (live) setState({ key, report, error: null }); },
      (error: unknown) => { if (live) setState((s) => ({ ...s, key, error: error instanceof Error ? error.message : String(error) })); },
    );
    return () => { live = false; };
  }, [dataProvider, range, key]);

  const { report } = state;
  const money = (v: number) => formatMoney(v, report?.currency ?? 'USD');
  const totals = report?.totals;
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title={t('reports.title', { _: 'Reports' })} />
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: { md: 'center' }, mb: 2 }}>
        <ButtonGroup size="small" aria-label={t('reports.presets', { _: 'Ranges' })} sx={{ flexWrap: 'wrap' }}>
          {RANGE_PRESETS.map((p) => (
            <Button key={p} onClick={() => setRange(presetRange(p, Date.now()))}>{t(`reports.preset.${p}`, { _: PRESET_LABELS[p] })}</Button>
          ))}
        </ButtonGroup>
        <TextField type="date" size="small" label={t('reports.from', { _: 'From' })} value={range.from}
          onChange={(e) => e.target.value && setRange((r) => ({ ...r, from: e.target.value }))} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-from' } }} />
        <TextField type="date" size="small" label={t('reports.to', { _: 'To' })} value={range.to}
          onChange={(e) => e.target.value && setRange((r) => ({ ...r, to: e.target.value }))} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-to' } }} />
        <Typography variant="caption" color="text.secondary">{t('reports.utc', { _: 'Days are UTC days.' })}</Typography>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" size="small" href={csvHref(range, 'days')} download>{t('reports.csvDays', { _: 'CSV by day' })}</Button>
        <Button variant="outlined" size="small" href={csvHref(range, 'games')} download>{t('reports.csvGames', { _: 'CSV by game' })}</Button>
      </Box>
      {state.key !== key && <LinearProgress sx={{ mb: 1 }} />}
      {state.error && <Alert severity="error" sx={{ mb: 2 }}>{state.error}</Alert>}
      {report && totals && (
        <>
          <Typography variant="subtitle2" color="text.secondary" data-testid="report-range">
            {report.from === report.to ? report.from : `${report.from} – ${report.to}`}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', mt: 1 }} data-testid="report-kpis">
            <Kpi id="registrations" label={t('reports.registrations', { _: 'Registrations' })} value={formatCount(totals.registrations)} />
            <Kpi id="first-depositors" label={t('reports.firstDepositors', { _: 'First-time depositors' })} value={formatCount(totals.firstDepositors)} />
            <Kpi id="deposits" label={t('reports.deposits', { _: 'Deposits' })} value={money(totals.deposits)} sub={`${formatCount(totals.depositCount)} ${t('reports.deposits.count', { _: 'deposits' })}`} />
            <Kpi id="withdrawals" label={t('reports.withdrawals', { _: 'Withdrawals paid' })} value={money(totals.withdrawals)} sub={`${formatCount(totals.withdrawalCount)} ${t('reports.withdrawals.count', { _: 'paid' })}`} />
            <Kpi id="bets" label={t('reports.bets', { _: 'Bets' })} value={money(totals.bets)} />
            <Kpi id="wins" label={t('reports.wins', { _: 'Wins' })} value={money(totals.wins)} />
            <Kpi id="ggr" label={t('reports.ggr', { _: 'GGR' })} value={money(totals.ggr)} sub={t('reports.ggr.hint', { _: 'bets − wins' })} />
            <Kpi id="bonus-cost" label={t('reports.bonusCost', { _: 'Bonus cost' })} value={money(totals.bonusCost)} sub={t('reports.bonusCost.hint', { _: 'rewards given − bonus forfeited' })} />
            <Kpi id="ngr" label={t('reports.ngr', { _: 'NGR' })} value={money(totals.ngr)} sub={t('reports.ngr.hint', { _: 'GGR − bonus cost' })} />
            <Kpi id="active-players" label={t('reports.activePlayersPerDay', { _: 'Active players per day' })} value={formatCount(totals.activePlayersPerDay)}
              sub={`${t('reports.peak', { _: 'peak' })} ${formatCount(totals.activePlayersPeak)}`} />
          </Box>
          <ReportCharts report={report} t={t} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', mt: 2 }}>
            <GameTable title={t('reports.byKind', { _: 'By game kind' })} rows={report.gameKinds} currency={report.currency} t={t} testId="report-kinds" />
            <GameTable title={t('reports.byVendor', { _: 'By vendor' })} rows={report.vendors} currency={report.currency} t={t} testId="report-vendors" />
          </Box>
          <Box sx={{ mt: 2 }}><DayTable report={report} t={t} /></Box>
        </>
      )}
    </Box>
  );
}
