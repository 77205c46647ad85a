/**
 * HMAC-SHA256 signatures of payment messages (deposit notices, PSP requests): the signed text is
 * `<timestamp>.<body>`, sent as lower-case hex in `X-Signature` with the epoch-ms timestamp in `X-Timestamp`.
 * Verification is constant-time and refuses timestamps more than SIGNATURE_MAX_SKEW_MS away from now, so a
 * captured notice cannot be replayed later with the same signature (replays inside the window change nothing
 * anyway: notices are idempotent by the provider's transaction id).
 */

/** How far a signed message's timestamp may be from now. */
export const SIGNATURE_MAX_SKEW_MS = 10 * 60 * 1000;

/** Imported keys by secret (an import costs more than a signature; the secrets are few and long-lived). */
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

function toHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** Hex HMAC-SHA256 of `<timestamp>.<body>` under `secret`. */
export async function signPayload(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await hmacKey(secret);
  return toHex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${body}`)));
}

/** Headers of a signed message: `X-Timestamp` and `X-Signature`. */
export async function signedHeaders(secret: string, body: string, now = Date.now()): Promise<Record<string, string>> {
  return { 'X-Timestamp': String(now), 'X-Signature': await signPayload(secret, now, body) };
}

/** Whether `signature` (hex) signs `<timestamp>.<body>` under `secret` and the timestamp is fresh. */
export async function verifyPayload(secret: string, timestampHeader: string | null | undefined, signature: string | null | undefined, body: string, now = Date.now()): Promise<boolean> {
  const timestamp = Number(timestampHeader);
  if (!timestampHeader || !Number.isSafeInteger(timestamp) || Math.abs(now - timestamp) > SIGNATURE_MAX_SKEW_MS) return false;
  const bytes = fromHex((signature ?? '').toLowerCase());
  if (!bytes) return false;
  const key = await hmacKey(secret);
  // crypto.subtle.verify compares in constant time.
  return crypto.subtle.verify('HMAC', key, bytes, new TextEncoder().encode(`${timestamp}.${body}`));
}
