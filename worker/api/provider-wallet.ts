import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { walletAnswer, walletCall, walletErrorAnswer, WalletError } from '../services/games/providers/wallet';

/**
 * The seamless wallet's endpoint for game providers' servers (docs/game-providers.md; contract/provider-wallet.ts):
 * POST /wps/playdeck/games/wallet/:provider/:operation (authenticate, balance, debit, credit, rollback), signed
 * with the provider's HMAC key. Answers `{ status: 'OK', balance, currency, … }` (200) or `{ status: 'ERROR',
 * errorCode, message, balance? }` with the code's HTTP status (WALLET_ERRORS). Server to server: open during
 * maintenance (a round that began must settle) and never region-gated (worker/model/gating.ts); the site is the
 * request's host, like every API call. Built-in mode only: in upstream mode /wps is the platform's.
 */
export const providerWalletRouter = new Hono<AppEnv>().post('/:provider/:operation', async (c) => {
  try {
    const result = await walletCall(c.env, c.var.merchant.code, c.req.param('provider'), c.req.param('operation'), c.req.raw);
    return c.json(walletAnswer(result));
  } catch (error) {
    if (error instanceof WalletError) return c.json(walletErrorAnswer(error), error.status as 400);
    throw error;
  }
});
