import { z } from 'zod';

/**
 * The seamless-wallet protocol a game provider's server speaks with PlayDeck (docs/game-providers.md): the provider
 * POSTs JSON to `/wps/playdeck/games/wallet/<providerCode>/<operation>`, signed with its HMAC key (`X-Timestamp`:
 * epoch ms, `X-Signature`: hex HMAC-SHA256 of `<timestamp>.<body>`). Money is a decimal string in the currency's
 * units with exactly two decimals ("12.50"), as providers send it; inside PlayDeck it is integer minor units.
 * Not part of the player API (`allCalls()`): these are server-to-server calls; `npm run openapi` lists them under
 * the `provider-wallet` tag.
 */

/** A decimal amount as the provider sends it: a string (or number) with at most two decimals, ≥ 0. */
const amount = z.union([z.string().regex(/^\d{1,13}(\.\d{1,2})?$/), z.number().nonnegative().max(1e13)]);
/** The provider's ids: its transaction and round ids, PlayDeck's session id, the game's code. */
const id = z.string().min(1).max(100).regex(/^[\w.:-]+$/);

export const walletAuthenticateBody = z.object({ launchToken: z.string().min(20).max(200) });
export const walletBalanceBody = z.object({ sessionId: id, playerId: id });
export const walletDebitBody = z.object({
  sessionId: id, playerId: id, transactionId: id, roundId: id, gameCode: id, amount, currency: z.string().min(3).max(8),
});
export const walletCreditBody = walletDebitBody.extend({
  /** The round ends with this credit (informational; a credit of 0 closes a lost round). */
  roundClosed: z.boolean().optional(),
});
export const walletRollbackBody = z.object({
  sessionId: id, playerId: id, transactionId: id, roundId: id,
  /** The debit the provider cancels. */
  originalTransactionId: id,
});

/** The operations and their bodies. */
export const WALLET_OPERATIONS = {
  authenticate: walletAuthenticateBody,
  balance: walletBalanceBody,
  debit: walletDebitBody,
  credit: walletCreditBody,
  rollback: walletRollbackBody,
} as const;
export type WalletOperation = keyof typeof WALLET_OPERATIONS;

/** A successful answer (HTTP 200). `balance` is the playable balance (cash + bonus) after the call. */
export const walletOkAnswer = z.object({
  status: z.literal('OK'),
  balance: z.string(),
  currency: z.string(),
  /** authenticate only: the game session the other calls carry, and the player's id. */
  sessionId: z.string().optional(),
  playerId: z.string().optional(),
  /** debit, credit, rollback: the provider's transaction id, and PlayDeck's (the ledger entry's key). */
  transactionId: z.string().optional(),
  walletTransactionId: z.string().optional(),
});

/**
 * The protocol's error codes, with the HTTP status each is answered with. A provider acts on `errorCode`:
 * retry later on 5xx and on nothing else; `INSUFFICIENT_FUNDS`, `LIMIT_EXCEEDED` and `PLAYER_BLOCKED` end the bet.
 */
export const WALLET_ERRORS = {
  BAD_REQUEST: 400,
  CURRENCY_MISMATCH: 400,
  ROLLBACK_NOT_ALLOWED: 400,
  INVALID_SIGNATURE: 401,
  INVALID_TOKEN: 401,
  SESSION_EXPIRED: 401,
  PLAYER_BLOCKED: 403,
  UNKNOWN_PROVIDER: 404,
  ROUND_NOT_FOUND: 404,
  INSUFFICIENT_FUNDS: 409,
  LIMIT_EXCEEDED: 409,
  TRANSACTION_CONFLICT: 409,
  TRANSACTION_ROLLED_BACK: 409,
  ROUND_SETTLED: 409,
} as const;
export type WalletErrorCode = keyof typeof WALLET_ERRORS;

/** An error answer. */
export const walletErrorAnswer = z.object({
  status: z.literal('ERROR'),
  errorCode: z.enum(Object.keys(WALLET_ERRORS) as [WalletErrorCode, ...WalletErrorCode[]]),
  message: z.string(),
  /** Where it helps the provider: the balance now (INSUFFICIENT_FUNDS, LIMIT_EXCEEDED). */
  balance: z.string().optional(),
});
