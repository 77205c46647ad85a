/**
 * Encrypted request bodies (accounts §3 "Real login and registration bodies are sent as encrypted data with an
 * Encryption header"). Hybrid encryption with WebCrypto only, the same in the browser and in the worker:
 *
 * 1. the browser makes a one-time ECDH P-256 key pair and derives a shared secret with the server's public
 *    key (GET /wps/playdeck/payloadKey);
 * 2. HKDF-SHA-256 (salt: the one-time public key, info: `playdeck-payload-v1 <keyId>`) turns it into an
 *    AES-256-GCM key;
 * 3. the plaintext `{ ts, nonce, body }` (epoch ms, 16 random bytes base64url, the real JSON body) is sealed
 *    with a random 12-byte IV; the additional data `<algorithm>;<keyId>;<path>` binds it to one endpoint;
 * 4. the request carries `Encryption: <algorithm>;<keyId>` and the JSON body `{ data }`, where `data` is
 *    base64 of one-time public key (65 bytes, uncompressed) ‖ IV (12) ‖ ciphertext with tag.
 *
 * The server refuses tampering (GCM tag), timestamps more than 5 minutes off, and nonces it has seen.
 */

/** The only algorithm both sides speak. */
export const PAYLOAD_ALGORITHM = 'ECDH-P256-A256GCM';

/** The public half of a payload key: an EC P-256 JWK (the fields the payloadKey call's value requires). */
export type EcPublicJwk = {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
};

/** The server's public key as GET /wps/playdeck/payloadKey returns it. */
export interface PayloadKey {
  keyId: string;
  publicKeyJwk: EcPublicJwk;
  algorithm: typeof PAYLOAD_ALGORITHM;
}

/** The decrypted content of a sealed body. */
export interface PayloadPlaintext {
  ts: number;
  nonce: string;
  body: unknown;
}

const encoder = new TextEncoder();
/** Length of an uncompressed P-256 public key. */
export const EPHEMERAL_KEY_BYTES = 65;
/** Length of the AES-GCM IV. */
export const IV_BYTES = 12;

/** Standard base64 of bytes. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Bytes of standard base64, or null when the text is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  try {
    return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

function base64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The `Encryption` header value for a key. */
export function encryptionHeader(keyId: string): string {
  return `${PAYLOAD_ALGORITHM};${keyId}`;
}

/** The additional authenticated data: algorithm, key id and request path. */
export function payloadAad(keyId: string, path: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(encoder.encode(`${PAYLOAD_ALGORITHM};${keyId};${path}`));
}

/** The AES-GCM key both sides derive from the ECDH shared secret. */
export async function deriveAesKey(
  privateKey: CryptoKey,
  publicKey: CryptoKey,
  ephemeralPublicRaw: Uint8Array<ArrayBuffer>,
  keyId: string,
  usage: 'encrypt' | 'decrypt',
): Promise<CryptoKey> {
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256);
  const hkdfKey = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: ephemeralPublicRaw, info: new Uint8Array(encoder.encode(`playdeck-payload-v1 ${keyId}`)) },
    hkdfKey,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

/**
 * Seals `body` for `path` with the server key. `now` and `nonce` are for tests; normally the clock and 16
 * random bytes. Returns the header value and the JSON body to send.
 */
export async function sealPayload(
  key: PayloadKey,
  path: string,
  body: unknown,
  options: { now?: number; nonce?: string } = {},
): Promise<{ header: string; json: { data: string } }> {
  if (key.algorithm !== PAYLOAD_ALGORITHM) throw new Error(`Unsupported payload algorithm ${key.algorithm}`);
  const serverKey = await crypto.subtle.importKey('jwk', key.publicKeyJwk, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ephemeral = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const ephemeralRaw = new Uint8Array((await crypto.subtle.exportKey('raw', ephemeral.publicKey)) as ArrayBuffer);
  const aesKey = await deriveAesKey(ephemeral.privateKey, serverKey, ephemeralRaw, key.keyId, 'encrypt');
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plaintext: PayloadPlaintext = {
    ts: options.now ?? Date.now(),
    nonce: options.nonce ?? base64Url(crypto.getRandomValues(new Uint8Array(16))),
    body,
  };
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: payloadAad(key.keyId, path) },
      aesKey,
      new Uint8Array(encoder.encode(JSON.stringify(plaintext))),
    ),
  );
  const data = new Uint8Array(ephemeralRaw.length + iv.length + sealed.length);
  data.set(ephemeralRaw, 0);
  data.set(iv, ephemeralRaw.length);
  data.set(sealed, ephemeralRaw.length + iv.length);
  return { header: encryptionHeader(key.keyId), json: { data: toBase64(data) } };
}
