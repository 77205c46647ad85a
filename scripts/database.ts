/**
 * The D1 database the operator scripts work on, as a `D1Database` for the query and service functions the worker
 * uses (worker/db/queries, worker/services):
 *   - local (default): the persisted local database of `wrangler dev` through wrangler's getPlatformProxy, with
 *     the MEDIA bucket (wrangler.jsonc bindings; PLAYDECK_STATE selects another state folder, default
 *     .wrangler/state);
 *   - `--remote`: the deployed database through the remote transport (scripts/d1-remote.ts); media go through
 *     `wrangler r2 object put --remote` (scripts/operator-content.ts). With `--env <name>` as well: that
 *     environment's database (wrangler.jsonc `env`, e.g. preview or production; docs/deployment.md); without it
 *     the top level's.
 * getPlatformProxy's own remote bindings need `"remote": true` written in wrangler.jsonc, so they cannot follow a
 * command-line flag; hence the transport.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remoteD1 } from './d1-remote.ts';
import { wranglerAsync } from './wrangler.ts';

/** The part of an R2 bucket the content import uses. */
export interface MediaBucket {
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string; cacheControl: string } }): Promise<unknown>;
}

/** An open database: `media` is the local bucket (null for `--remote`); `close` ends the local runtime. */
export interface OperatorDatabase {
  db: D1Database;
  media: MediaBucket | null;
  remote: boolean;
  close(): Promise<void>;
}

/** Opens the local database, or the deployed one when `argv` holds `--remote` (of `--env <name>` when given). */
export async function openDatabase(argv: readonly string[]): Promise<OperatorDatabase> {
  if (argv.includes('--remote')) {
    const envAt = argv.indexOf('--env');
    const env = envAt >= 0 && argv[envAt + 1] ? ['--env', argv[envAt + 1]!] : [];
    const folder = mkdtempSync(join(tmpdir(), 'playdeck-d1-'));
    let files = 0;
    const write = (sql: string) => {
      const file = join(folder, `batch-${++files}.sql`);
      writeFileSync(file, sql);
      return file;
    };
    return { db: remoteD1((args) => wranglerAsync([...args, ...env]), write), media: null, remote: true, close: async () => rmSync(folder, { recursive: true, force: true }) };
  }
  process.env.WRANGLER_SEND_METRICS = 'false';
  // Only errors: the local runtime otherwise warns on every start that the chat's Durable Object is not served here.
  process.env.WRANGLER_LOG ??= 'error';
  const { getPlatformProxy } = await import('wrangler');
  const state = `${process.env.PLAYDECK_STATE ?? '.wrangler/state'}/v3`;
  const proxy = await getPlatformProxy<{ DB: D1Database; MEDIA: MediaBucket }>({ configPath: 'wrangler.jsonc', persist: { path: state } });
  return { db: proxy.env.DB, media: proxy.env.MEDIA, remote: false, close: () => proxy.dispose() };
}
