/**
 * The D1 database the operator scripts work on, as a `D1Database` for the query and service functions the worker
 * uses (worker/db/queries, worker/services):
 *   - local (default): the SQLite file of `wrangler dev`'s local database (scripts/d1-local-file.ts; PLAYDECK_STATE
 *     selects another state folder, default .wrangler/state), opened in this process with Node's built-in SQLite
 *     (scripts/d1-local.ts), so a command answers in well under a second (docs/local-development.md). Only the
 *     MEDIA bucket needs a local Workers runtime: wrangler's getPlatformProxy starts on the first media write (a
 *     content import) and not before. Where node:sqlite lacks what the transport needs (Node before 22.16), the
 *     database goes through the platform proxy too, as before. Without a local database yet the command says to
 *     run `npm run db:setup` first and exits with status 1.
 *   - `--remote`: the deployed database through the remote transport (scripts/d1-remote.ts); media go through
 *     `wrangler r2 object put --remote` (scripts/operator-content.ts). With `--env <name>` as well: that
 *     environment's database (wrangler.jsonc `env`, e.g. preview or production; docs/deployment.md); without it
 *     the top level's.
 * getPlatformProxy's own remote bindings need `"remote": true` written in wrangler.jsonc, so they cannot follow a
 * command-line flag; hence the transport.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type * as NodeSqlite from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { remoteD1 } from './d1-remote.ts';
import { localD1 } from './d1-local.ts';
import { LocalDatabaseMissing, localD1File } from './d1-local-file.ts';
import { wranglerAsync } from './wrangler.ts';

/** The part of an R2 bucket the content import uses. */
export interface MediaBucket {
  put(key: string, value: Uint8Array, options: { httpMetadata: { contentType: string; cacheControl: string } }): Promise<unknown>;
}

/** An open database: `media` is the local bucket (null for `--remote`); `close` ends what was opened. */
export interface OperatorDatabase {
  db: D1Database;
  media: MediaBucket | null;
  remote: boolean;
  close(): Promise<void>;
}

/** The local state folder (`wrangler dev --persist-to`). */
function stateFolder(): string {
  return process.env.PLAYDECK_STATE ?? '.wrangler/state';
}

/**
 * Node's built-in SQLite module when it has what scripts/d1-local.ts uses, else null. Its one-time "SQLite is an
 * experimental feature" warning is not printed: it would precede every command's answer and says nothing to act on.
 */
async function nodeSqlite(): Promise<typeof NodeSqlite | null> {
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/^SQLite is an experimental feature/.test(text)) return;
    (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    const sqlite = await import('node:sqlite');
    return typeof sqlite.StatementSync?.prototype.setReturnArrays === 'function' ? sqlite : null;
  } catch {
    return null;
  } finally {
    process.emitWarning = emit;
  }
}

/** The platform proxy's bindings the scripts use. */
interface ProxyBindings {
  DB: D1Database;
  MEDIA: MediaBucket;
}

/**
 * Starts wrangler's local runtime with the wrangler.jsonc bindings on the local state. Its log is reduced to errors,
 * no `Request.cf` object is fetched from the network, and the runtime's note that the chat's Durable Object class is
 * not exported here is dropped (the scripts never use the chat; the running worker exports the class): none of it
 * concerns a command's outcome.
 */
async function startPlatformProxy(): Promise<{ env: ProxyBindings; dispose: () => Promise<void> }> {
  process.env.WRANGLER_SEND_METRICS = 'false';
  process.env.WRANGLER_LOG ??= 'error';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
  const error = console.error;
  console.error = (...args: unknown[]) => {
    if (args.some((arg) => String(arg).includes('no such Durable Object class is exported from the worker'))) return;
    error(...args);
  };
  try {
    const { getPlatformProxy } = await import('wrangler');
    const proxy = await getPlatformProxy<ProxyBindings>({ configPath: 'wrangler.jsonc', persist: { path: `${stateFolder()}/v3` } });
    return {
      env: proxy.env,
      dispose: async () => {
        await proxy.dispose();
        console.error = error;
      },
    };
  } catch (failure) {
    console.error = error;
    throw failure;
  }
}

/** The local MEDIA bucket, started on its first write; `dispose` stops the runtime if it was started. */
function lazyMedia(): { bucket: MediaBucket; dispose: () => Promise<void> } {
  let proxy: ReturnType<typeof startPlatformProxy> | null = null;
  return {
    bucket: { put: async (key, value, options) => (await (proxy ??= startPlatformProxy())).env.MEDIA.put(key, value, options) },
    dispose: async () => {
      if (proxy) await (await proxy).dispose();
    },
  };
}

/** Opens the local database (see the module comment); exits with status 1 when there is none yet. */
async function openLocal(): Promise<OperatorDatabase> {
  let file: string;
  try {
    file = localD1File(stateFolder());
  } catch (error) {
    if (!(error instanceof LocalDatabaseMissing)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const sqlite = await nodeSqlite();
  if (!sqlite) {
    const proxy = await startPlatformProxy();
    return { db: proxy.env.DB, media: proxy.env.MEDIA, remote: false, close: proxy.dispose };
  }
  const database = new sqlite.DatabaseSync(file);
  const media = lazyMedia();
  return {
    db: localD1(database),
    media: media.bucket,
    remote: false,
    close: async () => {
      database.close();
      await media.dispose();
    },
  };
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
  return openLocal();
}
