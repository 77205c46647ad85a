/**
 * Where `wrangler dev` keeps the local D1 database of binding DB, as a SQLite file, found the way wrangler and its
 * local runtime name it (no runtime started, so the operator commands stay fast; docs/local-development.md):
 *   <state folder>/v3/d1/miniflare-D1DatabaseObject/<object id>.sqlite
 * where the state folder is PLAYDECK_STATE (default .wrangler/state: what `--persist-to` names), and the object id
 * is the local runtime's Durable Object id for the name `preview_database_id ?? database_id ?? binding` of the
 * binding in wrangler.jsonc's top level (the configuration `wrangler dev` runs without `--env`). So whatever id
 * wrangler.jsonc gives the database, the file found is the one `npm start` and `npm run db:setup` use.
 */
import { createHash, createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The binding the worker's queries use (worker/env.ts `DB`). */
export const D1_BINDING = 'DB';
/** The local runtime's Durable Object class holding each local D1 database (its unique key). */
const D1_OBJECT_KEY = 'miniflare-D1DatabaseObject';

/** A database the local files need and do not have: its message says what to run. */
export class LocalDatabaseMissing extends Error {
  override name = 'LocalDatabaseMissing';
}

/** The end (exclusive) of the JSON string starting at `start` (a `"`), escapes skipped. */
function stringEnd(text: string, start: number): number {
  let end = start + 1;
  while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
  return end + 1;
}

/**
 * The JSON value of JSON-with-comments text (wrangler.jsonc): `//` and `/* … *\/` comments, then commas before a
 * closing `}` or `]`, are dropped outside strings, and JSON.parse reads the rest. Throws SyntaxError as JSON.parse.
 */
export function parseJsonc(text: string): unknown {
  let bare = '';
  for (let i = 0; i < text.length;) {
    if (text[i] === '"') {
      const end = stringEnd(text, i);
      bare += text.slice(i, end);
      i = end;
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else bare += text[i++];
  }
  const closing = /\s*[}\]]/y;
  const beforeClosing = (at: number) => {
    closing.lastIndex = at;
    return closing.test(bare);
  };
  let json = '';
  for (let i = 0; i < bare.length;) {
    if (bare[i] === '"') {
      const end = stringEnd(bare, i);
      json += bare.slice(i, end);
      i = end;
    } else if (bare[i] === ',' && beforeClosing(i + 1)) i++;
    else json += bare[i++];
  }
  return JSON.parse(json);
}

/**
 * The local runtime's Durable Object id for `name` in the namespace `uniqueKey`, as 64 hex digits (workerd's
 * idFromName: the first 16 bytes of HMAC-SHA256(SHA256(key), name), then the first 16 bytes of the HMAC of those).
 */
export function durableObjectIdFromName(uniqueKey: string, name: string): string {
  const key = createHash('sha256').update(uniqueKey).digest();
  const nameMac = createHmac('sha256', key).update(name).digest().subarray(0, 16);
  const check = createHmac('sha256', key).update(nameMac).digest().subarray(0, 16);
  return Buffer.concat([nameMac, check]).toString('hex');
}

/** One entry of wrangler.jsonc `d1_databases`. */
interface D1Entry {
  binding?: unknown;
  database_id?: unknown;
  preview_database_id?: unknown;
}

/**
 * The name the local runtime gives the top-level D1 binding `binding` of a wrangler configuration (as wrangler dev
 * does: `preview_database_id`, else `database_id`, else the binding's name). Throws LocalDatabaseMissing when the
 * configuration has no such binding.
 */
export function localDatabaseName(config: unknown, binding = D1_BINDING): string {
  const entries = (config as { d1_databases?: unknown } | null)?.d1_databases;
  const entry = Array.isArray(entries) ? (entries as D1Entry[]).find((e) => e?.binding === binding) : undefined;
  if (!entry) throw new LocalDatabaseMissing(`wrangler.jsonc has no D1 database with binding ${binding} at its top level.`);
  for (const id of [entry.preview_database_id, entry.database_id]) if (typeof id === 'string' && id !== '') return id;
  return binding;
}

/**
 * The local SQLite file of binding DB under `stateFolder` (a `--persist-to` folder) for the configuration file
 * `configPath`. Throws LocalDatabaseMissing ("run npm run db:setup first") when the file does not exist yet.
 */
export function localD1File(stateFolder: string, configPath = 'wrangler.jsonc'): string {
  const name = localDatabaseName(parseJsonc(readFileSync(configPath, 'utf8')));
  const file = join(stateFolder, 'v3', 'd1', D1_OBJECT_KEY, `${durableObjectIdFromName(D1_OBJECT_KEY, name)}.sqlite`);
  if (!existsSync(file)) throw new LocalDatabaseMissing(`No local database in ${stateFolder} yet: run npm run db:setup first.`);
  return file;
}
