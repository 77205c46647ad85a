import type { DepositRecord, PaymentMethod } from '../../../db/queries/payments';

/**
 * The payment provider seam (issue 13, Wallet and payments): every deposit and payout goes through one of these.
 * Two implementations: the built-in demo provider (demo-provider.ts: a hosted payment page served by the worker,
 * then a signed notice) and the HTTP provider for a real PSP configured per site (http-provider.ts: redirect out,
 * HMAC-signed notice in, status query, payouts). Amounts are integer minor units here; providers convert.
 */

/** A provider's word on one payment: what the notice (webhook) or the status query says. */
export interface PaymentNotice {
  /** The deposit id PlayDeck gave the provider as its order reference. */
  depositId: number;
  /** The provider's own transaction id: a notice is idempotent by it. */
  providerTxnId: string;
  status: 'paid' | 'failed' | 'pending';
  amountMinor: number;
  currency: string;
}

/** What the player is sent to, and the provider's transaction id when it assigns one at once. */
export interface PaymentStart {
  redirectUrl: string;
}

/** A payout request (an approved withdrawal). */
export interface PayoutRequest {
  withdrawalId: number;
  amountMinor: number;
  currency: string;
  payeeName: string;
  bankName: string;
  accountNumber: string;
  /** The provider's reference of an earlier attempt, to ask instead of paying twice. */
  providerTxnId: string | null;
}

/** A payout's outcome: paid, failed (the hold is released), or still pending at the provider (asked again later). */
export interface PayoutResult {
  status: 'paid' | 'failed' | 'pending';
  providerTxnId: string;
  reason?: string;
}

/** Context of a payment: the site's public origin (for return and notice URLs). */
export interface PaymentContext {
  origin: string;
}

/** One payment provider bound to a site's payment method. */
export interface PaymentProvider {
  readonly method: PaymentMethod;
  /** Starts paying a new deposit; `payToken` is the deposit's secret for a hosted page. */
  startPayment(deposit: DepositRecord, payToken: string, context: PaymentContext): Promise<PaymentStart>;
  /** Verifies a notice (webhook) request and reads it. Throws ApiError 401 `signature_invalid`, 400 on a bad body. */
  readNotice(request: Request): Promise<PaymentNotice>;
  /** Asks the provider about a deposit (status query); null when the provider cannot say. */
  queryPayment(deposit: DepositRecord): Promise<PaymentNotice | null>;
  /** Pays an approved withdrawal out (or asks about an earlier attempt). */
  payout(request: PayoutRequest): Promise<PayoutResult>;
}
