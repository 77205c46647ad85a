import type { Context, MiddlewareHandler } from 'hono';
import type { z, ZodType } from 'zod';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/envelope';
import { rememberNonce } from '../db/queries/payload-nonces';
import {
  EPHEMERAL_KEY_BYTES, IV_BYTES, PAYLOAD_ALGORITHM, deriveAesKey, fromBase64, payloadAad,
} from '../../contract/payload-crypto';
import { payloadKeyRing } from '../services/crypto/payload-keys';
import { LegacyCryptoError, decryptLegacyPayload, isLegacyEncryptionHeader, legacyCiphertextOf } from '../services/crypto/legacy-crypto';
import { legacyEncryptionEnabled, legacyKeyPair } from '../services/crypto/legacy-keys';

/** A sealed body older or newer than this (ms) is refused. */
export const PAYLOAD_MAX_SKEW_MS = 5 * 60 * 1000;
/** How long a nonce is remembered (ms): longer than the skew window, so every replay inside it is caught. */
export const PAYLOAD_NONCE_TTL_MS = 10 * 60 * 1000;

const badPayload = () => new ApiError(400, 'bad_payload', 'The encrypted payload cannot be read');

/**
 * Opens a sealed request body (contract/payload-crypto.ts) and returns the inner JSON body. Errors, all 400:
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
 * Opens a body in the platform's LEGACY scheme (platform-contract.md §1.6; services/legacy-crypto.ts): either
 * form (`{ value }` with X-Digest/X-RSA, or the raw base64 body), decrypted with the deployment's legacy RSA
 * key (services/legacy-keys.ts). Errors: 403 `legacy_encryption_disabled` (LEGACY_ENCRYPTION=off), 503
 * `encryption_unavailable` (no key), 400 `bad_payload` (not decryptable with any of the deployment's legacy keys
 * (the served one, then a too-large secret's: services/legacy-keys.ts): wrong key, bad padding, not JSON, an
 * `X-Digest` that is not the body; a ciphertext made by a client whose big-number routine could not handle the key
 * lands here too), 400 `replayed_payload`.
 * Replay protection: legacy bodies carry no timestamp or nonce, but every honest client draws a fresh random
 * key per request, so the SHA-256 of `Encryption` header + ciphertext is remembered for 10 minutes (the same
 * table and window as sealed nonces) and a second use inside that window is refused. A replay after 10
 * minutes is NOT caught: that is the scheme's weakness, one more reason PlayDeck's browser never uses it.
 */
export async function openLegacyBody(c: Context<AppEnv>, rawBody: string): Promise<unknown> {
  if (!legacyEncryptionEnabled(c.env)) {
    throw new ApiError(403, 'legacy_encryption_disabled', 'Legacy-encrypted bodies are turned off on this deployment');
  }
  const encryption = (c.req.header('Encryption') ?? '').trim();
  const { decryptionKeys } = await legacyKeyPair(c.env);
  let body: unknown;
  let ciphertext: string;
  try {
    ciphertext = legacyCiphertextOf(rawBody);
  } catch (error) {
    if (error instanceof LegacyCryptoError) throw badPayload();
    throw error;
  }
  let opened = false;
  for (const privateKey of decryptionKeys) {
    try {
      body = decryptLegacyPayload({ encryption, digest: c.req.header('X-Digest'), body: rawBody }, privateKey);
      opened = true;
      break;
    } catch (error) {
      if (!(error instanceof LegacyCryptoError)) throw error;
    }
  }
  if (!opened) throw badPayload();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${encryption}\n${ciphertext.trim()}`)));
  const fingerprint = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
  const now = Date.now();
  if (!(await rememberNonce(c.env.DB, `legacy:${fingerprint}`, now + PAYLOAD_NONCE_TTL_MS, now))) {
    throw new ApiError(400, 'replayed_payload', 'This encrypted payload was already used');
  }
  return body;
}

/**
 * The inner JSON body of an encrypted call, whichever scheme the client used: a hex `Encryption` header is the
 * platform's legacy scheme (openLegacyBody), anything else PlayDeck's sealed scheme (openSealedBody; no
 * header → 400 `encryption_required`). A sealed body that is not JSON → 400 `request_param_err`.
 */
export async function readEncryptedBody(c: Context<AppEnv>): Promise<unknown> {
  const raw = await c.req.text();
  if (isLegacyEncryptionHeader(c.req.header('Encryption'))) return openLegacyBody(c, raw);
  let json: unknown = null;
  if (raw.trim()) {
    try {
      json = JSON.parse(raw);
    } catch {
      throw new ApiError(400, 'request_param_err', 'Malformed JSON in request body');
    }
  }
  return openSealedBody(c, json);
}

/**
 * Route validator for the encrypted calls (login, registrations, password change and reset): opens the body
 * (readEncryptedBody: PlayDeck's sealed scheme or the platform's legacy one), then checks the inner body with
 * `schema` → 400 `request_param_err` with `value.issues` like `valid()`. The handler reads the result with
 * `c.req.valid('json')`.
 */
export function sealedJson<T extends ZodType>(
  schema: T,
): MiddlewareHandler<AppEnv, string, { in: { json: z.input<T> }; out: { json: z.output<T> } }> {
  return async (c, next) => {
    const body = await readEncryptedBody(c);
    const result = await schema.safeParseAsync(body);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      throw new ApiError(400, 'request_param_err', 'Invalid json', { issues });
    }
    c.req.addValidatedData('json', result.data as object);
    await next();
  };
}
