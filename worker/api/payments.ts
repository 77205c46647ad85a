import { CallRouter } from './call-router';
import type { ValueOf } from '../../contract/call';
import { walletCalls } from '../../contract/calls/wallet';
import { ApiError, encodeValue, ok } from '../lib/envelope';
import { requireRealMember } from '../middleware/auth-context';
import { memberOnly } from '../middleware/member-only';
import { requestLanguage } from '../middleware/language';
import { applyPaymentNotice, refreshDeposit, startDeposit } from '../services/wallet/deposits';
import { setPaymentPassword } from '../services/wallet/payment-password';
import { providerFor } from '../services/wallet/payments/registry';
import { findDeposit, findPaymentMethod, listPaymentMethods, type DepositRecord } from '../db/queries/payments';
import { listMerchantFlags } from '../db/queries/settings';
import { getBalance } from '../services/ledger/ledger';
import { transactionsPage } from '../services/wallet/transactions';

/** A deposit as its answer declares it (money in minor units: encodeValue turns it into currency units). */
function depositWire(deposit: DepositRecord, redirectUrl: string | null, balanceMinor: number | null): ValueOf<typeof walletCalls.depositCreate> {
  return {
    depositId: deposit.id, methodCode: deposit.methodCode, amount: deposit.amountMinor, status: deposit.status,
    createdAt: deposit.createdAt, expiresAt: deposit.expiresAt, redirectUrl,
    balance: balanceMinor,
  };
}

/**
 * Router for /wps/playdeck/payments (PlayDeck extension, capability `payments`; contract/calls/wallet.ts):
 * deposits through the site's payment providers (services/payments/), provider notices, the payment password and
 * the transactions view. Member calls need a real account (403 `free_reject` for guests and trial accounts,
 * player-shell §5, §6). Money: decimal currency units on the wire, minor units inside.
 */
export const paymentsRouter = new CallRouter('/wps/playdeck/payments')
  /**
   * GET /methods → `{ currency, currencySymbol, template (dep_func), methods[{ methodCode, displayName, minAmount, maxAmount }] }`;
   * `displayName` in the player's language (middleware/language.ts), else the method's default-language name.
   */
  .serve(walletCalls.paymentMethods, async (c) => {
    requireRealMember(c);
    const merchant = c.var.merchant;
    const [methods, flags] = await Promise.all([
      listPaymentMethods(c.env.DB, merchant.code, requestLanguage(c)), listMerchantFlags(c.env.DB, merchant.code),
    ]);
    const value: ValueOf<typeof walletCalls.paymentMethods> = {
      currency: merchant.currency, currencySymbol: merchant.currencySymbol, template: flags.templates.dep_func === 1 ? 1 : 0,
      methods: methods.map((m) => ({ methodCode: m.methodCode, displayName: m.displayName, minAmount: m.minMinor, maxAmount: m.maxMinor })),
    };
    return ok(c, encodeValue(walletCalls.paymentMethods, value));
  })
  /**
   * POST /deposit `{ methodCode, amount, idempotencyKey }` → the deposit with `redirectUrl` (services/deposits.ts
   * startDeposit). 400 `amount_out_of_range`, `request_param_err`; 403 `free_reject`; 404
   * `payment_method_not_found`; 409 `idempotency_conflict`; 502 `payment_unavailable`.
   */
  .serve(walletCalls.depositCreate, memberOnly, async (c) => {
    const member = requireRealMember(c);
    const body = c.req.valid('json');
    const merchant = c.var.merchant;
    const started = await startDeposit(c.env, {
      merchantCode: merchant.code, currency: merchant.currency, memberId: member.memberId, methodCode: body.methodCode,
      amountMinor: body.amount, idempotencyKey: body.idempotencyKey,
    }, { origin: new URL(c.req.url).origin });
    return ok(c, encodeValue(walletCalls.depositCreate, depositWire(started.deposit, started.redirectUrl, null)));
  })
  /**
   * GET /deposit?depositId → the member's deposit; a pending one is first checked with its provider (status
   * query), so a player coming back from paying sees the credit even before the notice arrives. `balance` is
   * the wallet balance once credited. 404 `deposit_not_found` (also for another member's deposit).
   */
  .serve(walletCalls.depositStatus, memberOnly, async (c) => {
    const member = requireRealMember(c);
    const found = await findDeposit(c.env.DB, c.req.valid('query').depositId);
    if (!found || found.memberId !== member.memberId) throw new ApiError(404, 'deposit_not_found', 'No such deposit');
    const deposit = await refreshDeposit(c.env, found);
    const balance = deposit.status === 'credited' ? await getBalance(c.env.DB, member.memberId) : null;
    return ok(c, encodeValue(walletCalls.depositStatus, depositWire(deposit, null, balance)));
  })
  /**
   * POST /paymentPassword `{ newPaymentPassword (6 digits), oldPaymentPassword? , loginPassword? }` → null
   * (services/payment-password.ts). 400 `payment_password_required`, `request_param_err`; 403 `free_reject`,
   * `payment_password_wrong`, `wrong_password`; 429 `TOO_MANY_REQUEST`.
   */
  .serve(walletCalls.paymentPassword, memberOnly, async (c) => {
    const member = requireRealMember(c);
    await setPaymentPassword(c.env.DB, member.memberId, c.req.valid('json'));
    return ok(c, null);
  })
  /** GET /transactions (services/transactions.ts): ledger entries by category and period, with totals. */
  .serve(walletCalls.transactions, memberOnly, async (c) => {
    const member = requireRealMember(c);
    return ok(c, encodeValue(walletCalls.transactions, await transactionsPage(c.env.DB, member.memberId, c.req.valid('query'))));
  })
  /**
   * POST /notify/:methodCode: a provider's signed notice about a deposit (services/payments/notice.ts; no
   * session: the provider calls it). Verified with the method's secret (401 `signature_invalid`), then applied
   * exactly once (services/deposits.ts applyPaymentNotice) → `{ outcome: credited | replayed | failed | ignored }`.
   * 404 `payment_method_not_found`, `deposit_not_found`; 400 `notice_mismatch`, `request_param_err`; 409
   * `idempotency_conflict`. Providers retry on anything but 2xx.
   */
  .post('/notify/:methodCode', async (c) => {
    const method = await findPaymentMethod(c.env.DB, c.var.merchant.code, c.req.param('methodCode'));
    if (!method) throw new ApiError(404, 'payment_method_not_found', 'No such payment method on this site');
    const notice = await providerFor(c.env, method).readNotice(c.req.raw);
    const outcome = await applyPaymentNotice(c.env.DB, method, notice);
    return ok(c, { outcome });
  });
