import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The API envelope of every JSON response under /wps and /lgw (DESIGN.md, Contracts). */
export interface Envelope<T> {
  success: boolean;
  code: string;
  message: string;
  value: T;
}

/**
 * A failure the client can act on: HTTP status gives the class, `code` is a stable machine name,
 * `message` is English for logs, `value` carries data the client needs (e.g. `{ captcha: true }`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly value: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Builds an envelope object (used by handlers and by the error handler). */
export function envelope<T>(success: boolean, code: string, message: string, value: T): Envelope<T> {
  return { success, code, message, value };
}

/** Answers 200 with a success envelope around `value`. */
export function ok<T>(c: Context, value: T, message = 'ok') {
  return c.json(envelope(true, 'ok', message, value), 200);
}
