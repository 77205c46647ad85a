import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload } from 'jose';
import type { Bindings } from '../../env';
import { ApiError } from '../../lib/envelope';
import { findIdentityProvider } from '../../db/queries/identity';
import { outboundFetch } from '../kit/outbound';

/**
 * Firebase phone sign-in (accounts §3 Login payload type firebase, Registration payload firebaseIdToken).
 * The ID token is verified with jose against the project's JWKS: RS256 signature, issuer
 * `https://securetoken.google.com/<projectId>`, audience projectId, expiry and issued-at, a subject, and an
 * auth_time in the past. The merchant's `identity_providers` row 'firebase' holds projectId (client_id) and
 * the JWKS URL.
 */

/** What a verified token proves. */
export interface FirebaseIdentity {
  uid: string;
  /** E.164 phone number the user proved with Firebase, or null (other sign-in methods). */
  phoneNumber: string | null;
}

type KeySet = ReturnType<typeof createRemoteJWKSet>;
// One key set per JWKS URL per isolate, so keys are fetched once and refreshed by jose on an unknown kid.
const keySets = new Map<string, KeySet>();

function keySetFor(url: string, env: Bindings): KeySet {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { [customFetch]: outboundFetch(env), timeoutDuration: 5000 });
    keySets.set(url, set);
  }
  return set;
}

/** Checks a token against one project; throws 401 `invalid_firebase_token` when any check fails. */
export async function verifyFirebaseToken(
  token: string,
  project: { projectId: string; jwksUrl: string },
  env: Bindings,
): Promise<FirebaseIdentity> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySetFor(project.jwksUrl, env), {
      issuer: `https://securetoken.google.com/${project.projectId}`,
      audience: project.projectId,
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'iat', 'sub', 'auth_time'],
      clockTolerance: 60,
    }));
  } catch {
    throw new ApiError(401, 'invalid_firebase_token', 'The Firebase ID token is not valid');
  }
  const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : Number.NaN;
  if (!payload.sub || !(authTime * 1000 <= Date.now() + 60_000)) {
    throw new ApiError(401, 'invalid_firebase_token', 'The Firebase ID token is not valid');
  }
  const phone = typeof payload.phone_number === 'string' ? payload.phone_number : null;
  return { uid: payload.sub, phoneNumber: phone };
}

/**
 * Verifies a Firebase ID token for the current merchant. No 'firebase' provider row or no project id →
 * 404 `provider_not_configured`.
 */
export async function verifyMerchantFirebaseToken(
  db: D1Database,
  env: Bindings,
  merchantCode: string,
  token: string,
): Promise<FirebaseIdentity> {
  const provider = await findIdentityProvider(db, merchantCode, 'firebase');
  if (!provider || provider.clientId === '' || provider.jwksUrl === '') {
    throw new ApiError(404, 'provider_not_configured', 'Firebase sign-in is not configured for this site');
  }
  return verifyFirebaseToken(token, { projectId: provider.clientId, jwksUrl: provider.jwksUrl }, env);
}
