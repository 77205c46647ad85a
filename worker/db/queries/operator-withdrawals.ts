/**
 * The operator's withdrawal decisions (docs/operator-guide.md, `npm run operator -- withdrawals|withdrawal …`; the
 * back office, docs/back-office.md "Money"), made through worker/services/wallet/withdrawal-decisions.ts. A decision
 * is recorded only; the worker finishes it (worker/services/wallet/withdrawals.ts: an approved
 * request is paid out, a rejected one gets its hold back) on its next Cron tick or when the player opens the
 * withdraw page. Money in minor units. Imports nothing, so the operator script runs it under Node's type stripping.
 */

/** What a decision changes and its audit row records, as stored before it. */
export interface WithdrawalState {
  id: number;
  merchant_code: string;
  member_id: number;
  account: string;
  amount_minor: number;
  currency: string;
  status: string;
  reason: string;
  decided_by: string;
}

/** The request's site, member, amount and state, or null when there is no such request (the decision needs `pending`). */
export async function findWithdrawalState(db: D1Database, id: number): Promise<WithdrawalState | null> {
  return db.prepare(`SELECT w.id, w.merchant_code, w.member_id, m.account, w.amount_minor, w.currency, w.status, w.reason, w.decided_by
      FROM withdrawals w JOIN members m ON m.id = w.member_id WHERE w.id = ?`).bind(id).first<WithdrawalState>();
}

/**
 * The statement that records the decision on a pending request at `now` (epoch ms): `approved`, or `rejected` with
 * the reason shown to the player, and who decided (`decided_by`). Run it in one batch with the decision's audit row:
 * on a request that is no longer pending the status becomes a value the table's CHECK refuses, so the whole batch
 * fails (`CHECK constraint failed`) and nothing of it — audit row included — is written; a request is decided once.
 */
export function decideWithdrawalStatement(
  db: D1Database, id: number, decision: 'approved' | 'rejected', reason: string, decidedBy: string, now: number,
): D1PreparedStatement {
  return db.prepare(`UPDATE withdrawals SET status = CASE WHEN status = 'pending' THEN ?2 ELSE 'decided_twice' END,
      decided_at = ?3, reason = ?4, decided_by = ?5 WHERE id = ?1`)
    .bind(id, decision, now, decision === 'rejected' ? reason : '', decidedBy);
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
