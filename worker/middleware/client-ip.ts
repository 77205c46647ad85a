import { createMiddleware } from 'hono/factory';
import type { AppEnv, Bindings } from '../env';

/** The address used when no trusted header names one (tests, a request that did not pass the proxy). */
export const UNKNOWN_CLIENT_IP = '0.0.0.0';

/** Longest header value read as an address (an IPv6 address with a zone fits; anything longer is not one). */
const MAX_ADDRESS_CHARS = 64;

/**
 * The client's address for a request (docs/configuration.md, `TRUSTED_PROXY_HEADER`; the per-address limits of
 * registration, log-in, SMS codes, the console and the gate pages key on it):
 * - `TRUSTED_PROXY_HEADER` unset (on Cloudflare): `CF-Connecting-IP`, which Cloudflare's edge sets on every request
 *   and never takes from the client. `X-Real-IP`, `X-Forwarded-For` and the like are ignored: any client can send
 *   them, so trusting them would let one client appear as many and dodge every per-address limit.
 * - `TRUSTED_PROXY_HEADER` set (off Cloudflare, behind a proxy that overwrites that header on every request, e.g.
 *   `X-Real-IP` from nginx's `proxy_set_header X-Real-IP $remote_addr`): that header only, and `CF-Connecting-IP` is
 *   then ignored (no Cloudflare edge sets it there). A list (`X-Forwarded-For: a, b`) counts by its LAST entry, the
 *   one the trusted proxy itself appended; earlier entries are the client's word.
 * Absent, empty or over-long values give UNKNOWN_CLIENT_IP. The value is text, never markup: pages write it escaped.
 */
export function clientAddress(headers: Headers, env: Pick<Bindings, 'TRUSTED_PROXY_HEADER'>): string {
  const configured = env.TRUSTED_PROXY_HEADER?.trim();
  const raw = headers.get(configured || 'CF-Connecting-IP') ?? '';
  const address = (configured ? raw.split(',').at(-1) ?? '' : raw).trim();
  return address !== '' && address.length <= MAX_ADDRESS_CHARS ? address : UNKNOWN_CLIENT_IP;
}

/** Sets `c.var.clientIp` (clientAddress). */
export const clientIp = createMiddleware<AppEnv>(async (c, next) => {
  c.set('clientIp', clientAddress(c.req.raw.headers, c.env));
  await next();
});
