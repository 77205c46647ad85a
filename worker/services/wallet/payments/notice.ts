import { z } from 'zod';
import { minorToWire, wireToMinor } from '../../../../contract/money';
import { ApiError } from '../../../lib/envelope';
import type { PaymentNotice } from './provider';
import { verifyPayload } from './signature';

/**
 * The notice (webhook) body both providers send, signed as signature.ts says:
 * `{ orderId: "<deposit id>", paymentId: "<provider's transaction id>", status: "paid" | "failed" | "pending",
 *   amount: "12.34" (decimal currency units, string or number), currency: "USD" }`.
 */
const noticeBody = z.object({
  orderId: z.union([z.string().regex(/^\d{1,15}$/), z.number().int().positive()]),
  paymentId: z.string().min(1).max(128),
  status: z.enum(['paid', 'failed', 'pending']),
  amount: z.union([z.string().max(24), z.number()]),
  currency: z.string().min(3).max(8),
});

/** A notice as the wire carries it. */
export type NoticeWire = z.input<typeof noticeBody>;

/** Reads a notice body (already verified) → PaymentNotice. 400 `request_param_err` when it is malformed. */
export function parseNotice(text: string): PaymentNotice {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'request_param_err', 'The notice is not JSON');
  }
  const parsed = noticeBody.safeParse(json);
  if (!parsed.success) throw new ApiError(400, 'request_param_err', 'The notice is malformed');
  let amountMinor: number;
  try {
    // The provider's own wire format (a decimal string), not PlayDeck's contract: read with the codec's function.
    amountMinor = wireToMinor(parsed.data.amount);
  } catch {
    throw new ApiError(400, 'request_param_err', 'The notice amount is not a decimal amount');
  }
  return {
    depositId: Number(parsed.data.orderId), providerTxnId: parsed.data.paymentId, status: parsed.data.status, amountMinor,
    currency: parsed.data.currency.toUpperCase(),
  };
}

/** The wire body of a notice (what a provider sends). */
export function noticeText(notice: PaymentNotice): string {
  const wire: NoticeWire = {
    orderId: String(notice.depositId), paymentId: notice.providerTxnId, status: notice.status,
    // The provider's format: a decimal string with exactly 2 decimals ("12.50"), not PlayDeck's JSON number.
    amount: minorToWire(notice.amountMinor).toFixed(2), currency: notice.currency,
  };
  return JSON.stringify(wire);
}

/** Verifies a signed notice request under `secret` and reads it. 401 `signature_invalid` when it is not signed so. */
export async function readSignedNotice(request: Request, secret: string): Promise<PaymentNotice> {
  const text = await request.text();
  const good = await verifyPayload(secret, request.headers.get('X-Timestamp'), request.headers.get('X-Signature'), text);
  if (!good) throw new ApiError(401, 'signature_invalid', 'The notice signature is missing, stale or wrong');
  return parseNotice(text);
}
