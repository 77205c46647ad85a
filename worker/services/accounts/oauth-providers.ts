import { createRemoteJWKSet, customFetch, jwtVerify } from 'jose';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Bindings } from '../../env';
import { ApiError } from '../../lib/envelope';
import type { IdentityProvider } from '../../db/queries/identity';
import { outboundFetch, type OutboundFetch } from '../kit/outbound';

/** Who the provider says the player is. */
export interface SocialIdentity {
  subject: string;
  email: string;
  name: string;
}

/** A social-login failure; `code` ends up in the login page's fragment. */
export const oauthFailed = (message: string) => new ApiError(502, 'oauth_failed', message);

/** The client secret of a provider, read from the worker secret the row names (never from D1). */
export function clientSecret(env: Bindings, provider: IdentityProvider): string | null {
  if (!/^[A-Z][A-Z0-9_]{0,63}$/.test(provider.clientSecretEnv)) return null;
  const value: unknown = (env as unknown as Record<string, unknown>)[provider.clientSecretEnv];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * Authorization-code exchange (RFC 6749 §4.1.3 with the PKCE verifier): form POST to the token endpoint with
 * the client credentials. Non-2xx or a body without access_token → 502 `oauth_failed`.
 */
export async function exchangeCode(
  fetcher: OutboundFetch,
  provider: IdentityProvider,
  secret: string,
  params: { code: string; redirectUri: string; verifier: string },
): Promise<{ accessToken: string; idToken: string | null }> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: params.code,
    redirect_uri: params.redirectUri,
    client_id: provider.clientId,
    client_secret: secret,
    code_verifier: params.verifier,
  });
  let body: Record<string, unknown> | null = null;
  try {
    const response = await fetcher(provider.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form.toString(),
    });
    if (response.ok) body = (await response.json()) as Record<string, unknown>;
    else await response.body?.cancel();
  } catch {
    body = null;
  }
  const accessToken = body?.access_token;
  if (typeof accessToken !== 'string' || accessToken === '') throw oauthFailed('The provider refused the authorization code');
  return { accessToken, idToken: typeof body?.id_token === 'string' ? body.id_token : null };
}

type KeySet = ReturnType<typeof createRemoteJWKSet>;
const keySets = new Map<string, KeySet>();

/**
 * OpenID Connect (Google): the ID token must verify against the provider's JWKS with its issuer, our client
 * id as audience, an unexpired lifetime and the nonce we sent. Any failure → 502 `oauth_failed`.
 */
export async function oidcIdentity(
  env: Bindings,
  provider: IdentityProvider,
  idToken: string | null,
  nonce: string,
): Promise<SocialIdentity> {
  if (!idToken) throw oauthFailed('The provider sent no ID token');
  let keys = keySets.get(provider.jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(provider.jwksUrl), { [customFetch]: outboundFetch(env), timeoutDuration: 5000 });
    keySets.set(provider.jwksUrl, keys);
  }
  try {
    const { payload } = await jwtVerify(idToken, keys, {
      issuer: provider.issuer,
      audience: provider.clientId,
      algorithms: ['RS256', 'ES256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      clockTolerance: 60,
    });
    if (payload.nonce !== nonce || !payload.sub) throw new Error('nonce or subject');
    const verifiedEmail = payload.email_verified === true && typeof payload.email === 'string' ? payload.email : '';
    return { subject: payload.sub, email: verifiedEmail, name: typeof payload.name === 'string' ? payload.name : '' };
  } catch {
    throw oauthFailed('The ID token is not valid');
  }
}

/**
 * Facebook: GET the Graph /me endpoint with the access token and its appsecret_proof (HMAC-SHA256 of the
 * token with the app secret, so a stolen token is useless without the secret). Non-2xx or no id → 502.
 */
export async function graphIdentity(
  fetcher: OutboundFetch,
  provider: IdentityProvider,
  secret: string,
  accessToken: string,
): Promise<SocialIdentity> {
  const url = new URL(provider.userinfoUrl);
  url.searchParams.set('access_token', accessToken);
  url.searchParams.set('appsecret_proof', bytesToHex(hmac(sha256, new TextEncoder().encode(secret), new TextEncoder().encode(accessToken))));
  let body: Record<string, unknown> | null = null;
  try {
    const response = await fetcher(url.toString(), { headers: { Accept: 'application/json' } });
    if (response.ok) body = (await response.json()) as Record<string, unknown>;
    else await response.body?.cancel();
  } catch {
    body = null;
  }
  const id = body?.id;
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') throw oauthFailed('The provider did not say who the player is');
  return {
    subject: String(id),
    email: typeof body?.email === 'string' ? body.email : '',
    name: typeof body?.name === 'string' ? body.name : '',
  };
}
