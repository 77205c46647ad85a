import type { Bindings } from '../../env';
import { ApiError } from '../../lib/envelope';

/**
 * The console operators' TOTP secrets are stored encrypted (docs/back-office.md "Two-factor sign-in"): AES-256-GCM
 * with the worker secret CONSOLE_TOTP_KEY (32 random bytes as base64url, made by `npm run keys`), a fresh 96-bit IV
 * per secret, the operator id as additional data (a sealed secret copied onto another operator's row does not open).
 * Stored form: `v1.<iv base64url>.<ciphertext base64url>`. A row written before encryption (a bare base32 secret)
 * still opens as it is and is sealed at the next enrolment. Local development without the secret uses a fixed
 * development key; elsewhere a missing or malformed key answers 503 `encryption_unavailable` (nothing is stored in
 * the clear).
 */

/** The development key (base64url of 32 bytes): only with APP_ENV=development and no CONSOLE_TOTP_KEY. */
const DEVELOPMENT_KEY = 'cGxheWRlY2stY29uc29sZS10b3RwLWRldi1rZXktMzI'; // 'playdeck-console-totp-dev-key-32'
const PREFIX = 'v1.';

const fromB64url = (text: string): Uint8Array<ArrayBuffer> => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
};
const toB64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const keys = new Map<string, Promise<CryptoKey>>();

/** The AES-GCM key of this environment; 503 `encryption_unavailable` when CONSOLE_TOTP_KEY is missing or not 32 bytes. */
export async function totpSealKey(env: Pick<Bindings, 'APP_ENV'> & { CONSOLE_TOTP_KEY?: string }): Promise<CryptoKey> {
  const text = env.CONSOLE_TOTP_KEY || (env.APP_ENV === 'development' ? DEVELOPMENT_KEY : '');
  const raw = text ? fromB64url(text) : new Uint8Array(0);
  if (raw.length !== 32) {
    console.error('[console] CONSOLE_TOTP_KEY is missing or not 32 bytes of base64url: two-factor sign-in is unavailable (npm run keys makes it)');
    throw new ApiError(503, 'encryption_unavailable', 'Two-factor sign-in is temporarily unavailable', null, { 'Retry-After': '300' });
  }
  let key = keys.get(text);
  if (!key) {
    key = crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
    keys.set(text, key);
  }
  return key;
}

const aad = (operatorId: number) => new TextEncoder().encode(`console-operator:${operatorId}`);

/** Seals an operator's base32 secret for storage. */
export async function sealTotpSecret(key: CryptoKey, operatorId: number, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad(operatorId) }, key, new TextEncoder().encode(secret));
  return `${PREFIX}${toB64url(iv)}.${toB64url(new Uint8Array(sealed))}`;
}

/** The base32 secret of a stored value (sealed, or a bare secret of before encryption); null when it does not open. */
export async function openTotpSecret(key: CryptoKey, operatorId: number, stored: string): Promise<string | null> {
  if (!stored.startsWith(PREFIX)) return stored;
  const [iv, data] = stored.slice(PREFIX.length).split('.');
  if (!iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromB64url(iv), additionalData: aad(operatorId) }, key, fromB64url(data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
