import { Hono } from 'hono';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { ApiError, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { merchantResolver } from '../middleware/merchant';
import { clientIp } from '../middleware/client-ip';
import { consumeRateLimit, type RateLimit } from '../services/accounts/rate-limit';
import { auditCsv, auditPage, recordAudit, searchAudit } from '../services/operators/audit';
import { listSiteHosts } from '../db/queries/console-operators';
import { confirmTotpEnrolment, startTotpEnrolment } from '../services/operators/totp';
import {
  consoleAuditQuery, consoleLoginBody, consoleTotpConfirmBody,
} from '../../contract/calls/console';
import { findOperatorSession, signInOperator, signOutOperator, type ConsoleOperator } from './operators';
import { assertSameOrigin, can, CONSOLE_COOKIE, type ConsoleEnv } from './access';
import { serveConsolePage } from './app-page';
import { consoleDeposits, consoleWithdrawals } from './money';
import { contentConsole } from './content';
import { reportsRouter } from './reports';
import { supportRouter } from './support';
import { consolePlayers } from './players';
import { cashierConsole } from './cashier';
import { siteConsole } from './site';

export { CONSOLE_COOKIE } from './access';

/** Console sign-ins per client IP (wrong passwords included), on top of the sign-in guard's own counts. */
export const CONSOLE_LOGIN_PER_IP: RateLimit = { name: 'console:login:ip', max: 10, windowMs: 10 * 60 * 1000 };
/** CONSOLE_LOGIN_PER_IP with `CONSOLE_LOGIN_LIMIT_PER_IP` (a whole number ≥ 1) as its maximum, when set (the browser tests raise it). */
export function consoleLoginLimit(env: { CONSOLE_LOGIN_LIMIT_PER_IP?: string | undefined }): RateLimit {
  const max = Number(env.CONSOLE_LOGIN_LIMIT_PER_IP);
  return Number.isSafeInteger(max) && max > 0 ? { ...CONSOLE_LOGIN_PER_IP, max } : CONSOLE_LOGIN_PER_IP;
}
/** Rows an audit CSV export holds at most. */
export const AUDIT_CSV_MAX_ROWS = 10_000;

/**
 * The console's policy (every answer under /console): scripts only from this origin (no inline script at all),
 * styles from this origin or carrying the request's nonce (MUI's style elements in the back office,
 * worker/console/app-page.ts; no 'unsafe-inline'), calls, images (and data: images), fonts, forms and frames (a
 * preview of the site) only this origin; nothing may frame the console; no base URI, no plugins.
 */
const consoleHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"], scriptSrc: ["'self'"], styleSrc: ["'self'", NONCE], connectSrc: ["'self'"], imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"], frameSrc: ["'self'"], objectSrc: ["'none'"], formAction: ["'self'"], frameAncestors: ["'none'"], baseUri: ["'none'"],
  },
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
});

/**
 * The me answer of an operator on this site: with whether the site runs in upstream mode, and the back office
 * address of each other site of theirs (its first host alphabetically, on this request's scheme and port; a site
 * without a host is left out).
 */
async function me(c: Context<ConsoleEnv>, operator: Pick<ConsoleOperator, 'displayName' | 'csrfToken' | 'role' | 'sites' | 'totpEnabled' | 'enrolOnly'>) {
  const here = new URL(c.req.url);
  const others = await listSiteHosts(c.env.DB, operator.sites.filter((code) => code !== c.var.merchant.code));
  const siteLinks = others.flatMap((site) => site.hosts.slice(0, 1).map((host) => ({
    code: site.code, name: site.name, url: `${here.protocol}//${host}${here.port ? `:${here.port}` : ''}/console/`,
  })));
  return {
    name: operator.displayName, merchant: c.var.merchant.name, csrfToken: operator.csrfToken, role: operator.role as 'support',
    sites: operator.sites, totpEnabled: operator.totpEnabled, enrolRequired: operator.enrolOnly, upstream: Boolean(c.env.UPSTREAM_API_URL), siteLinks,
  };
}

/** An audit row's who/where for the signed-in operator. */
const actor = (c: Context<ConsoleEnv>) => ({
  merchantCode: c.var.merchant.code, operatorId: c.var.operator.id, operator: c.var.operator.username, address: c.var.clientIp,
});

/**
 * The operator console under /console/ (docs/back-office.md; docs/operator-guide.md for the chat), on each site's
 * own host — not a player page. Realm apart from players: console_operators with a role and a set of sites (made
 * by `npm run operator -- console-operator`), console_sessions (HttpOnly SameSite=Strict cookie; 12 h, 30 min
 * idle), a CSRF token per session sent back in `X-CSRF-Token` on every state change, an Origin check, and every
 * call checked for its role and site on the server (worker/console/access.ts). Answers use the /wps envelope;
 * the calls are declared in contract/calls/console.ts.
 * - GET /console/ and every path below it that is not named here: the back office app (worker/console/app-page.ts,
 *   src/console/App.tsx), in built-in and upstream mode
 * - POST /console/api/login `{ username, password, code? }` → me (401 `console_login_failed`,
 *   `console_totp_required`, `console_totp_invalid`; 429)
 * - GET /console/api/me → me; POST /console/api/logout; POST /console/api/totp/enrol → `{ secret, uri }` (once);
 *   POST /console/api/totp/confirm `{ code }` → `{ recoveryCodes }` (once)
 * - /console/api/support/…: the Support area (worker/console/support.ts): conversations, assignment, chat tickets,
 *   the player panel, canned answers
 * - GET /console/api/audit (audit.read): a page of the site's audit log, filtered (`{ items, total }`, the list
 *   convention of src/console/registry.ts); /console/api/audit.csv: the whole filter as CSV
 * - the areas' calls, each area's sub-app mounted at /console/api/<resource> (docs/back-office.md "The back office app")
 * In upstream mode (docs/upstream-mode.md) the areas' built-in-only calls (`builtInOnly`, worker/console/access.ts)
 * answer 404 `function.not.available`, among them Support's: live chat is then the platform's own. Answering and
 * closing happen over the conversation's WebSocket (contract/chat-protocol.ts); closing writes an audit row
 * (worker/services/chat/room.ts).
 */
export const consoleRouter = new Hono<ConsoleEnv>()
  .use('*', consoleHeaders, merchantResolver, clientIp, async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  })
  .post('/api/login', valid('json', consoleLoginBody), async (c) => {
    assertSameOrigin(c);
    await consumeRateLimit(c.env.DB, consoleLoginLimit(c.env), c.var.clientIp);
    const session = await signInOperator(c.env, c.var.merchant.code, c.req.valid('json'), c.var.clientIp);
    setCookie(c, CONSOLE_COOKIE, session.token, {
      httpOnly: true, sameSite: 'Strict', path: '/console', secure: new URL(c.req.url).protocol === 'https:', maxAge: 12 * 60 * 60,
    });
    const operator = await findOperatorSession(c.env.DB, session.token);
    if (!operator) throw new ApiError(401, 'console_login_failed', 'Wrong username or password');
    return ok(c, await me(c, operator));
  })
  .use('/api/me', can('session'))
  .use('/api/logout', can('session'))
  .use('/api/totp/*', can('session'))
  .use('/api/audit', can('audit.read'))
  .use('/api/audit.csv', can('audit.read'))
  .get('/api/me', async (c) => ok(c, await me(c, c.var.operator)))
  .post('/api/logout', async (c) => {
    const token = getCookie(c, CONSOLE_COOKIE);
    if (token) await signOutOperator(c.env.DB, token);
    deleteCookie(c, CONSOLE_COOKIE, { path: '/console' });
    return ok(c, null);
  })
  .post('/api/totp/enrol', async (c) => {
    const operator = c.var.operator;
    const started = await startTotpEnrolment(c.env.DB, c.env, operator.id, `${c.var.merchant.name}:${operator.username}`, `${c.var.merchant.name} console`);
    if (!started) throw new ApiError(409, 'console_totp_enabled', 'Two-factor sign-in is already set up');
    return ok(c, started);
  })
  .post('/api/totp/confirm', valid('json', consoleTotpConfirmBody), async (c) => {
    const audit = recordAudit(c.env.DB, { ...actor(c), action: 'operator.totp_enrol', target: `operator:${c.var.operator.username}`, before: { totp: false }, after: { totp: true } });
    const codes = await confirmTotpEnrolment(c.env.DB, c.env, c.var.operator.id, c.req.valid('json').code, audit);
    if (!codes) throw new ApiError(400, 'console_totp_invalid', 'The code is wrong; check the time of your device and try again');
    return ok(c, { recoveryCodes: codes });
  })
  .get('/api/audit', valid('query', consoleAuditQuery), async (c) => {
    const { page, perPage, before, operator, action, from, to } = c.req.valid('query');
    return ok(c, await auditPage(c.env.DB, { merchantCode: c.var.merchant.code, operator, action, from, to, beforeId: before }, page ?? 1, perPage ?? 25));
  })
  .get('/api/audit.csv', valid('query', consoleAuditQuery), async (c) => {
    const q = c.req.valid('query');
    const rows = await searchAudit(c.env.DB, { merchantCode: c.var.merchant.code, ...q, beforeId: q.before, limit: Math.min(q.limit ?? 500, 500) });
    // Pages of 500 (the search's cap) until the filter is exhausted or the export is full.
    for (let last = rows.at(-1); rows.length < AUDIT_CSV_MAX_ROWS && last && rows.length % 500 === 0 && q.limit === undefined; last = rows.at(-1)) {
      const more = await searchAudit(c.env.DB, { merchantCode: c.var.merchant.code, ...q, beforeId: last.id, limit: 500 });
      if (more.length === 0) break;
      rows.push(...more);
    }
    return c.body(auditCsv(rows), 200, {
      'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="audit-${c.var.merchant.code}.csv"`,
    });
  })
  .route('/api/content', contentConsole)
  .route('/api/reports', reportsRouter)
  .route('/api/deposits', consoleDeposits).route('/api/withdrawals', consoleWithdrawals)
  .route('/api/support', supportRouter)
  .route('/api', cashierConsole)
  .route('/api/site', siteConsole)
  .route('/api', consolePlayers)
  .all('/api/*', () => {
    throw new ApiError(404, 'not_found', 'No such console route');
  })
  // The back office, at /console and /console/ and every path below (its own deep links).
  .get('*', serveConsolePage);
