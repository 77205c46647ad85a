/**
 * Page benchmark (not part of `npm test`): builds nothing itself — run `npm run build` first (the script
 * does it when dist/ is missing) — then serves the site with a fresh local database on port 8791 (`--port`), runs
 * Lighthouse with its mobile preset on home, game list, login, register, help and lottery, and prints two tables:
 * per page the performance score, LCP, TBT and CLS; and beside it the page weight: script requests and the
 * JavaScript's raw and gzipped bytes (measured from the scripts it loads, next to the page's budget in
 * perf-budgets.json), and the gzipped HTML, CSS and image bytes and the number of requests.
 * Results are also written to bench-results/latest.json. With `--details` it also prints, per page, what to look
 * at: the LCP element and its phases, the elements that shifted, and the scripts that kept the main thread busy.
 * BENCH_DUMP=<audit id> (with --details) also prints that Lighthouse audit's raw details, e.g. lcp-breakdown-insight.
 * Each page is fetched twice first (a warm server), then measured `--runs` times (default 3): the run with the median
 * score is the one reported, as Lighthouse advises for variable machines; beside it the median TBT of all runs
 * (`TBT median ms`) and each run's TBT, and the main thread's work per category (Lighthouse's mainthread-work-breakdown:
 * script evaluation, style & layout, rendering, other…) as the median of the runs, in ms.
 * `--beside "<command>"` runs a shell command (e.g. `npx vitest run --project unit`) beside the measurements, started
 * after the warm-up and stopped at the end, to measure under load; the table says how many runs it overlapped.
 * Usage: npm run bench [-- --details] [-- --page /m/login] [-- --runs 5] [-- --beside "<command>"]
 * (CHROMIUM_PATH overrides /usr/bin/chromium)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROME_FLAGS, run, waitFor } from './lighthouse-kit.ts';

const portFlag = process.argv.indexOf('--port');
const PORT = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 8791;
const BASE = `http://127.0.0.1:${PORT}`;
const pageFlag = process.argv.indexOf('--page');
const PAGES = pageFlag > 0
  ? [process.argv[pageFlag + 1] ?? '/m/home']
  : ['/m/home', '/m/gameList?gameType=RNG', '/m/login', '/m/register', '/m/help', '/m/lottery'];
/** The script budgets the browser tests enforce (tests/e2e/site/budgets.spec.ts), shown beside the measured weight. */
const BUDGETS = (JSON.parse(readFileSync('perf-budgets.json', 'utf8')) as { pages: Record<string, { gzipKB: number; requests: number }> }).pages;
const DETAILS = process.argv.includes('--details');
/** Lighthouse runs per page (`--runs`, default 3); the run with the median performance score is reported. */
const runsFlag = process.argv.indexOf('--runs');
const RUNS = Math.max(1, runsFlag > 0 ? Number(process.argv[runsFlag + 1]) || 3 : 3);
/** A shell command to run beside the measurements (`--beside`), to measure on a loaded machine. */
const besideFlag = process.argv.indexOf('--beside');
const BESIDE = besideFlag > 0 ? process.argv[besideFlag + 1] : undefined;

/** The median of a list of numbers (the lower middle one for an even count); NaN for none. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Main-thread time per category of one run (Lighthouse's mainthread-work-breakdown), in ms by group label. */
function breakdownOf(audits: Record<string, { details?: unknown } | undefined>): Record<string, number> {
  const items = (audits['mainthread-work-breakdown']?.details as { items?: { groupLabel?: string; group?: string; duration?: number }[] } | undefined)?.items ?? [];
  const out: Record<string, number> = {};
  for (const item of items) {
    const label = item.groupLabel ?? item.group ?? '?';
    out[label] = (out[label] ?? 0) + Number(item.duration ?? 0);
  }
  return out;
}

/** Prints the diagnostics behind a page's numbers (Lighthouse audit details, trimmed to the useful fields). */
function printDetails(page: string, audits: Record<string, { details?: unknown; displayValue?: string } | undefined>): void {
  const items = (id: string): Record<string, unknown>[] => {
    const details = audits[id]?.details as { items?: Record<string, unknown>[] } | undefined;
    return details?.items ?? [];
  };
  const describe = (node: unknown) => {
    const n = node as { selector?: string; snippet?: string } | undefined;
    return n ? `${n.selector ?? ''} ${String(n.snippet ?? '').slice(0, 100)}` : '';
  };
  console.log(`\n── ${page}`);
  const dump = process.env.BENCH_DUMP;
  if (dump) console.log(`${dump}:`, String(JSON.stringify(audits[dump]?.details)).slice(0, 4000));
  for (const item of items('largest-contentful-paint-element')) {
    const inner = (item as { items?: Record<string, unknown>[] }).items ?? [item];
    for (const row of inner) {
      if (row.node) console.log('LCP element', describe(row.node));
      else if (row.phase) console.log('LCP phase', row.phase, Math.round(Number(row.timing)), 'ms');
    }
  }
  for (const item of items('layout-shifts')) console.log('shift', Number(item.score).toFixed(3), describe(item.node));
  for (const item of items('bootup-time').slice(0, 6)) {
    console.log('script', Math.round(Number(item.total)), 'ms', String(item.url).replace(BASE, ''));
  }
  for (const item of items('long-tasks').slice(0, 6)) {
    console.log('long task', Math.round(Number(item.duration)), 'ms at', Math.round(Number(item.startTime)), String(item.url).replace(BASE, ''));
  }
}
const STATE = '.wrangler/bench-state';



/** Sums raw and gzipped sizes of the JavaScript a page loaded (Lighthouse's network log lists the URLs). */
async function scriptBytes(urls: string[]): Promise<{ raw: number; gzip: number }> {
  let raw = 0;
  let gzip = 0;
  for (const url of new Set(urls)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { raw, gzip };
}

if (!existsSync('dist/client/m/home.html')) run('npm', ['run', 'build']);
run('rm', ['-rf', STATE]);
run('npm', ['run', 'db:setup'], { PLAYDECK_STATE: STATE });
const server = spawn('node', ['scripts/serve.ts', '--port', String(PORT)], {
  // No minute ticker (scripts/ticker.ts) beside the measurements.
  env: { ...process.env, PLAYDECK_STATE: STATE, PLAYDECK_TICKER: 'off' },
  stdio: 'ignore',
});
const rows: Record<string, string | number>[] = [];
const breakdowns: Record<string, string | number>[] = [];
/** The command run beside the measurements, and whether it is still running. */
let beside: ReturnType<typeof spawn> | undefined;
let besideRunning = false;
const weights: Record<string, string | number>[] = [];
/** Kilobytes with one decimal. */
const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitFor(`${BASE}/m/home`, 60_000);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  // A warm server: the first answers of a fresh worker compile code and open the database; players meet a warm one.
  for (const page of PAGES) for (let i = 0; i < 2; i += 1) await (await fetch(`${BASE}${page}`)).arrayBuffer();
  if (BESIDE) {
    beside = spawn('sh', ['-c', BESIDE], { stdio: 'ignore', detached: true });
    besideRunning = true;
    beside.on('exit', () => {
      besideRunning = false;
    });
  }
  for (const page of PAGES) {
    // Lighthouse's own advice for noisy machines: several runs, the median one reported.
    const runs = [];
    let loaded = 0;
    for (let i = 0; i < RUNS; i += 1) {
      // A run counts as under load when the command beside it was still running at its end.
      const result = await lighthouse(`${BASE}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      runs.push(result.lhr);
      if (besideRunning) loaded += 1;
    }
    const tbts = runs.map((r) => Math.round(r.audits['total-blocking-time']?.numericValue ?? NaN));
    const perRun = runs.map((r) => breakdownOf(r.audits));
    const groups = [...new Set(perRun.flatMap((b) => Object.keys(b)))];
    breakdowns.push({
      page,
      ...Object.fromEntries(groups.map((g) => [g, Math.round(median(perRun.map((b) => b[g] ?? 0)))])),
      total: Math.round(median(perRun.map((b) => Object.values(b).reduce((sum, v) => sum + v, 0)))),
    });
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)]!;
    if (DETAILS) printDetails(page, lhr.audits);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    type Request = { url: string; resourceType?: string; transferSize?: number };
    const requests = (lhr.audits['network-requests']?.details as { items?: Request[] } | undefined)?.items ?? [];
    const scripts = [...new Set(requests.filter((r) => r.resourceType === 'Script').map((r) => r.url))];
    const js = await scriptBytes(scripts);
    // The local server sends nothing compressed: the other kinds are gzipped here as a CDN would send them.
    const gzipOf = async (kind: string) => (await scriptBytes(requests.filter((r) => r.resourceType === kind).map((r) => r.url))).gzip;
    const budget = BUDGETS[page];
    rows.push({
      page,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      'LCP ms': Math.round(audit('largest-contentful-paint')),
      'TBT ms': Math.round(audit('total-blocking-time')),
      'TBT median ms': median(tbts),
      'TBT runs': tbts.join(' '),
      ...(BESIDE ? { 'runs under load': `${loaded}/${RUNS}` } : {}),
      CLS: Number(audit('cumulative-layout-shift').toFixed(3)),
      'JS KB gzip': kb(js.gzip),
    });
    weights.push({
      page,
      scripts: scripts.length,
      'script budget': budget?.requests ?? '',
      'JS KB': kb(js.raw),
      'JS KB gzip': kb(js.gzip),
      'JS budget KB': budget?.gzipKB ?? '',
      'HTML KB gzip': kb(await gzipOf('Document')),
      'CSS KB gzip': kb(await gzipOf('Stylesheet')),
      'image KB': kb(requests.filter((r) => r.resourceType === 'Image').reduce((sum, r) => sum + (r.transferSize ?? 0), 0)),
      requests: requests.length,
    });
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  // The whole process group: the command's own children (test workers) too.
  if (beside?.pid && besideRunning) process.kill(-beside.pid, 'SIGTERM');
}
console.log('Lighthouse (mobile)');
console.table(rows);
console.log('Main thread per category, ms (median of the runs)');
console.table(breakdowns);
console.log('Page weight (script budgets: perf-budgets.json)');
console.table(weights);
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/latest.json', JSON.stringify({ at: new Date().toISOString(), beside: BESIDE ?? null, rows, breakdowns, weights }, null, 2));
process.exit(0);
