/**
 * Runs wrangler for the operator scripts (d1.ts, operator.ts) against wrangler.jsonc, telemetry off and
 * without prompts. The D1 location comes from the command line: `--remote` targets the deployed database,
 * otherwise the local one (PLAYDECK_STATE selects another local state folder, default .wrangler/state).
 */
import { spawn, spawnSync } from 'node:child_process';

/** wrangler flags selecting the local or the remote D1 database for `argv`. */
export function d1Location(argv: readonly string[]): string[] {
  if (argv.includes('--remote')) return ['--remote'];
  return ['--local', ...(process.env.PLAYDECK_STATE ? ['--persist-to', process.env.PLAYDECK_STATE] : [])];
}

const ENV = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' };

/** Prints wrangler's output and exits with its status: a failed wrangler run ends the script. */
function fail(stdout: string, stderr: string, status: number | null, error?: unknown): never {
  process.stderr.write(stdout + stderr + (error ? String(error) + '\n' : ''));
  process.exit(status ?? 1);
}

/** Runs `wrangler <args> -c wrangler.jsonc`; returns stdout, or prints wrangler's output and exits on failure. */
export function wrangler(args: string[]): string {
  const result = spawnSync('wrangler', [...args, '-c', 'wrangler.jsonc'], { encoding: 'utf8', env: ENV });
  if (result.status !== 0) fail(result.stdout ?? '', result.stderr ?? '', result.status, result.error);
  return result.stdout;
}

/** `wrangler` without blocking the event loop (the remote D1 transport, scripts/d1-remote.ts). */
export function wranglerAsync(args: string[]): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn('wrangler', [...args, '-c', 'wrangler.jsonc'], { env: ENV });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) => fail(stdout, stderr, 1, error));
    child.on('close', (status) => (status === 0 ? resolve(stdout) : fail(stdout, stderr, status)));
  });
}
