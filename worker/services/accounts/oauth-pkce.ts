import { sha256 } from '@noble/hashes/sha2.js';
import { randomBytes } from '@noble/hashes/utils.js';

/** PKCE and state helpers (RFC 7636, S256). Pure apart from the random source. */

/** base64url without padding. */
export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random value of 32 bytes, base64url (43 characters): states, verifiers, nonces, browser cookies. */
export function randomUrlToken(): string {
  return base64Url(randomBytes(32));
}

/** The S256 code challenge of a verifier: base64url(SHA-256(verifier)). */
export function codeChallenge(verifier: string): string {
  return base64Url(sha256(new TextEncoder().encode(verifier)));
}

/** The provider's authorization URL with every parameter of the code flow with PKCE. */
export function authorizeUrl(
  endpoint: string,
  params: { clientId: string; redirectUri: string; scopes: string[]; state: string; verifier: string; nonce?: string },
): string {
  const url = new URL(endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', params.clientId);
  url.searchParams.set('redirect_uri', params.redirectUri);
  url.searchParams.set('scope', params.scopes.join(' '));
  url.searchParams.set('state', params.state);
  url.searchParams.set('code_challenge', codeChallenge(params.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (params.nonce) url.searchParams.set('nonce', params.nonce);
  return url.toString();
}
