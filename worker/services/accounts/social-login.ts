import { isHttps, type RequestScope } from '../kit/request-scope';
import type { Bindings } from '../../env';
import type { SessionValue } from '../../../contract/calls/accounts';
import { ApiError } from '../../lib/envelope';
import { listSiteSwitches } from '../../db/queries/merchants';
import { findMemberById, recordLogin, type MemberRecord } from '../../db/queries/members';
import { findIdentityProvider, findLinkedMember, linkIdentityStatement, type IdentityProvider } from '../../db/queries/identity';
import { insertExchangeCode, insertOAuthState, takeExchangeCode, takeOAuthState } from '../../db/queries/oauth';
import { createAccount, openSession, loginClient } from './accounts';
import { outboundFetch } from '../kit/outbound';
import { authorizeUrl, randomUrlToken } from './oauth-pkce';
import { clientSecret, exchangeCode, graphIdentity, oidcIdentity, oauthFailed, type SocialIdentity } from './oauth-providers';
import { hashToken, newToken } from '../crypto/tokens';
import { welcomeMessageStatement } from '../../db/queries/inbox';
import { SOCIAL_LOGIN_SWITCHES, socialLoginAdvice, socialLoginState, type SocialLoginState } from '../../model/site-settings';

/**
 * Social login (accounts §2 "Social login buttons for Facebook and Google", site switches FACEBOOKLOGIN3 and
 * GOOGLELOGIN3): the OAuth 2.0 authorization-code flow with PKCE (S256), state and, for Google, an OIDC nonce.
 * The bearer token never appears in a URL: the callback hands the browser a one-time code in the fragment of
 * /m/home, which POST /wps/playdeck/session/exchange trades for the session.
 */

/** Social providers and the site switch each needs. */
export const SOCIAL_PROVIDERS = SOCIAL_LOGIN_SWITCHES;
export type SocialProvider = keyof typeof SOCIAL_PROVIDERS;

/** Cookie that binds a pending login to the browser that started it. */
export const OAUTH_COOKIE = 'pd_oauth';
/** The OAuth cookie's path: the extension's OAuth routes only. */
export const OAUTH_COOKIE_PATH = '/wps/playdeck/oauth';
/** Lifetime of a pending login and of its cookie (ms). */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
/** Lifetime of a one-time session exchange code (ms). */
export const EXCHANGE_TTL_MS = 2 * 60 * 1000;

/** Where the provider sends the browser back: this site's callback for the provider. */
export function redirectUriFor(requestUrl: string, provider: SocialProvider): string {
  return `${new URL(requestUrl).origin}/wps/playdeck/oauth/${provider}/callback`;
}

/**
 * A merchant's provider configuration when it is complete (client id, the provider's endpoints, and the client
 * secret in the worker secret the row names: model/site-settings.ts socialLoginState), else null. The edge uses it
 * too: only a configured provider gets its `oauth-<provider>` capability, so only then does the page show its
 * button. When the provider's switch is on (`switchOn`) but it is not usable, one line per isolate, merchant,
 * provider and reason says so in the worker's log (warnUnusableProvider) instead of the button silently missing.
 */
export async function configuredProvider(
  db: D1Database,
  env: Bindings,
  merchantCode: string,
  provider: SocialProvider,
  switchOn = false,
): Promise<{ config: IdentityProvider; secret: string } | null> {
  const config = await findIdentityProvider(db, merchantCode, provider);
  const secret = config ? clientSecret(env, config) : null;
  const state = socialLoginState(provider, config, secret !== null);
  if (state === 'ready' && config && secret) return { config, secret };
  if (switchOn) warnUnusableProvider(merchantCode, provider, state, config?.clientSecretEnv ?? '');
  return null;
}

const warned = new Set<string>();

/**
 * Logs, once per isolate for each merchant, provider and reason, that a switched-on social login cannot work and
 * what the operator runs to fix it (docs/site-settings.md, Social login). Answers whether it logged.
 */
export function warnUnusableProvider(merchantCode: string, provider: SocialProvider, state: SocialLoginState, secretName: string): boolean {
  const key = `${merchantCode}:${provider}:${state}`;
  if (state === 'ready' || warned.has(key)) return false;
  warned.add(key);
  const advice = socialLoginAdvice(provider, state, secretName).replaceAll('<merchant>', merchantCode);
  console.warn(`[social-login] ${merchantCode}: ${SOCIAL_PROVIDERS[provider]} is on but ${provider} login is not usable (${state}), so no ${provider} button is shown: ${advice}`);
  return true;
}

/** The merchant's usable configuration of a provider: switch on (else 403 `feature_disabled`), configured (else 404 `provider_not_configured`). */
async function usableProvider(req: RequestScope, provider: SocialProvider): Promise<{ config: IdentityProvider; secret: string }> {
  const merchant = req.merchant;
  const switches = await listSiteSwitches(req.env.DB, merchant.code);
  if (switches[SOCIAL_PROVIDERS[provider]] !== true) {
    throw new ApiError(403, 'function.not.available', `Login with ${provider} is not offered on this site`);
  }
  const usable = await configuredProvider(req.env.DB, req.env, merchant.code, provider, true);
  if (!usable) throw new ApiError(404, 'provider_not_configured', `Login with ${provider} is not configured for this site`);
  return usable;
}

/**
 * GET /wps/playdeck/oauth/:provider/start: stores state, PKCE verifier and nonce for 10 minutes, bound to a fresh
 * HttpOnly cookie (SameSite=Lax, so it comes back on the provider's redirect), and returns the provider's
 * authorization URL to redirect to.
 */
export async function startSocialLogin(req: RequestScope, provider: SocialProvider): Promise<string> {
  const { config } = await usableProvider(req, provider);
  const state = randomUrlToken();
  const verifier = randomUrlToken();
  const nonce = randomUrlToken();
  const browser = randomUrlToken();
  const now = Date.now();
  await insertOAuthState(
    req.env.DB,
    {
      stateHash: hashToken(state), merchantCode: req.merchant.code, provider, browserHash: hashToken(browser),
      codeVerifier: verifier, nonce, expiresAt: now + OAUTH_STATE_TTL_MS,
    },
    now,
  );
  req.cookies.set(OAUTH_COOKIE, browser, {
    httpOnly: true, sameSite: 'Lax', path: OAUTH_COOKIE_PATH, maxAge: OAUTH_STATE_TTL_MS / 1000,
    secure: isHttps(req),
  });
  return authorizeUrl(config.authorizeUrl, {
    clientId: config.clientId, redirectUri: redirectUriFor(req.url, provider), scopes: config.scopes, state, verifier,
    ...(provider === 'google' ? { nonce } : {}),
  });
}

/**
 * The member linked to the social account, or a new real member (type 0) linked to it, with its welcome message,
 * in the same batch.
 */
async function memberForIdentity(req: RequestScope, provider: SocialProvider, identity: SocialIdentity): Promise<{ member: MemberRecord; created: boolean }> {
  const db = req.env.DB;
  const merchant = req.merchant;
  const linked = await findLinkedMember(db, merchant.code, provider, identity.subject);
  if (linked !== null) {
    const member = await findMemberById(db, linked);
    if (!member) throw oauthFailed('The linked account no longer exists');
    return { member, created: false };
  }
  // A fresh account, never merged with an existing one by e-mail: that would let a provider account take over.
  const account = `${provider === 'google' ? 'g' : 'fb'}_${hashToken(`${merchant.code}:${provider}:${identity.subject}`).slice(0, 12)}`;
  const now = Date.now();
  const profile: Record<string, string> = identity.email ? { email: identity.email } : {};
  const link = linkIdentityStatement(db, { merchantCode: merchant.code, provider, subject: identity.subject, usernameKey: account, email: identity.email }, now);
  const id = await createAccount(
    db,
    {
      merchantCode: merchant.code, usernameKey: account, account, passwordHash: null, type: 0,
      nickname: [...identity.name].slice(0, 20).join(''), profile, registerMethod: 'H5', registerIp: req.clientIp,
      currency: merchant.currency,
    },
    { amountMinor: merchant.welcomeBonusMinor, kind: 'welcome_bonus', reference: `registration:${provider}`, idempotencyKey: 'welcome' },
    now,
    [link, welcomeMessageStatement(db, merchant.code, account, req.language, now)],
  );
  const member = await findMemberById(db, id);
  if (!member) throw oauthFailed('The new account could not be read back');
  return { member, created: true };
}

/**
 * GET /wps/playdeck/oauth/:provider/callback?code&state: checks the state against the browser cookie (single use, 10
 * minutes), exchanges the code with the PKCE verifier, learns who the player is (Google: verified ID token;
 * Facebook: Graph /me), links or creates the account, and returns a one-time exchange code (2 minutes).
 * Failures throw ApiError: 400 `oauth_state_invalid` | `oauth_denied`, 403 `account_disabled`, 502 `oauth_failed`.
 */
export async function finishSocialLogin(
  req: RequestScope,
  provider: SocialProvider,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
): Promise<string> {
  const { config, secret } = await usableProvider(req, provider);
  const browser = req.cookies.get(OAUTH_COOKIE);
  req.cookies.delete(OAUTH_COOKIE, { path: OAUTH_COOKIE_PATH });
  if (query.error) throw new ApiError(400, 'oauth_denied', 'The player did not allow the login');
  const db = req.env.DB;
  const pending = query.state ? await takeOAuthState(db, hashToken(query.state), req.merchant.code, provider) : null;
  if (!pending || !browser || hashToken(browser) !== pending.browserHash || !query.code) {
    throw new ApiError(400, 'oauth_state_invalid', 'The login request is unknown, expired or from another browser');
  }
  const fetcher = outboundFetch(req.env);
  const tokens = await exchangeCode(fetcher, config, secret, {
    code: query.code, redirectUri: redirectUriFor(req.url, provider), verifier: pending.codeVerifier,
  });
  const identity = provider === 'google'
    ? await oidcIdentity(req.env, config, tokens.idToken, pending.nonce)
    : await graphIdentity(fetcher, config, secret, tokens.accessToken);
  const { member, created } = await memberForIdentity(req, provider, identity);
  if (!member.active) throw new ApiError(403, 'account_disabled', 'The account is disabled');

  const now = Date.now();
  // A new account was created logged in (as registration does); its first session is its first login.
  const firstTimeLogin = created || (await recordLogin(db, member.id, now));
  const code = newToken();
  await insertExchangeCode(db, { codeHash: hashToken(code), memberId: member.id, merchantCode: member.merchantCode, firstTimeLogin, expiresAt: now + EXCHANGE_TTL_MS }, now);
  return code;
}

/** POST /wps/playdeck/session/exchange: a one-time code from a social login → SessionValue; else 401 `exchange_invalid`. */
export async function exchangeForSession(req: RequestScope, code: string): Promise<SessionValue> {
  const db = req.env.DB;
  const taken = await takeExchangeCode(db, hashToken(code), req.merchant.code);
  const member = taken ? await findMemberById(db, taken.memberId) : null;
  if (!taken || !member || !member.active) throw new ApiError(401, 'exchange_invalid', 'The login code is unknown, used or expired');
  return openSession(db, member, taken.firstTimeLogin, Date.now(), { client: loginClient(req, 'social'), protectionNow: req.protectionNow?.() });
}
