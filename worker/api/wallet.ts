import { Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { requireMember } from '../services/auth-context';
import { findWallet } from '../db/queries/wallets';
import { minorToWire } from '../../src/contract/money';
import type { accountsCalls } from '../../src/contract/calls/accounts';

/** The wallet's account type id in `balance[]` (PlayDeck has one main wallet per member). */
export const MAIN_ACCOUNT_TYPE_ID = 1;

/**
 * Router for /wps/wallets (platform-contract.md §2 wallet; player-shell §3 Wallet, §4 Balance).
 * - GET /gcs (COMM3) → `{ sumBalance, currency, currencySymbol, balance: [{ accountTypeId: 1, availBalance }] }`,
 *   amounts in DECIMAL currency units (minorToWire; the exact body is not found in the platform's clients, this
 *   is the v2 style); 0 when the member has no wallet. Trial members see their play money. 401
 *   `customer.not.login` | `user.or.token.invalid`.
 */
export const walletRouter = new Hono<AppEnv>().get('/gcs', async (c) => {
  const member = requireMember(c);
  const merchant = c.var.merchant;
  const wallet = await findWallet(c.env.DB, member.memberId);
  const balance = minorToWire(wallet?.balanceMinor ?? 0);
  const value: z.input<typeof accountsCalls.wallet.value> = {
    sumBalance: balance,
    currency: wallet?.currency ?? merchant.currency,
    currencySymbol: merchant.currencySymbol,
    balance: [{ accountTypeId: MAIN_ACCOUNT_TYPE_ID, availBalance: balance }],
  };
  c.header('Cache-Control', 'no-store');
  return ok(c, value);
});
