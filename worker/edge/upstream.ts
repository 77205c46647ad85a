import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/envelope';
import { endToEndHeaders, upstreamUrl } from './forwarding';

/** How long the edge waits for the upstream platform API before answering 502 `upstream_unavailable`. */
export const UPSTREAM_TIMEOUT_MS = 15_000;

/** The fetch used to reach the upstream (global `fetch` in production; tests inject a local upstream). */
export type UpstreamFetch = (request: Request) => Promise<Response>;

/** Upstream forwarding settings. */
export interface UpstreamOptions {
  fetch?: UpstreamFetch;
  timeoutMs?: number;
}

/**
 * Forwards one request to the upstream platform API: same method, path, query, body and end-to-end headers,
 * plus `X-Forwarded-For/-Host/-Proto` so the upstream still knows the visitor and the site. The upstream's
 * answer (status, headers except hop-by-hop, body) is returned as is, errors included: they are its own.
 * A network failure or no answer within `timeoutMs` becomes 502 `upstream_unavailable`.
 */
export async function forwardToUpstream(
  request: Request, base: string, clientIp: string, options: UpstreamOptions = {},
): Promise<Response> {
  const incoming = new URL(request.url);
  const headers = endToEndHeaders(request.headers);
  const priorFor = request.headers.get('X-Forwarded-For');
  headers.set('X-Forwarded-For', priorFor ? `${priorFor}, ${clientIp}` : clientIp);
  headers.set('X-Forwarded-Host', incoming.host);
  headers.set('X-Forwarded-Proto', incoming.protocol.replace(':', ''));
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const outgoing = new Request(upstreamUrl(base, request.url), {
    method: request.method,
    headers,
    body: hasBody ? request.body : null,
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeoutMs ?? UPSTREAM_TIMEOUT_MS),
  });
  let answer: Response;
  try {
    answer = await (options.fetch ?? fetch)(outgoing);
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    console.warn('upstream request failed', outgoing.method, incoming.pathname, timedOut ? 'timeout' : String(error));
    throw new ApiError(502, 'upstream_unavailable', timedOut ? 'The platform API did not answer in time' : 'The platform API could not be reached');
  }
  return new Response(answer.body, {
    status: answer.status,
    statusText: answer.statusText,
    headers: endToEndHeaders(answer.headers),
  });
}

/**
 * Upstream mode (DESIGN.md, The shape): with `UPSTREAM_API_URL` set, every /wps/* and /lgw/* request that got
 * through the edge middleware (security headers, merchant resolution, client IP) is answered by the upstream
 * platform API instead of the built-in routers. Without it the request continues to the built-in API.
 */
export function upstreamProxy(options: UpstreamOptions = {}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const base = c.env.UPSTREAM_API_URL;
    if (!base) return next();
    return forwardToUpstream(c.req.raw, base, c.var.clientIp, options);
  });
}
