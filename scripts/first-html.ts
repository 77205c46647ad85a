/**
 * The first HTML of every page the edge fills (docs/design.md "The edge renders each island once"), captured from a
 * built tree served by `wrangler dev`, so two trees (a reference commit and the working tree) can be compared byte
 * for byte. What differs between two builds of the same source is set aside: content-hashed asset names
 * (`/_assets/Name.<hash>.js` → `/_assets/Name.js`) and Astro's per-build island ids (`uid="…"`); so is what
 * depends on the clock of the request (the lottery's server time, current draws and count-downs).
 *
 * Usage (each tree built with `npm run build`; the reference for instance a `git worktree add` of the commit before
 * a change):
 *   node scripts/first-html.ts capture <tree> <out-folder> [--port 4453]
 *   node scripts/first-html.ts compare <folder-a> <folder-b>
 *   node scripts/first-html.ts bench <tree> [--port 4453] [--runs 200]
 * `capture` migrates and seeds a fresh local database (this tree's migrations and demo seed) in a temporary
 * folder, serves <tree>'s worker and build over it, and writes one file per page and language. `compare` prints
 * every page whose files differ (with the first differing place) and exits 1 when any does. `bench` serves <tree> the
 * same way and, per filled page (EN), sends `--runs` views one after the other after a warm-up, and prints the CPU
 * time the workerd process spent per view (user + system, read from /proc: the worker, its local D1 and the HTTP
 * handling, without the client) and the median wall time; the figures are in docs/edge.md. The pages, languages and
 * normalisation are scripts/first-html-pages.ts's, which the first-HTML test (tests/e2e/site/first-html.spec.ts) uses
 * too.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FILLED_PAGES, LANGUAGES, normalise, pageAddress, promotionOf } from './first-html-pages.ts';

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      const answer = await fetch(url);
      if (answer.ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

/** Serves `tree` on `port` over a fresh seeded database while `work` runs; `work` gets the origin and the server's pid. */
async function serving(tree: string, port: number, work: (origin: string, pid: number) => Promise<void>): Promise<void> {
  const state = mkdtempSync(join(tmpdir(), 'first-html-'));
  const env = { ...process.env, PLAYDECK_STATE: state, WRANGLER_SEND_METRICS: 'false' };
  for (const step of ['db:migrate', 'db:seed']) {
    const done = spawnSync('npm', ['run', step], { env, encoding: 'utf8' });
    if (done.status !== 0) throw new Error(`${step} failed: ${done.stderr}`);
  }
  const server = spawn('wrangler', [
    'dev', '-c', join(resolve(tree), 'wrangler.jsonc'), '--ip', '127.0.0.1', '--port', String(port), '--var', 'APP_ENV:development',
    '--persist-to', state, '--show-interactive-dev-session=false',
  ], { env, stdio: 'ignore', detached: true });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitFor(`${origin}/m/home`);
    await work(origin, server.pid!);
  } finally {
    process.kill(-server.pid!, 'SIGTERM');
    rmSync(state, { recursive: true, force: true });
  }
}

async function capture(tree: string, out: string, port: number): Promise<void> {
  await serving(tree, port, async (origin) => {
    mkdirSync(out, { recursive: true });
    let promotion = '';
    for (const language of LANGUAGES) {
      for (const page of FILLED_PAGES) {
        const url = `${origin}${pageAddress(page, language, promotion)}`;
        const answer = await fetch(url, { headers: page.userAgent ? { 'User-Agent': page.userAgent } : {} });
        const html = await answer.text();
        if (page.name === 'activity') promotion = promotionOf(html);
        writeFileSync(join(out, `${page.name}.${language}.html`), `${answer.status}\n${normalise(html)}`);
      }
    }
  });
}

/** The pids of `root` and every process under it. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch { /* gone */ }
  }
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i]!) ?? []));
  return all;
}

/** CPU seconds (user + system) the workerd processes under `root` have used. */
function workerdCpu(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(workerd)')) continue;
      const fields = stat.split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch { /* gone */ }
  }
  return ticks / 100;
}

async function bench(tree: string, port: number, runs: number): Promise<void> {
  await serving(tree, port, async (origin, pid) => {
    console.log(`page                     CPU ms/view   wall ms (median)   ${runs} views`);
    let promotion = '0';
    for (const page of FILLED_PAGES) {
      const path = page.name === 'activityDetail' ? `${page.path}${promotion}` : page.path;
      const view = async () => {
        const answer = await fetch(`${origin}${path}`, { headers: page.userAgent ? { 'User-Agent': page.userAgent } : {} });
        const html = await answer.text();
        if (page.name === 'activity') promotion = promotionOf(html);
      };
      for (let i = 0; i < 20; i++) await view();
      const walls: number[] = [];
      const before = workerdCpu(pid);
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        await view();
        walls.push(performance.now() - start);
      }
      const cpu = ((workerdCpu(pid) - before) * 1000) / runs;
      walls.sort((a, b) => a - b);
      console.log(`${page.name.padEnd(24)} ${cpu.toFixed(2).padStart(11)}   ${walls[Math.floor(runs / 2)]!.toFixed(2).padStart(16)}`);
    }
  });
}

function compare(a: string, b: string): number {
  let differing = 0;
  for (const name of readdirSync(a).sort()) {
    const left = readFileSync(join(a, name), 'utf8');
    let right = '';
    try { right = readFileSync(join(b, name), 'utf8'); } catch { /* missing */ }
    if (left === right) {
      console.log(`same  ${name} (${left.length} bytes)`);
      continue;
    }
    differing++;
    let at = 0;
    while (at < left.length && left[at] === right[at]) at++;
    console.log(`DIFF  ${name} at ${at}:\n  a: …${left.slice(Math.max(0, at - 80), at + 160)}\n  b: …${right.slice(Math.max(0, at - 80), at + 160)}`);
  }
  return differing;
}

const [command, first, second] = process.argv.slice(2);
const portFlag = process.argv.indexOf('--port');
const port = portFlag > 0 ? Number(process.argv[portFlag + 1]) : 4453;
if (command === 'capture' && first && second) await capture(first, second, port);
else if (command === 'bench' && first) {
  const runsFlag = process.argv.indexOf('--runs');
  await bench(first, port, runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 200);
} else if (command === 'compare' && first && second) process.exit(compare(first, second) > 0 ? 1 : 0);
else {
  console.error('usage: node scripts/first-html.ts capture <tree> <out> [--port N] | compare <a> <b> | bench <tree> [--port N] [--runs N]');
  process.exit(2);
}
