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
 * Prints a Markdown table of median times (ms) and checks that both ways give the same figures.
 */
import { DatabaseSync } from 'node:sqlite';
import './extensionless-imports.ts';
import { localD1 } from './d1-local.ts';

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

/** The median of `runs` timings of `fn` (ms, one decimal) and its last answer. */
async function time<T>(fn: () => Promise<T>, n = runs): Promise<{ ms: number; value: T }> {
  const times: number[] = [];
  let value!: T;
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    value = await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10, value };
}

const counts = Object.fromEntries(['members', 'ledger_entries', 'demo_rounds', 'deposits', 'withdrawals', 'lottery_orders', 'lottery_sub_orders']
  .map((table) => [table, (sqlite.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n]));
console.log(JSON.stringify(counts));

sqlite.exec('DELETE FROM report_daily; DELETE FROM report_daily_games;');
const raw = new Map<string, { ms: number; value: Awaited<ReturnType<typeof siteReport>> }>();
for (const [label, from, to] of ranges) {
  raw.set(label, await time(() => siteReport(db, site, from, to, now, false), label === '365 days' ? Math.min(runs, 3) : runs));
  console.log(`raw ${label}: ${raw.get(label)!.ms} ms`);
}

// The scheduled work from nothing: REPORT_DAYS_PER_TICK days per site per tick until every closed day is done.
let days = 0;
let ticks = 0;
const aggregationStart = performance.now();
for (let written = -1; written !== 0; ticks++) {
  written = await refreshReports(db, now);
  days += written;
}
const aggregationMs = performance.now() - aggregationStart;
console.log(`aggregation: ${days} site-days in ${ticks} ticks, ${Math.round(aggregationMs)} ms (${Math.round((aggregationMs / days) * 10) / 10} ms per site-day)`);

const rows = ['| range | raw | aggregated | days raw / aggregated |', '| --- | ---: | ---: | --- |'];
for (const [label, from, to] of ranges) {
  const aggregated = await time(() => siteReport(db, site, from, to, now));
  const same = JSON.stringify({ ...aggregated.value, source: null }) === JSON.stringify({ ...raw.get(label)!.value, source: null });
  if (!same) console.log(`MISMATCH for ${label}`);
  rows.push(`| ${label} | ${raw.get(label)!.ms} ms | ${aggregated.ms} ms | ${aggregated.value.source.rawDays} / ${aggregated.value.source.aggregatedDays}${same ? '' : ' (differs!)'} |`);
}
const last31 = await time(() => siteReport(db, site, addDays(today, -30), today, now));
rows.push(`| 31 days up to today | — | ${last31.ms} ms | ${last31.value.source.rawDays} / ${last31.value.source.aggregatedDays} |`);
console.log(rows.join('\n'));
sqlite.close();
