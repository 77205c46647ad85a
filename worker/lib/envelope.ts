import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Envelope } from '../../contract/envelope';
import type { ErrorCode } from '../../contract/errors';
import type { Answer } from './answer';

export type { Envelope };

/**
 * A failure the client can act on (platform-contract.md §1.5): HTTP status gives the class, `errorCode` is the
 * platform's code where it has one (contract/errors.ts), `message` is English for logs, `value` carries data
 * the client needs (e.g. `{ captcha: true }`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorCode: ErrorCode,
    message: string,
    readonly value: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Builds an envelope `{ success, value, message, errorCode }` (used by handlers and by the error handler). */
export function envelope<T>(success: boolean, errorCode: ErrorCode | '', message: string, value: T): Envelope<T> {
  return { success, value, message, errorCode };
}

/**
 * Answers 200 with a success envelope around `value` (errorCode ''), typed as an answer of `value` (lib/answer.ts)
 * so a route declared from its contract definition checks it against the definition's value.
 */
export function ok<T>(c: Context, value: T, message = 'ok'): Answer<T> {
  return c.json(envelope(true, '', message, value), 200) as unknown as Answer<T>;
}
