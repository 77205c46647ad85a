import { PLAYDECK_CLIENT_HEADER } from '../../../contract/headers';

/**
 * Pure rules of upstream forwarding (docs/design.md, upstream mode): which headers cross the proxy and where a
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

/** PlayDeck extensions the worker serves itself in upstream mode (all other /wps/playdeck/* are off there). */
export const LOCAL_EXTENSION_PATHS: readonly string[] = ['/wps/playdeck/payloadKey', '/wps/playdeck/openapi.json'];

/** The player protection calls (docs/player-protection.md), served by the worker in upstream mode too. */
const PROTECTION_PREFIX = '/wps/playdeck/protection/';

/**
 * Protection calls upstream mode does not serve: the activity statement and its monthly prompt need the money
 * figures (deposits, withdrawals, bets, wins), which are the platform's.
 */
export const UPSTREAM_UNSERVED_PROTECTION: readonly string[] = ['/wps/playdeck/protection/statement'];

/**
 * What upstream mode does with a request path:
 * - `local`: a PlayDeck extension the worker serves itself (the payload key, the OpenAPI document);
 * - `protection`: the player protection calls (`/wps/playdeck/protection/*` but the statements), served by the worker
 *   for the platform's member (the session identified at the edge first);
 * - `unavailable`: any other `/wps/playdeck/*` (answered 404 `function.not.available`; never forwarded);
 * - `api`: `/wps/*`, `/lgw/*` and `/lotto/lgw/*` (§7.5), forwarded with the platform's headers (§1.2), encrypted calls re-encrypted;
 * - `page`: the platform's own lottery pages `/m/lotto-h5/<…>`, forwarded unchanged;
 * - `none`: everything else (PlayDeck's pages and assets).
 */
export function upstreamRoute(pathname: string): 'local' | 'protection' | 'unavailable' | 'api' | 'page' | 'none' {
  if (pathname === '/wps/playdeck' || pathname.startsWith('/wps/playdeck/')) {
    const path = pathname.replace(/\/+$/, '');
    if (path.startsWith(PROTECTION_PREFIX) && !UPSTREAM_UNSERVED_PROTECTION.some((p) => path === p || path.startsWith(`${p}/`))) return 'protection';
    return LOCAL_EXTENSION_PATHS.includes(path) ? 'local' : 'unavailable';
  }
  if (pathname.startsWith('/wps/') || pathname.startsWith('/lgw/') || pathname.startsWith('/lotto/lgw/')) return 'api';
  if (pathname.startsWith('/m/lotto-h5/')) return 'page';
  return 'none';
}

/** What the edge knows about the visitor, for the headers the platform's clients always send. */
export interface VisitorContext {
  /** The site's merchant code from domain routing. */
  merchantCode: string;
  /** The interface language (page cookie / Accept-Language / EN), any case. */
  language: string;
  /** The visitor's User-Agent, if any. */
  userAgent: string | null;
}

/** Base64 of a text's UTF-8 bytes. */
function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The platform headers of a forwarded API call (platform-contract.md §1.2), added the way the platform's own
 * clients send them, on top of the end-to-end headers:
 * - `Merchant`: the site's code when missing; a repeated header naming the same merchant becomes one value
 *   (the platform refuses duplicates); a header naming ANOTHER merchant → `'merchant_mismatch'` (the site is
 *   the domain's, as for the `merchant` query parameter);
 * - `Language`: upper case; when missing, the visitor's page language;
 * - `X-Real-UA`: base64 of the visitor's User-Agent when missing (and when there is one);
 * - `Authorization: Bearer <t>` (accepted by the built-in API for other tools) becomes the bare token the
 *   platform expects; PlayDeck's own `X-PlayDeck-Client` (contract/headers.ts) is dropped: it means something
 *   only to PlayDeck's worker; every other header is kept as sent (ModuleId, Device, Encryption, cookies…).
 */
export function platformRequestHeaders(incoming: Headers, visitor: VisitorContext): Headers | 'merchant_mismatch' {
  const headers = endToEndHeaders(incoming);
  headers.delete(PLAYDECK_CLIENT_HEADER);
  const sentMerchants = (headers.get('Merchant') ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  if (sentMerchants.some((m) => m.toUpperCase() !== visitor.merchantCode.toUpperCase())) return 'merchant_mismatch';
  headers.set('Merchant', visitor.merchantCode);
  headers.set('Language', (headers.get('Language')?.trim() || visitor.language || 'EN').toUpperCase());
  if (!headers.has('X-Real-UA') && visitor.userAgent) headers.set('X-Real-UA', base64Utf8(visitor.userAgent));
  const authorization = headers.get('Authorization');
  const bearer = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization.trim()) : null;
  if (bearer?.[1]) headers.set('Authorization', bearer[1]);
  return headers;
}

/** Answers whose service paths the platform DES-encrypts (§1.6.6): the status calls and the domain route. */
export function hasEncryptedServicePaths(method: string, pathname: string): boolean {
  return method === 'GET' && ['/wps/v2/system/status', '/wps/system/status', '/wps/system/domainRoute'].includes(pathname.replace(/\/+$/, ''));
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Rewrites, in place, the encrypted service paths of a status or domain-route envelope (§1.6.6) to plain
 * ones with `decrypt` (services/legacy-crypto.ts decryptServicePath): `value.info.customerService[].path`,
 * `value.version.pathList[]` of type "3" (domain route), and the same pathList under
 * `value.info.domainRoute` when the status answer nests it. A path that does not decrypt (already plain, or
 * another format) is left as is. Returns how many paths were decrypted.
 */
export function decryptServicePaths(envelope: unknown, decrypt: (text: string) => string): number {
  if (!isObject(envelope) || !isObject(envelope.value)) return 0;
  const value = envelope.value;
  let count = 0;
  const rewrite = (entry: unknown) => {
    if (!isObject(entry) || typeof entry.path !== 'string') return;
    try {
      const plain = decrypt(entry.path);
      // eslint-disable-next-line no-control-regex
      if (!plain || /[\u0000-\u001f\u007f]/.test(plain)) return;
      entry.path = plain;
      count += 1;
    } catch {
      // already plain, or not this scheme: leave it
    }
  };
  const pathList = (holder: unknown) => {
    const list = isObject(holder) && isObject(holder.version) ? holder.version.pathList : null;
    if (Array.isArray(list)) for (const entry of list) if (isObject(entry) && String(entry.type) === '3') rewrite(entry);
  };
  const info = isObject(value.info) ? value.info : null;
  if (info && Array.isArray(info.customerService)) for (const entry of info.customerService) rewrite(entry);
  pathList(value);
  if (info) pathList(info.domainRoute);
  return count;
}

/**
 * Whether the platform's answer to a re-encrypted call looks like "could not decrypt" (our cached RSA key may
 * be stale), so the adapter refetches the key once: HTTP 400, 403 or 500 whose errorCode or message speaks of
 * decryption, encryption, RSA, DES, ciphers, padding or the digest. The contract names no such code (§1.5), so
 * this reads the words; a normal failure (`login.cred.err`, `request_param_err` about a field) never matches.
 */
export function isDecryptionFailure(status: number, answerText: string): boolean {
  if (![400, 403, 500].includes(status)) return false;
  let words = answerText;
  try {
    const parsed = JSON.parse(answerText) as { errorCode?: unknown; message?: unknown };
    words = `${String(parsed.errorCode ?? '')} ${String(parsed.message ?? '')}`;
  } catch {
    // not JSON: read the text itself
  }
  return /decrypt|encrypt|\brsa\b|\bdes\b|cipher|padding|digest/i.test(words);
}
