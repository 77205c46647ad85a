import { describe, expect, it } from 'vitest';
import {
  LEGACY_KEY_ALPHABET, LegacyCryptoError, base64ToBytes, bytesToBase64, decryptLegacyPayload, decryptServicePath,
  desDecrypt, desDecryptJson, desEncrypt, desEncryptJson, encryptLegacyPayload, encryptServicePath,
  isLegacyEncryptionHeader, modPow, modulusHex, parseModulusHex, randomLegacyKey, rsaBlockBytes, rsaDecryptKey,
  rsaEncryptKey, rsaKeyPairOfJwk,
} from '../../../worker/services/crypto/legacy-crypto';

/**
 * Fixed vectors derived OUTSIDE this code:
 * - DES: the classic worked example (key 133457799BBCDFF1, 0123456789ABCDEF → 85E813540F0AB405) and FIPS 81's
 *   "Now is t" block; whole payloads with `openssl enc -des-ecb -provider legacy` (PKCS#7, base64).
 * - RSA: a small key from two Mersenne primes (2^89−1, 2^127−1; 216-bit n, 26-byte blocks), d and the
 *   ciphertexts computed with Python's pow(m, e, n) from the key's bytes read big-endian (one block) and from
 *   RSA.js's little-endian zero-filled blocks of the reversed text (two blocks).
 */
const N = 0xffffffffffffffffffffff7ffffffffe0000000000000000000001n;
const D = 0x802a7fd5802a7fd5802a7f5555aaaa535500aaff5500aaff5500adn;
const PUBLIC = { n: N, e: 65537n };
const PRIVATE = { n: N, d: D };
const KEY = 'Ab3dEf6hIj9kLmNo';
const KEY_CIPHERTEXT = 'de80e3c87fd0627db83a472451881d4720a493d0025ab6800a3135';
const LOGIN = { username: 'alice', password: 'secret' };
/** openssl enc -des-ecb -K 4162336445663668 ("Ab3dEf6h") of JSON.stringify(LOGIN). */
const LOGIN_CIPHERTEXT = 'zV0+zioD1RLmUHRwN2YklvOAF2CYrIG+hTKDKkjJqKvs1J/KLEgU962iIsRDVKmK';

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
const unhex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (h) => parseInt(h, 16));

describe('DES-ECB (fixed vectors)', () => {
  it('matches the classic single-block vectors (first block of the PKCS#7 output, raw byte keys)', () => {
    expect(hex(desEncrypt(unhex('0123456789abcdef'), unhex('133457799bbcdff1')).slice(0, 8))).toBe('85e813540f0ab405');
    expect(hex(desEncrypt(new TextEncoder().encode('Now is t'), unhex('0123456789abcdef')).slice(0, 8))).toBe('3fa40e8a984d4815');
    expect(hex(desDecrypt(desEncrypt(unhex('0123456789abcdef'), unhex('133457799bbcdff1')), unhex('133457799bbcdff1')))).toBe('0123456789abcdef');
  });

  it('keys with the first 8 UTF-8 bytes of the key and pads with PKCS#7 (openssl vectors)', () => {
    expect(desEncryptJson(LOGIN, KEY)).toBe(LOGIN_CIPHERTEXT);
    expect(desEncryptJson(LOGIN, 'abcdefghZZZZZZZZ')).toBe('7P4rlK11mUqtXOaY2+zzl9lRA4/StnyYE5XnV3WvbmtDdcji1OFrzCQbyR5eVbPW');
    expect(desDecryptJson(LOGIN_CIPHERTEXT, KEY)).toEqual(LOGIN);
  });

  it('pads a whole block when the plaintext is a multiple of 8 bytes', () => {
    const out = desEncrypt(new TextEncoder().encode('12345678'), 'abcdefgh');
    expect(out).toHaveLength(16);
    expect(new TextDecoder().decode(desDecrypt(out, 'abcdefgh'))).toBe('12345678');
  });

  it('refuses a wrong key (bad padding or not JSON), truncated blocks and non-base64', () => {
    expect(() => desDecryptJson(LOGIN_CIPHERTEXT, 'Zb3dEf6hIj9kLmNo')).toThrow(LegacyCryptoError);
    expect(() => desDecrypt(base64ToBytes(LOGIN_CIPHERTEXT).slice(0, 20), KEY)).toThrow(/whole blocks/);
    expect(() => desDecryptJson('not base64!', KEY)).toThrow(LegacyCryptoError);
    expect(() => desEncrypt(new Uint8Array(3), 'short')).toThrow(/8 bytes/);
  });

  it('refuses a last block whose padding bytes disagree', () => {
    // Encrypt 16 bytes without our padding: the last byte 0x02 is preceded by 0x03, not 0x02.
    const plain = new TextEncoder().encode('abcdefghijklmn\x03\x02');
    const full = desEncrypt(plain, 'abcdefgh').slice(0, 16); // first two blocks = plaintext blocks, no pad block
    expect(() => desDecrypt(full, 'abcdefgh')).toThrow(/padding/);
  });
});

describe('textbook RSA of the reversed key (fixed vectors)', () => {
  it('block size follows RSA.js: 2 × (16-bit digits − 1) bytes', () => {
    expect(rsaBlockBytes(N)).toBe(26);
    expect(rsaBlockBytes((1n << 2047n) + 1n)).toBe(254);
  });

  it('one block: the integer is the key bytes big-endian; hex lower case padded to the modulus width', () => {
    expect(rsaEncryptKey(KEY, PUBLIC)).toBe(KEY_CIPHERTEXT);
    expect(rsaDecryptKey(KEY_CIPHERTEXT, PRIVATE)).toBe(KEY);
    expect(rsaDecryptKey(KEY_CIPHERTEXT.toUpperCase(), PRIVATE)).toBe(KEY);
  });

  it('longer input: little-endian zero-filled blocks joined by a space', () => {
    const text = 'abcdefghijklmnopqrstuvwxyz0123';
    const expected = '3d31f25cd43c1916f948e1ade958e6b3f46bd9f571dfc088f45347 2b1d75f45ae903e2d6ef896c274e8386bd1f13ce209b318feab2f2';
    expect(rsaEncryptKey(text, PUBLIC)).toBe(expected);
    expect(rsaDecryptKey(expected, PRIVATE)).toBe(text);
  });

  it('decrypts the same with the CRT parameters (p = 2^89−1, q = 2^127−1)', () => {
    const p = (1n << 89n) - 1n;
    const q = (1n << 127n) - 1n;
    expect(p * q).toBe(N);
    const qi = modPow(q, p - 2n, p); // q^−1 mod p (Fermat: p is prime)
    const crt = { p, q, dp: D % (p - 1n), dq: D % (q - 1n), qi };
    expect(rsaDecryptKey(KEY_CIPHERTEXT, { n: N, d: D, crt })).toBe(KEY);
  });

  it('modPow agrees with small known values', () => {
    expect(modPow(4n, 13n, 497n)).toBe(445n);
    expect(modPow(65n, 17n, 3233n)).toBe(2790n);
    expect(modPow(2790n, 2753n, 3233n)).toBe(65n);
  });

  it('refuses non-hex headers, out-of-range blocks and a wrong private key', () => {
    expect(() => rsaDecryptKey('ECDH-P256-A256GCM;dev-1', PRIVATE)).toThrow(LegacyCryptoError);
    expect(() => rsaDecryptKey('f'.repeat(60), PRIVATE)).toThrow(/out of range/);
    expect(() => rsaDecryptKey(KEY_CIPHERTEXT, { n: N, d: D + 2n })).toThrow(LegacyCryptoError);
  });

  it('tells the legacy header from the sealed one', () => {
    expect(isLegacyEncryptionHeader(KEY_CIPHERTEXT)).toBe(true);
    expect(isLegacyEncryptionHeader('ECDH-P256-A256GCM;dev-abc')).toBe(false);
    expect(isLegacyEncryptionHeader('')).toBe(false);
    expect(isLegacyEncryptionHeader(null)).toBe(false);
  });

  it('parses and prints the modulus as hex text', () => {
    expect(parseModulusHex(modulusHex(N))).toBe(N);
    expect(parseModulusHex(`0X${modulusHex(N).toUpperCase()}\n`)).toBe(N);
    expect(() => parseModulusHex('<html>')).toThrow(LegacyCryptoError);
    expect(() => parseModulusHex('ffff')).toThrow(LegacyCryptoError);
  });
});

describe('legacy request payloads', () => {
  it('newer form: { value } with Encryption, X-Digest (the ciphertext) and X-RSA (the modulus)', () => {
    const sent = encryptLegacyPayload(LOGIN, PUBLIC, { key: KEY });
    expect(sent.headers).toEqual({
      Encryption: KEY_CIPHERTEXT, 'X-Digest': LOGIN_CIPHERTEXT, 'X-RSA': modulusHex(N), 'Content-Type': 'application/json',
    });
    expect(JSON.parse(sent.body)).toEqual({ value: LOGIN_CIPHERTEXT });
    expect(decryptLegacyPayload({ encryption: sent.headers.Encryption!, digest: sent.headers['X-Digest'], body: sent.body }, PRIVATE)).toEqual(LOGIN);
  });

  it('older form: the raw base64 body with Encryption only (bare or JSON-quoted)', () => {
    const sent = encryptLegacyPayload(LOGIN, PUBLIC, { key: KEY, form: 'older' });
    expect(sent.body).toBe(LOGIN_CIPHERTEXT);
    expect(Object.keys(sent.headers)).toEqual(['Encryption', 'Content-Type']);
    expect(decryptLegacyPayload({ encryption: KEY_CIPHERTEXT, body: sent.body }, PRIVATE)).toEqual(LOGIN);
    expect(decryptLegacyPayload({ encryption: KEY_CIPHERTEXT, body: JSON.stringify(sent.body) }, PRIVATE)).toEqual(LOGIN);
  });

  it('round-trips with random keys, unicode and both forms', () => {
    const payload = { username: 'ülrich', password: 'пароль密码', n: [1, 2, 3] };
    for (const form of ['newer', 'older'] as const) {
      const sent = encryptLegacyPayload(payload, PUBLIC, { form });
      expect(decryptLegacyPayload({ encryption: sent.headers.Encryption!, body: sent.body }, PRIVATE)).toEqual(payload);
    }
  });

  it('refuses a digest that is not the body, a body without value and a key encrypted for another modulus', () => {
    const sent = encryptLegacyPayload(LOGIN, PUBLIC, { key: KEY });
    expect(() => decryptLegacyPayload({ encryption: KEY_CIPHERTEXT, digest: 'AAAA', body: sent.body }, PRIVATE)).toThrow(/X-Digest/);
    expect(() => decryptLegacyPayload({ encryption: KEY_CIPHERTEXT, body: '{"data":"x"}' }, PRIVATE)).toThrow(LegacyCryptoError);
    const other = encryptLegacyPayload(LOGIN, { n: (1n << 255n) + 95n, e: 65537n }, { key: KEY });
    expect(() => decryptLegacyPayload({ encryption: other.headers.Encryption!, body: sent.body }, PRIVATE)).toThrow(LegacyCryptoError);
  });
});

describe('random keys', () => {
  it('are 16 characters of the 61-character alphabet', () => {
    expect(LEGACY_KEY_ALPHABET).toHaveLength(61);
    expect(new Set(LEGACY_KEY_ALPHABET).size).toBe(61);
    for (let i = 0; i < 50; i += 1) expect(randomLegacyKey()).toMatch(/^[A-Za-z1-9]{16}$/);
  });

  it('reject biased bytes (≥ 244) instead of wrapping', () => {
    let call = 0;
    const source = (bytes: Uint8Array) => {
      call += 1;
      return bytes.fill(call === 1 ? 250 : 1);
    };
    expect(randomLegacyKey(source)).toBe('B'.repeat(16));
  });
});

describe('encrypted customer-service paths (§1.6.6)', () => {
  /** openssl enc -des-ecb -K <"K3y8Qz1w"> of the path, base64, then the key appended. */
  const ENCRYPTED = 'aW8TDHqij8cN5HJ6hcc4bpsLnv3uy1wmFc2Vg02m118=K3y8Qz1w';

  it('decrypts the fixed vector and round-trips', () => {
    expect(decryptServicePath(ENCRYPTED)).toBe('https://cs.example/chat?id=7');
    expect(encryptServicePath('https://cs.example/chat?id=7', 'K3y8Qz1w')).toBe(ENCRYPTED);
    expect(decryptServicePath(encryptServicePath('https://t.me/παράδειγμα', 'abcdefgh'))).toBe('https://t.me/παράδειγμα');
  });

  it('refuses plain paths, a wrong key and short text', () => {
    expect(() => decryptServicePath('https://cs.example/chat?id=7')).toThrow(LegacyCryptoError);
    expect(() => decryptServicePath(`${ENCRYPTED.slice(0, -8)}K3y8Qz1x`)).toThrow(LegacyCryptoError);
    expect(() => decryptServicePath('abc')).toThrow(/too short/);
  });
});

describe('RSA JWK', () => {
  it('reads n, d and e from a private JWK generated by WebCrypto', async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt'],
    );
    const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
    const { publicKey, privateKey } = rsaKeyPairOfJwk(jwk);
    expect(publicKey.n.toString(2)).toHaveLength(1024);
    expect(privateKey.crt).toBeDefined();
    expect(rsaDecryptKey(rsaEncryptKey(KEY, publicKey), privateKey)).toBe(KEY);
    expect(rsaDecryptKey(rsaEncryptKey(KEY, publicKey), { n: privateKey.n, d: privateKey.d })).toBe(KEY);
    expect(rsaKeyPairOfJwk({ ...jwk, p: jwk.q ?? '' }).privateKey.crt).toBeUndefined();
    expect(bytesToBase64(base64ToBytes('AQAB'))).toBe('AQAB');
    expect(() => rsaKeyPairOfJwk({ kty: 'EC' })).toThrow(LegacyCryptoError);
  });
});
