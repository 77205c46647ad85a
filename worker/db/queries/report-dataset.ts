/**
 * The SQL of the report measurement tools (docs/back-office.md "Reports", "Speed on a year of data"):
 * scripts/report-data.ts writes a generated year of players, ledger entries, game rounds, deposits, withdrawals and
 * lottery orders into a SQLite file, and scripts/report-timing.ts counts its rows and clears the daily aggregates
 * before timing the worker's own report queries (worker/db/queries/reports.ts) on it. Not used by the worker: these
 * run on Node's synchronous SQLite (node:sqlite), typed here by the little they use, and import nothing, so the
 * scripts run them under Node's type stripping. Money in minor units, times epoch ms.
 */

/** A value a statement binds. */
export type SqlValue = string | number | null;

/** A prepared statement of a synchronous SQLite database (node:sqlite StatementSync). */
export interface SyncStatement {
  run(...values: SqlValue[]): unknown;
  get(...values: SqlValue[]): unknown;
}

/** A synchronous SQLite database (node:sqlite DatabaseSync). */
export interface SyncDatabase {
  exec(sql: string): void;
  prepare(sql: string): SyncStatement;
}

/** Settings for a bulk load into a scratch file: no journal, no syncing, a large cache (the file is rebuilt on failure). */
export function tuneForBulkLoad(db: SyncDatabase): void {
  db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -400000; PRAGMA temp_store = MEMORY;');
}

/** Runs `work` in one transaction (committed when it returns; rolled back when it throws). */
export function inTransaction<T>(db: SyncDatabase, work: () => T): T {
  db.exec('BEGIN');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * The generator's inserts, prepared once. Fixed values: a merchant's name is its code; games have no lottery odds;
 * members are regular (type 0) with an empty wallet; every ledger entry's balances after are 1,000,000 (the reports
 * read amounts, not balances); deposits are of method and provider `demo`; withdrawals are to one payee; draws open
 * with a placeholder secret; orders are settled, prize mode LOTT; sub-orders bet `x` at odds 1.98.
 */
export function datasetInserts(db: SyncDatabase) {
  const run = (sql: string) => db.prepare(sql);
  return {
    /** code, name, currency, created_at */
    merchant: run(`INSERT OR IGNORE INTO merchants (code, name, currency, created_at) VALUES (?, ?, ?, ?)`),
    /** vassalage, display_name, account_type_name */
    vendor: run(`INSERT OR IGNORE INTO vendors (vassalage, display_name, account_type_name) VALUES (?, ?, ?)`),
    /** node_id, tel_node_id, vassalage, game_type, game_id, game_code, game_name */
    game: run(`INSERT INTO games (node_id, tel_node_id, vassalage, game_type, game_id, game_code, game_name) VALUES (?, ?, ?, ?, ?, ?, ?)`),
    /** node_id */
    lotteryGame: run(`INSERT INTO lottery_games (node_id, interval_ms, close_before_ms, max_stake_minor, max_payout_minor, odds) VALUES (?, 600000, 30000, 100000, 10000000, '{}')`),
    /** id, merchant_code, username, account, created_at */
    member: run(`INSERT INTO members (id, merchant_code, username, account, type, created_at) VALUES (?, ?, ?, ?, 0, ?)`),
    /** member_id, currency, updated_at */
    wallet: run(`INSERT INTO wallets (member_id, currency, balance_minor, updated_at) VALUES (?, ?, 0, ?)`),
    /** member_id, amount_minor, bonus_amount_minor, kind, reference, idempotency_key, created_at */
    ledger: run(`INSERT INTO ledger_entries (member_id, amount_minor, balance_after_minor, bonus_amount_minor, bonus_after_minor, kind, reference, idempotency_key, created_at)
      VALUES (?, ?, 1000000, ?, 1000000, ?, ?, ?, ?)`),
    /** member_id, node_id, stake_minor, win_minor, idempotency_key, created_at, kind */
    round: run(`INSERT INTO demo_rounds (member_id, node_id, stake_minor, win_minor, reels, idempotency_key, created_at, kind) VALUES (?, ?, ?, ?, '[]', ?, ?, ?)`),
    /** merchant_code, member_id, amount_minor, currency, status, pay_token_hash, idempotency_key, created_at, expires_at, updated_at, credited_at */
    deposit: run(`INSERT INTO deposits (merchant_code, member_id, method_code, provider, amount_minor, currency, status, pay_token_hash, idempotency_key, created_at, expires_at, updated_at, credited_at)
      VALUES (?, ?, 'demo', 'demo', ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    /** merchant_code, member_id, amount_minor, currency, status, idempotency_key, created_at, decided_at, paid_at */
    withdrawal: run(`INSERT INTO withdrawals (merchant_code, member_id, amount_minor, currency, payee_name, bank_name, account_number, status, idempotency_key, created_at, decided_at, paid_at)
      VALUES (?, ?, ?, ?, 'A Player', 'Bank', '0001', ?, ?, ?, ?, ?)`),
    /** id, node_id, issue_no, open_at, close_at, draw_at, created_at */
    draw: run(`INSERT INTO lottery_draws (id, node_id, issue_no, open_at, close_at, draw_at, secret, commitment, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 's', 'c', 'open', ?)`),
    /** id, member_id, merchant_code, node_id, draw_id, issue_no, total_stake_minor, payout_minor, refund_minor, idempotency_key, created_at, settled_at */
    order: run(`INSERT INTO lottery_orders (id, member_id, merchant_code, node_id, draw_id, issue_no, prize_mode, total_stake_minor, payout_minor, refund_minor, status, idempotency_key, request_hash, created_at, settled_at)
      VALUES (?, ?, ?, ?, ?, ?, 'LOTT', ?, ?, ?, 'settled', ?, 'h', ?, ?)`),
    /** order_id, draw_id, member_id, stake_minor, status, payout_minor, closed_at */
    subOrder: run(`INSERT INTO lottery_sub_orders (order_id, draw_id, member_id, bet_type, selection, stake_minor, odds_milli, status, payout_minor, closed_at) VALUES (?, ?, ?, 'x', '{}', ?, 1980, ?, ?, ?)`),
  };
}

/** Marks every draw of the lottery games `nodeIds` settled at its draw time (result 00000). */
export function settleDatasetDraws(db: SyncDatabase, nodeIds: readonly number[]): void {
  db.prepare(`UPDATE lottery_draws SET status = 'settled', result = '00000', settled_at = draw_at WHERE node_id IN (SELECT value FROM json_each(?))`)
    .run(JSON.stringify(nodeIds));
}

/** The tables the report reads, as the timing prints their sizes. */
export const DATASET_TABLES = ['members', 'ledger_entries', 'demo_rounds', 'deposits', 'withdrawals', 'lottery_orders', 'lottery_sub_orders'] as const;

/** How many rows each of DATASET_TABLES holds. */
export function datasetRowCounts(db: SyncDatabase): Record<(typeof DATASET_TABLES)[number], number> {
  return Object.fromEntries(DATASET_TABLES.map((table) => [table, (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n])) as Record<(typeof DATASET_TABLES)[number], number>;
}

/** Empties the daily aggregates (report_daily, report_daily_games), so the scheduled work makes them again. */
export function clearReportAggregates(db: SyncDatabase): void {
  db.exec('DELETE FROM report_daily; DELETE FROM report_daily_games;');
}
