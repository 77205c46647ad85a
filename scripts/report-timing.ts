/**
 * Times the back office's report queries (docs/back-office.md "Reports", "Speed on a year of data") on the file
 * scripts/report-data.ts made. Not part of `npm test`. The queries are the worker's own (worker/services/reports,
 * worker/db/queries/reports.ts), run through the operator CLI's local D1 transport (scripts/d1-local.ts: the same
 * SQLite engine D1 runs, in this process, so no network time is included):
 *
 *   node scripts/report-timing.ts [--file /tmp/report-year.sqlite] [--site DEMO] [--runs 5]
 *
 * 1. raw: every day counted from the ledger and game records, for the last 1, 31 and 365 closed days and today;
 * 2. the scheduled work's aggregation of every closed day (refreshReports until it has nothing left), per day;
 * 3. aggregated: the same ranges read from report_daily / report_daily_games (today is always raw).
 * Prints a Markdown table of times — wall clock and this process's CPU time, median of `--runs` (the 31- and 365-day
 * raw ranges run once) — and checks that both ways give the same figures. `--year no` skips the raw 365-day range.
 */
import { DatabaseSync } from 'node:sqlite';
import './extensionless-imports.ts';
import { localD1 } from './d1-local.ts';
import { clearReportAggregates, datasetRowCounts } from '../worker/db/queries/report-dataset.ts';

// The worker's modules import each other without extensions: loaded once the hook above is registered.
const { refreshReports, siteReport } = await import('../worker/services/reports/reports.ts');
const { addDays, dayOf } = await import('../rules/reports.ts');

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const file = args.get('file') ?? '/tmp/report-year.sqlite';
const site = args.get('site') ?? 'DEMO';
const runs = Number(args.get('runs') ?? 5);

const sqlite = new DatabaseSync(file);
const db = localD1(sqlite);
const now = Date.now();
const today = dayOf(now);
const yesterday = addDays(today, -1);
const ranges: [label: string, from: string, to: string][] = [
  ['today', today, today],
  ['1 day', yesterday, yesterday],
  ['31 days', addDays(yesterday, -30), yesterday],
  ['365 days', addDays(yesterday, -364), yesterday],
];

/** A timing: wall-clock ms and this process's CPU ms (node:sqlite runs in process, so CPU is the query's own work). */
interface Timing { wall: number; cpu: number }
const fmt = (t: Timing) => `${Math.round(t.wall)} ms (CPU ${Math.round(t.cpu)} ms)`;

/** The median (by CPU) of `n` timings of `fn`, and its last answer. */
async function time<T>(fn: () => Promise<T>, n = runs): Promise<Timing & { value: T }> {
  const times: Timing[] = [];
  let value!: T;
  for (let i = 0; i < n; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    value = await fn();
    const used = process.cpuUsage(cpu);
    times.push({ wall: performance.now() - start, cpu: (used.user + used.system) / 1000 });
  }
  times.sort((a, b) => a.cpu - b.cpu);
  return { ...times[Math.floor(times.length / 2)]!, value };
}

console.log(JSON.stringify(datasetRowCounts(sqlite)));

clearReportAggregates(sqlite);
// The year's raw range last: it is by far the slowest, and everything else is printed before it.
const raw = new Map<string, Timing & { value: Awaited<ReturnType<typeof siteReport>> }>();
for (const [label, from, to] of ranges.filter(([label]) => label !== '365 days')) {
  raw.set(label, await time(() => siteReport(db, site, from, to, now, false), label === '31 days' ? 1 : runs));
  console.log(`raw ${label}: ${fmt(raw.get(label)!)}`);
}

// The scheduled work from nothing: REPORT_DAYS_PER_TICK days per site per tick until every closed day is done.
let days = 0;
const ticks: Timing[] = [];
for (let written = -1; written !== 0;) {
  const tick = await time(() => refreshReports(db, now), 1);
  written = tick.value;
  days += written;
  ticks.push(tick);
  console.log(`tick: ${written} site-days, ${fmt(tick)}`);
}
const total = ticks.reduce((t, x) => ({ wall: t.wall + x.wall, cpu: t.cpu + x.cpu }), { wall: 0, cpu: 0 });
console.log(`aggregation: ${days} site-days in ${ticks.length} ticks, ${fmt(total)}; per site-day CPU ${Math.round(total.cpu / days)} ms`);

const rows = ['| range | raw | aggregated | days raw / aggregated |', '| --- | ---: | ---: | --- |'];
const row = async (label: string, from: string, to: string) => {
  const aggregated = await time(() => siteReport(db, site, from, to, now));
  const r = raw.get(label);
  const same = !r || JSON.stringify({ ...aggregated.value, source: null }) === JSON.stringify({ ...r.value, source: null });
  rows.push(`| ${label} | ${r ? fmt(r) : '—'} | ${fmt(aggregated)} | ${aggregated.value.source.rawDays} / ${aggregated.value.source.aggregatedDays}${same ? '' : ' (differs!)'} |`);
  console.log(rows.at(-1));
};
for (const [label, from, to] of ranges.filter(([label]) => label !== '365 days')) await row(label, from, to);
const year = ranges.find(([label]) => label === '365 days')!;
await row('31 days up to today', addDays(today, -30), today);
if (args.get('year') !== 'no') {
  raw.set('365 days', await time(() => siteReport(db, site, year[1], year[2], now, false), 1));
  console.log(`raw 365 days: ${fmt(raw.get('365 days')!)}`);
}
await row('365 days', year[1], year[2]);
console.log(rows.join('\n'));
sqlite.close();
