import type { Context } from 'hono';

/** The phantom key that carries an answer's value type (no such property exists at run time). */
declare const answerValue: unique symbol;

/**
 * A response that answers a call with a value of type `T`: the plain `Response` at run time, its value type kept
 * for the compiler only, so a route declared from its contract definition (api/call-router.ts) can require the
 * definition's value (`ValueOf<typeof call>`, contract/call.ts). Made by `ok` (the /wps envelope,
 * lib/envelope.ts), `plain` (bare JSON: the lottery gateway and `plain` calls) and `text` (`text` calls).
 */
export type Answer<T> = Response & { readonly [answerValue]: T };

/**
 * Answers 200 with `value` as bare JSON (no envelope): the lottery gateway's answers (platform-contract.md §1.5)
 * and PlayDeck's `plain` calls. With `contentType` the JSON text is sent under that media type instead of
 * `application/json` (the web app manifest's `application/manifest+json`).
 */
export function plain<T>(c: Context, value: T, contentType?: string): Answer<T> {
  if (contentType === undefined) return c.json(value, 200) as unknown as Answer<T>;
  c.header('Content-Type', contentType);
  return c.body(JSON.stringify(value)) as unknown as Answer<T>;
}

/** Answers 200 with `value` as `text/plain` (contract calls marked `text`, e.g. the legacy RSA key, §1.6.1). */
export function text<T extends string>(c: Context, value: T): Answer<T> {
  return c.text(value) as unknown as Answer<T>;
}
