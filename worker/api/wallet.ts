import { Hono } from 'hono';
import type { AppEnv } from '../env';
import type { WalletValue } from '../../src/api/types';
import { ok } from '../lib/envelope';
import { requireMember } from '../services/auth-context';
import { findWallet } from '../db/queries/wallets';

/**
 * Router for /wps/wallets (player-shell §3 Wallet, §4 Balance).
 * - GET /gcs → WalletValue `{ sumBalance, currency, currencySymbol }`, sumBalance in minor units (0 when
 *   the member has no wallet). Trial members see their play money. 401 without a session.
 */
export const walletRouter = new Hono<AppEnv>().get('/gcs', async (c) => {
  const member = requireMember(c);
  const merchant = c.var.merchant;
  const wallet = await findWallet(c.env.DB, member.memberId);
  const value: WalletValue = {
    sumBalance: wallet?.balanceMinor ?? 0,
    currency: wallet?.currency ?? merchant.currency,
    currencySymbol: merchant.currencySymbol,
  };
  c.header('Cache-Control', 'no-store');
  return ok(c, value);
});
