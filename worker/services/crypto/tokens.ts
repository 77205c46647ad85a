import { bytesToHex, randomBytes } from '@noble/hashes/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';

/** A new random opaque token: 32 bytes (256 bits) from the platform CSPRNG, base64url without padding. */
export function newToken(): string {
  const bytes = randomBytes(32);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** SHA-256 of a token as lower-case hex: what the database keeps instead of the token. */
export function hashToken(token: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(token)));
}
