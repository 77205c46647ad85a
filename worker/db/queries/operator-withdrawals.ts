/**
 * The operator's withdrawal decisions (docs/operator-guide.md, `npm run operator -- withdrawals|withdrawal …`). The
 * command records the decision only; the worker finishes it (worker/services/wallet/withdrawals.ts: an approved
 * request is paid out, a rejected one gets its hold back) on its next Cron tick or when the player opens the
 * withdraw page. Money in minor units. Imports nothing, so the operator script runs it under Node's type stripping.
 */

/** The request's merchant and state, or null when there is no such request (the decision needs `pending`). */
export async function findWithdrawalState(db: D1Database, id: number): Promise<{ id: number; merchant_code: string; status: string } | null> {
  return db.prepare(`SELECT id, merchant_code, status FROM withdrawals WHERE id = ?`).bind(id).first();
}

/**
 * Records the decision on a pending request at `now` (epoch ms): `approved`, or `rejected` with the reason shown to
 * the player. Only a pending request changes, so a second decision changes nothing.
 */
export async function decideWithdrawal(db: D1Database, id: number, decision: 'approved' | 'rejected', reason: string, now: number): Promise<void> {
  if (decision === 'approved') {
    await db.prepare(`UPDATE withdrawals SET status = 'approved', decided_at = ? WHERE id = ? AND status = 'pending'`).bind(now, id).run();
    return;
  }
  await db.prepare(`UPDATE withdrawals SET status = 'rejected', decided_at = ?, reason = ? WHERE id = ? AND status = 'pending'`).bind(now, reason, id).run();
}

/** A request waiting for a decision (`pending`) or a payout (`approved`), with the member's account. */
export interface WaitingWithdrawalRow {
  id: number;
  merchant_code: string;
  account: string;
  amount_minor: number;
  currency: string;
  payee_name: string;
  bank_name: string;
  status: string;
  created_at: number;
}

/** Requests waiting for a decision or a payout, oldest first (at most 200); one merchant (any case) or all (null). */
export async function listWaitingWithdrawals(db: D1Database, merchant: string | null): Promise<WaitingWithdrawalRow[]> {
  const { results } = await db
    .prepare(`SELECT w.id, w.merchant_code, m.account, w.amount_minor, w.currency, w.payee_name, w.bank_name, w.status, w.created_at
      FROM withdrawals w JOIN members m ON m.id = w.member_id
      WHERE w.status IN ('pending', 'approved') AND (?1 IS NULL OR w.merchant_code = ?1 COLLATE NOCASE) ORDER BY w.id LIMIT 200`)
    .bind(merchant)
    .all<WaitingWithdrawalRow>();
  return results;
}
