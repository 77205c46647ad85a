import type { Bindings } from '../../../env';
import type { DepositRecord, PaymentMethod } from '../../../db/queries/payments';
import { ApiError } from '../../../lib/envelope';
import { readSignedNotice } from './notice';
import type { PaymentContext, PaymentNotice, PaymentProvider, PaymentStart, PayoutRequest, PayoutResult } from './provider';

/** The demo provider's notice secret in local development when PAYMENT_DEMO_SECRET is not set. */
const DEVELOPMENT_DEMO_SECRET = 'playdeck-demo-payments-development';

/**
 * The demo provider's HMAC secret: the worker secret PAYMENT_DEMO_SECRET, or in local development a fixed one.
 * Elsewhere without the secret the demo provider is off (502 `payment_unavailable`), so a production site cannot
 * take notices signed with a secret anyone can read here.
 */
export function demoSecret(env: Bindings): string {
  if (env.PAYMENT_DEMO_SECRET) return env.PAYMENT_DEMO_SECRET;
  if (env.APP_ENV === 'development') return DEVELOPMENT_DEMO_SECRET;
  throw new ApiError(502, 'payment_unavailable', 'The demo payment provider needs PAYMENT_DEMO_SECRET');
}

/** The hosted payment page of a deposit (served by worker/api/pay-page.ts). */
export function demoPayPageUrl(origin: string, payToken: string): string {
  return `${origin}/pay/demo/${encodeURIComponent(payToken)}`;
}

/**
 * The built-in demo provider: no money really moves. The player confirms on a hosted page the worker serves
 * (/pay/demo/<token>); the page's confirmation is delivered as a signed notice to the same endpoint a real PSP
 * uses, so the credit path is the real one. Payouts are paid at once.
 */
export function demoProvider(env: Bindings, method: PaymentMethod): PaymentProvider {
  return {
    method,
    startPayment(_deposit: DepositRecord, payToken: string, context: PaymentContext): Promise<PaymentStart> {
      demoSecret(env);
      return Promise.resolve({ redirectUrl: demoPayPageUrl(context.origin, payToken) });
    },
    readNotice(request: Request): Promise<PaymentNotice> {
      return readSignedNotice(request, demoSecret(env));
    },
    queryPayment(): Promise<PaymentNotice | null> {
      return Promise.resolve(null);
    },
    payout(request: PayoutRequest): Promise<PayoutResult> {
      return Promise.resolve({ status: 'paid', providerTxnId: request.providerTxnId ?? `DEMO-W${request.withdrawalId}` });
    },
  };
}
