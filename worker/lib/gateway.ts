import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../contract/errors';
import { envelope } from './envelope';

/** True for a lottery-gateway path, whose answers are plain JSON (platform-contract.md §1.5, §4). */
export function isGatewayPath(path: string): boolean {
  return path.startsWith('/lgw/') || path.startsWith('/lotto/lgw/');
}

/**
 * A lottery-gateway failure (§1.5): plain JSON `{ errorCode, message, value? }` with the HTTP status, not the
 * envelope. The platform answers lottery errors with 500; PlayDeck keeps 4xx for a client's mistake and 5xx for
 * its own failures only.
 */
export function gatewayError(c: Context, status: ContentfulStatusCode, errorCode: ErrorCode, message: string, value: unknown = null) {
  return c.json({ errorCode, message, ...(value === null || value === undefined ? {} : { value }) }, status);
}

/** The same failure as a /wps envelope `{ success: false, value, message, errorCode }` (the error handler's default). */
export function envelopeError(c: Context, status: ContentfulStatusCode, errorCode: ErrorCode, message: string, value: unknown = null) {
  return c.json(envelope(false, errorCode, message, value ?? null), status);
}
