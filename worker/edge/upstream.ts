import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/envelope';
import { LANGUAGE_COOKIE } from '../../src/lib/languages';
import { isPlayDeckClient } from '../../src/contract/headers';
import { isLegacyEncryptedCall } from '../../src/contract/legacy';
import { openSealedBody } from '../services/encrypted-body';
import { decryptServicePath, encryptLegacyPayload, isLegacyEncryptionHeader, type LegacyRsaPublicKey } from '../services/legacy-crypto';
import { resolveLanguage } from './language';
import {
  decryptServicePaths, endToEndHeaders, hasEncryptedServicePaths, isDecryptionFailure, platformRequestHeaders,
  upstreamRoute, upstreamUrl,
} from './forwarding';
import { platformKey, platformKeyUrl } from './upstream-key';
import { carriesRichContent, sanitizeContentAnswer } from '../services/content-sanitise';

/** How long the edge waits for the upstream platform API before answering 502 `upstream_unavailable`. */
export const UPSTREAM_TIMEOUT_MS = 15_000;

/** The fetch used to reach the upstream (global `fetch` in production; tests inject a local upstream). */
export type UpstreamFetch = (request: Request) => Promise<Response>;

/** Upstream forwarding settings. */
export interface UpstreamOptions {
  fetch?: UpstreamFetch;
  timeoutMs?: number;
}

/** Sends one request upstream; a network failure or no answer in time becomes 502 `upstream_unavailable`. */
async function send(url: URL, init: { method: string; headers: Headers; body: BodyInit | null }, options: UpstreamOptions): Promise<Response> {
  const outgoing = new Request(url, {
    ...init,
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeoutMs ?? UPSTREAM_TIMEOUT_MS),
  });
  try {
    return await (options.fetch ?? fetch)(outgoing);
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    console.warn('upstream request failed', init.method, url.pathname, timedOut ? 'timeout' : String(error));
    throw new ApiError(502, 'upstream_unavailable', timedOut ? 'The platform API did not answer in time' : 'The platform API could not be reached');
  }
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
 * forwardApiCall, which adds the platform's headers.
 */
export async function forwardToUpstream(
  request: Request, base: string, clientIp: string, options: UpstreamOptions = {},
): Promise<Response> {
  const headers = endToEndHeaders(request.headers);
  addForwardedHeaders(headers, request, clientIp);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return relay(await send(upstreamUrl(base, request.url), { method: request.method, headers, body: hasBody ? request.body : null }, options));
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
  c: Context<AppEnv>, url: URL, headers: Headers, base: string, options: UpstreamOptions,
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
  const fetchKey = (keyUrl: URL) => send(keyUrl, { method: 'GET', headers: keyHeaders, body: null }, options);
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
    return send(url, { method: c.req.method, headers: outgoing, body: sent.body }, options);
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
 * The platform's JSON answer rewritten by `transform` (which may change the parsed value in place or return a new
 * one), re-serialised with the end-to-end headers (length and encoding dropped: the body changed). An answer that is
 * not JSON is relayed as is; one that claims JSON but does not parse goes to `onBadJson` (relay it, or refuse).
 */
async function rewriteJsonAnswer(
  answer: Response,
  transform: (parsed: unknown) => unknown,
  onBadJson: (text: string) => Response,
): Promise<Response> {
  if (!(answer.headers.get('Content-Type') ?? '').includes('json')) return relay(answer);
  const text = await answer.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return onBadJson(text);
  }
  const headers = endToEndHeaders(answer.headers);
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  return new Response(JSON.stringify(transform(parsed)), { status: answer.status, statusText: answer.statusText, headers });
}

/**
 * The status or domain-route answer with its DES-encrypted service paths made plain (§1.6.6, src/contract/legacy.ts); a body
 * that does not parse is relayed unchanged (the browser's own parsing reports it).
 */
function withPlainServicePaths(answer: Response): Promise<Response> {
  return rewriteJsonAnswer(
    answer,
    (parsed) => {
      decryptServicePaths(parsed, decryptServicePath);
      return parsed;
    },
    (text) => new Response(text, { status: answer.status, headers: endToEndHeaders(answer.headers) }),
  );
}

/**
 * The help-centre or announcement-list answer with the operator's rich HTML sanitised (content-sanitise.ts): the
 * platform's content is shown by PlayDeck's pages, so it passes the same allowlist as built-in content. Content
 * that claims JSON but does not parse is refused (502 upstream_unavailable): unsanitised HTML must not pass.
 */
function withSanitisedContent(answer: Response): Promise<Response> {
  return rewriteJsonAnswer(answer, sanitizeContentAnswer, () => {
    throw new ApiError(502, 'upstream_unavailable', 'The platform answered content that is not JSON');
  });
}

/**
 * Forwards one API call (/wps/*, /lgw/*) the way the platform's own clients would send it (§1.2): the
 * platform headers (forwarding.ts platformRequestHeaders: Merchant from domain routing, Language, X-Real-UA,
 * bare-token Authorization), `X-Forwarded-*`; the encrypted calls (src/contract/legacy.ts) re-encrypted from
 * PlayDeck's sealed scheme to the platform's legacy one (a body already in the legacy scheme is forwarded as
 * sent); the status and domain-route answers with plain service paths for PlayDeck's browser (the
 * `X-PlayDeck-Client` header, src/contract/headers.ts; never forwarded), encrypted as the platform sent them for
 * everyone else (§1.6.6, §7.4); the help-centre and announcement-list
 * answers with their rich HTML sanitised. Other answers are relayed as is.
 */
async function forwardApiCall(c: Context<AppEnv>, base: string, options: UpstreamOptions): Promise<Response> {
  const request = c.req.raw;
  const pathname = new URL(request.url).pathname;
  const language = resolveLanguage({ cookie: getCookie(c, LANGUAGE_COOKIE), acceptLanguage: c.req.header('Accept-Language') }).language;
  const headers = platformRequestHeaders(request.headers, {
    merchantCode: c.var.merchant.code, language, userAgent: c.req.header('User-Agent') ?? null,
  });
  if (headers === 'merchant_mismatch') throw new ApiError(400, 'merchant_mismatch', 'The Merchant header does not match this site');
  addForwardedHeaders(headers, request, c.var.clientIp);
  const url = upstreamUrl(base, request.url);
  const method = request.method;
  if (isLegacyEncryptedCall(method, pathname) && !isLegacyEncryptionHeader(headers.get('Encryption'))) {
    return relay(await sendReencrypted(c, url, headers, base, options));
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const answer = await send(url, { method, headers, body: hasBody ? request.body : null }, options);
  if (carriesRichContent(method, pathname)) return withSanitisedContent(answer);
  // Plain paths for PlayDeck's browser and edge only; the platform's own client gets them as the platform sent them.
  return hasEncryptedServicePaths(method, pathname) && isPlayDeckClient(request.headers) ? withPlainServicePaths(answer) : relay(answer);
}

/**
 * Upstream mode (DESIGN.md, The shape): with `UPSTREAM_API_URL` set, requests that got through the edge
 * middleware (security headers, merchant resolution, client IP) are answered by the upstream platform:
 * - /wps/* and /lgw/*: forwardApiCall (platform headers, re-encryption, plain service paths);
 * - /wps/playdeck/payloadKey and /wps/playdeck/openapi.json: served by the worker (next());
 * - every other /wps/playdeck/*: 404 `function.not.available`, never forwarded (the client hides these
 *   features by capability flags, src/contract/capabilities.ts);
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
      case 'page':
        return forwardToUpstream(c.req.raw, base, c.var.clientIp, options);
      default:
        return next();
    }
  });
}
