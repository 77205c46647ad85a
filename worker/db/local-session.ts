/**
 * The SQL the operator CLI's local transport (scripts/d1-local.ts) runs on its own connection to `wrangler dev`'s
 * SQLite file, besides the query functions' statements: the connection's settings, the change counters D1's
 * `meta` reports, and the transaction a `batch` runs in (D1 runs a batch as one transaction). Import-free, so the
 * Node scripts load it as it is; the connection is described by the two methods used (node:sqlite's DatabaseSync).
 */

/** The part of a node:sqlite connection used here. */
export interface SqliteSession {
  exec(sql: string): void;
  prepare(sql: string): { get(): unknown };
  readonly isTransaction: boolean;
}

/** Sets the connection up as D1 behaves: wait `busyTimeoutMs` for a lock, enforce foreign keys. */
export function configureLocalSession(session: SqliteSession, busyTimeoutMs: number): void {
  session.exec(`PRAGMA busy_timeout = ${Math.trunc(busyTimeoutMs)}; PRAGMA foreign_keys = ON;`);
}

/** A reader of the connection's total changes and last inserted row id (D1's `meta.changes`, `last_row_id`). */
export function changeCounters(session: SqliteSession): () => { total: number; rowid: number } {
  const counters = session.prepare('SELECT total_changes() AS total, last_insert_rowid() AS rowid');
  return () => counters.get() as { total: number; rowid: number };
}

/** Runs `work` in one write transaction: committed when it returns, rolled back when it throws (then rethrown). */
export function inTransaction<T>(session: SqliteSession, work: () => T): T {
  session.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    session.exec('COMMIT');
    return result;
  } catch (error) {
    if (session.isTransaction) session.exec('ROLLBACK');
    throw error;
  }
}
