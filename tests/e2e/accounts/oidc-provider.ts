import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** Who the stand-in provider says logs in. */
export interface ProviderPlayer {
  sub: string;
  email: string;
  name: string;
}

/** A running local provider: its endpoints, the client it knows, and `close`. */
export interface LocalProvider {
  base: string;
  authorizeUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  issuer: string;
  clientId: string;
  /** Token requests it has answered (to check the worker sent the PKCE verifier and the secret). */
  tokenRequests: URLSearchParams[];
  close: () => Promise<void>;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * A small Google-like OpenID Connect provider on a free local port, for the browser test of social login: the
 * authorize endpoint approves at once and redirects back with a code; the token endpoint checks the client id and
 * secret, the redirect URI, the single-use code and the PKCE S256 verifier, then answers with an RS256 ID token
 * (issuer, audience, subject, nonce) that verifies against its JWKS.
 */
export async function startLocalProvider(options: { clientId: string; clientSecret: string; player: ProviderPlayer }): Promise<LocalProvider> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'e2e', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { challenge: string; redirectUri: string; nonce: string }>();
  const tokenRequests: URLSearchParams[] = [];
  let base = '';

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && url.pathname === '/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const ok = url.searchParams.get('client_id') === options.clientId && url.searchParams.get('response_type') === 'code'
        && url.searchParams.get('code_challenge_method') === 'S256';
      if (!ok || !redirectUri) return json(400, { error: 'invalid_request' });
      const code = randomUUID();
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri, nonce: url.searchParams.get('nonce') ?? '' });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { Location: back.toString() });
      return response.end();
    }
    if (request.method === 'GET' && url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (request.method === 'POST' && url.pathname === '/token') {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(raw);
        tokenRequests.push(form);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const ok = grant && form.get('grant_type') === 'authorization_code' && form.get('client_id') === options.clientId
          && form.get('client_secret') === options.clientSecret && form.get('redirect_uri') === grant.redirectUri
          && s256(form.get('code_verifier') ?? '') === grant.challenge;
        if (!ok || !grant) return json(400, { error: 'invalid_grant' });
        void new SignJWT({ nonce: grant.nonce, email: options.player.email, email_verified: true, name: options.player.name })
          .setProtectedHeader({ alg: 'RS256', kid: 'e2e' })
          .setIssuer(base)
          .setAudience(options.clientId)
          .setSubject(options.player.sub)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey)
          .then((idToken) => json(200, { access_token: randomUUID(), token_type: 'Bearer', expires_in: 300, id_token: idToken }));
      });
      return undefined;
    }
    return json(404, { error: 'not_found' });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    authorizeUrl: `${base}/authorize`,
    tokenUrl: `${base}/token`,
    jwksUrl: `${base}/jwks`,
    issuer: base,
    clientId: options.clientId,
    tokenRequests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
