/**
 * PlayDeck's side of the seamless-wallet protocol (docs/game-providers.md; contract/provider-wallet.ts): the
 * provider's server authenticates a launch token, reads the balance, debits bets, credits wins and rolls back
 * cancelled bets. This file checks the call (provider, signature, body, session) and runs the money operations of
 * wallet-money.ts, which the built-in demo games use in process too (docs/game-providers.md "The built-in games as
 * a provider"). Every movement is one D1 batch: the ledger entries (services/ledger/ledger.ts), the provider
 * transaction row and, for a bet, the player-protection guard, so money, record and limit stand or fall together.
 *
 * Rules, by operation:
 * - every call: the provider must be on for the site (404 UNKNOWN_PROVIDER) and the body signed with its key within
 *   the timestamp window (401 INVALID_SIGNATURE); a body that does not fit is 400 BAD_REQUEST.
 * - authenticate `{ launchToken }`: a token is good once, for LAUNCH_TOKEN_TTL_MS, and becomes a game session
 *   (GAME_SESSION_TTL_MS) → `{ sessionId, playerId, balance, currency }`; 401 INVALID_TOKEN otherwise; 403
 *   PLAYER_BLOCKED for a player on a break or self-excluded.
 * - balance: the playable balance (cash + bonus).
 * - debit (a bet): needs a live session of that player (401 SESSION_EXPIRED), the session's currency (400
 *   CURRENCY_MISMATCH), an amount > 0; 403 PLAYER_BLOCKED; 409 INSUFFICIENT_FUNDS, LIMIT_EXCEEDED (a loss or wager
 *   limit the player set), TRANSACTION_ROLLED_BACK (a rollback of this id came first). Cash first, then bonus,
 *   counting the game kind's share towards the bonus's wagering (docs/honest-money.md).
 * - credit (a win; 0 closes a lost round): accepted after the session expired (a round that began in time must
 *   pay); needs a debit of the round that was not rolled back (404 ROUND_NOT_FOUND — an out-of-order credit is
 *   refused and the provider retries it after the debit); paid back to cash and bonus as the round's stake was.
 * - rollback of a debit: gives the stake back once (a second rollback of the same debit answers OK and moves
 *   nothing); of a debit whose round already has a credit: 409 ROUND_SETTLED; of a credit or rollback: 400
 *   ROLLBACK_NOT_ALLOWED (a win is never taken back by the provider: that is the operator's correction); of an
 *   unknown debit: answered OK with the balance and remembered, so the debit, if it arrives later, is refused
 *   (TRANSACTION_ROLLED_BACK) — the provider has already told its player the bet was cancelled.
 * - idempotent by the provider's transaction id: the same id again answers the first result (the balance then) and
 *   moves nothing; the same id with another kind, player, round or amount is 409 TRANSACTION_CONFLICT.
 */
import { minorToWire, wireToMinor } from '../../../../contract/money';
import type { walletCreditBody, walletDebitBody, walletRollbackBody} from '../../../../contract/provider-wallet';
import { WALLET_OPERATIONS, type WalletOperation } from '../../../../contract/provider-wallet';
import type { z } from 'zod';
import type { Bindings } from '../../../env';
import { ApiError } from '../../../lib/envelope';
import { getBalance, type LedgerChange } from '../../ledger/ledger';
import { exclusionState } from '../../protection/exclusion';
import type { BonusRules } from '../../wallet/bonus-rules';
import { bonusRulesOf } from '../../../model/bonus-rules';
import { exclusionBlock } from '../../../../rules/exclusion';
import { verifyPayload } from '../../wallet/payments/signature';
import { hashToken, newToken } from '../../crypto/tokens';
import {
  authenticateLaunchToken, readWallet, BUILT_IN_PROVIDER_CODE,
  type GameProvider, type LiveCheck, type ProviderSession, type WalletReads,
} from '../../../db/queries/provider-wallet';
import { BONUS_RULE_COLUMNS, type BonusRulesRow } from '../../../db/queries/bonus-rules';
import { debitStatements, move, replayOf, StaleWalletReads, walletCredit, walletDebit, WalletError, type Moved, type WalletWhere } from './wallet-money';
import { cachedDebitReads, forgetWalletReads, rememberWalletReads } from './wallet-cache';

export { WalletError } from './wallet-money';

/** How long a launch token waits for the provider's authenticate call. */
export const LAUNCH_TOKEN_TTL_MS = 5 * 60 * 1000;
/** How long a game session takes bets after its authentication. */
export const GAME_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** A successful answer, money in minor units (the router writes the wire form). */
export interface WalletResult {
  balanceMinor: number;
  currency: string;
  sessionId?: string;
  playerId?: string;
  transactionId?: string;
  walletTransactionId?: string;
}

/** The HMAC key of a provider: the worker secret its settings name; a provider without it cannot be verified. */
function providerSecret(env: Bindings, provider: GameProvider): string | null {
  const value = (env as unknown as Record<string, unknown>)[provider.secretName];
  return typeof value === 'string' && value.length >= 16 ? value : null;
}

/** Reads an amount of the wire (decimal string) as minor units; 400 BAD_REQUEST when it is not one. */
function amountMinor(value: string | number): number {
  try {
    return wireToMinor(value);
  } catch {
    throw new WalletError('BAD_REQUEST', 'The amount is not a decimal amount with at most two decimals');
  }
}

/**
 * Handles one signed wallet call of `providerCode` on the site `merchantCode`: reads what the call needs in one
 * round trip (readWallet), checks the provider and the signature, and runs the operation. A debit whose provider,
 * session and bonus rules were read in this isolate in the last 30 s is made without that read, in one round trip
 * (cachedDebit). Throws WalletError for every refusal.
 */
export async function walletCall(
  env: Bindings, merchantCode: string, providerCode: string, operation: string, request: Request, now = Date.now(),
): Promise<WalletResult> {
  const where = { merchantCode, providerCode };
  const db = env.DB;
  const text = await request.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Refused below, once the signature is known to be good.
  }
  const schema = operation in WALLET_OPERATIONS ? WALLET_OPERATIONS[operation as WalletOperation] : null;
  const parsed = schema?.safeParse(json);
  const body = (parsed?.success ? parsed.data : {}) as Partial<{ sessionId: string; transactionId: string; originalTransactionId: string; roundId: string }>;
  if (operation === 'debit' && parsed?.success) {
    const fast = await cachedDebit(env, where, parsed.data as z.output<typeof walletDebitBody>, request, text, now);
    if (fast) return fast;
  }
  const reads = await readWallet(db, where, {
    sessionId: body.sessionId ?? '',
    ...(body.transactionId !== undefined ? { transactionId: body.transactionId } : {}),
    ...(operation === 'rollback' && body.originalTransactionId !== undefined ? { relatedId: body.originalTransactionId } : {}),
    ...(operation === 'credit' && body.roundId !== undefined ? { roundId: body.roundId } : {}),
    ...(operation === 'debit' ? { bonusRulesColumns: BONUS_RULE_COLUMNS, exclusions: true } : {}),
    ...(operation === 'balance' ? { balance: true } : {}),
  });
  rememberWalletReads(where, { provider: reads.provider, session: reads.session, ...(operation === 'debit' ? { bonusRulesRow: reads.bonusRulesRow } : {}) }, now);
  // The built-in games' code is reserved: they use the wallet in process only (docs/game-providers.md).
  if (!reads.provider || !reads.provider.enabled || providerCode === BUILT_IN_PROVIDER_CODE) throw new WalletError('UNKNOWN_PROVIDER', 'No such game provider on this site');
  const secret = providerSecret(env, reads.provider);
  if (!secret || !(await verifyPayload(secret, request.headers.get('X-Timestamp'), request.headers.get('X-Signature'), text, now))) throw new WalletError('INVALID_SIGNATURE', 'The signature is missing, stale or wrong');
  if (!schema) throw new WalletError('BAD_REQUEST', 'No such wallet operation');
  if (!parsed?.success) throw new WalletError('BAD_REQUEST', json === null ? 'The body is not JSON' : `The body does not fit the ${operation} call`);
  switch (operation as WalletOperation) {
    case 'authenticate': {
      const session = await authenticateLaunchToken(db, where, hashToken((parsed.data as { launchToken: string }).launchToken), newToken(), now + GAME_SESSION_TTL_MS, now);
      if (!session?.sessionId) throw new WalletError('INVALID_TOKEN', 'The launch token is unknown, used or expired');
      rememberWalletReads(where, { session }, now);
      if (await exclusionState(db, { merchantCode: session.merchantCode, memberId: session.memberId }, now)) throw blocked();
      return { balanceMinor: await getBalance(db, session.memberId), currency: session.currency, sessionId: session.sessionId, playerId: String(session.memberId) };
    }
    case 'balance': {
      const session = sessionOf(reads, (parsed.data as { playerId: string }).playerId, now, true);
      return { balanceMinor: reads.balanceMinor ?? 0, currency: session.currency };
    }
    case 'debit':
      return debit(db, where, reads, parsed.data as z.output<typeof walletDebitBody>, now);
    case 'credit':
      return credit(db, where, reads, parsed.data as z.output<typeof walletCreditBody>, now);
    case 'rollback':
      return rollback(db, where, reads, parsed.data as z.output<typeof walletRollbackBody>, now);
  }
}

type Where = WalletWhere;

/** The read session, of player `playerId`; `live` also requires it not to have expired. */
function sessionOf(reads: WalletReads, playerId: string, now: number, live: boolean): ProviderSession {
  const session = reads.session;
  if (!session || String(session.memberId) !== playerId) throw new WalletError('SESSION_EXPIRED', 'No such game session for this player');
  if (live && (session.sessionExpiresAt ?? 0) <= now) throw new WalletError('SESSION_EXPIRED', 'The game session has expired');
  return session;
}

/** 403 PLAYER_BLOCKED: the player is on a break or self-excluded (docs/player-protection.md). */
const blocked = () => new WalletError('PLAYER_BLOCKED', 'The player may not play now (a break or self-exclusion)');

/** The wire answer of a movement of transaction `transactionId` in `session`. */
const answerOf = (moved: Moved, session: ProviderSession, transactionId: string): WalletResult => ({
  balanceMinor: moved.balanceMinor, currency: session.currency, transactionId, walletTransactionId: moved.ledgerKey ?? undefined,
});

/**
 * The protocol's code for a refusal of the in-process operations (wallet-money.ts): 409 INSUFFICIENT_FUNDS and
 * LIMIT_EXCEEDED with the balance now, 403 PLAYER_BLOCKED for a break or self-exclusion; other errors unchanged.
 */
async function asWalletError(db: D1Database, memberId: number, error: unknown): Promise<unknown> {
  if (!(error instanceof ApiError)) return error;
  if (error.errorCode === 'insufficient_balance') return new WalletError('INSUFFICIENT_FUNDS', 'The balance is too low for this bet', await getBalance(db, memberId));
  if (error.errorCode === 'player_on_break' || error.errorCode === 'player_self_excluded') return blocked();
  if (/_limit_exceeded$/.test(error.errorCode)) return new WalletError('LIMIT_EXCEEDED', error.message, await getBalance(db, memberId));
  return error;
}

/** A signed debit: the replay or checks of the call, then walletDebit (wallet-money.ts) with the protocol's codes. */
async function debit(db: D1Database, where: Where, reads: WalletReads, body: z.output<typeof walletDebitBody>, now: number): Promise<WalletResult> {
  const stake = amountMinor(body.amount);
  const existing = reads.transaction;
  const session = sessionOf(reads, body.playerId, now, existing === null);
  if (existing) return answerOf(replayOf(existing, { kind: 'debit', memberId: session.memberId, roundId: body.roundId, amountMinor: stake }), session, body.transactionId);
  if (body.currency.toUpperCase() !== session.currency.toUpperCase()) throw new WalletError('CURRENCY_MISMATCH', 'The session plays another currency');
  if (stake <= 0) throw new WalletError('BAD_REQUEST', 'A bet must be more than 0');
  if (exclusionBlock(reads.exclusions, now)) throw blocked();
  const rules = bonusRulesOf(reads.bonusRulesRow as BonusRulesRow | null);
  try {
    const moved = await walletDebit(db, where, rules, {
      memberId: session.memberId, transactionId: body.transactionId, roundId: body.roundId, gameCode: body.gameCode, gameKind: session.gameKind, amountMinor: stake,
    }, now);
    return answerOf(moved, session, body.transactionId);
  } catch (error) {
    throw await asWalletError(db, session.memberId, error);
  }
}

/**
 * A debit from this isolate's cached reads (wallet-cache.ts), in ONE round trip: the signature is checked with the
 * cached provider's key, the session's player, expiry and currency against the cached session, and the write batch
 * itself enforces what must be exact at that instant — its transaction row checks that the provider is still on
 * with that key, the session still live and the bonus contributions unchanged (LiveCheck), the transaction id and
 * ledger key are unique (a repeat answers the stored row, replayOf), the limit guard refuses a break, a
 * self-exclusion or a limit, and the wallet's CHECK a balance below zero. Answers null — the caller then takes the
 * path of fresh reads, which gives the exact answer in the protocol's order — when nothing is cached, when any of
 * these checks fails before the batch, or when the batch found the cache stale (which it then forgets).
 */
async function cachedDebit(
  env: Bindings, where: Where, body: z.output<typeof walletDebitBody>, request: Request, text: string, now: number,
): Promise<WalletResult | null> {
  const cached = cachedDebitReads(where, body.sessionId, now);
  if (!cached || where.providerCode === BUILT_IN_PROVIDER_CODE) return null;
  const { provider, session, bonus } = cached;
  const secret = providerSecret(env, provider);
  if (!secret || !(await verifyPayload(secret, request.headers.get('X-Timestamp'), request.headers.get('X-Signature'), text, now))) return null;
  if (String(session.memberId) !== body.playerId || (session.sessionExpiresAt ?? 0) <= now) return null;
  if (body.currency.toUpperCase() !== session.currency.toUpperCase()) return null;
  let stake: number;
  try {
    stake = amountMinor(body.amount);
  } catch {
    return null;
  }
  if (stake <= 0) return null;
  try {
    const moved = await walletDebit(env.DB, where, bonus.rules, {
      memberId: session.memberId, transactionId: body.transactionId, roundId: body.roundId, gameCode: body.gameCode, gameKind: session.gameKind, amountMinor: stake,
      live: { sessionId: body.sessionId, secretName: provider.secretName, contributions: bonus.contributions },
    }, now);
    return answerOf(moved, session, body.transactionId);
  } catch (error) {
    if (error instanceof StaleWalletReads) {
      forgetWalletReads(where, body.sessionId);
      return null;
    }
    throw await asWalletError(env.DB, session.memberId, error);
  }
}

/** A signed credit: the replay or checks of the call, then walletCredit (wallet-money.ts). */
async function credit(db: D1Database, where: Where, reads: WalletReads, body: z.output<typeof walletCreditBody>, now: number): Promise<WalletResult> {
  const win = amountMinor(body.amount);
  const session = sessionOf(reads, body.playerId, now, false);
  const existing = reads.transaction;
  if (existing) return answerOf(replayOf(existing, { kind: 'credit', memberId: session.memberId, roundId: body.roundId, amountMinor: win }), session, body.transactionId);
  if (body.currency.toUpperCase() !== session.currency.toUpperCase()) throw new WalletError('CURRENCY_MISMATCH', 'The session plays another currency');
  const stake = reads.related;
  if (!stake) throw new WalletError('ROUND_NOT_FOUND', 'No open bet of this round (a credit before its debit, or after its rollback)');
  const moved = await walletCredit(db, where, {
    memberId: session.memberId, transactionId: body.transactionId, roundId: body.roundId, gameCode: body.gameCode, amountMinor: win, stakeKey: stake.ledgerKey,
  }, now);
  return answerOf(moved, session, body.transactionId);
}

async function rollback(db: D1Database, where: Where, reads: WalletReads, body: z.output<typeof walletRollbackBody>, now: number): Promise<WalletResult> {
  const key = { ...where, transactionId: body.transactionId };
  const session = sessionOf(reads, body.playerId, now, false);
  const existing = reads.transaction;
  if (existing) {
    if (existing.kind !== 'rollback' || existing.refTransactionId !== body.originalTransactionId) throw new WalletError('TRANSACTION_CONFLICT', 'This transaction id was used for another movement');
    return answerOf(replayOf(existing, { kind: 'rollback', memberId: session.memberId, roundId: existing.roundId }), session, body.transactionId);
  }
  const target = reads.related;
  if (target && target.memberId !== session.memberId) throw new WalletError('TRANSACTION_CONFLICT', 'The original transaction belongs to another player');
  if (target && target.kind !== 'debit') throw new WalletError('ROLLBACK_NOT_ALLOWED', 'Only a bet (debit) can be rolled back');
  const base = { kind: 'rollback' as const, memberId: session.memberId, roundId: target?.roundId ?? body.roundId, gameCode: target?.gameCode ?? '', refTransactionId: body.originalTransactionId, createdAt: now };
  // The refund's ledger key was used, or the debit was already rolled back under another rollback id: nothing more to give back.
  const already = async (): Promise<WalletResult> => ({ balanceMinor: await getBalance(db, session.memberId), currency: session.currency, transactionId: body.transactionId });
  if (!target) {
    // Unknown debit: remember the rollback (amount 0) so the debit, arriving late, is refused; no money moves.
    const moved = await move(db, key, { ...base, amountMinor: 0, ledgerKey: null }, [], [], now);
    return moved ? answerOf(moved, session, body.transactionId) : already();
  }
  const refundKey = `prov:${where.providerCode}:rollback:${body.originalTransactionId}`;
  const change: LedgerChange = {
    amountMinor: target.amountMinor, kind: 'refund', reference: `provider:${where.providerCode}:${target.roundId}`,
    idempotencyKey: refundKey, balance: 'payout', stakeKey: target.ledgerKey ?? undefined,
  };
  try {
    const moved = await move(db, key, { ...base, amountMinor: target.amountMinor, ledgerKey: refundKey }, [change], [], now);
    return moved ? answerOf(moved, session, body.transactionId) : already();
  } catch (error) {
    if (error instanceof WalletError && error.errorCode === 'TRANSACTION_ROLLED_BACK') return already();
    throw error;
  }
}

/**
 * The bare statements of a debit (ledger entry, provider transaction row, limit guard): what one debit writes in its
 * batch, for the benchmark's comparison (worker/api/dev-timing.ts). `amountMinor` is the stake; `live`: the row check a debit
 * from cached reads writes (LiveCheck).
 */
export function walletDebitStatements(
  db: D1Database, where: Where, session: ProviderSession, rules: BonusRules,
  debit: { transactionId: string; roundId: string; amountMinor: number; live?: LiveCheck }, now: number,
): D1PreparedStatement[] {
  return debitStatements(db, where, rules, { ...debit, memberId: session.memberId, gameCode: session.gameCode, gameKind: session.gameKind }, now);
}

/** The wire form of an answer: money as a decimal string with two decimals. */
export function walletAnswer(result: WalletResult): Record<string, string> {
  const { balanceMinor, ...rest } = result;
  return { status: 'OK', balance: minorToWire(balanceMinor).toFixed(2), ...(Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Record<string, string>) };
}

/** The wire form of a refusal. */
export function walletErrorAnswer(error: WalletError): Record<string, string> {
  return {
    status: 'ERROR', errorCode: error.errorCode, message: error.message,
    ...(error.balanceMinor !== undefined ? { balance: minorToWire(error.balanceMinor).toFixed(2) } : {}),
  };
}
