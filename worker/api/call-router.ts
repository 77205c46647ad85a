import { Hono, type Context, type Env, type Input, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../env';
import type { CallDef, ValueOf } from '../../contract/call';
import type { Answer } from '../lib/answer';
import { valid } from '../lib/validate';
import { sealedJson } from '../middleware/encrypted-body';

/**
 * A middleware a route runs before the call's validators (a session check, a path-parameter check, …); `I` is what
 * it adds to the request's validated parts (`valid('param', …)` adds `param`).
 */
type Middleware<E extends Env, I extends Input> = MiddlewareHandler<E, string, I>;

/**
 * What a call's own validators add (CallRouter.serve): `c.req.valid('query')` for a call with a query schema; the
 * body under `json` and `form` for a call with a body schema (at run time only the one the call sends is set:
 * `form` for form-encoded calls, `json` for JSON and encrypted ones).
 */
export type CallInput<C> = C extends CallDef<infer Q, infer B, z.ZodType> ? {
  out: (Q extends z.ZodType ? { query: z.output<Q> } : Record<never, never>) &
    (B extends z.ZodType ? { json: z.output<B>; form: z.output<B> } : Record<never, never>);
} : never;

/** The handler of a call's route: its answer is typed as the call's value (`ok`, `plain` or `text` of it). */
export type CallHandler<C, I> = (c: Context<AppEnv, string, I & Input>) => Answer<ValueOf<C>> | Promise<Answer<ValueOf<C>>>;

/**
 * A router whose routes are declared from the contract's call definitions (contract/calls/*; docs/design.md,
 * Contracts): the method and path come from the definition, written once there. `prefix` is where index.ts mounts
 * the router (e.g. `/wps/relay`); a call's route is its path below that prefix, `{param}` placeholders becoming
 * Hono's `:param`. The router is a Hono app: routes that are no contract call (OAuth redirects, provider
 * callbacks, the chat socket, pages) are added with Hono's own methods, after the calls.
 */
export class CallRouter extends Hono<AppEnv> {
  constructor(readonly prefix: string) {
    super();
  }

  /**
   * Declares `call`'s route: up to three `middleware` first (in order: session checks, path parameters…), then the
   * call's validators — its query schema (`valid('query')`), its body schema as JSON (`valid('json')`), form fields
   * (`valid('form')`) or a sealed body (`sealedJson`, middleware/encrypted-body.ts: opened first, then checked),
   * each failing with 400 `request_param_err` and `value.issues` (lib/validate.ts) — then `handler`, whose answer
   * must be the call's value. A multipart call cannot be declared here (its files travel beside the fields):
   * declare it with `serveRaw`. Throws at start-up for a call whose path is not under the router's prefix.
   * (Overloads per count, as Hono's own route methods, so each middleware's validated parts reach the handler.)
   */
  serve<C extends CallDef>(call: C, handler: CallHandler<C, CallInput<C>>): this;
  serve<C extends CallDef, I1 extends Input, E1 extends Env = AppEnv>(
    call: C, m1: Middleware<E1, I1>, handler: CallHandler<C, CallInput<C> & I1>): this;
  serve<C extends CallDef, I1 extends Input, I2 extends Input, E1 extends Env = AppEnv, E2 extends Env = AppEnv>(
    call: C, m1: Middleware<E1, I1>, m2: Middleware<E2, I2>, handler: CallHandler<C, CallInput<C> & I1 & I2>): this;
  serve<C extends CallDef, I1 extends Input, I2 extends Input, I3 extends Input, E1 extends Env = AppEnv, E2 extends Env = AppEnv, E3 extends Env = AppEnv>(
    call: C, m1: Middleware<E1, I1>, m2: Middleware<E2, I2>, m3: Middleware<E3, I3>, handler: CallHandler<C, CallInput<C> & I1 & I2 & I3>): this;
  serve(call: CallDef, ...handlers: unknown[]): this {
    if (call.multipart) throw new Error(`${call.name}: a multipart body is read by its handler; declare it with serveRaw`);
    return this.declare(call, handlers as MiddlewareHandler[], validatorsOf(call));
  }

  /**
   * Declares `call`'s route like `serve` but validates neither its query nor its body: the handler reads the
   * request itself. For calls whose parts the route ignores or checks in its own order (a cache-busting query, a
   * beacon's body, a form checked after the member check, multipart files); each use says which and why.
   */
  serveRaw<C extends CallDef>(call: C, handler: CallHandler<C, Input>): this;
  serveRaw<C extends CallDef, I1 extends Input, E1 extends Env = AppEnv>(call: C, m1: Middleware<E1, I1>, handler: CallHandler<C, I1>): this;
  serveRaw(call: CallDef, ...handlers: unknown[]): this {
    return this.declare(call, handlers as MiddlewareHandler[], []);
  }

  /** The route path of `call` below this router's prefix (`/` for the prefix itself). */
  routePath(call: Pick<CallDef, 'name' | 'path'>): string {
    const { prefix } = this;
    if (call.path !== prefix && !call.path.startsWith(`${prefix}/`)) throw new Error(`${call.name}: ${call.path} is not under ${prefix}`);
    return (call.path.slice(prefix.length) || '/').replace(/\{(\w+)\}/g, ':$1');
  }

  private declare(call: CallDef, handlers: MiddlewareHandler[], validators: MiddlewareHandler[]): this {
    const handler = handlers[handlers.length - 1];
    if (!handler) throw new Error(`${call.name}: no handler`);
    this.on(call.method, [this.routePath(call)], ...handlers.slice(0, -1), ...validators, handler);
    return this;
  }
}

/** The validators of a call's declared parts, query first (CallRouter.serve). */
function validatorsOf(call: CallDef): MiddlewareHandler[] {
  const validators: MiddlewareHandler[] = [];
  if (call.query) validators.push(valid('query', call.query));
  if (call.body) validators.push(call.encrypted ? sealedJson(call.body) : valid(call.form ? 'form' : 'json', call.body));
  return validators;
}
