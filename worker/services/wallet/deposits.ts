import type { Bindings } from '../../env';
import { ApiError } from '../../lib/envelope';
import {
  creditDepositStatement, dueDeposits, expireDeposit, failDeposit, findDeposit, findPaymentMethod, insertDeposit,
  setDepositPayToken, type DepositRecord, type PaymentMethod,
} from '../../db/queries/payments';
import { postLedger } from '../ledger/ledger';
import { emit } from '../kit/events';
import { providerFor } from './payments/registry';
import type { PaymentContext, PaymentNotice } from './payments/provider';
import { hashToken, newToken } from '../crypto/tokens';
import { guarded, limitGuardStatement, type GuardedMovement } from '../protection/guard';

/** Minutes a deposit may stay unpaid before the expiry tick closes it (DEPOSIT_EXPIRY_MINUTES, default 30). */
export function depositExpiryMs(env: Pick<Bindings, 'DEPOSIT_EXPIRY_MINUTES'>): number {
  const minutes = Number(env.DEPOSIT_EXPIRY_MINUTES);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : 30) * 60_000;
}

/** What starting a deposit answers: the order, and where the player pays (null for an order that is not pending). */
export interface StartedDeposit {
  deposit: DepositRecord;
  redirectUrl: string | null;
}

/**
 * Creates a deposit order for a member and starts its payment with the method's provider. The amount must be
 * within the method's limits (400 `amount_out_of_range`) and within the player's deposit limits, counted at
 * creation over pending and credited deposits in the same transaction as the order's insert (409
 * `deposit_limit_exceeded`, nothing written; docs/player-protection.md). Idempotent by the member's key: a retry answers the
 * same order (and, while it is pending, a fresh payment link). 404 `payment_method_not_found` (also for a method
 * the operator switched off); 502
 * `payment_unavailable` when the provider cannot start (the order stays pending and expires).
 */
export async function startDeposit(
  env: Bindings,
  input: { merchantCode: string; currency: string; memberId: number; methodCode: string; amountMinor: number; idempotencyKey: string },
  context: PaymentContext,
  now = Date.now(),
): Promise<StartedDeposit> {
  const method = await findPaymentMethod(env.DB, input.merchantCode, input.methodCode);
  // A method the operator switched off takes no new deposits (its earlier ones still settle: applyPaymentNotice).
  if (!method || !method.enabled) throw new ApiError(404, 'payment_method_not_found', 'No such payment method on this site');
  if (input.amountMinor < method.minMinor || input.amountMinor > method.maxMinor) {
    throw new ApiError(400, 'amount_out_of_range', 'The amount is outside the method\'s limits', { min: method.minMinor, max: method.maxMinor });
  }
  const payToken = newToken();
  const movement: GuardedMovement = { merchantCode: input.merchantCode, memberId: input.memberId, kinds: ['deposit'], reference: '', now };
  const { deposit, created } = await guarded(env.DB, movement, input.amountMinor, () => insertDeposit(env.DB, {
    merchantCode: input.merchantCode, memberId: input.memberId, methodCode: method.methodCode, provider: method.provider,
    amountMinor: input.amountMinor, currency: input.currency, payTokenHash: hashToken(payToken), idempotencyKey: input.idempotencyKey,
    createdAt: now, expiresAt: now + depositExpiryMs(env),
  }, [limitGuardStatement(env.DB, movement)]));
  if (deposit.methodCode !== method.methodCode || deposit.amountMinor !== input.amountMinor) {
    throw new ApiError(409, 'idempotency_conflict', 'This idempotency key was used for a different deposit');
  }
  if (deposit.status !== 'pending') return { deposit, redirectUrl: null };
  // A retried request gets a fresh hosted-page token: the first one is only known to the first answer.
  if (!created) {
    await setDepositPayToken(env.DB, deposit.id, hashToken(payToken));
  }
  const started = await providerFor(env, method).startPayment(deposit, payToken, context);
  return { deposit, redirectUrl: started.redirectUrl };
}

/** What applying a notice did. */
export type NoticeOutcome = 'credited' | 'replayed' | 'failed' | 'ignored';

/**
 * Applies a provider's word on a deposit (a verified notice, or the answer of a status query). Rules:
 * - the notice must match the order: same site method/provider, amount and currency (400 `notice_mismatch`);
 * - `paid` credits the wallet through the ledger exactly once (key `deposit:<id>`), together with the order's
 *   `credited` status and the provider's transaction id, in one batch. A repeated notice is a replay. A `paid`
 *   notice that arrives after the order expired or failed still credits it: the player has paid, and money the
 *   provider took is never dropped. A different transaction id for an order already credited → 409
 *   `idempotency_conflict` (a second payment the operator must look at); a transaction id already used by
 *   another order → 409 too;
 * - `failed` closes a pending order (never a credited one: notices may arrive out of order); `pending` changes
 *   nothing.
 * After a new credit (not a replay), the domain event `depositCredited` is emitted once (services/kit/events.ts; the
 * rewards domain subscribes to it).
 */
export async function applyPaymentNotice(db: D1Database, method: PaymentMethod, notice: PaymentNotice, now = Date.now()): Promise<NoticeOutcome> {
  const deposit = await findDeposit(db, notice.depositId);
  if (!deposit || deposit.merchantCode !== method.merchantCode || deposit.methodCode !== method.methodCode) {
    throw new ApiError(404, 'deposit_not_found', 'No such deposit for this payment method');
  }
  if (deposit.amountMinor !== notice.amountMinor || deposit.currency !== notice.currency) {
    throw new ApiError(400, 'notice_mismatch', 'The notice amount or currency differs from the deposit');
  }
  if (notice.status === 'pending') return 'ignored';
  if (notice.status === 'failed') {
    if (deposit.status !== 'pending') return 'ignored';
    await failDeposit(db, deposit.id, now);
    return 'failed';
  }
  if (deposit.status === 'credited') {
    if (deposit.providerTxnId === notice.providerTxnId) return 'replayed';
    throw new ApiError(409, 'idempotency_conflict', 'This deposit was credited under another transaction id');
  }
  let replayed: boolean;
  try {
    ({ replayed } = await postLedger(db, deposit.memberId, [
      { amountMinor: deposit.amountMinor, kind: 'deposit', reference: `deposit:${deposit.id}`, idempotencyKey: `deposit:${deposit.id}` },
    ], [creditDepositStatement(db, deposit.id, notice.providerTxnId, now)], now));
  } catch (error) {
    if (String(error instanceof Error ? error.message : error).includes('UNIQUE')) {
      throw new ApiError(409, 'idempotency_conflict', 'This transaction id already credited another deposit');
    }
    throw error;
  }
  if (replayed) return 'replayed';
  await emit('depositCredited', { db, memberId: deposit.memberId, depositId: deposit.id, amountMinor: deposit.amountMinor });
  return 'credited';
}

/**
 * Asks the provider about a pending deposit (status query) and applies what it says; used when the player
 * comes back from paying and by the expiry tick. Provider failures leave the order as it is.
 */
export async function refreshDeposit(env: Bindings, deposit: DepositRecord, now = Date.now()): Promise<DepositRecord> {
  if (deposit.status !== 'pending') return deposit;
  const method = await findPaymentMethod(env.DB, deposit.merchantCode, deposit.methodCode);
  if (!method) return deposit;
  try {
    const notice = await providerFor(env, method).queryPayment(deposit);
    if (notice && notice.depositId === deposit.id) await applyPaymentNotice(env.DB, method, notice, now);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return deposit;
  }
  return (await findDeposit(env.DB, deposit.id)) ?? deposit;
}

/**
 * The expiry tick (Cron Trigger, every minute): each pending deposit whose time is up is first checked with its
 * provider (a payment that went through is credited), and otherwise closed as expired. A `paid` notice that
 * arrives later still credits it (applyPaymentNotice). Answers how many expired.
 */
export async function expireDueDeposits(env: Bindings, now = Date.now(), limit = 100): Promise<number> {
  let expired = 0;
  for (const deposit of await dueDeposits(env.DB, now, limit)) {
    const checked = await refreshDeposit(env, deposit, now);
    if (checked.status !== 'pending') continue;
    await expireDeposit(env.DB, deposit.id, now);
    expired += 1;
  }
  return expired;
}
