/**
 * Pure rules of upstream forwarding (DESIGN.md, upstream mode): which headers cross the proxy and where a
 * request goes. Kept apart from the middleware so they are tested without a worker.
 */

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are never forwarded; Host is set by the
 * upstream URL. Headers a `Connection` header names are hop-by-hop too.
 */
const HOP_BY_HOP = new Set([
  'connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer',
  'transfer-encoding', 'upgrade', 'host',
]);

/** Copies `headers` without hop-by-hop headers, Proxy-* headers and those listed in `Connection`. */
export function endToEndHeaders(headers: Headers): Headers {
  const listed = new Set(
    (headers.get('Connection') ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean),
  );
  const copy = new Headers();
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || lower.startsWith('proxy-') || listed.has(lower)) continue;
    copy.append(name, value);
  }
  return copy;
}

/**
 * The upstream URL for a request: the upstream base (which may carry a path prefix, e.g.
 * `https://api.example/platform`) joined with the request path and query, unchanged.
 */
export function upstreamUrl(base: string, requestUrl: string): URL {
  const target = new URL(base);
  const incoming = new URL(requestUrl);
  target.pathname = target.pathname.replace(/\/+$/, '') + incoming.pathname;
  target.search = incoming.search;
  return target;
}
