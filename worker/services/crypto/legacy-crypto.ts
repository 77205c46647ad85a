import des from 'des.js';

/**
 * The platform's LEGACY payload encryption (platform-contract.md §1.6), pure and dependency-light so that the
 * worker (built-in API and upstream adapter), the platform stand-in (tests/platform-standin, run by Node) and
 * unit tests share one implementation. It is weak cryptography (DES, unpadded RSA of a short key, no integrity)
 * and exists only for the platform's own clients (and, in upstream mode, towards the platform): PlayDeck's browser
 * never speaks it and keeps its modern scheme, ECDH + AES-GCM (contract/payload-crypto.ts) to the worker. The
 * built-in API's RSA key has at most 1024 bits, weaker still, only because those clients' big-number routine
 * cannot use a larger one (platform-contract.md §7.1; services/legacy-keys.ts).
 *
 * The scheme, as the platform's clients do it:
 * 1. a random 16-character key from a 61-character alphabet (§1.6.2);
 * 2. `Encryption` = textbook RSA (e = 65537, no padding) of the key's characters in reverse order, hex (§1.6.3);
 * 3. body = base64 of DES-ECB/PKCS#7 of `JSON.stringify(payload)` (UTF-8), keyed by the first 8 UTF-8 bytes of
 *    the key (§1.6.4). Newer clients send `{ "value": "<base64>" }` with `X-Digest: <base64>` and
 *    `X-RSA: <modulus hex>`; older ones the base64 as the raw body with `Encryption` only.
 * 4. response side (§1.6.6): an encrypted customer-service path is `<base64 DES ciphertext><8-char key>`.
 *
 * Ambiguities of the contract, resolved here (and followed by both directions):
 * - Alphabet: the contract counts 61 characters without listing them; we use `A–Z a–z 1–9` (61: the
 *   alphanumerics without `0`). Decryption accepts any key of 8–64 characters, so a peer with another
 *   alphabet still interoperates.
 * - Key characters → RSA integer: the old JavaScript RSA library such clients use (RSA.js, "zero-filled
 *   blocks") packs the string's char codes LITTLE-endian into blocks of `2 × (⌈bits(n)/16⌉ − 1)` bytes,
 *   zero-filled at the end; the client reverses the key first, so for a key that fits one block the integer is
 *   simply the key's bytes read BIG-endian (key[0] most significant). Longer inputs take several blocks,
 *   whose ciphertexts are joined by one space. Key characters must be code points below 256.
 * - Hex: lower case, each block left-padded with zeros to the modulus's hex length. Decryption accepts either
 *   case, any padding, and space-separated blocks.
 * - `X-RSA` carries the modulus as the same hex text the key endpoint answers. `X-Digest`, when present, must
 *   equal the DES ciphertext in the body (it is a copy, not a hash); a mismatch is refused.
 * - The customer-service path key is the UTF-8 bytes of its last 8 characters; the plaintext is UTF-8.
 */

/** Public exponent of the platform's RSA key (§1.6.3). */
export const LEGACY_RSA_EXPONENT = 65537n;
/** The 61-character key alphabet (see the ambiguities above). */
export const LEGACY_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz123456789';
/** Length of the random symmetric key (§1.6.2). */
export const LEGACY_KEY_LENGTH = 16;

/** Why a legacy payload could not be read or written (bad hex, bad padding, wrong key, malformed JSON…). */
export class LegacyCryptoError extends Error {
  override name = 'LegacyCryptoError';
}

/** An RSA public key: modulus and exponent. */
export interface LegacyRsaPublicKey {
  n: bigint;
  e: bigint;
}

/**
 * An RSA private key for textbook decryption: modulus and private exponent, plus the CRT parameters when known
 * (a JWK has them): decryption is then about 4× cheaper (≈ 12 ms instead of ≈ 48 ms of CPU for 2048 bits).
 */
export interface LegacyRsaPrivateKey {
  n: bigint;
  d: bigint;
  crt?: { p: bigint; q: bigint; dp: bigint; dq: bigint; qi: bigint } | undefined;
}

/** c^d mod n, by the Chinese remainder theorem when the key has its CRT parameters. */
function privatePow(c: bigint, key: LegacyRsaPrivateKey): bigint {
  if (!key.crt) return modPow(c, key.d, key.n);
  const { p, q, dp, dq, qi } = key.crt;
  const m1 = modPow(c, dp, p);
  const m2 = modPow(c, dq, q);
  const h = (((m1 - m2) % p + p) * qi) % p;
  return m2 + h * q;
}

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/** A random legacy key (uniform over the alphabet: rejection sampling of random bytes). */
export function randomLegacyKey(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const limit = 256 - (256 % LEGACY_KEY_ALPHABET.length);
  let key = '';
  while (key.length < LEGACY_KEY_LENGTH) {
    for (const byte of random(new Uint8Array(32))) {
      if (byte < limit && key.length < LEGACY_KEY_LENGTH) key += LEGACY_KEY_ALPHABET[byte % LEGACY_KEY_ALPHABET.length];
    }
  }
  return key;
}

/** base^exponent mod modulus by square-and-multiply (BigInt; no constant-time claim: legacy scheme). */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  if (modulus === 1n) return 0n;
  let result = 1n;
  let b = base % modulus;
  let x = exponent;
  while (x > 0n) {
    if (x & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    x >>= 1n;
  }
  return result;
}

function bitLength(n: bigint): number {
  return n.toString(2).length;
}

/** Bytes per RSA block for a modulus: 2 × (number of 16-bit digits − 1), as RSA.js's `chunkSize`. */
export function rsaBlockBytes(n: bigint): number {
  return 2 * (Math.ceil(bitLength(n) / 16) - 1);
}

/** The modulus as lower-case hex text (what GET /wps/session/key/rsa answers and `X-RSA` carries). */
export function modulusHex(n: bigint): string {
  return n.toString(16);
}

/** Parses a modulus in hex (either case, optional `0x`); throws LegacyCryptoError when it is not one. */
export function parseModulusHex(text: string): bigint {
  const hex = text.trim().replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]{16,2048}$/.test(hex)) throw new LegacyCryptoError('not an RSA modulus in hex');
  const n = BigInt(`0x${hex}`);
  if (rsaBlockBytes(n) < LEGACY_KEY_LENGTH) throw new LegacyCryptoError('RSA modulus too small for the key');
  return n;
}

/** `Encryption` header: textbook RSA of the key's characters reversed (see the ambiguities above). */
export function rsaEncryptKey(key: string, publicKey: LegacyRsaPublicKey): string {
  const chunk = rsaBlockBytes(publicKey.n);
  if (chunk < 1) throw new LegacyCryptoError('RSA modulus too small');
  const codes = [...key].reverse().map((ch) => ch.charCodeAt(0));
  if (codes.some((code) => code === 0 || code > 255)) throw new LegacyCryptoError('key characters must be code points 1–255');
  while (codes.length % chunk !== 0) codes.push(0);
  const width = modulusHex(publicKey.n).length;
  const blocks: string[] = [];
  for (let start = 0; start < codes.length; start += chunk) {
    let m = 0n;
    for (let i = chunk - 1; i >= 0; i -= 1) m = (m << 8n) | BigInt(codes[start + i] ?? 0);
    blocks.push(modPow(m, publicKey.e, publicKey.n).toString(16).padStart(width, '0'));
  }
  return blocks.join(' ');
}

/** Whether an `Encryption` header is the legacy form (hex blocks), not PlayDeck's `ECDH-P256-A256GCM;<kid>`. */
export function isLegacyEncryptionHeader(header: string | null | undefined): boolean {
  return !!header && /^[0-9a-fA-F]{16,1024}(?: [0-9a-fA-F]{16,1024}){0,7}$/.test(header.trim());
}

/** Reverse of rsaEncryptKey with the private key; throws LegacyCryptoError for anything but a plausible key. */
export function rsaDecryptKey(header: string, privateKey: LegacyRsaPrivateKey): string {
  if (!isLegacyEncryptionHeader(header)) throw new LegacyCryptoError('Encryption header is not hex');
  const chunk = rsaBlockBytes(privateKey.n);
  const codes: number[] = [];
  for (const block of header.trim().split(' ')) {
    const c = BigInt(`0x${block}`);
    if (c >= privateKey.n) throw new LegacyCryptoError('RSA block out of range');
    let m = privatePow(c, privateKey);
    for (let i = 0; i < chunk; i += 1) {
      codes.push(Number(m & 0xffn));
      m >>= 8n;
    }
    if (m !== 0n) throw new LegacyCryptoError('RSA block does not decrypt to a key (wrong key?)');
  }
  while (codes.length > 0 && codes[codes.length - 1] === 0) codes.pop();
  const key = String.fromCharCode(...codes.reverse());
  if (!/^[\x21-\x7e]{8,64}$/.test(key)) throw new LegacyCryptoError('RSA block does not decrypt to a key (wrong key?)');
  return key;
}

function desKeyOf(key: string | Uint8Array): Uint8Array {
  const bytes = typeof key === 'string' ? encoder.encode(key) : key;
  if (bytes.length < 8) throw new LegacyCryptoError('DES key needs 8 bytes');
  return bytes.slice(0, 8);
}

/** DES-ECB with PKCS#7 padding, keyed by the first 8 UTF-8 bytes of `key` (or its first 8 raw bytes). */
export function desEncrypt(plaintext: Uint8Array, key: string | Uint8Array): Uint8Array {
  const pad = 8 - (plaintext.length % 8);
  const padded = new Uint8Array(plaintext.length + pad);
  padded.set(plaintext);
  padded.fill(pad, plaintext.length);
  const cipher = des.DES.create({ type: 'encrypt', key: desKeyOf(key), padding: false });
  return Uint8Array.from([...cipher.update(padded), ...cipher.final()]);
}

/** Reverse of desEncrypt; throws LegacyCryptoError for a length that is not whole blocks or bad padding. */
export function desDecrypt(ciphertext: Uint8Array, key: string | Uint8Array): Uint8Array {
  if (ciphertext.length === 0 || ciphertext.length % 8 !== 0) throw new LegacyCryptoError('DES ciphertext is not whole blocks');
  const cipher = des.DES.create({ type: 'decrypt', key: desKeyOf(key), padding: false });
  const padded = Uint8Array.from([...cipher.update(ciphertext), ...cipher.final()]);
  const pad = padded[padded.length - 1] ?? 0;
  if (pad < 1 || pad > 8 || padded.subarray(padded.length - pad).some((b) => b !== pad)) {
    throw new LegacyCryptoError('bad DES padding (wrong key?)');
  }
  return padded.slice(0, padded.length - pad);
}

/** Standard base64 of bytes. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Bytes of standard base64 (whitespace ignored); throws LegacyCryptoError when it is not base64. */
export function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0) throw new LegacyCryptoError('not base64');
  return Uint8Array.from(atob(clean), (ch) => ch.charCodeAt(0));
}

/** base64 DES ciphertext of `JSON.stringify(payload)` (§1.6.4). */
export function desEncryptJson(payload: unknown, key: string): string {
  return bytesToBase64(desEncrypt(encoder.encode(JSON.stringify(payload)), key));
}

/** Reverse of desEncryptJson: the parsed JSON, or LegacyCryptoError. */
export function desDecryptJson(base64: string, key: string): unknown {
  const text = decodeUtf8(desDecrypt(base64ToBytes(base64), key));
  try {
    return JSON.parse(text);
  } catch {
    throw new LegacyCryptoError('decrypted body is not JSON');
  }
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    throw new LegacyCryptoError('decrypted text is not UTF-8 (wrong key?)');
  }
}

/** A legacy request ready to send: its headers and its raw body text. */
export interface LegacyRequest {
  headers: Record<string, string>;
  body: string;
  /** The symmetric key drawn (tests and the stand-in read it; never logged). */
  key: string;
}

/**
 * Encrypts a payload for the platform (§1.6.2–4). `form: 'newer'` (default) → body `{"value":"<base64>"}` with
 * `Encryption`, `X-Digest` (the base64 ciphertext) and `X-RSA` (modulus hex), content type JSON; `'older'` →
 * the base64 text as the raw body with `Encryption` only.
 */
export function encryptLegacyPayload(
  payload: unknown,
  publicKey: LegacyRsaPublicKey,
  options: { form?: 'newer' | 'older'; key?: string } = {},
): LegacyRequest {
  const key = options.key ?? randomLegacyKey();
  const ciphertext = desEncryptJson(payload, key);
  const encryption = rsaEncryptKey(key, publicKey);
  if (options.form === 'older') {
    return { key, body: ciphertext, headers: { Encryption: encryption, 'Content-Type': 'application/json' } };
  }
  return {
    key,
    body: JSON.stringify({ value: ciphertext }),
    headers: { Encryption: encryption, 'X-Digest': ciphertext, 'X-RSA': modulusHex(publicKey.n), 'Content-Type': 'application/json' },
  };
}

/** The DES ciphertext of a legacy body: `{ "value": "<base64>" }` (newer) or the bare base64, maybe quoted (older). */
export function legacyCiphertextOf(rawBody: string): string {
  const text = rawBody.trim();
  if (text.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new LegacyCryptoError('legacy body is not JSON');
    }
    const value = parsed && typeof parsed === 'object' ? (parsed as { value?: unknown }).value : undefined;
    if (typeof value !== 'string') throw new LegacyCryptoError('legacy body has no string value');
    return value;
  }
  if (text.startsWith('"')) {
    try {
      const quoted: unknown = JSON.parse(text);
      if (typeof quoted === 'string') return quoted;
    } catch {
      // falls through to the refusal below
    }
    throw new LegacyCryptoError('legacy body is not a base64 string');
  }
  return text;
}

/**
 * Decrypts a legacy request (either form) with the RSA private key: the inner JSON payload, or
 * LegacyCryptoError (header not hex, RSA result not a key, `X-Digest` not the body's ciphertext, bad padding,
 * not JSON).
 */
export function decryptLegacyPayload(
  request: { encryption: string; digest?: string | null | undefined; body: string },
  privateKey: LegacyRsaPrivateKey,
): unknown {
  const ciphertext = legacyCiphertextOf(request.body);
  if (request.digest && request.digest.trim() !== ciphertext.trim()) throw new LegacyCryptoError('X-Digest does not match the body');
  const key = rsaDecryptKey(request.encryption, privateKey);
  return desDecryptJson(ciphertext, key);
}

/** §1.6.6: an encrypted customer-service path, `<base64 DES ciphertext><8-character key>`. */
export function encryptServicePath(path: string, key: string): string {
  if ([...key].length !== 8 || encoder.encode(key).length !== 8) throw new LegacyCryptoError('service path key must be 8 ASCII characters');
  return bytesToBase64(desEncrypt(encoder.encode(path), key)) + key;
}

/** §1.6.6 reverse: the plain path, or LegacyCryptoError when the text is not such a path. */
export function decryptServicePath(encrypted: string): string {
  const text = encrypted.trim();
  if (text.length < 8 + 12) throw new LegacyCryptoError('too short for an encrypted path');
  return decodeUtf8(desDecrypt(base64ToBytes(text.slice(0, -8)), text.slice(-8)));
}

function bigintOfBase64Url(text: string | undefined): bigint {
  if (!text) throw new LegacyCryptoError('JWK without the RSA fields');
  const bytes = base64ToBytes(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '='));
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return BigInt(`0x${hex || '0'}`);
}

/** The textbook key pair of an RSA private JWK (`n`, `d`, `e` = AQAB); LegacyCryptoError for anything else. */
export function rsaKeyPairOfJwk(jwk: {
  kty?: string; n?: string; d?: string; e?: string; p?: string; q?: string; dp?: string; dq?: string; qi?: string;
}): { publicKey: LegacyRsaPublicKey; privateKey: LegacyRsaPrivateKey } {
  if (jwk.kty !== 'RSA') throw new LegacyCryptoError('JWK is not an RSA key');
  const n = bigintOfBase64Url(jwk.n);
  const d = bigintOfBase64Url(jwk.d);
  const e = bigintOfBase64Url(jwk.e);
  if (e !== LEGACY_RSA_EXPONENT) throw new LegacyCryptoError('legacy RSA key must use e = 65537');
  if (rsaBlockBytes(n) < LEGACY_KEY_LENGTH) throw new LegacyCryptoError('RSA modulus too small');
  let crt: LegacyRsaPrivateKey['crt'];
  if (jwk.p && jwk.q && jwk.dp && jwk.dq && jwk.qi) {
    crt = {
      p: bigintOfBase64Url(jwk.p), q: bigintOfBase64Url(jwk.q), dp: bigintOfBase64Url(jwk.dp), dq: bigintOfBase64Url(jwk.dq),
      qi: bigintOfBase64Url(jwk.qi),
    };
    // A JWK whose CRT parameters do not belong to n would decrypt wrongly: ignore them then.
    if (crt.p * crt.q !== n) crt = undefined;
  }
  return { publicKey: { n, e }, privateKey: { n, d, crt } };
}
