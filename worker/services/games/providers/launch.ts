import { z } from 'zod';
import type { Bindings } from '../../../env';
import { ApiError } from '../../../lib/envelope';
import { outboundFetch } from '../../kit/outbound';
import { signedHeaders } from '../../wallet/payments/signature';
import type { GameProvider } from '../../../db/queries/provider-wallet';
import { issueLaunchToken } from './launch-token';

/** How long PlayDeck waits for a provider's launch answer. */
export const PROVIDER_LAUNCH_TIMEOUT_MS = 5_000;

/** What PlayDeck asks a provider for (docs/game-providers.md "Launch"). */
export interface ProviderLaunchRequest {
  memberId: number;
  gameCode: string;
  /** How the game's stakes count towards a bonus's wagering (GAME_KINDS; the wallet reads it from the session). */
  gameKind: string;
  currency: string;
  freePlay: boolean;
  /** Upper-case interface language (EN, AR, …). */
  language: string;
  /** Where the game's "home" button returns the player (the site's own page). */
  returnUrl: string;
  device: 'mobile' | 'desktop';
  /** The site's wallet endpoint for this provider (…/wps/playdeck/games/wallet/<code>). */
  walletUrl: string;
}

const launchAnswer = z.object({ url: z.url({ protocol: /^https?$/ }) });

/**
 * Asks `provider` for the URL of a game (docs/game-providers.md "Launch"): a signed POST to its launch endpoint with
 * `{ mode: 'real' | 'free', launchToken (real only), gameCode, playerId, currency, language, returnUrl, device,
 * walletUrl }`, answered `{ url }`. A real-money launch carries a one-time launch token (issueLaunchToken) the
 * provider's server authenticates at the wallet; free play carries none and never touches the wallet. The URL must
 * be https (http only in local development). Errors: 409 `game_currency_unavailable` (the provider does not play
 * the player's currency), 502 `game_provider_unavailable` (no key, no answer within PROVIDER_LAUNCH_TIMEOUT_MS, a
 * refusal or an answer that is not a URL; logged with the prefix `[provider]`).
 */
export async function providerLaunchUrl(env: Bindings, provider: GameProvider, launch: ProviderLaunchRequest, now = Date.now()): Promise<string> {
  if (provider.currencies.length > 0 && !provider.currencies.includes(launch.currency)) {
    throw new ApiError(409, 'game_currency_unavailable', `This game does not play ${launch.currency}`);
  }
  const secret = (env as unknown as Record<string, unknown>)[provider.secretName];
  const unavailable = (why: string) => {
    console.warn(`[provider] ${provider.code} on ${provider.merchantCode}: ${why}`);
    return new ApiError(502, 'game_provider_unavailable', 'The game could not be started; try again in a moment');
  };
  if (typeof secret !== 'string' || secret.length < 16) throw unavailable(`worker secret ${provider.secretName} is not set`);
  const launchToken = launch.freePlay ? null : await issueLaunchToken(env.DB, {
    merchantCode: provider.merchantCode, providerCode: provider.code, memberId: launch.memberId, gameCode: launch.gameCode,
    gameKind: launch.gameKind, currency: launch.currency,
  }, now);
  const body = JSON.stringify({
    mode: launch.freePlay ? 'free' : 'real', launchToken, gameCode: launch.gameCode, playerId: String(launch.memberId),
    currency: launch.currency, language: launch.language, returnUrl: launch.returnUrl, device: launch.device, walletUrl: launch.walletUrl,
  });
  let response: Response;
  try {
    response = await outboundFetch(env)(provider.launchUrl, {
      method: 'POST', body, signal: AbortSignal.timeout(PROVIDER_LAUNCH_TIMEOUT_MS),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(await signedHeaders(secret, body, now)) },
    });
  } catch (error) {
    throw unavailable(`launch call failed: ${String(error)}`);
  }
  if (!response.ok) throw unavailable(`launch answered ${response.status}`);
  const parsed = launchAnswer.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw unavailable('launch answer is not { url }');
  const url = new URL(parsed.data.url);
  if (url.protocol !== 'https:' && env.APP_ENV !== 'development') throw unavailable('launch URL is not https');
  return url.toString();
}
