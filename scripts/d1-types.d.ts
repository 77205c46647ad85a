/**
 * The part of Cloudflare's D1 API the operator scripts use (the query functions of worker/db/queries take a
 * `D1Database`). The scripts are type-checked without the Workers runtime types (tsconfig.json), so this declares
 * the subset for them; the worker's own program (worker/tsconfig.json) sees Cloudflare's declarations instead.
 * The local transport (scripts/d1-local.ts; wrangler's getPlatformProxy on Node before 22.16) and the remote one
 * (scripts/d1-remote.ts) provide it.
 */

/** A statement's outcome: its rows and what D1 reports about it (`changes`, `last_row_id`, … when known). */
interface D1Result<T = Record<string, unknown>> {
  results: T[];
  success: boolean;
  meta: Record<string, unknown>;
}

/** A prepared statement; `bind` returns a new statement with the parameters. */
interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
  first<T = Record<string, unknown>>(column?: string): Promise<T | null>;
  all<T = Record<string, unknown>>(): Promise<D1Result<T>>;
  run<T = Record<string, unknown>>(): Promise<D1Result<T>>;
  raw<T = unknown[]>(): Promise<T[]>;
}

/** A D1 database: statements one by one, or a batch run as one transaction. */
interface D1Database {
  prepare(query: string): D1PreparedStatement;
  batch<T = Record<string, unknown>>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]>;
}
