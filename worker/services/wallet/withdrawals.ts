import type { Bindings } from '../../env';
import { ApiError } from '../../lib/envelope';
import { findPaymentMethod } from '../../db/queries/payments';
import {
  claimPayout, decidedWithdrawals, dropPayoutClaim, findWithdrawSettings, findWithdrawalByKey, finishPayout, insertWithdrawalStatement, recordPendingPayout,
  releaseWithdrawalStatement, type WithdrawalRecord,
} from '../../db/queries/withdrawals';
import { getBalance, postLedger } from '../ledger/ledger';
import { getBonusState } from '../../db/queries/ledger';
import { providerFor } from './payments/registry';
import { assertAgeConfirmed } from '../accounts/age-confirmation';

/** A new request's details (amount in minor units; the payment password already checked). */
export interface WithdrawInput {
  merchantCode: string;
  currency: string;
  memberId: number;
  amountMinor: number;
  payeeName: string;
  bankName: string;
  accountNumber: string;
  idempotencyKey: string;
  /** The player confirmed forfeiting a bonus not yet wagered (docs/honest-money.md). */
  forfeitBonus?: boolean;
}

/**
 * Files a withdrawal request: the amount goes on hold at once — a ledger debit (kind `withdraw_hold`, key
 * `withdraw:<key>:hold`) written in one batch with the request, so the balance can never pay for two requests.
 * Limits from `withdraw_settings` (409 `withdraw_unavailable` when the site has none; 400 `amount_out_of_range`);
 * 403 `date_of_birth_required` before a social-login player confirmed the age the site requires (age-confirmation.ts);
 * 409 `insufficient_balance` when the cash balance is too low (bonus money is never withdrawable). A bonus not yet
 * wagered (any bonus balance: a wagered one has already converted to cash) is forfeited in the same batch (ledger
 * `bonus_forfeit`, key `withdraw:<key>:forfeit`) — only when `forfeitBonus` says the player confirmed after the
 * warning, else 409 `bonus_forfeit_unconfirmed` and nothing is written
 * (docs/honest-money.md). A retry with the same key answers the same request.
 */
export async function requestWithdrawal(db: D1Database, input: WithdrawInput, now = Date.now()): Promise<{ withdrawal: WithdrawalRecord; balanceMinor: number }> {
  const settings = await findWithdrawSettings(db, input.merchantCode);
  if (!settings) throw new ApiError(409, 'withdraw_unavailable', 'Withdrawals are not offered on this site');
  await assertAgeConfirmed(db, input.merchantCode, input.memberId);
  if (input.amountMinor < settings.minMinor || input.amountMinor > settings.maxMinor) {
    throw new ApiError(400, 'amount_out_of_range', 'The amount is outside the withdrawal limits', { min: settings.minMinor, max: settings.maxMinor });
  }
  const earlier = await findWithdrawalByKey(db, input.memberId, input.idempotencyKey);
  if (!earlier) {
    const { bonusMinor } = await getBonusState(db, input.memberId);
    if (bonusMinor > 0 && input.forfeitBonus !== true) {
      throw new ApiError(409, 'bonus_forfeit_unconfirmed', 'A withdrawal now forfeits the bonus not yet wagered; confirm to go on');
    }
    const { forfeitBonus: _confirmed, ...request } = input;
    const reference = `withdraw:${input.idempotencyKey}`;
    await postLedger(db, input.memberId, [
      { amountMinor: -input.amountMinor, kind: 'withdraw_hold', reference, idempotencyKey: `${reference}:hold` },
      // Whatever bonus is there when the batch runs (also one granted meanwhile) is forfeited: the player confirmed.
      ...(input.forfeitBonus === true ? [{ amountMinor: 0, kind: 'bonus_forfeit' as const, reference, idempotencyKey: `${reference}:forfeit`, balance: 'forfeit' as const }] : []),
    ], [insertWithdrawalStatement(db, { ...request, createdAt: now })], now);
  }
  const stored = await findWithdrawalByKey(db, input.memberId, input.idempotencyKey);
  if (!stored) throw new Error('withdrawal missing after its ledger batch');
  if (stored.amountMinor !== input.amountMinor) throw new ApiError(409, 'idempotency_conflict', 'This idempotency key was used for another withdrawal');
  return { withdrawal: stored, balanceMinor: await getBalance(db, input.memberId) };
}

/** Gives a rejected or failed request's hold back (ledger `withdraw_release`, once), with its `released_at`. */
async function releaseHold(db: D1Database, w: WithdrawalRecord, now: number): Promise<void> {
  await postLedger(db, w.memberId, [{
    amountMinor: w.amountMinor, kind: 'withdraw_release', reference: `withdraw:${w.idempotencyKey}`,
    idempotencyKey: `withdraw:${w.idempotencyKey}:release`,
  }], [releaseWithdrawalStatement(db, w.id, now)], now);
}

/**
 * How long a settle's claim on a payout holds (ms): longer than any provider call takes (outbound calls time out
 * well before), so a claim this old belongs to a settle that died mid-payout and the request may be claimed again.
 */
export const PAYOUT_CLAIM_MS = 5 * 60 * 1000;

/**
 * Pays an approved request out through the site's payout method (withdraw_settings.payout_method → provider),
 * once (docs/honest-money.md "Payouts happen once"): the settle first claims the request (claimPayout, one UPDATE
 * on `status = 'approved'` and no live claim), and only the settle that claimed it calls the provider; the others
 * coinciding with it (the tick, the player's withdraw page, the back office's approval) pass it by.
 * paid → `paid`; failed → `failed` and the hold is released, only by the settle that made that transition;
 * pending → stays approved, claim given up, asked again next tick (the provider's reference is kept and the
 * payout id is the request's, so the same payout is never sent as a new one). Provider outages leave it approved
 * and unclaimed.
 */
async function payOut(env: Bindings, w: WithdrawalRecord, now: number): Promise<void> {
  const settings = await findWithdrawSettings(env.DB, w.merchantCode);
  const method = settings ? await findPaymentMethod(env.DB, w.merchantCode, settings.payoutMethod) : null;
  if (!method) return;
  if (!(await claimPayout(env.DB, w.id, now, now - PAYOUT_CLAIM_MS))) return;
  let result;
  try {
    result = await providerFor(env, method).payout({
      withdrawalId: w.id, amountMinor: w.amountMinor, currency: w.currency, payeeName: w.payeeName, bankName: w.bankName,
      accountNumber: w.accountNumber, providerTxnId: w.providerTxnId,
    });
  } catch (error) {
    await dropPayoutClaim(env.DB, w.id);
    if (error instanceof ApiError) return;
    throw error;
  }
  if (result.status === 'pending') {
    await recordPendingPayout(env.DB, w.id, method.provider, result.providerTxnId);
    return;
  }
  const status = result.status === 'paid' ? 'paid' : 'failed';
  const closed = await finishPayout(env.DB, w.id, { status, provider: method.provider, providerTxnId: result.providerTxnId, reason: result.reason ?? '' }, now);
  if (closed && status === 'failed') await releaseHold(env.DB, { ...w, status }, now);
}

/**
 * Finishes what operators decided (`npm run operator -- withdrawal approve|reject`): approved requests are paid
 * out, rejected (and failed) ones get their hold back. Runs on the Cron Trigger and before a member's own
 * withdrawal list is answered, so the player sees the outcome without waiting for the tick. Idempotent.
 */
export async function settleDecidedWithdrawals(env: Bindings, options: { memberId?: number; now?: number; limit?: number } = {}): Promise<number> {
  const now = options.now ?? Date.now();
  const decided = await decidedWithdrawals(env.DB, options.limit ?? 50, options.memberId);
  for (const w of decided) {
    if (w.status === 'approved') await payOut(env, w, now);
    else await releaseHold(env.DB, w, now);
  }
  return decided.length;
}
