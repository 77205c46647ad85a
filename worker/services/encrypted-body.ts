import type { Context } from 'hono';
import { validator } from 'hono/validator';
import type { z, ZodType } from 'zod';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/envelope';
import { rememberNonce } from '../db/queries/payload-nonces';
import {
  EPHEMERAL_KEY_BYTES, IV_BYTES, PAYLOAD_ALGORITHM, deriveAesKey, fromBase64, payloadAad,
} from '../../src/api/payload-crypto';
import { payloadKeyRing } from './payload-keys';

/** A sealed body older or newer than this (ms) is refused. */
export const PAYLOAD_MAX_SKEW_MS = 5 * 60 * 1000;
/** How long a nonce is remembered (ms): longer than the skew window, so every replay inside it is caught. */
export const PAYLOAD_NONCE_TTL_MS = 10 * 60 * 1000;

const badPayload = () => new ApiError(400, 'bad_payload', 'The encrypted payload cannot be read');

/**
 * Opens a sealed request body (src/api/payload-crypto.ts) and returns the inner JSON body. Errors, all 400:
 * `encryption_required` (no Encryption header), `bad_payload` (malformed header or body, unknown algorithm,
 * AES-GCM authentication failure, i.e. tampering or another endpoint's payload), `unknown_payload_key` (the
 * client should fetch the key again), `stale_payload` (timestamp more than 5 minutes off), `replayed_payload`
 * (nonce seen in the last 10 minutes); 503 `encryption_unavailable` when the server has no key.
 */
export async function openSealedBody(c: Context<AppEnv>, json: unknown): Promise<unknown> {
  const header = c.req.header('Encryption');
  if (!header) throw new ApiError(400, 'encryption_required', 'This call needs an encrypted body (Encryption header)');
  const match = /^([A-Za-z0-9+-]{1,40});([A-Za-z0-9._-]{1,64})$/.exec(header.trim());
  if (!match || match[1] !== PAYLOAD_ALGORITHM) throw badPayload();
  const keyId = match[2] ?? '';
  const ring = await payloadKeyRing(c.env);
  const key = ring.byId.get(keyId);
  if (!key) throw new ApiError(400, 'unknown_payload_key', 'The payload key is unknown; fetch the current key');

  const data = json && typeof json === 'object' && 'data' in json && typeof json.data === 'string' ? fromBase64(json.data) : null;
  if (!data || data.length < EPHEMERAL_KEY_BYTES + IV_BYTES + 16 || data.length > 64 * 1024) throw badPayload();
  const ephemeralRaw = data.slice(0, EPHEMERAL_KEY_BYTES);
  const iv = data.slice(EPHEMERAL_KEY_BYTES, EPHEMERAL_KEY_BYTES + IV_BYTES);
  const sealed = data.slice(EPHEMERAL_KEY_BYTES + IV_BYTES);

  let plaintext: unknown;
  try {
    const ephemeral = await crypto.subtle.importKey('raw', ephemeralRaw, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    const aesKey = await deriveAesKey(key.privateKey, ephemeral, ephemeralRaw, keyId, 'decrypt');
    const path = new URL(c.req.url).pathname;
    const opened = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: payloadAad(keyId, path) }, aesKey, sealed);
    plaintext = JSON.parse(new TextDecoder().decode(opened));
  } catch {
    throw badPayload();
  }
  if (!plaintext || typeof plaintext !== 'object') throw badPayload();
  const { ts, nonce, body } = plaintext as { ts?: unknown; nonce?: unknown; body?: unknown };
  if (typeof ts !== 'number' || typeof nonce !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) throw badPayload();
  const now = Date.now();
  if (Math.abs(now - ts) > PAYLOAD_MAX_SKEW_MS) {
    throw new ApiError(400, 'stale_payload', 'The encrypted payload is too old or from the future; check the clock');
  }
  if (!(await rememberNonce(c.env.DB, `${keyId}:${nonce}`, now + PAYLOAD_NONCE_TTL_MS, now))) {
    throw new ApiError(400, 'replayed_payload', 'This encrypted payload was already used');
  }
  return body;
}

/**
 * Route validator for calls whose JSON body must be sealed (login, both registrations, password change and
 * reset): opens the body (openSealedBody), then checks the inner body with `schema` → 400 `invalid_input`
 * with `value.issues` like `valid()`. The handler reads the result with `c.req.valid('json')`.
 */
export function sealedJson<T extends ZodType>(schema: T) {
  return validator('json', async (value, c: Context<AppEnv>): Promise<z.output<T>> => {
    const body = await openSealedBody(c, value);
    const result = await schema.safeParseAsync(body);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      throw new ApiError(400, 'request_param_err', 'Invalid json', { issues });
    }
    return result.data;
  });
}
