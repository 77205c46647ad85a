/**
 * Player protection on the calls the edge forwards in upstream mode (docs/player-protection.md "Upstream mode"):
 * the ONE place that maps a platform session (its token) to (merchant, the platform's member id), and what the edge
 * enforces on the calls passing through it (worker/model/upstream-guarded-calls.ts UPSTREAM_GUARDED_CALLS):
 * - log-in: after the platform accepted it, the session is recorded (its start is the session time limit's and the
 *   reality checks'); a member on a break or self-excluded gets the exclusion refusal and never the token (the
 *   platform's session is logged out);
 * - every call with a known token: a session past the player's session time limit ends (401 `session_time_limit`),
 *   a blocked member's session ends (403 refusal), and the platform's session is logged out with it;
 * - launch, deposit and bet calls: the member is identified first when the edge has not seen the token;
 * - deposits and lottery bets: counted against the deposit and wager limits before they are forwarded.
 * The member id comes only from the platform's own answers (log-in, member info), never from the browser.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { ApiError } from '../../lib/envelope';
import { requestNow } from '../../middleware/auth-context';
import { hashToken } from '../../services/crypto/tokens';
import { tokenOfAuthorization } from '../../../contract/headers';
import { amountOfBody, guardedCallOf } from '../../model/upstream-guarded-calls';
import { exclusionRefusal, exclusionState } from '../../services/protection/exclusion';
import {
  endSessionAtEdge, guardUpstreamMovement, sessionVerdict, settleUpstreamMovement,
} from '../../services/protection/upstream';
import { findUpstreamSession, recordUpstreamSession, type UpstreamSession } from '../../db/queries/upstream-protection';

/** Asks the platform one call with a token (the edge's own call: member info, log-out), through the upstream guard. */
export type PlatformAsk = (method: 'GET' | 'DELETE', path: string, token: string) => Promise<Response>;

/** How long the platform's word on a token's member is trusted for the calls PlayDeck answers itself (ms). */
export const IDENTITY_TTL_MS = 5 * 60_000;

const LOGOUT_PATH = '/wps/session/logout';
const MEMBER_INFO_PATH = '/wps/member/info';
const LOG = '[upstream-protection]';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** The platform's member id as a safe positive integer (a number or a digit string), or null. */
function memberIdOf(value: unknown): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The envelope's `value` of a successful platform answer (2xx, `success` not false), or null. */
async function successValue(answer: Response): Promise<Json | null> {
  if (answer.status < 200 || answer.status >= 300) return null;
  try {
    const parsed: unknown = JSON.parse(await answer.clone().text());
    if (!isObject(parsed) || parsed.success === false) return null;
    return isObject(parsed.value) ? parsed.value : {};
  } catch {
    return null;
  }
}

/** Logs a token out at the platform (best effort: a failure is logged, the edge's own end stands). */
async function logoutAtPlatform(ask: PlatformAsk, token: string): Promise<void> {
  try {
    const answer = await ask('DELETE', LOGOUT_PATH, token);
    await answer.body?.cancel().catch(() => undefined);
  } catch (error) {
    console.warn(LOG, 'platform log-out failed', error instanceof Error ? error.message : String(error));
  }
}

/**
 * Who a token is, by the platform's member-info call (§2 `value { id, type }`), recorded as the token's session
 * (a token the edge had not seen starts now). 401 `user.or.token.invalid` when the platform refuses the token; 502
 * `upstream_unavailable` when its answer names no member.
 */
async function identify(c: Context<AppEnv>, token: string, ask: PlatformAsk): Promise<UpstreamSession> {
  const answer = await ask('GET', MEMBER_INFO_PATH, token);
  const value = await successValue(answer);
  if (!value) {
    if (answer.status === 401) throw new ApiError(401, 'user.or.token.invalid', 'The session is missing, expired or revoked');
    throw new ApiError(502, 'upstream_unavailable', 'The platform did not say who this session is');
  }
  const memberId = memberIdOf(value.id);
  if (memberId === null) throw new ApiError(502, 'upstream_unavailable', 'The platform did not say who this session is');
  const tokenHash = hashToken(token);
  const merchantCode = c.var.merchant.code;
  await recordUpstreamSession(c.env.DB, tokenHash, { merchantCode, memberId }, Number(value.type ?? value.customerType ?? 0) || 0, Date.now());
  const session = await findUpstreamSession(c.env.DB, tokenHash, merchantCode, requestNow(c));
  if (!session) throw new Error('upstream session not recorded');
  return session;
}

/**
 * The session of the request's token for the calls PlayDeck answers itself in upstream mode (the protection calls):
 * the edge's record while the platform's word on it is fresh (IDENTITY_TTL_MS), else asked again (identify). Then the
 * same verdict as a forwarded call (ended, session time limit, exclusion). Null without a token. Errors: 401
 * `user.or.token.invalid`, 401 `session_time_limit`, 403 `player_on_break` / `player_self_excluded`, 502.
 */
export async function upstreamSessionOf(c: Context<AppEnv>, ask: PlatformAsk): Promise<UpstreamSession | null> {
  const token = tokenOfAuthorization(c.req.header('Authorization'));
  if (!token) return null;
  const now = requestNow(c);
  let session = await findUpstreamSession(c.env.DB, hashToken(token), c.var.merchant.code, now);
  if (session?.endReason === 'logout') throw new ApiError(401, 'user.or.token.invalid', 'The session is missing, expired or revoked');
  if (!session || (session.endedAt === null && Date.now() - session.identifiedAt > IDENTITY_TTL_MS)) session = await identify(c, token, ask);
  await enforceVerdict(c, session, token, ask, now);
  return session;
}

/** Applies the session verdict: throws its refusal (after logging the platform's session out when it just ended). */
async function enforceVerdict(c: Context<AppEnv>, session: UpstreamSession, token: string, ask: PlatformAsk, now: number): Promise<void> {
  const verdict = await sessionVerdict(c.env.DB, session, now);
  if (verdict.action === 'pass') return;
  if (verdict.endPlatformSession) await logoutAtPlatform(ask, token);
  throw verdict.refusal;
}

/**
 * After a log-in the platform accepted (`value { token, id, customerType | type }`, §3): records the session and, for a
 * member on a break or self-excluded, logs the new token out at the platform and throws the exclusion refusal
 * instead of handing the token to the browser. A session answer without a member id is identified by member info; if
 * that fails too, the token is logged out and the log-in answers 502 `upstream_unavailable` (the edge cannot check
 * the member, so it does not let them in). Other answers pass unchanged.
 */
async function afterLogin(c: Context<AppEnv>, answer: Response, ask: PlatformAsk): Promise<Response> {
  const value = await successValue(answer);
  const token = typeof value?.token === 'string' ? value.token : null;
  if (!value || !token) return answer;
  const tokenHash = hashToken(token);
  const merchantCode = c.var.merchant.code;
  let memberId = memberIdOf(value.id);
  try {
    if (memberId === null) memberId = (await identify(c, token, ask)).memberId;
    else await recordUpstreamSession(c.env.DB, tokenHash, { merchantCode, memberId }, Number(value.customerType ?? value.type ?? 0) || 0, Date.now());
  } catch (error) {
    await logoutAtPlatform(ask, token);
    console.warn(LOG, 'log-in not identified', error instanceof Error ? error.message : String(error));
    throw new ApiError(502, 'upstream_unavailable', 'The platform did not say who this session is');
  }
  const state = await exclusionState(c.env.DB, { merchantCode, memberId }, requestNow(c));
  if (state) {
    await endSessionAtEdge(c.env.DB, tokenHash, 'excluded', Date.now());
    await logoutAtPlatform(ask, token);
    throw exclusionRefusal(state);
  }
  return answer;
}

/** What the edge does around one forwarded call. */
export interface CallProtection {
  /** The body to forward when the edge had to read it (a deposit or bet), else undefined (forward as received). */
  body?: ArrayBuffer;
  /** Runs on the platform's answer (a log-in's check, a movement counted for good or dropped); returns the answer. */
  after(answer: Response): Promise<Response>;
  /** Runs when the call failed on the way (unreachable, late, breaker open): a movement is dropped or kept pending. */
  failed(error: unknown): Promise<void>;
}

const PASS: CallProtection = { after: (answer) => Promise.resolve(answer), failed: () => Promise.resolve() };

/**
 * Protects one forwarded API call (before it is sent): see the module docstring. Throws the refusal of a call the
 * edge does not forward (401 `session_time_limit`, 403 exclusion, 409 limit, 400 `request_param_err` for a deposit
 * or bet whose amount cannot be read); otherwise answers what to do with its answer.
 */
export async function protectForwardedCall(c: Context<AppEnv>, ask: PlatformAsk): Promise<CallProtection> {
  const method = c.req.method;
  const pathname = new URL(c.req.url).pathname.replace(/\/+$/, '');
  const guarded = guardedCallOf(method, pathname);
  if (guarded?.kind === 'login') return { ...PASS, after: (answer) => afterLogin(c, answer, ask) };
  const token = tokenOfAuthorization(c.req.header('Authorization'));
  if (!token) return PASS;
  const db = c.env.DB;
  const now = requestNow(c);
  if (method === 'DELETE' && pathname === LOGOUT_PATH) {
    return { ...PASS, after: async (answer) => (await endSessionAtEdge(db, hashToken(token), 'logout', Date.now()), answer) };
  }
  let session = await findUpstreamSession(db, hashToken(token), c.var.merchant.code, now);
  if (!session && !guarded) return PASS;
  if (!session || (session.endReason === 'logout' && guarded)) session = await identify(c, token, ask);
  await enforceVerdict(c, session, token, ask, now);
  if (!guarded?.amountField || (guarded.kind !== 'deposit' && guarded.kind !== 'bet')) return PASS;
  const body = await c.req.arrayBuffer();
  const amountMinor = amountOfBody(new TextDecoder().decode(body), guarded.amountField);
  if (amountMinor === null) throw new ApiError(400, 'request_param_err', `The ${guarded.amountField} of this call could not be read`);
  const id = await guardUpstreamMovement(db, session, {
    kind: guarded.kind, amountMinor, path: pathname, idempotencyKey: c.req.header('Idempotency-Key')?.trim() || null, now: Date.now(),
  });
  return {
    body,
    after: async (answer) => {
      await settleUpstreamMovement(db, id, (await successValueOrGateway(answer, pathname)) ? 'accepted' : 'refused');
      return answer;
    },
    // Never sent (the breaker was open: 503) moved nothing; any other failure may have reached the platform.
    failed: (error) => settleUpstreamMovement(db, id, error instanceof ApiError && error.status === 503 ? 'refused' : 'unknown'),
  };
}

/** Whether a movement's answer is a success: 2xx and, on /wps, an envelope that is not `success: false`. */
async function successValueOrGateway(answer: Response, pathname: string): Promise<boolean> {
  if (pathname.startsWith('/lgw/')) return answer.status >= 200 && answer.status < 300;
  return (await successValue(answer)) !== null;
}
