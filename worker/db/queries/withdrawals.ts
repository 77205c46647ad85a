/** Withdrawal requests and the site's withdrawal settings (migration 0015_wallet.sql). Money in minor units. */

/** Withdrawal states (contract/calls/wallet.ts WITHDRAWAL_STATUSES). */
export type WithdrawalStatus = 'pending' | 'approved' | 'paid' | 'rejected' | 'failed';

/** One withdrawal request. `releasedAt` is set once a rejected or failed request's hold is given back. */
export interface WithdrawalRecord {
  id: number;
  merchantCode: string;
  memberId: number;
  amountMinor: number;
  currency: string;
  payeeName: string;
  bankName: string;
  accountNumber: string;
  status: WithdrawalStatus;
  reason: string;
  providerTxnId: string | null;
  idempotencyKey: string;
  createdAt: number;
  releasedAt: number | null;
}

/** A withdrawals row as D1 returns it (the columns of COLUMNS). */
export interface WithdrawalRow {
  id: number;
  merchant_code: string;
  member_id: number;
  amount_minor: number;
  currency: string;
  payee_name: string;
  bank_name: string;
  account_number: string;
  status: WithdrawalStatus;
  reason: string;
  provider_txn_id: string | null;
  idempotency_key: string;
  created_at: number;
  released_at: number | null;
}

/** The columns WithdrawalRow holds, each prefixed with `alias.` when given (a query joining other tables). */
export const withdrawalColumns = (alias = '') => COLUMNS.split(', ').map((c) => `${alias ? `${alias}.` : ''}${c}`).join(', ');

const COLUMNS = 'id, merchant_code, member_id, amount_minor, currency, payee_name, bank_name, account_number, status, reason, provider_txn_id, idempotency_key, created_at, released_at';

/** A withdrawals row as the record the services use. */
export function toWithdrawal(row: WithdrawalRow): WithdrawalRecord {
  return {
    id: row.id, merchantCode: row.merchant_code, memberId: row.member_id, amountMinor: row.amount_minor, currency: row.currency,
    payeeName: row.payee_name, bankName: row.bank_name, accountNumber: row.account_number, status: row.status, reason: row.reason,
    providerTxnId: row.provider_txn_id, idempotencyKey: row.idempotency_key, createdAt: row.created_at, releasedAt: row.released_at,
  };
}

/** A site's withdrawal limits and the payment method that pays out, or null (withdrawals off). */
export interface WithdrawSettings {
  payoutMethod: string;
  minMinor: number;
  maxMinor: number;
}

/** The site's withdrawal settings, or null. */
export async function findWithdrawSettings(db: D1Database, merchantCode: string): Promise<WithdrawSettings | null> {
  const row = await db
    .prepare(`SELECT payout_method, min_minor, max_minor FROM withdraw_settings WHERE merchant_code = ?`)
    .bind(merchantCode)
    .first<{ payout_method: string; min_minor: number; max_minor: number }>();
  return row ? { payoutMethod: row.payout_method, minMinor: row.min_minor, maxMinor: row.max_minor } : null;
}

/** What a new request holds. */
export type NewWithdrawal = Omit<WithdrawalRecord, 'id' | 'status' | 'reason' | 'providerTxnId' | 'releasedAt'>;

/** The insert of a new request (for the ledger batch that puts its amount on hold). */
export function insertWithdrawalStatement(db: D1Database, w: NewWithdrawal): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO withdrawals (merchant_code, member_id, amount_minor, currency, payee_name, bank_name, account_number, idempotency_key, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`,
    )
    .bind(w.merchantCode, w.memberId, w.amountMinor, w.currency, w.payeeName, w.bankName, w.accountNumber, w.idempotencyKey, w.createdAt);
}

/** The member's request with this idempotency key, or null. */
export async function findWithdrawalByKey(db: D1Database, memberId: number, key: string): Promise<WithdrawalRecord | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM withdrawals WHERE member_id = ? AND idempotency_key = ?`).bind(memberId, key).first<WithdrawalRow>();
  return row ? toWithdrawal(row) : null;
}

/** One request by id, or null. */
export async function findWithdrawal(db: D1Database, id: number): Promise<WithdrawalRecord | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM withdrawals WHERE id = ?`).bind(id).first<WithdrawalRow>();
  return row ? toWithdrawal(row) : null;
}

/** The member's newest requests. */
export async function listWithdrawals(db: D1Database, memberId: number, limit = 20): Promise<WithdrawalRecord[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM withdrawals WHERE member_id = ? ORDER BY id DESC LIMIT ?`)
    .bind(memberId, limit)
    .all<WithdrawalRow>();
  return results.map(toWithdrawal);
}

/**
 * Requests with a decision the worker has not finished: approved (to pay out) and rejected or failed whose hold
 * is not released yet; optionally one member's only.
 */
export async function decidedWithdrawals(db: D1Database, limit: number, memberId?: number): Promise<WithdrawalRecord[]> {
  const { results } = await db
    .prepare(
      `SELECT ${COLUMNS} FROM withdrawals
       WHERE (status = 'approved' OR (status IN ('rejected', 'failed') AND released_at IS NULL)) AND (?1 IS NULL OR member_id = ?1)
       ORDER BY id LIMIT ?2`,
    )
    .bind(memberId ?? null, limit)
    .all<WithdrawalRow>();
  return results.map(toWithdrawal);
}

/** Marks a request's hold given back (once: only while `released_at` is unset), for the ledger batch that releases it. */
export function releaseWithdrawalStatement(db: D1Database, id: number, now: number): D1PreparedStatement {
  return db.prepare(`UPDATE withdrawals SET released_at = ?2 WHERE id = ?1 AND released_at IS NULL`).bind(id, now);
}

/**
 * Claims an approved request's payout for one settle (migration 0053_payout_claim.sql): true only for the caller
 * whose UPDATE changed the row — the request is approved and unclaimed, or its claim was made at or before
 * `staleBefore` (epoch ms; a settle that died mid-payout). Of settles that coincide exactly one gets true.
 */
export async function claimPayout(db: D1Database, id: number, now: number, staleBefore: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE withdrawals SET payout_claimed_at = ?2
       WHERE id = ?1 AND status = 'approved' AND (payout_claimed_at IS NULL OR payout_claimed_at <= ?3)`,
    )
    .bind(id, now, staleBefore)
    .run();
  return result.meta.changes === 1;
}

/** Gives up a claim without an outcome (provider unreachable), so the next settle asks again. */
export async function dropPayoutClaim(db: D1Database, id: number): Promise<void> {
  await db.prepare(`UPDATE withdrawals SET payout_claimed_at = NULL WHERE id = ?1 AND status = 'approved'`).bind(id).run();
}

/**
 * Keeps the provider and its reference on an approved request whose payout is still pending, and gives up the
 * claim so the next settle asks the provider again (with the same payout id).
 */
export async function recordPendingPayout(db: D1Database, id: number, provider: string, providerTxnId: string | null): Promise<void> {
  await db
    .prepare(`UPDATE withdrawals SET provider = ?2, provider_txn_id = ?3, payout_claimed_at = NULL WHERE id = ?1 AND status = 'approved'`)
    .bind(id, provider, providerTxnId)
    .run();
}

/**
 * Closes an approved request with the payout's outcome (`paid_at` set only when paid). True when this call made
 * the transition (the request was still approved); false when it was closed already, so the caller must not act
 * on the outcome a second time (e.g. release the hold of a request another settle closed).
 */
export async function finishPayout(
  db: D1Database,
  id: number,
  outcome: { status: 'paid' | 'failed'; provider: string; providerTxnId: string | null; reason: string },
  now: number,
): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE withdrawals SET status = ?2, provider = ?3, provider_txn_id = ?4, paid_at = CASE WHEN ?2 = 'paid' THEN ?5 END, reason = ?6
       WHERE id = ?1 AND status = 'approved'`,
    )
    .bind(id, outcome.status, outcome.provider, outcome.providerTxnId, now, outcome.reason)
    .run();
  return result.meta.changes === 1;
}
