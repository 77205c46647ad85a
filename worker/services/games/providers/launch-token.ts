import { hashToken, newToken } from '../../crypto/tokens';
import { insertLaunchToken } from '../../../db/queries/provider-wallet';
import { LAUNCH_TOKEN_TTL_MS } from './wallet';

/**
 * A one-time launch token for a real-money launch of a provider's game (docs/game-providers.md "Launch"): stored as
 * its SHA-256, good for LAUNCH_TOKEN_TTL_MS and for one `authenticate` call, which turns it into a game session.
 * Free-play launches get none: free play never touches the wallet.
 */
export async function issueLaunchToken(
  db: D1Database,
  launch: { merchantCode: string; providerCode: string; memberId: number; gameCode: string; gameKind: string; currency: string },
  now = Date.now(),
): Promise<string> {
  const token = newToken();
  await insertLaunchToken(db, hashToken(token), { ...launch, tokenExpiresAt: now + LAUNCH_TOKEN_TTL_MS }, now);
  return token;
}
