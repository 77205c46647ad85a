import { z } from 'zod';

/**
 * The `/wps` answer envelope (platform-contract.md §1.5): `{ success, value, message, errorCode }`; there is no
 * `code` field. `errorCode` is '' on success. `/lgw` answers are plain JSON instead (§1.5, §4).
 */
export interface Envelope<T> {
  success: boolean;
  value: T;
  message: string;
  errorCode: string;
}

/** Schema of an envelope around `value` (used by the contract tests and the OpenAPI document). */
export function envelopeSchema<T extends z.ZodType>(value: T) {
  return z.object({ success: z.boolean(), value, message: z.string(), errorCode: z.string() });
}

/** Schema of a failed envelope: `value` is null or a small object the client acts on (e.g. `{ captcha: true }`). */
export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  value: z.unknown(),
  message: z.string(),
  errorCode: z.string().min(1),
});

/** The lottery gateway's error body (§1.5): `{ errorCode }` with an HTTP error status. */
export const gatewayErrorSchema = z.object({ errorCode: z.string().min(1), message: z.string().optional() });
