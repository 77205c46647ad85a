import { describe, expect, it } from 'vitest';
import { authorizeUrl, codeChallenge, randomUrlToken } from '../../../worker/services/accounts/oauth-pkce';

describe('PKCE (RFC 7636, S256)', () => {
  it('computes the challenge of the RFC 7636 appendix B example', () => {
    expect(codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes verifiers of 43 base64url characters (the RFC minimum), different every time', () => {
    const tokens = new Set(Array.from({ length: 50 }, randomUrlToken));
    expect(tokens.size).toBe(50);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('builds the authorization URL with every code-flow parameter, keeping the endpoint’s own query', () => {
    const url = new URL(authorizeUrl('https://idp.example/auth?prompt=select_account', {
      clientId: 'cid', redirectUri: 'https://site.example/wps/oauth/google/callback', scopes: ['openid', 'email'],
      state: 'st', verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', nonce: 'nn',
    }));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      prompt: 'select_account', response_type: 'code', client_id: 'cid', redirect_uri: 'https://site.example/wps/oauth/google/callback',
      scope: 'openid email', state: 'st', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256', nonce: 'nn',
    });
  });

  it('leaves the nonce out when none is given', () => {
    const url = new URL(authorizeUrl('https://idp.example/auth', { clientId: 'c', redirectUri: 'https://s/cb', scopes: [], state: 's', verifier: 'v' }));
    expect(url.searchParams.has('nonce')).toBe(false);
  });
});
