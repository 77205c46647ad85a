/**
 * The back office's money desk reads (docs/back-office.md "Money"; migrations 0015_wallet.sql, 0040_console_money.sql):
 * a site's deposits searched and paged, its withdrawal requests (the queue of pending ones and the history of the
 * decided ones) and the player context beside each request. Every query is by the operator's site. Money is integer
 * minor units, time epoch milliseconds.
 */
import type { DepositStatus } from './payments';
import { toWithdrawal, withdrawalColumns, type WithdrawalRecord, type WithdrawalRow } from './withdrawals';

/** One page: `offset` rows skipped, at most `limit` returned. */
export interface Page {
  offset: number;
  limit: number;
}

/** Deposit search filters; all optional. `player` is the start of a username (any case). */
export interface DepositFilter {
  player?: string | undefined;
  status?: string | undefined;
  /** created_at in [from, to). */
  from?: number | undefined;
  to?: number | undefined;
  minMinor?: number | undefined;
  maxMinor?: number | undefined;
  /** The deposit's id (digits) or the provider's transaction id. */
  orderId?: string | undefined;
  sort: 'id' | 'createdAt' | 'amount' | 'status';
  order: 'ASC' | 'DESC';
}

/** A deposit as the back office lists it. */
export interface ConsoleDepositRow {
  id: number;
  memberId: number;
  account: string;
  methodCode: string;
  provider: string;
  amountMinor: number;
  currency: string;
  status: DepositStatus;
  providerTxnId: string | null;
  createdAt: number;
  creditedAt: number | null;
}

/** `LIKE` pattern for text starting with `prefix` (wildcards escaped with `\`). */
function startsWith(prefix: string): string {
  return `${prefix.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

const DEPOSIT_SORT = { id: 'd.id', createdAt: 'd.created_at', amount: 'd.amount_minor', status: 'd.status' } as const;

/** The site's deposits matching the filter, one page of them, and how many match in all. */
export async function searchDeposits(db: D1Database, merchantCode: string, f: DepositFilter, page: Page): Promise<{ rows: ConsoleDepositRow[]; total: number }> {
  const where = ['d.merchant_code = ?'];
  const args: (string | number)[] = [merchantCode];
  if (f.player) { where.push(`m.username LIKE ? ESCAPE '\\'`); args.push(startsWith(f.player)); }
  if (f.status) { where.push('d.status = ?'); args.push(f.status); }
  if (f.from !== undefined) { where.push('d.created_at >= ?'); args.push(f.from); }
  if (f.to !== undefined) { where.push('d.created_at < ?'); args.push(f.to); }
  if (f.minMinor !== undefined) { where.push('d.amount_minor >= ?'); args.push(f.minMinor); }
  if (f.maxMinor !== undefined) { where.push('d.amount_minor <= ?'); args.push(f.maxMinor); }
  if (f.orderId) {
    if (/^\d{1,15}$/.test(f.orderId)) { where.push('(d.id = ? OR d.provider_txn_id = ?)'); args.push(Number(f.orderId), f.orderId); }
    else { where.push('d.provider_txn_id = ?'); args.push(f.orderId); }
  }
  const from = `FROM deposits d JOIN members m ON m.id = d.member_id WHERE ${where.join(' AND ')}`;
  const [list, count] = await db.batch([
    db.prepare(`SELECT d.id, d.member_id, m.account, d.method_code, d.provider, d.amount_minor, d.currency, d.status, d.provider_txn_id, d.created_at, d.credited_at
        ${from} ORDER BY ${DEPOSIT_SORT[f.sort]} ${f.order === 'ASC' ? 'ASC' : 'DESC'}, d.id ${f.order === 'ASC' ? 'ASC' : 'DESC'} LIMIT ? OFFSET ?`)
      .bind(...args, page.limit, page.offset),
    db.prepare(`SELECT COUNT(*) AS n ${from}`).bind(...args),
  ]);
  const rows = (list?.results ?? []) as {
    id: number; member_id: number; account: string; method_code: string; provider: string; amount_minor: number; currency: string;
    status: DepositStatus; provider_txn_id: string | null; created_at: number; credited_at: number | null;
  }[];
  return {
    rows: rows.map((r) => ({
      id: r.id, memberId: r.member_id, account: r.account, methodCode: r.method_code, provider: r.provider, amountMinor: r.amount_minor,
      currency: r.currency, status: r.status, providerTxnId: r.provider_txn_id, createdAt: r.created_at, creditedAt: r.credited_at,
    })),
    total: ((count?.results ?? [])[0] as { n: number } | undefined)?.n ?? 0,
  };
}

/** Withdrawal list filters: the queue (pending) or the history (every other state), narrowed further. */
export interface WithdrawalFilter {
  view: 'queue' | 'history';
  player?: string | undefined;
  /** One state of the view's (history: approved, paid, rejected, failed). */
  status?: string | undefined;
  /** Queue: created_at in [from, to); history: the decision's time (created_at when undecided). */
  from?: number | undefined;
  to?: number | undefined;
  /** The request's id. */
  id?: number | undefined;
  sort: 'id' | 'createdAt' | 'decidedAt' | 'amount' | 'status';
  order: 'ASC' | 'DESC';
}

/**
 * A withdrawal request as the back office lists it: the record the services use (worker/db/queries/withdrawals.ts),
 * without its site, idempotency key and release time, with the player's account and the decision (the full account
 * number: the operator checks the payee).
 */
export type ConsoleWithdrawalRow = Omit<WithdrawalRecord, 'merchantCode' | 'idempotencyKey' | 'releasedAt'> & {
  account: string;
  decidedAt: number | null;
  decidedBy: string;
  paidAt: number | null;
};

const WITHDRAWAL_SORT = {
  id: 'w.id', createdAt: 'w.created_at', decidedAt: 'COALESCE(w.decided_at, w.created_at)', amount: 'w.amount_minor', status: 'w.status',
} as const;

const WITHDRAWAL_COLUMNS = `${withdrawalColumns('w')}, m.account, w.decided_at, w.decided_by, w.paid_at`;

type WithdrawalDbRow = WithdrawalRow & { account: string; decided_at: number | null; decided_by: string; paid_at: number | null };

function toConsoleWithdrawal(r: WithdrawalDbRow): ConsoleWithdrawalRow {
  const { merchantCode: _site, idempotencyKey: _key, releasedAt: _released, ...record } = toWithdrawal(r);
  return { ...record, account: r.account, decidedAt: r.decided_at, decidedBy: r.decided_by, paidAt: r.paid_at };
}

/** The site's withdrawal requests of the view matching the filter, one page of them, and how many match in all. */
export async function searchWithdrawals(db: D1Database, merchantCode: string, f: WithdrawalFilter, page: Page): Promise<{ rows: ConsoleWithdrawalRow[]; total: number }> {
  const where = ['w.merchant_code = ?', f.view === 'queue' ? "w.status = 'pending'" : "w.status <> 'pending'"];
  const args: (string | number)[] = [merchantCode];
  const time = f.view === 'queue' ? 'w.created_at' : 'COALESCE(w.decided_at, w.created_at)';
  if (f.player) { where.push(`m.username LIKE ? ESCAPE '\\'`); args.push(startsWith(f.player)); }
  if (f.status) { where.push('w.status = ?'); args.push(f.status); }
  if (f.from !== undefined) { where.push(`${time} >= ?`); args.push(f.from); }
  if (f.to !== undefined) { where.push(`${time} < ?`); args.push(f.to); }
  if (f.id !== undefined) { where.push('w.id = ?'); args.push(f.id); }
  const from = `FROM withdrawals w JOIN members m ON m.id = w.member_id WHERE ${where.join(' AND ')}`;
  const direction = f.order === 'ASC' ? 'ASC' : 'DESC';
  const [list, count] = await db.batch([
    db.prepare(`SELECT ${WITHDRAWAL_COLUMNS} ${from} ORDER BY ${WITHDRAWAL_SORT[f.sort]} ${direction}, w.id ${direction} LIMIT ? OFFSET ?`)
      .bind(...args, page.limit, page.offset),
    db.prepare(`SELECT COUNT(*) AS n ${from}`).bind(...args),
  ]);
  return {
    rows: ((list?.results ?? []) as WithdrawalDbRow[]).map(toConsoleWithdrawal),
    total: ((count?.results ?? [])[0] as { n: number } | undefined)?.n ?? 0,
  };
}

/** One request of the site, or null (none, or another site's). */
export async function findConsoleWithdrawal(db: D1Database, merchantCode: string, id: number): Promise<ConsoleWithdrawalRow | null> {
  const row = await db.prepare(`SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals w JOIN members m ON m.id = w.member_id WHERE w.id = ? AND w.merchant_code = ?`)
    .bind(id, merchantCode).first<WithdrawalDbRow>();
  return row ? toConsoleWithdrawal(row) : null;
}

/** What the back office shows beside a player's request (docs/back-office.md "Money", "Player context"). */
export interface PlayerContextRow {
  memberId: number;
  account: string;
  registeredAt: number;
  registerIp: string;
  cashMinor: number;
  bonusMinor: number;
  wageringRequiredMinor: number;
  wageringDoneMinor: number;
  depositCount: number;
  depositMinor: number;
  paidWithdrawalCount: number;
  paidWithdrawalMinor: number;
  /** Requests still holding money: pending and approved (not paid out yet). */
  heldWithdrawalMinor: number;
  bonusReceivedCount: number;
  bonusReceivedMinor: number;
}

/**
 * The context of each member (of this site) in `memberIds`: balances and wagering (wallets), credited deposits,
 * paid and held withdrawals, bonus money received (ledger entries crediting the bonus balance, wins and refunds of
 * bonus stakes excepted) and account age. The accounts sharing an address are read by worker/db/queries/shared-addresses.ts.
 */
export async function playerContexts(db: D1Database, merchantCode: string, memberIds: readonly number[]): Promise<PlayerContextRow[]> {
  if (memberIds.length === 0) return [];
  const { results } = await db.prepare(`SELECT m.id AS memberId, m.account, m.created_at AS registeredAt, m.register_ip AS registerIp,
      COALESCE(wa.balance_minor, 0) AS cashMinor, COALESCE(wa.bonus_minor, 0) AS bonusMinor,
      COALESCE(wa.wager_required_minor, 0) AS wageringRequiredMinor, COALESCE(wa.wager_done_minor, 0) AS wageringDoneMinor,
      (SELECT COUNT(*) FROM deposits d WHERE d.member_id = m.id AND d.status = 'credited') AS depositCount,
      (SELECT COALESCE(SUM(d.amount_minor), 0) FROM deposits d WHERE d.member_id = m.id AND d.status = 'credited') AS depositMinor,
      (SELECT COUNT(*) FROM withdrawals w WHERE w.member_id = m.id AND w.status = 'paid') AS paidWithdrawalCount,
      (SELECT COALESCE(SUM(w.amount_minor), 0) FROM withdrawals w WHERE w.member_id = m.id AND w.status = 'paid') AS paidWithdrawalMinor,
      (SELECT COALESCE(SUM(w.amount_minor), 0) FROM withdrawals w WHERE w.member_id = m.id AND w.status IN ('pending', 'approved')) AS heldWithdrawalMinor,
      (SELECT COUNT(*) FROM ledger_entries l WHERE l.member_id = m.id AND l.bonus_amount_minor > 0 AND l.kind NOT IN ('win', 'refund')) AS bonusReceivedCount,
      (SELECT COALESCE(SUM(l.bonus_amount_minor), 0) FROM ledger_entries l WHERE l.member_id = m.id AND l.bonus_amount_minor > 0 AND l.kind NOT IN ('win', 'refund')) AS bonusReceivedMinor
    FROM members m LEFT JOIN wallets wa ON wa.member_id = m.id
    WHERE m.merchant_code = ? AND m.id IN (SELECT value FROM json_each(?))`)
    .bind(merchantCode, JSON.stringify(memberIds)).all<PlayerContextRow>();
  return results;
}
