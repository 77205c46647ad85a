import type { z } from 'zod';
import { encodeValue, ok } from '../lib/envelope';
import { requireMember } from '../middleware/auth-context';
import { findWallet } from '../db/queries/wallets';
import { accountsCalls } from '../../contract/calls/accounts';
import { walletCalls } from '../../contract/calls/wallet';
import { CallRouter } from './call-router';
import type { ValueOf } from '../../contract/call';

/** The wallet's account type id in `balance[]` (PlayDeck has one main wallet per member). */
export const MAIN_ACCOUNT_TYPE_ID = 1;

/**
 * Router for /wps/wallets (platform-contract.md §2 wallet; player-shell §3 Wallet, §4 Balance).
 * - GET /gcs (COMM3) → `{ sumBalance, currency, currencySymbol, balance: [{ accountTypeId: 1, availBalance }],
 *   bonusBalance, wageringRequired, wageringDone }`: sumBalance and availBalance are the playable balance (cash +
 *   bonus money, what a stake can spend: the platform's single balance field), bonusBalance the bonus part and its
 *   wagering progress (PlayDeck's own fields; docs/honest-money.md, Wire); amounts in DECIMAL currency units (the money codec: encodeValue; the exact body is not found in the platform's clients, this
 *   is the v2 style); 0 when the member has no wallet. Trial members see their play money. 401
 *   `customer.not.login` | `user.or.token.invalid`.
 */
export const walletRouter = new CallRouter('/wps/wallets').serve(accountsCalls.wallet, async (c) => {
  const member = requireMember(c);
  const merchant = c.var.merchant;
  const wallet = await findWallet(c.env.DB, member.memberId);
  const balance = wallet?.balanceMinor ?? 0;
  const value: z.output<typeof accountsCalls.wallet.value> = {
    sumBalance: balance,
    currency: wallet?.currency ?? merchant.currency,
    currencySymbol: merchant.currencySymbol,
    balance: [{ accountTypeId: MAIN_ACCOUNT_TYPE_ID, availBalance: balance }],
    bonusBalance: wallet?.bonusMinor ?? 0,
    wageringRequired: wallet?.wageringRequiredMinor ?? 0,
    wageringDone: wallet?.wageringDoneMinor ?? 0,
  };
  c.header('Cache-Control', 'no-store');
  return ok(c, encodeValue(accountsCalls.wallet, value));
});

/**
 * GET /wps/v2/wallets/balance (COMM3; platform-contract.md §2 wallet (2nd), §7.6) → `{ balance: [{ accountTypeId:
 * 1, availBalance }], currency, currencySymbol }`, DECIMAL currency units (the money codec) of the same ledger balance
 * as /wps/wallets/gcs; 0 without a wallet. 401 `customer.not.login` | `user.or.token.invalid`. Mounted at
 * /wps/v2/wallets.
 */
export const walletV2Router = new CallRouter('/wps/v2/wallets').serve(walletCalls.walletBalanceV2, async (c) => {
  const member = requireMember(c);
  const wallet = await findWallet(c.env.DB, member.memberId);
  const value: ValueOf<typeof walletCalls.walletBalanceV2> = {
    balance: [{ accountTypeId: MAIN_ACCOUNT_TYPE_ID, availBalance: wallet?.balanceMinor ?? 0 }],
    currency: wallet?.currency ?? c.var.merchant.currency,
    currencySymbol: c.var.merchant.currencySymbol,
  };
  c.header('Cache-Control', 'no-store');
  return ok(c, encodeValue(walletCalls.walletBalanceV2, value));
});

/**
 * Wallet relay (platform-contract.md §2 "merchant wallet", §7.6), mounted at /wps/relay: GET /GCS_merchantWallet
 * (COMM3) → `{ isSingle: true }` — PlayDeck keeps one wallet per member (no transfers between wallets). 401 without
 * a session, as the client sends it only signed in.
 */
export const walletRelayRouter = new CallRouter('/wps/relay').serve(walletCalls.merchantWallet, (c) => {
  requireMember(c);
  const value: ValueOf<typeof walletCalls.merchantWallet> = { isSingle: true };
  return ok(c, value);
});
