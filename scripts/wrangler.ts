/**
 * Runs wrangler for the operator scripts (d1.ts, operator.ts) against wrangler.jsonc, telemetry off and
 * without prompts. The D1 location comes from the command line: `--remote` targets the deployed database,
 * otherwise the local one (PLAYDECK_STATE selects another local state folder, default .wrangler/state).
 */
import { spawnSync } from 'node:child_process';

/** wrangler flags selecting the local or the remote D1 database for `argv`. */
export function d1Location(argv: readonly string[]): string[] {
  if (argv.includes('--remote')) return ['--remote'];
  return ['--local', ...(process.env.PLAYDECK_STATE ? ['--persist-to', process.env.PLAYDECK_STATE] : [])];
}

/** Runs `wrangler <args> -c wrangler.jsonc`; returns stdout, or prints wrangler's output and exits on failure. */
export function wrangler(args: string[]): string {
  const result = spawnSync('wrangler', [...args, '-c', 'wrangler.jsonc'], {
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
  });
  if (result.status !== 0) {
    process.stderr.write((result.stdout ?? '') + (result.stderr ?? '') + (result.error ? String(result.error) + '\n' : ''));
    process.exit(result.status ?? 1);
  }
  return result.stdout;
}

/** One statement's outcome as `wrangler d1 execute --json` reports it (local runs report no change counts). */
export interface D1Outcome<Row> {
  results: Row[];
}

/** Executes one SQL statement on the DB binding at `where` and returns its rows. */
export function d1Execute<Row = Record<string, unknown>>(where: string[], sql: string): D1Outcome<Row> {
  const out = wrangler(['d1', 'execute', 'DB', ...where, '--json', '--yes', '--command', sql]);
  const outcomes = JSON.parse(out) as D1Outcome<Row>[];
  return outcomes[0] ?? { results: [] };
}
