/**
 * The operator CLI's local transport: a `D1Database` (prepare, bind, first, all, run, raw, batch) on the SQLite file
 * of `wrangler dev`'s local D1 database, opened in this process with Node's built-in SQLite (`node:sqlite`) instead
 * of a local Workers runtime, so a command answers in a fraction of a second (docs/local-development.md, "Operator
 * commands"). The statements are the query functions' own (worker/db/queries), the same the worker binds.
 *
 * It answers as local D1 does (checked against wrangler's local D1):
 *   - parameters: null, a number (bound as SQLite REAL, as D1 binds every number: an INTEGER column still stores
 *     an integer), a string, a boolean (1 or 0), bytes (ArrayBuffer or a typed array → BLOB); undefined, a bigint
 *     or any other type is refused with `D1_TYPE_ERROR`. `?NNN` and bare `?` placeholders number as in SQLite.
 *   - rows: plain objects (`raw()`: arrays in column order; `raw({ columnNames: true })` starts with the names); a
 *     BLOB comes back as an array of byte values and an integer beyond 2^53 as the nearest number, as D1 does.
 *   - `first(column)`: that column of the first row, null without a row, `D1_COLUMN_NOTFOUND` when the row has no
 *     such column; `first()`: the first row or null.
 *   - `run()`/`all()`: `{ results, success: true, meta: { changes, last_row_id, changed_db, duration } }`
 *     (`changes`: rows the statement wrote, its triggers' writes included; `duration` in ms).
 *   - a failing statement rejects with an Error whose message starts `D1_ERROR: ` and carries SQLite's message
 *     (constraint and trigger texts included, as worker/services/lottery/batch-errors.ts reads them); SQL text that
 *     does not compile fails when the statement runs, not at `prepare`, as in D1.
 *   - `batch(statements)`: one transaction, results in order; when one statement fails nothing of the batch stays
 *     written and the batch rejects with that statement's error.
 * Another process (the running `wrangler dev`) may hold the file's write lock for a moment: a statement waits for it
 * up to BUSY_TIMEOUT_MS. The remote transport (`--remote`) is scripts/d1-remote.ts.
 */
import { changeCounters, configureLocalSession, inTransaction } from '../worker/db/local-session.ts';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';

/** How long (ms) a write waits for another process's lock on the database file before failing. */
export const BUSY_TIMEOUT_MS = 5_000;

/** D1's refusal of a parameter (D1_TYPE_ERROR) or a failed statement (D1_ERROR). */
function d1Error(code: 'D1_ERROR' | 'D1_TYPE_ERROR' | 'D1_COLUMN_NOTFOUND', message: string, cause?: unknown): Error {
  return new Error(`${code}: ${message}`, cause === undefined ? undefined : { cause });
}

/** A parameter as node:sqlite binds it, D1's way (module comment); throws D1_TYPE_ERROR for what D1 refuses. */
export function bindValue(value: unknown): SQLInputValue {
  if (value === null || typeof value === 'string') return value;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  throw d1Error('D1_TYPE_ERROR', `Type '${typeof value}' not supported for value '${String(value)}'`);
}

/** A column value as D1 returns it: bytes → array of byte values, a bigint (beyond 2^53) → the nearest number. */
function resultValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array) return Array.from(value);
  return value;
}

/** A row of node:sqlite (null prototype or array, bigints, Uint8Array) as a plain D1 row. */
function resultRow(row: Record<string, unknown> | unknown[]): Record<string, unknown> | unknown[] {
  if (Array.isArray(row)) return row.map(resultValue);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(row)) out[key] = resultValue(row[key]);
  return out;
}

/** A statement of the local transport; `execute` runs it inside or outside a batch (rows as arrays for `raw`). */
interface LocalStatement extends D1PreparedStatement {
  readonly execute: (arrays?: boolean) => D1Result;
}

/**
 * A D1Database on an open node:sqlite database (the caller opens and closes it: scripts/database.ts). The
 * connection waits BUSY_TIMEOUT_MS for locks and enforces foreign keys, as D1 does. Needs node:sqlite's
 * `StatementSync.columns` and `setReturnArrays` (Node 22.16 and later; scripts/database.ts checks).
 */
export function localD1(sqlite: DatabaseSync): D1Database {
  configureLocalSession(sqlite, BUSY_TIMEOUT_MS);
  const compiled = new Map<string, StatementSync>();
  const counts = changeCounters(sqlite);
  const compile = (sql: string, arrays: boolean): StatementSync => {
    const key = `${arrays ? 'a' : 'o'}${sql}`;
    let statement = compiled.get(key);
    if (!statement) {
      statement = sqlite.prepare(sql);
      statement.setReadBigInts(true);
      statement.setReturnArrays(arrays);
      compiled.set(key, statement);
    }
    return statement;
  };
  const run = (sql: string, params: readonly SQLInputValue[], arrays: boolean): D1Result => {
    const started = performance.now();
    try {
      const before = counts().total;
      const rows = compile(sql, arrays).all(...params) as (Record<string, unknown> | unknown[])[];
      const after = counts();
      const changes = after.total - before;
      return {
        results: rows.map(resultRow) as Record<string, unknown>[],
        success: true,
        meta: { changes, last_row_id: after.rowid, changed_db: changes > 0, duration: performance.now() - started },
      };
    } catch (error) {
      throw d1Error('D1_ERROR', error instanceof Error ? error.message : String(error), error);
    }
  };
  const statement = (sql: string, params: readonly SQLInputValue[]): LocalStatement => {
    const self: LocalStatement = {
      execute: (arrays = false) => run(sql, params, arrays),
      bind: (...values: unknown[]) => statement(sql, values.map(bindValue)),
      first: async <T>(column?: string) => {
        const row = self.execute().results[0] ?? null;
        if (row === null || column === undefined) return row as T | null;
        if (!Object.hasOwn(row, column)) throw d1Error('D1_COLUMN_NOTFOUND', `Column not found (${column})`);
        return row[column] as T;
      },
      all: async <T>() => self.execute() as D1Result<T>,
      run: async <T>() => self.execute() as D1Result<T>,
      raw: async <T>(options?: { columnNames?: boolean }) => {
        const rows = self.execute(true).results as unknown[];
        if (!options?.columnNames) return rows as T[];
        return [compile(sql, true).columns().map((c) => c.name), ...rows] as T[];
      },
    };
    return self;
  };
  return {
    prepare: (sql: string) => statement(sql, []),
    batch: async <T>(statements: D1PreparedStatement[]) =>
      inTransaction(sqlite, () => (statements as LocalStatement[]).map((s) => s.execute())) as D1Result<T>[],
  };
}
