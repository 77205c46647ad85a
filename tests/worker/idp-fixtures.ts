import { env } from 'cloudflare:test';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';

/** A signing key of a local stand-in identity provider, with its public JWKS. */
export interface LocalSigner {
  kid: string;
  jwks: { keys: Record<string, unknown>[] };
  sign(claims: JWTPayload, options?: { issuer?: string; audience?: string; subject?: string; expiresIn?: string | number; kid?: string }): Promise<string>;
}

/** Generates an RS256 key pair in the test; nothing is fetched from outside. */
export async function localSigner(kid = `k${crypto.randomUUID().slice(0, 8)}`): Promise<LocalSigner> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return {
    kid,
    jwks: { keys: [jwk] },
    sign(claims, options = {}) {
      let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: options.kid ?? kid }).setIssuedAt();
      if (options.issuer) jwt = jwt.setIssuer(options.issuer);
      if (options.audience) jwt = jwt.setAudience(options.audience);
      if (options.subject) jwt = jwt.setSubject(options.subject);
      jwt = jwt.setExpirationTime(options.expiresIn ?? '1h');
      return jwt.sign(privateKey);
    },
  };
}

/** Points a DEMO identity provider row at local stand-in endpoints (columns → values). */
export async function configureProvider(provider: 'google' | 'facebook' | 'firebase', values: Record<string, string>): Promise<void> {
  const columns = Object.keys(values);
  await env.DB.prepare(
    `UPDATE identity_providers SET ${columns.map((col, i) => `${col} = ?${i + 1}`).join(', ')}
     WHERE merchant_code = 'DEMO' AND provider = ?${columns.length + 1}`,
  )
    .bind(...Object.values(values), provider)
    .run();
}
