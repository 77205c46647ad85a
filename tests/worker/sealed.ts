import type { Envelope } from '../../worker/lib/envelope';
import type { Bindings } from '../../worker/env';
import { sealPayload, type PayloadKey } from '../../contract/payload-crypto';
import { call } from './helpers';

/** The server's current payload key, as the browser fetches it. */
export async function payloadKey(env?: Partial<Bindings>): Promise<PayloadKey> {
  const res = await call<PayloadKey>('/wps/playdeck/payloadKey', env ? { env } : {});
  if (res.status !== 200) throw new Error(`payloadKey failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.value;
}

/**
 * Calls a sealed endpoint the way the browser does: fetches the payload key, seals `json` with the client's
 * own code (contract/payload-crypto.ts) for the request path, and sends `{ data }` with the Encryption header.
 * `now`/`nonce` override the sealed timestamp and nonce; `key` skips the key fetch.
 */
export async function sealedCall<T = unknown>(
  path: string,
  init: {
    method?: string;
    json: unknown;
    headers?: Record<string, string>;
    token?: string;
    env?: Partial<Bindings>;
    now?: number;
    nonce?: string;
    key?: PayloadKey;
  },
): Promise<{ status: number; body: Envelope<T>; headers: Headers; sealed: { header: string; json: { data: string } } }> {
  const key = init.key ?? (await payloadKey(init.env));
  const pathname = new URL(path, 'http://127.0.0.1').pathname;
  const sealed = await sealPayload(key, pathname, init.json, {
    ...(init.now !== undefined ? { now: init.now } : {}),
    ...(init.nonce !== undefined ? { nonce: init.nonce } : {}),
  });
  const res = await call<T>(path, {
    method: init.method ?? 'POST',
    json: sealed.json,
    headers: { ...init.headers, Encryption: sealed.header },
    ...(init.token ? { token: init.token } : {}),
    ...(init.env ? { env: init.env } : {}),
  });
  return { ...res, sealed };
}
