import { Hono } from 'hono';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ApiError, ok } from '../lib/envelope';
import { valid } from '../lib/validate';
import { merchantResolver } from '../middleware/merchant';
import { clientIp } from '../middleware/client-ip';
import { consumeRateLimit, type RateLimit } from '../services/accounts/rate-limit';
import { findConversation, listMerchantConversations } from '../db/queries/chat';
import { CHAT_WS_PATH, issueChatTicket } from '../services/chat/launch';
import { hashToken } from '../services/crypto/tokens';
import { findOperatorSession, signInOperator, signOutOperator, type ConsoleOperator } from './operators';
import { CONSOLE_CSS, CONSOLE_HTML, CONSOLE_JS } from './assets';

/** Console sign-ins per client IP (wrong passwords included). */
export const CONSOLE_LOGIN_PER_IP: RateLimit = { name: 'console:login:ip', max: 10, windowMs: 10 * 60 * 1000 };
/** The session cookie: HttpOnly, SameSite=Strict, only sent to /console. */
export const CONSOLE_COOKIE = 'pd_console';

type ConsoleEnv = AppEnv & { Variables: AppEnv['Variables'] & { operator: ConsoleOperator } };

/** 403 `csrf_invalid` when the request names another origin (a form or script of another site). */
function assertSameOrigin(c: Context): void {
  const origin = c.req.header('Origin');
  if (origin && origin !== new URL(c.req.url).origin) throw new ApiError(403, 'csrf_invalid', 'Cross-site request refused');
}

/** The signed-in operator of this site (401 `customer.not.login`); state changes also need `X-CSRF-Token` (403 `csrf_invalid`). */
const signedIn = createMiddleware<ConsoleEnv>(async (c, next) => {
  const token = getCookie(c, CONSOLE_COOKIE);
  const operator = token ? await findOperatorSession(c.env.DB, token, c.var.merchant.code) : null;
  if (!operator) throw new ApiError(401, 'customer.not.login', 'Sign in to the console');
  if (c.req.method !== 'GET') {
    assertSameOrigin(c);
    if (c.req.header('X-CSRF-Token') !== operator.csrfToken) throw new ApiError(403, 'csrf_invalid', 'Missing or wrong CSRF token');
  }
  c.set('operator', operator);
  await next();
});

const consoleHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"], scriptSrc: ["'self'"], styleSrc: ["'self'"], connectSrc: ["'self'"], imgSrc: ["'self'"],
    formAction: ["'self'"], frameAncestors: ["'none'"], baseUri: ["'none'"],
  },
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
});

/**
 * The operator console (support agents of one merchant, on that merchant's own host), under /console/ — not a
 * player page. Realm apart from players: console_operators (created by `npm run operator -- console-operator`),
 * console_sessions (HttpOnly SameSite=Strict cookie, 12 h), a CSRF token per session sent back in
 * `X-CSRF-Token` on every state change, plus an Origin check. Answers use the /wps envelope.
 * - GET /console/ (the page), /console/console.js, /console/console.css
 * - POST /console/api/login `{ username, password }` → `{ name, csrfToken }` (401 `console_login_failed`, 429)
 * - GET /console/api/me → `{ name, merchant, csrfToken }`; POST /console/api/logout
 * - GET /console/api/conversations?status=open|closed → this merchant's conversations with the player's account
 *   and the agent-side unread count
 * - POST /console/api/ticket `{ conversationId }` → a chat ticket as agent (404 for another merchant's), bound to
 *   this console session: its socket closes once the session ends (log-out, password reset by `console-operator`)
 * Not served in upstream mode (404). Answering and closing happen over the conversation's WebSocket (contract/chat-protocol.ts).
 */
export const consoleRouter = new Hono<ConsoleEnv>()
  .use('*', consoleHeaders, async (c, next) => {
    // In upstream mode live chat is the platform's own: there is nothing for this console to answer.
    if (c.env.UPSTREAM_API_URL) throw new ApiError(404, 'function.not.available', 'The console serves the built-in chat only');
    await next();
  }, merchantResolver, clientIp, async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  })
  .get('/console.js', (c) => c.body(CONSOLE_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }))
  .get('/console.css', (c) => c.body(CONSOLE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }))
  .post('/api/login', valid('json', z.object({ username: z.string().trim().min(1).max(40), password: z.string().min(1).max(200) })), async (c) => {
    assertSameOrigin(c);
    await consumeRateLimit(c.env.DB, CONSOLE_LOGIN_PER_IP, c.var.clientIp);
    const { username, password } = c.req.valid('json');
    const session = await signInOperator(c.env.DB, c.var.merchant.code, username, password);
    if (!session) throw new ApiError(401, 'console_login_failed', 'Wrong username or password');
    setCookie(c, CONSOLE_COOKIE, session.token, {
      httpOnly: true, sameSite: 'Strict', path: '/console', secure: new URL(c.req.url).protocol === 'https:', maxAge: 12 * 60 * 60,
    });
    return ok(c, { name: session.operator.displayName, csrfToken: session.operator.csrfToken });
  })
  .use('/api/me', signedIn)
  .use('/api/logout', signedIn)
  .use('/api/conversations', signedIn)
  .use('/api/ticket', signedIn)
  .get('/api/me', (c) => ok(c, { name: c.var.operator.displayName, merchant: c.var.merchant.name, csrfToken: c.var.operator.csrfToken }))
  .post('/api/logout', async (c) => {
    const token = getCookie(c, CONSOLE_COOKIE);
    if (token) await signOutOperator(c.env.DB, token);
    deleteCookie(c, CONSOLE_COOKIE, { path: '/console' });
    return ok(c, null);
  })
  .get('/api/conversations', valid('query', z.object({ status: z.enum(['open', 'closed']).default('open') })), async (c) => {
    return ok(c, await listMerchantConversations(c.env.DB, c.var.operator.merchantCode, c.req.valid('query').status));
  })
  .post('/api/ticket', valid('json', z.object({ conversationId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) })), async (c) => {
    const { conversationId } = c.req.valid('json');
    const conversation = await findConversation(c.env.DB, conversationId);
    if (!conversation || conversation.merchantCode !== c.var.operator.merchantCode) throw new ApiError(404, 'conversation_not_found', 'No such conversation');
    const operator = c.var.operator;
    // The signedIn middleware found a live session for this cookie; the socket lives only as long as it does.
    const sessionHash = hashToken(getCookie(c, CONSOLE_COOKIE) ?? '');
    const { ticket, expiresAt } = await issueChatTicket(c.env.DB, { conversationId, role: 'agent', authorId: operator.id, authorName: operator.displayName, sessionHash });
    return ok(c, { ticket, wsPath: CHAT_WS_PATH, expiresAt });
  })
  .all('/api/*', () => {
    throw new ApiError(404, 'not_found', 'No such console route');
  })
  // The page, at /console and /console/ (and any other path below, which the page itself ignores).
  .get('*', (c) => c.html(CONSOLE_HTML));
