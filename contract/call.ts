import type { z } from 'zod';
import type { ModuleId } from './modules';

/** HTTP methods the platform uses (§1.4: DELETE carries a JSON body too). */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of the contract: where it goes, what it sends and what it answers. Both sides read it: the worker
 * validates `query`/`body` and answers `value`; the browser's client builds the request from it; the OpenAPI
 * document and the contract tests enumerate it.
 */
export interface CallDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  V extends z.ZodType = z.ZodType,
> {
  /** Stable name, e.g. `gameList` (the OpenAPI operationId). */
  name: string;
  method: Method;
  /** Path with `{param}` placeholders for path parameters (only the lottery gateway has them). */
  path: string;
  /** Module id sent in the `ModuleId` header (§1.3). */
  moduleId?: ModuleId | undefined;
  /** Query parameters (GET, and DELETE where listed). */
  query?: Q;
  /** JSON body (POST/PUT/DELETE), or form fields when `form` is set. */
  body?: B;
  /** Success answer: the envelope's `value` for /wps, the whole JSON body for /lgw. */
  value: V;
  /** `none`: no token sent; `optional`: sent when there is one; `member`: required (401 without). */
  auth: 'none' | 'optional' | 'member';
  /** Body sealed by the browser (§1.6 calls): the worker opens it, or re-encrypts it for the platform. */
  encrypted?: boolean | undefined;
  /** Sends the `Device` header (login, register, social login). */
  device?: boolean | undefined;
  /** Body sent form-encoded (forgot password by e-mail, head icon). */
  form?: boolean | undefined;
  /** Body sent as multipart/form-data: `body` describes its text fields, files travel beside them (promotion apply). */
  multipart?: boolean | undefined;
  /** PlayDeck's own extension (under /wps/playdeck/), not a platform call. */
  extension?: boolean | undefined;
  /** Answers plain JSON instead of the /wps envelope (a document such as the OpenAPI description itself). */
  plain?: boolean | undefined;
  /** Answers bare `text/plain` (the legacy RSA key, §1.6.1); `value` describes the text. */
  text?: boolean | undefined;
  /**
   * Served only in upstream mode: the platform answers it and the built-in API has no route for it (the worker
   * forwards it, edge/upstream.ts). The contract-routes test (tests/worker/contract/contract-routes.test.ts) requires a
   * built-in route for every call without this mark, and none for a call with it.
   */
  upstreamOnly?: boolean | undefined;
  /**
   * A call of the operator console's realm (/console/api, contract/calls/console.ts): authenticated by the console
   * session cookie and, on state changes, `X-CSRF-Token`; the value names the permission it needs
   * (rules/console-roles.ts CONSOLE_PERMISSIONS), or `public` for sign-in. Not part of `allCalls()`.
   */
  console?: string | undefined;
  /** One line for the OpenAPI document; the contract section it implements. */
  summary: string;
}

/** Declares a call with its types kept (identity at run time). */
export function defineCall<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  V extends z.ZodType = z.ZodType,
>(def: CallDef<Q, B, V>): CallDef<Q, B, V> {
  return def;
}

/** Input type of a call's query (what the caller passes), or never. */
export type QueryIn<C> = C extends CallDef<infer Q, z.ZodType | undefined, z.ZodType> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
/** Input type of a call's body. */
export type BodyIn<C> = C extends CallDef<z.ZodType | undefined, infer B, z.ZodType> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
/** Output type of a call's answer value. */
export type ValueOf<C> = C extends CallDef<z.ZodType | undefined, z.ZodType | undefined, infer V> ? z.output<V> : never;

/** True for lottery-gateway calls, which answer plain JSON instead of the envelope (§1.5). */
export function isGatewayCall(def: Pick<CallDef, 'path' | 'extension'>): boolean {
  return def.path.startsWith('/lgw/');
}

/** Fills `{param}` placeholders of a path (values URI-encoded). Throws for a missing parameter. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The extension namespace: every PlayDeck-only call lives under it (docs/design.md, The shape). */
export const EXTENSION_PREFIX = '/wps/playdeck';
