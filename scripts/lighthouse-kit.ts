/**
 * What the Lighthouse scripts share (scripts/bench.ts, the page-weight and speed run; scripts/seo.ts, the SEO run;
 * docs/benchmarks.md, docs/seo.md): the headless Chromium flags, running a setup command, and waiting for the local
 * server to answer.
 */
import { spawnSync } from 'node:child_process';

/** Flags for Debian's Chromium under chrome-launcher: headless, no sandbox (root in CI), nothing fetched on its own. */
export const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--disable-quic', '--no-first-run',
];

/** Runs a command with its output on this terminal; throws when it fails. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/**
 * Waits until `answers(url)` is true (default: a fetch answers 2xx), asking every 500 ms; throws after `timeoutMs`.
 * A request that fails (the server is not up yet) counts as not answered.
 */
export async function waitFor(url: string, timeoutMs: number, answers: (url: string) => Promise<boolean> = async (u) => (await fetch(u)).ok): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if (await answers(url)) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer at ${url}`);
}
