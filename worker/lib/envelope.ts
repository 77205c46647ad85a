import type { Context } from 'hono';
import { z } from 'zod';
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
  // Plain fields, not parameter properties: the operator command loads services in Node, which only strips types.
  readonly status: ContentfulStatusCode;
  readonly errorCode: ErrorCode;
  readonly value: unknown;
  readonly headers: Record<string, string>;

  constructor(status: ContentfulStatusCode, errorCode: ErrorCode, message: string, value: unknown = null, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.value = value;
    this.headers = headers;
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

/**
 * A call's answer value built inside (money in integer minor units) → its wire form, encoded by the call's answer
 * schema (`z.encode(def.value, value)`): each money field declared with `money()` becomes the decimal in currency
 * units (contract/money.ts, docs/design.md Money); the rest passes as the schema reads it. Throws (a 500) when
 * the value does not fit the schema. Keys leave in the schema's order and keys the schema does not name are left
 * out, so a handler's value lists exactly the schema's keys in its order (the answers' bytes are the same).
 */
export function encodeValue<V extends z.ZodType>(def: { value: V }, value: z.output<V>): z.input<V> {
  return z.encode(def.value, value);
}

/**
 * `value` encoded by its call's answer schema like encodeValue (money fields to the wire's decimal currency units,
 * contract/money.ts), with its keys left in the order `value` lists them (at every depth) rather than the schema's:
 * for answers whose handlers have always listed their fields in an order of their own (the lottery's answers,
 * worker/services/lottery/views.ts; game tiles, worker/db/queries/games.ts), so their bytes stay what the clients
 * got. Keys the schema leaves out are left out; keys the schema adds (defaults) follow the value's.
 */
export function encodeAsListed<V extends z.ZodType>(def: { value: V }, value: z.output<V>): z.input<V> {
  return inOrderOf(value, z.encode(def.value, value)) as z.input<V>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `encoded` with the keys of each object in the order of the matching object in `listed`. */
function inOrderOf(listed: unknown, encoded: unknown): unknown {
  if (Array.isArray(listed) && Array.isArray(encoded)) return encoded.map((item: unknown, i) => inOrderOf(listed[i], item));
  if (!isRecord(listed) || !isRecord(encoded)) return encoded;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(listed)) if (Object.hasOwn(encoded, key)) out[key] = inOrderOf(listed[key], encoded[key]);
  for (const key of Object.keys(encoded)) if (!Object.hasOwn(out, key)) out[key] = encoded[key];
  return out;
}
