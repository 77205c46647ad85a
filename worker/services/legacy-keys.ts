import type { Bindings } from '../env';
import { ApiError } from '../lib/envelope';
import {
  LegacyCryptoError, rsaKeyPairOfJwk, type LegacyRsaPrivateKey, type LegacyRsaPublicKey,
} from './legacy-crypto';

/**
 * The built-in API's RSA key for the platform's legacy payload encryption (platform-contract.md §1.6), so the
 * platform's own clients and scripts can log in to PlayDeck's built-in API:
 * - Production: the secret LEGACY_RSA_PRIVATE_KEY, an RSA private JWK with e = 65537 (`n`, `d`, `e`; other
 *   fields ignored). Make one with WebCrypto: `generateKey({ name: 'RSA-OAEP', modulusLength: 2048,
 *   publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt'])`, then
 *   `exportKey('jwk', privateKey)`.
 * - Local development (APP_ENV=development) without the secret: a 2048-bit pair generated once per isolate.
 * - Anywhere else without a usable secret: 403 `encryption_unavailable` (key endpoint and legacy bodies).
 * The key is only ever used for textbook RSA of a 16-character DES key (weak by design; compatibility only).
 */
export interface LegacyKeyPair {
  publicKey: LegacyRsaPublicKey;
  privateKey: LegacyRsaPrivateKey;
}

const fromSecret = new Map<string, LegacyKeyPair>();
let devPair: Promise<LegacyKeyPair> | null = null;

async function generateDevPair(): Promise<LegacyKeyPair> {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  )) as CryptoKeyPair;
  return rsaKeyPairOfJwk((await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey);
}

const unavailable = () => new ApiError(403, 'encryption_unavailable', 'Encrypted requests are not available right now');

/** The deployment's legacy RSA key pair, or 403 `encryption_unavailable` (see above). */
export async function legacyKeyPair(env: Bindings): Promise<LegacyKeyPair> {
  const secret = env.LEGACY_RSA_PRIVATE_KEY;
  if (secret) {
    const cached = fromSecret.get(secret);
    if (cached) return cached;
    try {
      const pair = rsaKeyPairOfJwk(JSON.parse(secret) as JsonWebKey);
      fromSecret.set(secret, pair);
      return pair;
    } catch (error) {
      console.error('LEGACY_RSA_PRIVATE_KEY is unusable', error instanceof LegacyCryptoError || error instanceof SyntaxError ? error.message : 'unknown error');
      throw unavailable();
    }
  }
  if (env.APP_ENV === 'development') {
    devPair ??= generateDevPair();
    return devPair;
  }
  console.error('LEGACY_RSA_PRIVATE_KEY is not set');
  throw unavailable();
}

/** Whether legacy bodies are accepted: LEGACY_ENCRYPTION is anything but `off` (default on). */
export function legacyEncryptionEnabled(env: Pick<Bindings, 'LEGACY_ENCRYPTION'>): boolean {
  return (env.LEGACY_ENCRYPTION ?? '').trim().toLowerCase() !== 'off';
}
