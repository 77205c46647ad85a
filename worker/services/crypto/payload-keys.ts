import type { Bindings } from '../../env';
import { loginSecretUnavailable } from './login-secrets';
import { PAYLOAD_ALGORITHM, type EcPublicJwk, type PayloadKey } from '../../../contract/payload-crypto';

/**
 * The server's key ring for encrypted request bodies (contract/payload-crypto.ts describes the protocol).
 * - Production: the secret PAYLOAD_PRIVATE_KEYS is a JSON array of EC P-256 private JWKs, each with a `kid`.
 *   The FIRST key is published (GET /wps/playdeck/payloadKey) for new requests; the others still decrypt, so a
 *   key is rotated by putting a new one first and dropping the old one once clients have moved (minutes:
 *   clients fetch the key before each sealed call and retry once on `unknown_payload_key`).
 *   Generate a key: `crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])`,
 *   export the private key as JWK and add `"kid"`.
 * - Local development (APP_ENV=development) without the secret: a fresh key pair is generated when the worker
 *   starts (once per isolate, kid `dev-<hash>`), so no key ever has to be committed; a restart changes it
 *   and the browser simply fetches the new public key.
 * - Anywhere else without a usable secret, sealed calls and the key answer 503 `encryption_unavailable` (a
 *   deployment fault, not the player's: the pages show "temporarily unavailable"), and the isolate logs one line
 *   naming the secret and the command that makes it (services/crypto/login-secrets.ts).
 */

/** One private key and its public half. */
export interface RingKey {
  keyId: string;
  privateKey: CryptoKey;
  publicKeyJwk: EcPublicJwk;
}

/** Keys by id; `current` is the one published. */
export interface KeyRing {
  current: RingKey;
  byId: Map<string, RingKey>;
}

const ringCache = new Map<string, Promise<KeyRing>>();
let devRing: Promise<KeyRing> | null = null;

async function importRingKey(jwk: JsonWebKey & { kid?: unknown }): Promise<RingKey> {
  if (typeof jwk.kid !== 'string' || !/^[A-Za-z0-9._-]{1,64}$/.test(jwk.kid)) throw new Error('payload key without a valid kid');
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d || !jwk.x || !jwk.y) throw new Error('payload key is not an EC P-256 private JWK');
  const privateKey = await crypto.subtle.importKey(
    'jwk',
    { kty: 'EC', crv: 'P-256', d: jwk.d, x: jwk.x, y: jwk.y, ext: false },
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    ['deriveBits'],
  );
  return { keyId: jwk.kid, privateKey, publicKeyJwk: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y } };
}

function toRing(keys: RingKey[]): KeyRing {
  const [current] = keys;
  if (!current) throw new Error('PAYLOAD_PRIVATE_KEYS is empty');
  return { current, byId: new Map(keys.map((k) => [k.keyId, k])) };
}

async function parseRing(secret: string): Promise<KeyRing> {
  const parsed: unknown = JSON.parse(secret);
  if (!Array.isArray(parsed)) throw new Error('PAYLOAD_PRIVATE_KEYS must be a JSON array of JWKs');
  return toRing(await Promise.all(parsed.map((jwk) => importRingKey(jwk as JsonWebKey & { kid?: unknown }))));
}

async function generateDevRing(): Promise<KeyRing> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as JsonWebKey;
  if (!jwk.x || !jwk.y) throw new Error('the generated payload key has no public point');
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${jwk.x}.${jwk.y}`)));
  const keyId = `dev-${[...digest.slice(0, 6)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  return toRing([{ keyId, privateKey: pair.privateKey, publicKeyJwk: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y } }]);
}

/** The key ring for this deployment, or 503 `encryption_unavailable` (see above). */
export async function payloadKeyRing(env: Bindings): Promise<KeyRing> {
  const secret = env.PAYLOAD_PRIVATE_KEYS;
  if (secret) {
    let ring = ringCache.get(secret);
    if (!ring) {
      ring = parseRing(secret);
      ringCache.set(secret, ring);
    }
    try {
      return await ring;
    } catch (error) {
      ringCache.delete(secret);
      throw loginSecretUnavailable('PAYLOAD_PRIVATE_KEYS', `is unusable (${error instanceof Error ? error.message : 'unknown error'})`);
    }
  }
  if (env.APP_ENV === 'development') {
    devRing ??= generateDevRing();
    return devRing;
  }
  throw loginSecretUnavailable('PAYLOAD_PRIVATE_KEYS', 'is not set');
}

/** What GET /wps/playdeck/payloadKey publishes: the current key's id and public JWK. */
export async function publishedPayloadKey(env: Bindings): Promise<PayloadKey> {
  const { current } = await payloadKeyRing(env);
  return { keyId: current.keyId, publicKeyJwk: current.publicKeyJwk, algorithm: PAYLOAD_ALGORITHM };
}
