import { env } from 'cloudflare:test';
import { call } from '../helpers';
import { signedHeaders } from '../../../worker/services/wallet/payments/signature';
import { putGameProvider } from '../../../worker/db/queries/provider-wallet';
import { issueLaunchToken } from '../../../worker/services/games/providers/launch-token';

/**
 * A game provider's server as the wallet tests need it (docs/game-providers.md): it is configured on a site, signs
 * its calls with its key and posts them to PlayDeck's wallet endpoint. The key lives in a worker secret named by the
 * provider's settings, passed to each call as a binding.
 */
export interface ProviderStandIn {
  code: string;
  secretName: string;
  secret: string;
  /** Posts a signed wallet call; `sign` overrides the key or the timestamp. */
  post<T = Record<string, string>>(operation: string, body: unknown, sign?: { secret?: string; timestamp?: number }): Promise<{ status: number; body: T }>;
}

let made = 0;

/** Configures a provider on `merchantCode` and answers its stand-in. */
export async function makeProvider(merchantCode = 'DEMO', options: { currencies?: string[] } = {}): Promise<ProviderStandIn> {
  made += 1;
  const code = `studio${Date.now().toString(36)}${made}`;
  const secretName = `PROVIDER_SECRET_${code.toUpperCase()}`;
  const secret = `secret-${code}-0123456789abcdef`;
  await putGameProvider(env.DB, {
    merchantCode, code, name: `Studio ${made}`, launchUrl: 'https://studio.example/launch', secretName,
    currencies: options.currencies ?? ['USD', 'PHP'], enabled: true,
  }, Date.now());
  return {
    code, secretName, secret,
    async post<T>(operation: string, body: unknown, sign: { secret?: string; timestamp?: number } = {}) {
      const text = JSON.stringify(body);
      const headers = await signedHeaders(sign.secret ?? secret, text, sign.timestamp ?? Date.now());
      const res = await call(`/wps/playdeck/games/wallet/${code}/${operation}`, {
        method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: text,
        env: { [secretName]: secret },
      });
      return { status: res.status, body: res.body as unknown as T };
    },
  };
}

/** A launch of `provider`'s game for a member, authenticated: the session id and player id the wallet calls carry. */
export async function launchSession(provider: ProviderStandIn, memberId: number, options: { merchantCode?: string; currency?: string; gameKind?: string } = {}) {
  const launchToken = await issueLaunchToken(env.DB, {
    merchantCode: options.merchantCode ?? 'DEMO', providerCode: provider.code, memberId, gameCode: 'book-of-tests',
    gameKind: options.gameKind ?? 'slot', currency: options.currency ?? 'USD',
  });
  const auth = await provider.post<{ status: string; sessionId: string; playerId: string; balance: string }>('authenticate', { launchToken });
  if (auth.status !== 200) throw new Error(`authenticate failed: ${JSON.stringify(auth.body)}`);
  return { launchToken, sessionId: auth.body.sessionId, playerId: auth.body.playerId };
}
