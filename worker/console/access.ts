import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/envelope';
import { roleMay, type ConsolePermission } from '../../rules/console-roles';
import { findOperatorSession, type ConsoleOperator } from './operators';

/**
 * Every console call's server-side check (docs/back-office.md "Roles and sites"): a live session, the request's
 * site in the operator's sites, same origin and the session's CSRF token on state changes, a confirmed second
 * factor when the role needs one, and the role's permission (rules/console-roles.ts CONSOLE_PERMISSIONS).
 * Refusals, in this order: 401 `customer.not.login`, 403 `console_site_forbidden`, 403 `csrf_invalid`,
 * 403 `console_totp_enrolment_required`, 403 `console_role_forbidden`.
 */

/** The session cookie: HttpOnly, SameSite=Strict, only sent to /console. */
export const CONSOLE_COOKIE = 'pd_console';

export type ConsoleEnv = AppEnv & { Variables: AppEnv['Variables'] & { operator: ConsoleOperator } };

/** 403 `csrf_invalid` when the request names another origin (a form or script of another site). */
export function assertSameOrigin(c: Context): void {
  const origin = c.req.header('Origin');
  if (origin && origin !== new URL(c.req.url).origin) throw new ApiError(403, 'csrf_invalid', 'Cross-site request refused');
}

/**
 * Middleware: the signed-in operator of this site may use `permission`. The enrol-only session of a role that
 * needs a second factor may use `session` calls (me, log-out, TOTP enrolment) and nothing else.
 */
export function can(permission: ConsolePermission) {
  return createMiddleware<ConsoleEnv>(async (c, next) => {
    const token = getCookie(c, CONSOLE_COOKIE);
    const operator = token ? await findOperatorSession(c.env.DB, token) : null;
    if (!operator) throw new ApiError(401, 'customer.not.login', 'Sign in to the console');
    if (!operator.sites.includes(c.var.merchant.code)) throw new ApiError(403, 'console_site_forbidden', 'This site is not one of yours');
    if (c.req.method !== 'GET') {
      assertSameOrigin(c);
      if (c.req.header('X-CSRF-Token') !== operator.csrfToken) throw new ApiError(403, 'csrf_invalid', 'Missing or wrong CSRF token');
    }
    if (operator.enrolOnly && permission !== 'session') {
      throw new ApiError(403, 'console_totp_enrolment_required', 'Set up two-factor sign-in first');
    }
    if (!roleMay(operator.role, permission)) throw new ApiError(403, 'console_role_forbidden', 'Your role may not do this');
    c.set('operator', operator);
    await next();
  });
}

/**
 * Middleware for the back office's calls that exist in built-in mode only (players, money, reports: in upstream
 * mode the platform keeps them, docs/upstream-mode.md, and `ConsoleArea.upstream` hides their menus): 404
 * `function.not.available` when the site runs in upstream mode. Put it first, before `can(…)`:
 * `new Hono<ConsoleEnv>().use('*', builtInOnly)` in an area's sub-app, or `.use('/api/<resource>/*', builtInOnly)`.
 */
export const builtInOnly = createMiddleware<ConsoleEnv>(async (c, next) => {
  if (c.env.UPSTREAM_API_URL) throw new ApiError(404, 'function.not.available', 'In upstream mode the platform keeps this');
  await next();
});
