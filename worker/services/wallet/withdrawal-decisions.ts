import { decideWithdrawalStatement, findWithdrawalState, type WithdrawalState } from '../../db/queries/operator-withdrawals';
import { recordAudit } from '../operators/audit';

/**
 * An operator's decision on a withdrawal request (docs/back-office.md "Money"; docs/operator-guide.md, the
 * operator command `withdrawal approve|reject`): the one path both the back office and the command take. The
 * decision is recorded with its audit row in one batch; the money moves later, in worker/services/wallet/
 * withdrawals.ts `settleDecidedWithdrawals` (an approved request is paid out through the site's payout provider, a
 * rejected one gets its hold back through the ledger, each once), on the next Cron tick, when the player opens the
 * withdraw page, or at once when the back office asks for it.
 */

/**
 * A decision that cannot be made: `withdrawal_not_found` (answered 404) or `withdrawal_not_pending` (409). A plain
 * error (no ApiError: the operator command loads this module under Node's type stripping); the console maps it.
 */
export class DecisionRefusal extends Error {
  override name = 'DecisionRefusal';
  readonly errorCode: 'withdrawal_not_found' | 'withdrawal_not_pending';
  constructor(errorCode: 'withdrawal_not_found' | 'withdrawal_not_pending', message: string) {
    super(message);
    this.errorCode = errorCode;
  }
}

/** Who decides: a console operator, or the command line (`operatorId` null, `operator` `cli:<user>`). */
export interface DecisionActor {
  operatorId: number | null;
  operator: string;
  /** The client address ('' for the command line). */
  address?: string | undefined;
}

/** A decision to record. `merchantCode` null: any site (the command line names requests by id alone). */
export interface DecisionInput {
  id: number;
  merchantCode: string | null;
  decision: 'approved' | 'rejected';
  /** Why (shown to the player on a rejection; kept in the audit row either way); at most 200 characters are kept. */
  reason: string;
  actor: DecisionActor;
  now?: number | undefined;
}

/** The request before and after the decision (status, reason, who decided). */
export interface DecisionOutcome {
  before: WithdrawalState;
  after: WithdrawalState;
}

const summary = (s: WithdrawalState) => ({ status: s.status, amountMinor: s.amount_minor, currency: s.currency, account: s.account, reason: s.reason });

/**
 * Approves or rejects a pending request, writing the change and its audit row (action `withdrawal.approve` or
 * `withdrawal.reject`, target `withdrawal:<id>`, before/after the status, amount in minor units, account and
 * reason) in one batch. A request is decided once: of two decisions at the same time exactly one is recorded (the
 * other's batch fails whole, audit row included).
 * Throws DecisionRefusal `withdrawal_not_found` (no such request, or another site's when `merchantCode` is given) or
 * `withdrawal_not_pending` (already approved, paid, rejected or failed, or decided meanwhile).
 */
export async function decideWithdrawalRequest(db: D1Database, input: DecisionInput): Promise<DecisionOutcome> {
  const now = input.now ?? Date.now();
  const before = await findWithdrawalState(db, input.id);
  if (!before || (input.merchantCode !== null && before.merchant_code !== input.merchantCode)) {
    throw new DecisionRefusal('withdrawal_not_found', 'No such withdrawal request');
  }
  if (before.status !== 'pending') throw new DecisionRefusal('withdrawal_not_pending', `The request is ${before.status}; only pending requests can be decided`);
  const reason = input.reason.trim().slice(0, 200);
  const after: WithdrawalState = { ...before, status: input.decision, reason: input.decision === 'rejected' ? reason : '', decided_by: input.actor.operator };
  const audit = recordAudit(db, {
    merchantCode: before.merchant_code, operatorId: input.actor.operatorId, operator: input.actor.operator, address: input.actor.address,
    action: input.decision === 'approved' ? 'withdrawal.approve' : 'withdrawal.reject', target: `withdrawal:${before.id}`,
    before: summary(before), after: summary(after), reason, at: now,
  });
  try {
    await db.batch([decideWithdrawalStatement(db, before.id, input.decision, reason, input.actor.operator, now), audit]);
  } catch (error) {
    if (String(error instanceof Error ? error.message : error).includes('CHECK')) {
      throw new DecisionRefusal('withdrawal_not_pending', 'The request was decided meanwhile');
    }
    throw error;
  }
  return { before, after };
}
