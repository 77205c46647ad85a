import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { localSigner, type LocalSigner } from '../idp-fixtures';

/** base64url(SHA-256(verifier)), computed independently of the worker's own helper. */
async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** What the stand-in provider says about the player who logs in. */
export interface Player {
  sub: string;
  email: string;
  name: string;
}

/**
 * A small local OAuth 2.0 / OIDC provider (Google-like with ID tokens, Facebook-like with a Graph /me) that
 * the worker reaches through the OUTBOUND binding, so no call leaves the machine. It checks what a real
 * provider checks: client credentials, redirect URI, single-use codes and the PKCE S256 verifier.
 */
export async function localProvider(options: { base: string; clientId: string; clientSecret: string }) {
  const signer: LocalSigner = await localSigner();
  const codes = new Map<string, { challenge: string; redirectUri: string; nonce: string | null; player: Player }>();
  const accessTokens = new Map<string, Player>();
  const urls = {
    authorize: `${options.base}/authorize`,
    token: `${options.base}/token`,
    jwks: `${options.base}/jwks`,
    me: `${options.base}/me?fields=id,name,email`,
    issuer: options.base,
  };
  /** Changes the next ID tokens (e.g. another audience or nonce) to test the worker's checks. */
  const tamper: { idToken?: { audience?: string; nonce?: string; issuer?: string } } = {};
  const seen: { tokenRequests: URLSearchParams[]; meRequests: URL[] } = { tokenRequests: [], meRequests: [] };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === 'GET' && `${url.origin}${url.pathname}` === urls.jwks) return Response.json(signer.jwks);
    if (request.method === 'POST' && url.toString() === urls.token) {
      const form = new URLSearchParams(await request.text());
      seen.tokenRequests.push(form);
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const ok = grant && form.get('grant_type') === 'authorization_code' && form.get('client_id') === options.clientId
        && form.get('client_secret') === options.clientSecret && form.get('redirect_uri') === grant.redirectUri
        && (await s256(form.get('code_verifier') ?? '')) === grant.challenge;
      if (!ok || !grant) return Response.json({ error: 'invalid_grant' }, { status: 400 });
      const accessToken = crypto.randomUUID();
      accessTokens.set(accessToken, grant.player);
      const idToken = await signer.sign(
        { nonce: tamper.idToken?.nonce ?? grant.nonce, email: grant.player.email, email_verified: true, name: grant.player.name },
        { issuer: tamper.idToken?.issuer ?? urls.issuer, audience: tamper.idToken?.audience ?? options.clientId, subject: grant.player.sub },
      );
      return Response.json({ access_token: accessToken, token_type: 'Bearer', expires_in: 3600, id_token: idToken });
    }
    if (request.method === 'GET' && `${url.origin}${url.pathname}` === urls.me.split('?')[0]) {
      seen.meRequests.push(url);
      const token = url.searchParams.get('access_token') ?? '';
      const player = accessTokens.get(token);
      const proof = bytesToHex(hmac(sha256, new TextEncoder().encode(options.clientSecret), new TextEncoder().encode(token)));
      if (!player || url.searchParams.get('appsecret_proof') !== proof) return Response.json({ error: { message: 'bad token' } }, { status: 400 });
      return Response.json({ id: player.sub, name: player.name, email: player.email });
    }
    return new Response('not found', { status: 404 });
  }

  return {
    urls,
    tamper,
    seen,
    binding: { fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init)) },
    /**
     * The player approves: reads the authorization URL the worker redirected to, issues a code, and returns
     * the worker callback URL the provider would redirect the browser to.
     */
    approve(authorizationUrl: string, player: Player): string {
      const url = new URL(authorizationUrl);
      const p = url.searchParams;
      if (p.get('response_type') !== 'code' || p.get('client_id') !== options.clientId || p.get('code_challenge_method') !== 'S256') {
        throw new Error(`bad authorization request ${authorizationUrl}`);
      }
      const code = crypto.randomUUID();
      codes.set(code, { challenge: p.get('code_challenge') ?? '', redirectUri: p.get('redirect_uri') ?? '', nonce: p.get('nonce'), player });
      const back = new URL(p.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state') ?? '');
      return back.toString();
    },
  };
}
