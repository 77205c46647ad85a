import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../env';
import { ApiError } from '../../lib/envelope';
import { LANGUAGE_COOKIE } from '../../../rules/languages';
import { isPlayDeckClient } from '../../../contract/headers';
import { isLegacyEncryptedCall, LEGACY_RSA_KEY_PATH } from '../../../contract/legacy';
import { checkAnswerShape } from './upstream-answers';
import { openSealedBody } from '../../middleware/encrypted-body';
import { encryptLegacyPayload, isLegacyEncryptionHeader, type LegacyRsaPublicKey } from '../../services/crypto/legacy-crypto';
import { resolveLanguage } from '../pages/language';
import {
  endToEndHeaders, hasEncryptedServicePaths, isDecryptionFailure, platformRequestHeaders,
  upstreamRoute, upstreamUrl,
} from './forwarding';
import { platformKey, platformKeyUrl } from './upstream-key';
import { protectForwardedCall, upstreamSessionOf, type PlatformAsk } from './upstream-protection';
import { withPlainServicePaths, withSanitisedContent } from './answer-rewrites';
import { carriesRichContent } from '../../services/content/content-sanitise';
import {
  breakerPermit, cappedStream, checkApiAnswer, isAbort, isRetryable, readCapped, retryJitterMs, upstreamFailure,
  UpstreamFaultError, upstreamSettings, whenAborted, type UpstreamSettings,
} from './upstream-guard';

/** How long the edge waits for the upstream platform API by default (UPSTREAM_TIMEOUT_MS; upstream-guard.ts). */
export { UPSTREAM_TIMEOUT_MS } from './upstream-guard';

/** The fetch used to reach the upstream (global `fetch` in production; tests inject a local upstream). */
export type UpstreamFetch = (request: Request) => Promise<Response>;

/**
 * Upstream forwarding settings: the fetch, and overrides of the environment's settings (upstream-guard.ts
 * upstreamSettings: `timeoutMs` UPSTREAM_TIMEOUT_MS, `breakerFailures`, `breakerOpenMs`, `maxAnswerBytes`,
 * `maxPageBytes`, `fillDeadlineMs`), which tests set short.
 */
export interface UpstreamOptions extends Partial<UpstreamSettings> {
  fetch?: UpstreamFetch;
}

/** What one call needs besides its request: the settings, the breaker's key and the caller's own signal. */
interface CallContext {
  settings: UpstreamSettings;
  /** The upstream base URL: one breaker per upstream (upstream-guard.ts breakerPermit). */
  breakerKey: string;
  /** The incoming request's signal: a page fill's deadline (fills/api.ts withDeadline) ends the call with it. */
  signal?: AbortSignal;
}

/** The outgoing request: a body that may be sent twice (retry) must not be a stream. */
interface Outgoing {
  method: string;
  headers: Headers;
  body: BodyInit | null;
}

const LOG = '[upstream]';

/**
 * Sends one request upstream, under the upstream's breaker (503 `upstream_unavailable` + Retry-After when open),
 * within the deadline (UPSTREAM_TIMEOUT_MS, or sooner when the caller's signal aborts), and sends it once more
 * after a random 50–250 ms when it failed with a NETWORK error (never after an HTTP answer or the deadline) and
 * isRetryable says it may be (GET, HEAD, or any method with an `Idempotency-Key`), if the deadline leaves time.
 * A failure is 502 `upstream_unavailable` (the permit reports it to the breaker). Returns the answer with its
 * body unread, the permit (report the answer's outcome) and the signal of the deadline (read the body within it).
 */
async function attempt(url: URL, init: Outgoing, options: UpstreamOptions, call: CallContext) {
  const permit = breakerPermit(call.breakerKey, call.settings);
  const deadline = AbortSignal.timeout(call.settings.timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, deadline]) : deadline;
  const started = Date.now();
  const retryable = isRetryable(init.method, init.headers) && !(init.body instanceof ReadableStream);
  for (let tries = 1; ; tries += 1) {
    const outgoing = new Request(url, { ...init, redirect: 'manual', signal });
    const aborted = whenAborted(signal);
    aborted.catch(() => undefined);
    try {
      const answer = await Promise.race([(options.fetch ?? fetch)(outgoing), aborted]);
      return { answer, permit, signal };
    } catch (error) {
      const timedOut = isAbort(error, signal);
      const wait = retryJitterMs();
      if (!timedOut && retryable && tries === 1 && Date.now() - started + wait + 100 < call.settings.timeoutMs) {
        console.log(LOG, 'network error, sending once more', init.method, url.pathname, String(error));
        await new Promise((resolve) => setTimeout(resolve, wait));
        if (!signal.aborted) continue;
      }
      permit.failed();
      console.warn(LOG, 'request failed', init.method, url.pathname, timedOut || signal.aborted ? 'timeout' : String(error));
      throw upstreamFailure(timedOut || signal.aborted ? 'timeout' : 'unreachable');
    }
  }
}

/** Statuses whose answers have no body (a Response with one would throw). */
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * Sends one API call (attempt) and reads its whole answer, at most UPSTREAM_MAX_ANSWER_BYTES within the deadline,
 * then checks it against the contract (upstream-guard.ts checkApiAnswer; `apiPath` is the call's path without
 * the upstream's prefix). An answer cut midway, too large, late or outside the contract is 502
 * `upstream_unavailable` (logged with the reason, never the platform's text) and a failure for the breaker; a
 * contract answer is a success, and comes back buffered (error messages possibly replaced, see relayedMessage).
 */
async function sendApi(url: URL, apiPath: string, init: Outgoing, options: UpstreamOptions, call: CallContext): Promise<Response> {
  const { answer, permit, signal } = await attempt(url, init, options, call);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readCapped(answer, call.settings.maxAnswerBytes, signal);
  } catch (error) {
    permit.failed();
    const fault = error instanceof UpstreamFaultError ? error.fault : 'cut';
    console.warn(LOG, 'answer refused', init.method, url.pathname, answer.status, fault, error instanceof Error ? error.message : '');
    throw upstreamFailure(fault);
  }
  const text = new TextDecoder().decode(bytes);
  const verdict = checkApiAnswer(apiPath, answer.status, answer.headers.get('Content-Type') ?? '', text);
  if (!verdict.ok) {
    permit.failed();
    console.warn(LOG, 'answer refused', init.method, url.pathname, 'not_contract', verdict.detail, `${bytes.byteLength} bytes`);
    throw upstreamFailure('not_contract');
  }
  permit.succeeded();
  const headers = new Headers(answer.headers);
  headers.delete('Content-Length');
  if (verdict.body !== null) {
    headers.delete('Content-Encoding');
    headers.set('Content-Type', 'application/json');
  }
  const body = NULL_BODY_STATUS.has(answer.status) || bytes.byteLength === 0 ? null : verdict.body ?? bytes;
  return new Response(body, { status: answer.status, statusText: answer.statusText, headers });
}

/**
 * Sends one request for a platform page or file (/m/lotto-h5/…) and streams its answer: a 5xx answer is 502
 * `upstream_unavailable` (never the platform's error page), one whose `Content-Length` passes
 * UPSTREAM_MAX_PAGE_BYTES too; a body that passes it while streaming is cut off there (the browser sees a broken
 * transfer). The breaker learns the outcome when the stream ends.
 */
async function sendPage(url: URL, init: Outgoing, options: UpstreamOptions, call: CallContext): Promise<Response> {
  const { answer, permit } = await attempt(url, init, options, call);
  const declared = Number(answer.headers.get('Content-Length') ?? '');
  const fault = answer.status >= 500 ? 'not_contract' : Number.isFinite(declared) && declared > call.settings.maxPageBytes ? 'too_large' : null;
  if (fault) {
    await answer.body?.cancel().catch(() => undefined);
    permit.failed();
    console.warn(LOG, 'page refused', init.method, url.pathname, answer.status, fault);
    throw upstreamFailure(fault);
  }
  if (!answer.body) {
    permit.succeeded();
    return answer;
  }
  const body = cappedStream(answer.body, call.settings.maxPageBytes, (ended) => {
    if (ended) {
      permit.failed();
      console.warn(LOG, 'page cut off', init.method, url.pathname, ended);
    } else permit.succeeded();
  });
  return new Response(body, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
}

/** The settings and breaker key of one request in upstream mode. */
function callContext(c: Context<AppEnv>, base: string, options: UpstreamOptions): CallContext {
  return { settings: upstreamSettings(c.env, options), breakerKey: base, signal: c.req.raw.signal };
}

/** Adds `X-Forwarded-For/-Host/-Proto` so the upstream still knows the visitor and the site. */
function addForwardedHeaders(headers: Headers, request: Request, clientIp: string): void {
  const incoming = new URL(request.url);
  const priorFor = request.headers.get('X-Forwarded-For');
  headers.set('X-Forwarded-For', priorFor ? `${priorFor}, ${clientIp}` : clientIp);
  headers.set('X-Forwarded-Host', incoming.host);
  headers.set('X-Forwarded-Proto', incoming.protocol.replace(':', ''));
}

/** The upstream's answer as ours: status, end-to-end headers and body (errors included: they are its own). */
function relay(answer: Response): Response {
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: endToEndHeaders(answer.headers) });
}

/**
 * Forwards one request to the upstream platform UNCHANGED: same method, path, query, body and end-to-end
 * headers, plus `X-Forwarded-*`. Used for the platform's lottery pages (/m/lotto-h5/…); API calls go through
 * forwardApiCall, which adds the platform's headers. Failures (sendPage: unreachable, late, 5xx, too large, breaker
 * open) throw ApiError `upstream_unavailable` (502, or 503 while the breaker is open); 2xx–4xx answers stream as
 * they are.
 */
export async function forwardToUpstream(
  request: Request, base: string, clientIp: string, options: UpstreamOptions = {}, call?: CallContext,
): Promise<Response> {
  const headers = endToEndHeaders(request.headers);
  addForwardedHeaders(headers, request, clientIp);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const context = call ?? { settings: upstreamSettings({}, options), breakerKey: base, signal: request.signal };
  const body = !hasBody ? null : isRetryable(request.method, headers) ? await request.arrayBuffer() : request.body;
  return relay(await sendPage(upstreamUrl(base, request.url), { method: request.method, headers, body }, options, context));
}

/**
 * Re-encrypts a sealed body for the platform (§1.6): opens PlayDeck's sealed body (openSealedBody: same errors
 * as the built-in API, incl. replay and staleness), encrypts the inner JSON in the legacy scheme with the
 * platform's RSA key (upstream-key.ts, cached) and sends the newer form: `Encryption`, `X-Digest`, `X-RSA`,
 * body `{ value }`. When the answer looks like a decryption failure and the key came from the cache, the key
 * is fetched again and, only if it CHANGED, the call is sent once more with a fresh DES key (so a call is never
 * repeated against the same key).
 */
async function sendReencrypted(
  c: Context<AppEnv>, url: URL, headers: Headers, base: string, options: UpstreamOptions, call: CallContext,
): Promise<Response> {
  const raw = await c.req.text();
  let json: unknown;
  try {
    json = raw.trim() ? JSON.parse(raw) : null;
  } catch {
    throw new ApiError(400, 'request_param_err', 'Malformed JSON in request body');
  }
  const inner = await openSealedBody(c, json);
  const keyHeaders = new Headers();
  for (const name of ['Merchant', 'Language', 'X-Real-UA', 'X-Forwarded-For', 'X-Forwarded-Host', 'X-Forwarded-Proto']) {
    const value = headers.get(name);
    if (value) keyHeaders.set(name, value);
  }
  const fetchKey = (keyUrl: URL) => sendApi(keyUrl, LEGACY_RSA_KEY_PATH, { method: 'GET', headers: keyHeaders, body: null }, options, call);
  const getKey = async (forceRefresh: boolean) => {
    try {
      return await platformKey(platformKeyUrl(base), fetchKey, { forceRefresh, scope: c.var.merchant.code });
    } catch (error) {
      if (error instanceof ApiError) throw error;
      console.warn('platform RSA key unusable', error instanceof Error ? error.message : 'unknown error');
      throw new ApiError(502, 'upstream_unavailable', 'The platform API did not publish a usable key');
    }
  };
  const attempt = (key: LegacyRsaPublicKey) => {
    const sent = encryptLegacyPayload(inner, key);
    const outgoing = new Headers(headers);
    for (const name of ['Content-Length', 'Content-Encoding', 'X-Digest', 'X-RSA']) outgoing.delete(name);
    for (const [name, value] of Object.entries(sent.headers)) outgoing.set(name, value);
    return sendApi(url, new URL(c.req.url).pathname, { method: c.req.method, headers: outgoing, body: sent.body }, options, call);
  };
  const first = await getKey(false);
  const answer = await attempt(first.key);
  if (first.fresh) return answer;
  const text = await answer.clone().text();
  if (!isDecryptionFailure(answer.status, text)) return answer;
  const again = await getKey(true);
  return again.key.n === first.key.n ? answer : attempt(again.key);
}

/**
 * For PlayDeck's own browser and edge (the `X-PlayDeck-Client` header, contract/headers.ts): the platform's
 * (buffered) answer when a success fits the call's contract schema (upstream-answers.ts checkAnswerShape), otherwise
 * 502 `upstream_unavailable`, logged with the call's name and where the shape broke (never the value). Not a failure
 * for the breaker: the platform answered, only not in a shape PlayDeck reads. The platform's own clients behind
 * PlayDeck get its answers unchecked, as it sent them (they read them their own way).
 */
async function readableAnswer(request: Request, pathname: string, answer: Response): Promise<Response> {
  if (!isPlayDeckClient(request.headers)) return answer;
  if (!(answer.headers.get('Content-Type') ?? '').includes('json')) return answer;
  const method = request.method;
  const text = await answer.clone().text();
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    return answer;
  }
  const verdict = checkAnswerShape(method, pathname, answer.status, parsed);
  if (verdict.ok) return answer;
  console.warn(LOG, 'answer outside the contract schema', method, pathname, verdict.call, verdict.issue);
  throw upstreamFailure('not_contract');
}

/**
 * Forwards one API call (/wps/*, /lgw/*) the way the platform's own clients would send it (§1.2): the
 * platform headers (forwarding.ts platformRequestHeaders: Merchant from domain routing, Language, X-Real-UA,
 * bare-token Authorization), `X-Forwarded-*`; the encrypted calls (contract/legacy.ts) re-encrypted from
 * PlayDeck's sealed scheme to the platform's legacy one (a body already in the legacy scheme is forwarded as
 * sent); the status and domain-route answers with plain service paths for PlayDeck's browser (the
 * `X-PlayDeck-Client` header, contract/headers.ts; never forwarded), encrypted as the platform sent them for
 * everyone else (§1.6.6, §7.4); the help-centre and announcement-list
 * answers with their rich HTML sanitised. Other answers are relayed as is.
 */
async function forwardApiCall(c: Context<AppEnv>, base: string, options: UpstreamOptions): Promise<Response> {
  const request = c.req.raw;
  const pathname = new URL(request.url).pathname;
  const headers = platformHeaders(c);
  const url = upstreamUrl(base, request.url);
  const method = request.method;
  const call = callContext(c, base, options);
  // Player protection at the edge (upstream-protection.ts): refusals before forwarding, checks on the answer.
  const protection = await protectForwardedCall(c, platformAsk(c, base, options, call));
  try {
    let answer: Response;
    if (isLegacyEncryptedCall(method, pathname) && !isLegacyEncryptionHeader(headers.get('Encryption'))) {
      answer = relay(await readableAnswer(request, pathname, await sendReencrypted(c, url, headers, base, options, call)));
      return await protection.after(answer);
    }
    const hasBody = method !== 'GET' && method !== 'HEAD';
    // A body that may be sent twice (isRetryable: an Idempotency-Key) is read first; any other streams through once.
    const body = !hasBody ? null : protection.body ?? (isRetryable(method, headers) ? await request.arrayBuffer() : request.body);
    answer = await protection.after(await readableAnswer(request, pathname, await sendApi(url, pathname, { method, headers, body }, options, call)));
    if (carriesRichContent(method, pathname)) return withSanitisedContent(answer);
    // Plain paths for PlayDeck's browser and edge only; the platform's own client gets them as the platform sent them.
    return hasEncryptedServicePaths(method, pathname) && isPlayDeckClient(request.headers) ? withPlainServicePaths(answer) : relay(answer);
  } catch (error) {
    await protection.failed(error);
    throw error;
  }
}

/** The platform headers of the request (forwarding.ts platformRequestHeaders) with `X-Forwarded-*`; 400 `merchant_mismatch`. */
function platformHeaders(c: Context<AppEnv>): Headers {
  const language = resolveLanguage({ cookie: getCookie(c, LANGUAGE_COOKIE), acceptLanguage: c.req.header('Accept-Language') }).language;
  const headers = platformRequestHeaders(c.req.raw.headers, {
    merchantCode: c.var.merchant.code, language, userAgent: c.req.header('User-Agent') ?? null,
  });
  if (headers === 'merchant_mismatch') throw new ApiError(400, 'merchant_mismatch', 'The Merchant header does not match this site');
  addForwardedHeaders(headers, c.req.raw, c.var.clientIp);
  return headers;
}

/**
 * The edge's own platform calls for player protection (upstream-protection.ts: member info, log-out): GET or DELETE
 * of `path` with the platform headers of the request (Merchant, Language, X-Real-UA, X-Forwarded-*) and `token` as
 * the bare Authorization, under the same breaker and deadline as every call (sendApi).
 */
function platformAsk(c: Context<AppEnv>, base: string, options: UpstreamOptions, call: CallContext): PlatformAsk {
  return (method, path, token) => {
    const headers = new Headers();
    const incoming = platformHeaders(c);
    for (const name of ['Merchant', 'Language', 'X-Real-UA', 'X-Forwarded-For', 'X-Forwarded-Host', 'X-Forwarded-Proto']) {
      const value = incoming.get(name);
      if (value) headers.set(name, value);
    }
    headers.set('Authorization', token);
    headers.set('ModuleId', 'COMM3');
    if (method === 'DELETE') headers.set('Content-Type', 'application/json');
    return sendApi(upstreamUrl(base, new URL(path, c.req.url).href), path, { method, headers, body: method === 'DELETE' ? '{}' : null }, options, call);
  };
}

/**
 * Upstream mode (docs/design.md, The shape): with `UPSTREAM_API_URL` set, requests that got through the edge
 * middleware (security headers, merchant resolution, client IP) are answered by the upstream platform:
 * - /wps/* and /lgw/*: forwardApiCall (platform headers, re-encryption, plain service paths);
 * - /wps/playdeck/payloadKey and /wps/playdeck/openapi.json: served by the worker (next());
 * - /wps/playdeck/protection/* but the statements: served by the worker for the platform's member, the session
 *   identified first (upstream-protection.ts upstreamSessionOf; docs/player-protection.md "Upstream mode");
 * - every other /wps/playdeck/*: 404 `function.not.available`, never forwarded (the client hides these
 *   features by capability flags, contract/capabilities.ts);
 * - /m/lotto-h5/<…> (the platform's lottery pages): forwarded unchanged.
 * Without UPSTREAM_API_URL every request continues to the built-in API and pages.
 */
export function upstreamProxy(options: UpstreamOptions = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const base = c.env.UPSTREAM_API_URL;
    if (!base) return next();
    switch (upstreamRoute(new URL(c.req.url).pathname)) {
      case 'unavailable':
        throw new ApiError(404, 'function.not.available', 'This PlayDeck feature is not available in front of the platform');
      case 'api':
        return forwardApiCall(c, base, options);
      case 'protection': {
        // Served by the worker for the platform's member (api/protection*.ts): who the session is, from the platform.
        const session = await upstreamSessionOf(c, platformAsk(c, base, options, callContext(c, base, options)));
        c.set('upstreamSession', session);
        return next();
      }
      case 'page':
        return forwardToUpstream(c.req.raw, base, c.var.clientIp, options, callContext(c, base, options));
      default:
        return next();
    }
  });
}
