import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import type { RequestScope } from '../services/kit/request-scope';
import { clockNow, TEST_NOW_HEADER } from '../lib/clock';

/**
 * The plain values a service takes of a request (worker/services/kit/request-scope.ts), read from Hono's context:
 * bindings, the site and client IP set by the middleware, the URL, the `Language` header ('EN' when absent), the
 * User-Agent and `Device` headers ('' when absent), the cookies (hono/cookie), the protection rules' clock (worker/lib/clock.ts) and the execution context's waitUntil (read only when called, as tests may run without one).
 */
export function requestScope(c: Context<AppEnv>): RequestScope {
  return {
    env: c.env,
    merchant: c.var.merchant,
    clientIp: c.var.clientIp,
    url: c.req.url,
    language: c.req.header('Language') ?? 'EN',
    userAgent: c.req.header('User-Agent') ?? '',
    device: c.req.header('Device') ?? '',
    cookies: {
      get: (name) => getCookie(c, name),
      set: (name, value, options) => setCookie(c, name, value, options),
      delete: (name, options) => { deleteCookie(c, name, options); },
    },
    protectionNow: () => clockNow(c.env.APP_ENV, c.req.header(TEST_NOW_HEADER)),
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  };
}
