import { CallRouter } from './call-router';
import type { ValueOf } from '../../contract/call';
import { walletCalls } from '../../contract/calls/wallet';
import { encodeValue, ok } from '../lib/envelope';
import { requireRealMember } from '../middleware/auth-context';
import { memberOnly } from '../middleware/member-only';
import { findMemberById } from '../db/queries/members';
import { findWithdrawSettings, listWithdrawals, type WithdrawalRecord } from '../db/queries/withdrawals';
import { getBonusState } from '../db/queries/ledger';
import { checkPaymentPassword, hasPaymentPassword } from '../services/wallet/payment-password';
import { requestWithdrawal, settleDecidedWithdrawals } from '../services/wallet/withdrawals';

/** A withdrawal as its answer declares it: money in minor units (encodeValue sends currency units), the account number masked but for its last 4 characters. */
export function withdrawalWire(w: WithdrawalRecord): ValueOf<typeof walletCalls.withdrawInfo>['withdrawals'][number] {
  const account = w.accountNumber.replace(/\s+/g, '');
  return {
    withdrawalId: w.id, amount: w.amountMinor, status: w.status, payeeName: w.payeeName, bankName: w.bankName,
    accountNumber: account.length > 4 ? `****${account.slice(-4)}` : account, reason: w.reason, createdAt: w.createdAt,
  };
}

/**
 * Router for /wps/transaction (the platform's path family, platform-contract.md §1.1 `/wps/transaction/withdraw`;
 * its bodies are not found in the platform's clients, so PlayDeck's shapes are in contract/calls/wallet.ts).
 * Real accounts only: 403 `free_reject` for guests and trial accounts; 401 without a session.
 * - GET /withdraw → limits, the withdrawable (cash) balance, the bonus balance a request would forfeit with its
 *   wagering, whether a payment password is set, the payee name on file, and the newest 20 requests (decisions
 *   operators made are finished first: services/withdrawals.ts).
 * - POST /withdraw → puts the amount on hold (ledger `withdraw_hold`) after the payment password check; a bonus
 *   not yet wagered is forfeited in the same batch, only with `forfeitBonus: true` (docs/honest-money.md).
 */
export const withdrawRouter = new CallRouter('/wps/transaction')
  .serve(walletCalls.withdrawInfo, async (c) => {
    const member = requireRealMember(c);
    const db = c.env.DB;
    await settleDecidedWithdrawals(c.env, { memberId: member.memberId });
    const [settings, record, money, passwordSet, list] = await Promise.all([
      findWithdrawSettings(db, c.var.merchant.code), findMemberById(db, member.memberId), getBonusState(db, member.memberId),
      hasPaymentPassword(db, member.memberId), listWithdrawals(db, member.memberId),
    ]);
    const payee = record?.profile.payeeName;
    const value: ValueOf<typeof walletCalls.withdrawInfo> = {
      enabled: settings !== null, minAmount: settings?.minMinor ?? 0, maxAmount: settings?.maxMinor ?? 0,
      available: money.cashMinor, currencySymbol: c.var.merchant.currencySymbol, paymentPasswordSet: passwordSet,
      payeeName: typeof payee === 'string' ? payee : '', withdrawals: list.map(withdrawalWire),
      bonusBalance: money.bonusMinor, wageringRequired: money.wageringRequiredMinor, wageringDone: money.wageringDoneMinor,
    };
    return ok(c, encodeValue(walletCalls.withdrawInfo, value));
  })
  /**
   * POST /withdraw `{ amount, payeeName, bankName, accountNumber, paymentPassword, idempotencyKey }` →
   * `{ withdrawal, balance }`. 400 `amount_out_of_range`, `payment_password_not_set`, `request_param_err`; 403
   * `free_reject`, `payment_password_wrong`; 409 `insufficient_balance`, `withdraw_unavailable`,
   * `idempotency_conflict`, `bonus_forfeit_unconfirmed` (a bonus not yet wagered, the GET's `bonusBalance`, would be
   * forfeited: send `forfeitBonus: true` after the player confirmed); 429 `TOO_MANY_REQUEST` (payment password checks).
   */
  .serve(walletCalls.withdrawRequest, memberOnly, async (c) => {
    const member = requireRealMember(c);
    const body = c.req.valid('json');
    await checkPaymentPassword(c.env.DB, member.memberId, body.paymentPassword);
    const { withdrawal, balanceMinor } = await requestWithdrawal(c.env.DB, {
      merchantCode: c.var.merchant.code, currency: c.var.merchant.currency, memberId: member.memberId,
      amountMinor: body.amount, payeeName: body.payeeName, bankName: body.bankName,
      accountNumber: body.accountNumber, idempotencyKey: body.idempotencyKey, forfeitBonus: body.forfeitBonus === true,
    });
    return ok(c, encodeValue(walletCalls.withdrawRequest, { withdrawal: withdrawalWire(withdrawal), balance: balanceMinor }));
  });
