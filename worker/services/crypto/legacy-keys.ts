import type { Bindings } from '../../env';
import { encryptionUnavailable, loginSecretUnavailable } from './login-secrets';
import { readLegacyKey, storeLegacyKey } from '../../db/queries/legacy-keys';
import {
  LegacyCryptoError, rsaKeyPairOfJwk, type LegacyRsaPrivateKey, type LegacyRsaPublicKey,
} from './legacy-crypto';

/**
 * The built-in API's RSA key for the platform's legacy payload encryption (platform-contract.md §1.6, §7.1), so the
 * platform's own clients and scripts can log in, register and change passwords against PlayDeck's built-in API.
 *
 * The scheme is weak (textbook RSA of a 16-character DES key, DES-ECB bodies) and exists only for the platform's
 * clients; PlayDeck's own browser never uses it (it seals with ECDH + AES-GCM, contract/payload-crypto.ts). The key
 * is AT MOST 1024 BITS only because those clients cannot use a larger one: their big-number library
 * (`setMaxDigits(130)`) computes correct ciphertexts for moduli up to 1024 bits and silently wrong ones past that
 * (§7.1), so a 2048-bit key refuses every encrypted call they make.
 *
 * Which key is served (GET /wps/session/key/rsa) and decrypts:
 * - The secret LEGACY_RSA_PRIVATE_KEY, an RSA private JWK with e = 65537 (`n`, `d`, `e`, optionally the CRT
 *   fields), when its modulus has at most 1024 bits. Make one with WebCrypto: `generateKey({ name: 'RSA-OAEP',
 *   modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt',
 *   'decrypt'])`, then `exportKey('jwk', privateKey)`.
 * - A secret OVER 1024 bits (what deployments were told to make before, 2048): it is no longer served. The worker
 *   logs an error once per isolate and serves the STORED key below instead, so an existing deployment keeps
 *   answering the platform's clients without a redeploy; the old key still decrypts (a caller that fetched it
 *   earlier is not cut off). The operator should replace the secret with a 1024-bit key at the next change.
 * - The stored key: a 1024-bit pair generated on first need and kept in D1 (`legacy_rsa_keys`, one row), so every
 *   isolate serves and decrypts with the same key. A stored row over 1024 bits (none is ever written now) is
 *   replaced the same way. Used for a too-large secret and in local development (APP_ENV=development) without one.
 * - Anywhere else without a secret, or with one that does not parse: 503 `encryption_unavailable` (key endpoint and
 *   legacy bodies; a deployment fault, not the caller's), and the isolate logs one line naming the secret and the
 *   command that makes it (services/crypto/login-secrets.ts). A stored key that cannot be read or written answers
 *   503 `encryption_unavailable` too.
 */
export interface LegacyKeyPair {
  /** The key served at GET /wps/session/key/rsa. */
  publicKey: LegacyRsaPublicKey;
  /** Its private half. */
  privateKey: LegacyRsaPrivateKey;
  /** Every key a legacy body may be encrypted to, the served one first (then a too-large secret's, see above). */
  decryptionKeys: LegacyRsaPrivateKey[];
}

/** The largest modulus the platform's clients can use (§7.1). */
export const LEGACY_RSA_MAX_BITS = 1024;

const fromSecret = new Map<string, { publicKey: LegacyRsaPublicKey; privateKey: LegacyRsaPrivateKey }>();
const warnedSecrets = new Set<string>();
let stored: Promise<{ publicKey: LegacyRsaPublicKey; privateKey: LegacyRsaPrivateKey }> | null = null;

/** Bits of a modulus. */
export function modulusBits(n: bigint): number {
  return n.toString(2).length;
}


async function generateJwk(): Promise<JsonWebKey> {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: LEGACY_RSA_MAX_BITS, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  )) as CryptoKeyPair;
  return (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
}

/** The stored pair: read, or generated and stored when missing or over 1024 bits, then read back (one key wins). */
async function loadStoredPair(db: D1Database): Promise<{ publicKey: LegacyRsaPublicKey; privateKey: LegacyRsaPrivateKey }> {
  let row = await readLegacyKey(db);
  if (!row || row.modulusBits > LEGACY_RSA_MAX_BITS) {
    const jwk = await generateJwk();
    const bits = modulusBits(rsaKeyPairOfJwk(jwk).publicKey.n);
    await storeLegacyKey(db, { privateJwk: JSON.stringify(jwk), modulusBits: bits }, LEGACY_RSA_MAX_BITS);
    row = await readLegacyKey(db);
    if (!row) throw new Error('the legacy key was not stored');
  }
  return rsaKeyPairOfJwk(JSON.parse(row.privateJwk) as JsonWebKey);
}

async function storedPair(env: Bindings): Promise<{ publicKey: LegacyRsaPublicKey; privateKey: LegacyRsaPrivateKey }> {
  stored ??= loadStoredPair(env.DB);
  try {
    return await stored;
  } catch (error) {
    stored = null;
    console.error('the stored legacy RSA key is unavailable', error instanceof Error ? error.message : 'unknown error');
    throw encryptionUnavailable();
  }
}

/** The deployment's legacy RSA keys, or 503 `encryption_unavailable` (see above). */
export async function legacyKeyPair(env: Bindings): Promise<LegacyKeyPair> {
  const secret = env.LEGACY_RSA_PRIVATE_KEY;
  if (secret) {
    let pair = fromSecret.get(secret);
    if (!pair) {
      try {
        pair = rsaKeyPairOfJwk(JSON.parse(secret) as JsonWebKey);
      } catch (error) {
        throw loginSecretUnavailable('LEGACY_RSA_PRIVATE_KEY', `is unusable (${error instanceof LegacyCryptoError || error instanceof SyntaxError ? error.message : 'unknown error'})`);
      }
      fromSecret.set(secret, pair);
    }
    const bits = modulusBits(pair.publicKey.n);
    if (bits <= LEGACY_RSA_MAX_BITS) return { ...pair, decryptionKeys: [pair.privateKey] };
    if (!warnedSecrets.has(secret)) {
      warnedSecrets.add(secret);
      console.error(
        `LEGACY_RSA_PRIVATE_KEY has ${bits} bits; the platform's clients can use at most ${LEGACY_RSA_MAX_BITS}. `
        + 'Serving the stored 1024-bit key instead; replace the secret with a 1024-bit key.',
      );
    }
    const replacement = await storedPair(env);
    return { ...replacement, decryptionKeys: [replacement.privateKey, pair.privateKey] };
  }
  if (env.APP_ENV === 'development') {
    const pair = await storedPair(env);
    return { ...pair, decryptionKeys: [pair.privateKey] };
  }
  throw loginSecretUnavailable('LEGACY_RSA_PRIVATE_KEY', 'is not set');
}

/** Whether legacy bodies are accepted: LEGACY_ENCRYPTION is anything but `off` (default on). */
export function legacyEncryptionEnabled(env: Pick<Bindings, 'LEGACY_ENCRYPTION'>): boolean {
  return (env.LEGACY_ENCRYPTION ?? '').trim().toLowerCase() !== 'off';
}
