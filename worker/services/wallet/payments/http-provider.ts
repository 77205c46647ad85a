import { z } from 'zod';
import type { Bindings } from '../../../env';
import type { DepositRecord, PaymentMethod } from '../../../db/queries/payments';
import { ApiError } from '../../../lib/envelope';
import { minorToWire } from '../../../../contract/money';
import { outboundFetch } from '../../kit/outbound';
import { parseNotice, readSignedNotice } from './notice';
import { signedHeaders } from './signature';
import type { PaymentContext, PaymentNotice, PaymentProvider, PaymentStart, PayoutRequest, PayoutResult } from './provider';

/** How long PlayDeck waits for the PSP. */
const PSP_TIMEOUT_MS = 15_000;

/** The PSP's HMAC secret: the worker secret the method names (e.g. PSP_SECRET_DEMO). 502 when it is not set. */
function pspSecret(env: Bindings, method: PaymentMethod): string {
  const value = method.secretName ? (env as unknown as Record<string, unknown>)[method.secretName] : undefined;
  if (typeof value !== 'string' || value === '') {
    throw new ApiError(502, 'payment_unavailable', `Payment method ${method.methodCode} has no secret ${method.secretName || '(unnamed)'}`);
  }
  return value;
}

const startAnswer = z.object({ paymentId: z.string().min(1), redirectUrl: z.url() });
const payoutAnswer = z.object({ payoutId: z.string().min(1), status: z.enum(['paid', 'failed', 'pending']), reason: z.string().optional() });

/**
 * The HTTP provider for a real payment service provider, configured per site in `payment_methods` (endpoint_url,
 * account_id, secret_name). PlayDeck's side of the protocol (docs/payment-provider.md), every request JSON and signed
 * with HMAC-SHA256 over `<X-Timestamp>.<body>` in `X-Signature` (signature.ts):
 * - POST {endpoint}/payments `{ accountId, orderId, amount, currency, returnUrl, notifyUrl }` →
 *   `{ paymentId, redirectUrl }`: the player is redirected to `redirectUrl`;
 * - the PSP POSTs its notice to `notifyUrl` (/wps/playdeck/payments/notify/<methodCode>), signed the same way;
 * - GET {endpoint}/payments/<orderId>?accountId (signed over the empty body) → a notice body (status query);
 * - POST {endpoint}/payouts `{ accountId, payoutId, amount, currency, payeeName, bankName, accountNumber }` →
 *   `{ payoutId, status, reason? }`; the PSP must treat a repeated payoutId as the same payout.
 * A PSP that cannot be reached or answers nonsense → 502 `payment_unavailable`.
 */
export function httpProvider(env: Bindings, method: PaymentMethod): PaymentProvider {
  const send = outboundFetch(env);
  const base = method.endpointUrl.replace(/\/+$/, '');

  async function request(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<unknown> {
    const secret = pspSecret(env, method);
    const body = init.body === undefined ? '' : JSON.stringify(init.body);
    let response: Response;
    try {
      response = await send(`${base}${path}`, {
        method: init.method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(await signedHeaders(secret, body)) },
        ...(init.method === 'POST' ? { body } : {}),
        signal: AbortSignal.timeout(PSP_TIMEOUT_MS),
      });
    } catch {
      throw new ApiError(502, 'payment_unavailable', 'The payment provider cannot be reached');
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new ApiError(502, 'payment_unavailable', `The payment provider answered ${response.status}`);
    return response.json().catch(() => {
      throw new ApiError(502, 'payment_unavailable', 'The payment provider answered something unreadable');
    });
  }

  return {
    method,
    async startPayment(deposit: DepositRecord, _payToken: string, context: PaymentContext): Promise<PaymentStart> {
      const answer = startAnswer.safeParse(await request('/payments', {
        method: 'POST',
        body: {
          // Amounts in the provider's format (a decimal string with 2 decimals, "12.50"), not PlayDeck's contract.
          accountId: method.accountId, orderId: String(deposit.id), amount: minorToWire(deposit.amountMinor).toFixed(2),
          currency: deposit.currency, returnUrl: `${context.origin}/m/voucherCenter?deposit=${deposit.id}`,
          notifyUrl: `${context.origin}/wps/playdeck/payments/notify/${encodeURIComponent(method.methodCode)}`,
        },
      }));
      if (!answer.success) throw new ApiError(502, 'payment_unavailable', 'The payment provider did not start the payment');
      return { redirectUrl: answer.data.redirectUrl };
    },
    readNotice(request: Request): Promise<PaymentNotice> {
      return readSignedNotice(request, pspSecret(env, method));
    },
    async queryPayment(deposit: DepositRecord): Promise<PaymentNotice | null> {
      const answer = await request(`/payments/${deposit.id}?accountId=${encodeURIComponent(method.accountId)}`, { method: 'GET' });
      if (answer === null) return null;
      try {
        return parseNotice(JSON.stringify(answer));
      } catch {
        throw new ApiError(502, 'payment_unavailable', 'The payment provider answered an unreadable status');
      }
    },
    async payout(payout: PayoutRequest): Promise<PayoutResult> {
      const answer = payoutAnswer.safeParse(await request('/payouts', {
        method: 'POST',
        body: {
          accountId: method.accountId, payoutId: `W${payout.withdrawalId}`, amount: minorToWire(payout.amountMinor).toFixed(2),
          currency: payout.currency, payeeName: payout.payeeName, bankName: payout.bankName, accountNumber: payout.accountNumber,
        },
      }));
      if (!answer.success) throw new ApiError(502, 'payment_unavailable', 'The payment provider did not answer the payout');
      return { status: answer.data.status, providerTxnId: answer.data.payoutId, ...(answer.data.reason ? { reason: answer.data.reason } : {}) };
    },
  };
}
