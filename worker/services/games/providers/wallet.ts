/**
 * PlayDeck's side of the seamless-wallet protocol (docs/game-providers.md; contract/provider-wallet.ts): the
 * provider's server authenticates a launch token, reads the balance, debits bets, credits wins and rolls back
 * cancelled bets. Every movement is one D1 batch: the ledger entries (services/ledger/ledger.ts), the provider
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
import {
  WALLET_ERRORS, WALLET_OPERATIONS,
  type WalletErrorCode, type WalletOperation,
} from '../../../../contract/provider-wallet';
import type { z } from 'zod';
import type { Bindings } from '../../../env';
import { ApiError } from '../../../lib/envelope';
import { getBalance, ledgerStatements, postLedgerBatch, type LedgerChange } from '../../ledger/ledger';
import { guarded, limitGuardStatement, type GuardedMovement } from '../../protection/guard';
import { exclusionState } from '../../protection/exclusion';
import { stakeChange, GAME_KINDS, type BonusRules, type GameKind } from '../../wallet/bonus-rules';
import { bonusRulesOf } from '../../../model/bonus-rules';
import { exclusionBlock } from '../../../../rules/exclusion';
import { verifyPayload } from '../../wallet/payments/signature';
import { hashToken, newToken } from '../../crypto/tokens';
import {
  authenticateLaunchToken, findProviderTransaction, insertTransactionStatement, providerOrderError, readWallet,
  type GameProvider, type ProviderSession, type ProviderTransaction, type TransactionKey, type WalletReads,
} from '../../../db/queries/provider-wallet';
import { BONUS_RULE_COLUMNS, type BonusRulesRow } from '../../../db/queries/bonus-rules';

/** How long a launch token waits for the provider's authenticate call. */
export const LAUNCH_TOKEN_TTL_MS = 5 * 60 * 1000;
/** How long a game session takes bets after its authentication. */
export const GAME_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** A refusal of the protocol: its code (and HTTP status, WALLET_ERRORS) and, where it helps, the balance now. */
export class WalletError extends Error {
  constructor(readonly errorCode: WalletErrorCode, message: string, readonly balanceMinor?: number) {
    super(message);
    this.name = 'WalletError';
  }
  get status(): number {
    return WALLET_ERRORS[this.errorCode];
  }
}

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

/** The game kind a stake counts as for wagering; an unknown kind counts as a slot's (the most common provider game). */
const gameKindOf = (kind: string): GameKind => ((GAME_KINDS as readonly string[]).includes(kind) ? (kind as GameKind) : 'slot');

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
 * round trip (readWallet), checks the provider and the signature, and runs the operation. Throws WalletError for
 * every refusal.
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
  const reads = await readWallet(db, where, {
    sessionId: body.sessionId ?? '',
    ...(body.transactionId !== undefined ? { transactionId: body.transactionId } : {}),
    ...(operation === 'rollback' && body.originalTransactionId !== undefined ? { relatedId: body.originalTransactionId } : {}),
    ...(operation === 'credit' && body.roundId !== undefined ? { roundId: body.roundId } : {}),
    ...(operation === 'debit' ? { bonusRulesColumns: BONUS_RULE_COLUMNS, exclusions: true } : {}),
    ...(operation === 'balance' ? { balance: true } : {}),
  });
  if (!reads.provider || !reads.provider.enabled) throw new WalletError('UNKNOWN_PROVIDER', 'No such game provider on this site');
  const secret = providerSecret(env, reads.provider);
  if (!secret || !(await verifyPayload(secret, request.headers.get('X-Timestamp'), request.headers.get('X-Signature'), text, now))) throw new WalletError('INVALID_SIGNATURE', 'The signature is missing, stale or wrong');
  if (!schema) throw new WalletError('BAD_REQUEST', 'No such wallet operation');
  if (!parsed?.success) throw new WalletError('BAD_REQUEST', json === null ? 'The body is not JSON' : `The body does not fit the ${operation} call`);
  switch (operation as WalletOperation) {
    case 'authenticate': {
      const session = await authenticateLaunchToken(db, where, hashToken((parsed.data as { launchToken: string }).launchToken), newToken(), now + GAME_SESSION_TTL_MS, now);
      if (!session?.sessionId) throw new WalletError('INVALID_TOKEN', 'The launch token is unknown, used or expired');
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

type Where = { merchantCode: string; providerCode: string };

/** The read session, of player `playerId`; `live` also requires it not to have expired. */
function sessionOf(reads: WalletReads, playerId: string, now: number, live: boolean): ProviderSession {
  const session = reads.session;
  if (!session || String(session.memberId) !== playerId) throw new WalletError('SESSION_EXPIRED', 'No such game session for this player');
  if (live && (session.sessionExpiresAt ?? 0) <= now) throw new WalletError('SESSION_EXPIRED', 'The game session has expired');
  return session;
}

/** 403 PLAYER_BLOCKED: the player is on a break or self-excluded (docs/player-protection.md). */
const blocked = () => new WalletError('PLAYER_BLOCKED', 'The player may not play now (a break or self-exclusion)');

/** The answer of a transaction stored earlier, when the call repeats it; 409 TRANSACTION_CONFLICT when it differs. */
function replayOf(stored: ProviderTransaction, expect: Pick<ProviderTransaction, 'kind' | 'memberId' | 'roundId'> & { amountMinor?: number }, session: ProviderSession, transactionId: string): WalletResult {
  if (stored.kind !== expect.kind || stored.memberId !== expect.memberId || stored.roundId !== expect.roundId
    || (expect.amountMinor !== undefined && stored.amountMinor !== expect.amountMinor)) {
    throw new WalletError('TRANSACTION_CONFLICT', 'This transaction id was used for another movement');
  }
  return { balanceMinor: stored.balanceAfterMinor, currency: session.currency, transactionId, walletTransactionId: stored.ledgerKey ?? undefined };
}

/** The ledger key of a provider transaction (unique per member, so a movement is made once). */
const ledgerKey = (where: Where, transactionId: string) => `prov:${where.providerCode}:${transactionId}`;

/**
 * Posts `changes` with the transaction row (and `extra` statements) in one batch and answers the balance the row
 * stored (its RETURNING), without another read. A batch that lost a race to the same transaction id answers what
 * the winner stored.
 */
async function move(db: D1Database, key: TransactionKey, session: ProviderSession, tx: Omit<ProviderTransaction, 'balanceAfterMinor'>, changes: LedgerChange[], extra: D1PreparedStatement[], now: number): Promise<WalletResult> {
  const rowStatement = insertTransactionStatement(db, key, tx);
  try {
    let row: D1Result | undefined;
    if (changes.length === 0) row = (await db.batch([rowStatement, ...extra]))[0];
    else {
      const posted = await postLedgerBatch(db, tx.memberId, changes, [rowStatement, ...extra], now);
      row = posted.replayed ? undefined : posted.results[posted.ledgerStatementCount];
    }
    const balance = (row?.results[0] as { balance_after_minor?: number } | undefined)?.balance_after_minor;
    if (balance !== undefined) {
      return { balanceMinor: balance, currency: session.currency, transactionId: key.transactionId, walletTransactionId: tx.ledgerKey ?? undefined };
    }
  } catch (error) {
    const order = providerOrderError(error);
    if (order === 'provider_round_not_found') throw new WalletError('ROUND_NOT_FOUND', 'No open bet of this round (a credit before its debit, or after its rollback)');
    if (order === 'provider_round_settled') throw new WalletError('ROUND_SETTLED', 'The round already has a win: its bet cannot be rolled back');
    if (order === 'provider_transaction_rolled_back') throw new WalletError('TRANSACTION_ROLLED_BACK', 'This bet was rolled back before it arrived');
    if (String(error instanceof Error ? error.message : error).includes('UNIQUE') && String(error).includes('provider_transactions')) {
      // Lost the race to the same transaction id (the ledger key was new: a zero credit): fall through to the stored row.
    } else if (error instanceof ApiError && error.errorCode === 'insufficient_balance') {
      throw new WalletError('INSUFFICIENT_FUNDS', 'The balance is too low for this bet', await getBalance(db, tx.memberId));
    } else throw error;
  }
  const stored = await findProviderTransaction(db, key);
  if (!stored && tx.kind === 'rollback') {
    // The refund's ledger key was used: the debit was already rolled back under another rollback id.
    return { balanceMinor: await getBalance(db, tx.memberId), currency: session.currency, transactionId: key.transactionId };
  }
  if (!stored) throw new Error('provider transaction missing after its batch');
  return replayOf(stored, tx, session, key.transactionId);
}

async function debit(db: D1Database, where: Where, reads: WalletReads, body: z.output<typeof walletDebitBody>, now: number): Promise<WalletResult> {
  const key = { ...where, transactionId: body.transactionId };
  const stake = amountMinor(body.amount);
  const existing = reads.transaction;
  const session = sessionOf(reads, body.playerId, now, existing === null);
  if (existing) return replayOf(existing, { kind: 'debit', memberId: session.memberId, roundId: body.roundId, amountMinor: stake }, session, body.transactionId);
  if (body.currency.toUpperCase() !== session.currency.toUpperCase()) throw new WalletError('CURRENCY_MISMATCH', 'The session plays another currency');
  if (stake <= 0) throw new WalletError('BAD_REQUEST', 'A bet must be more than 0');
  if (exclusionBlock(reads.exclusions, now)) throw blocked();
  const rules = bonusRulesOf(reads.bonusRulesRow as BonusRulesRow | null);
  const { change, tx, movement } = debitParts(where, session, rules, {
    transactionId: body.transactionId, roundId: body.roundId, gameCode: body.gameCode, amountMinor: stake,
  }, now);
  try {
    return await guarded(db, movement, stake, () => move(db, key, session, tx, [change], [limitGuardStatement(db, movement)], now));
  } catch (error) {
    if (error instanceof ApiError && (error.errorCode === 'player_on_break' || error.errorCode === 'player_self_excluded')) throw blocked();
    if (error instanceof ApiError && /_limit_exceeded$/.test(error.errorCode)) {
      throw new WalletError('LIMIT_EXCEEDED', error.message, await getBalance(db, session.memberId));
    }
    throw error;
  }
}

async function credit(db: D1Database, where: Where, reads: WalletReads, body: z.output<typeof walletCreditBody>, now: number): Promise<WalletResult> {
  const key = { ...where, transactionId: body.transactionId };
  const win = amountMinor(body.amount);
  const session = sessionOf(reads, body.playerId, now, false);
  const existing = reads.transaction;
  if (existing) return replayOf(existing, { kind: 'credit', memberId: session.memberId, roundId: body.roundId, amountMinor: win }, session, body.transactionId);
  if (body.currency.toUpperCase() !== session.currency.toUpperCase()) throw new WalletError('CURRENCY_MISMATCH', 'The session plays another currency');
  const stake = reads.related;
  if (!stake) throw new WalletError('ROUND_NOT_FOUND', 'No open bet of this round (a credit before its debit, or after its rollback)');
  const reference = `provider:${where.providerCode}:${body.roundId}`;
  const keyText = ledgerKey(where, body.transactionId);
  const tx = { kind: 'credit' as const, memberId: session.memberId, roundId: body.roundId, gameCode: body.gameCode, amountMinor: win, refTransactionId: null, ledgerKey: win > 0 ? keyText : null, createdAt: now };
  const changes: LedgerChange[] = win > 0
    ? [{ amountMinor: win, kind: 'win', reference, idempotencyKey: keyText, balance: 'payout', stakeKey: stake.ledgerKey ?? undefined }]
    : [];
  return move(db, key, session, tx, changes, [], now);
}

async function rollback(db: D1Database, where: Where, reads: WalletReads, body: z.output<typeof walletRollbackBody>, now: number): Promise<WalletResult> {
  const key = { ...where, transactionId: body.transactionId };
  const session = sessionOf(reads, body.playerId, now, false);
  const existing = reads.transaction;
  if (existing) {
    if (existing.kind !== 'rollback' || existing.refTransactionId !== body.originalTransactionId) throw new WalletError('TRANSACTION_CONFLICT', 'This transaction id was used for another movement');
    return replayOf(existing, { kind: 'rollback', memberId: session.memberId, roundId: existing.roundId }, session, body.transactionId);
  }
  const target = reads.related;
  if (target && target.memberId !== session.memberId) throw new WalletError('TRANSACTION_CONFLICT', 'The original transaction belongs to another player');
  if (target && target.kind !== 'debit') throw new WalletError('ROLLBACK_NOT_ALLOWED', 'Only a bet (debit) can be rolled back');
  const base = { kind: 'rollback' as const, memberId: session.memberId, roundId: target?.roundId ?? body.roundId, gameCode: target?.gameCode ?? '', refTransactionId: body.originalTransactionId, createdAt: now };
  if (!target) {
    // Unknown debit: remember the rollback (amount 0) so the debit, arriving late, is refused; no money moves.
    return move(db, key, session, { ...base, amountMinor: 0, ledgerKey: null }, [], [], now);
  }
  const refundKey = `prov:${where.providerCode}:rollback:${body.originalTransactionId}`;
  const change: LedgerChange = {
    amountMinor: target.amountMinor, kind: 'refund', reference: `provider:${where.providerCode}:${target.roundId}`,
    idempotencyKey: refundKey, balance: 'payout', stakeKey: target.ledgerKey ?? undefined,
  };
  try {
    return await move(db, key, session, { ...base, amountMinor: target.amountMinor, ledgerKey: refundKey }, [change], [], now);
  } catch (error) {
    // The debit was already rolled back under another rollback id: nothing more to give back.
    if (error instanceof WalletError && error.errorCode === 'TRANSACTION_ROLLED_BACK') {
      return { balanceMinor: await getBalance(db, session.memberId), currency: session.currency, transactionId: body.transactionId };
    }
    throw error;
  }
}

/** What a debit writes: its stake (cash first, then bonus; the game kind's share counts towards wagering), its row, its guard. */
function debitParts(
  where: Where, session: ProviderSession, rules: BonusRules,
  debit: { transactionId: string; roundId: string; gameCode: string; amountMinor: number }, now: number,
): { change: LedgerChange; tx: Omit<ProviderTransaction, 'balanceAfterMinor'>; movement: GuardedMovement } {
  const reference = `provider:${where.providerCode}:${debit.roundId}`;
  const keyText = ledgerKey(where, debit.transactionId);
  return {
    change: stakeChange(rules, gameKindOf(session.gameKind), { stakeMinor: debit.amountMinor, reference, idempotencyKey: keyText }),
    tx: { kind: 'debit', memberId: session.memberId, roundId: debit.roundId, gameCode: debit.gameCode, amountMinor: debit.amountMinor, refTransactionId: null, ledgerKey: keyText, createdAt: now },
    movement: { merchantCode: where.merchantCode, memberId: session.memberId, kinds: ['loss', 'wager'], reference, now },
  };
}

/**
 * The bare statements of a debit (ledger entry, provider transaction row, limit guard): what one debit writes in its
 * batch, for the benchmark's comparison (worker/api/dev-timing.ts). `amountMinor` is the stake.
 */
export function walletDebitStatements(
  db: D1Database, where: Where, session: ProviderSession, rules: BonusRules,
  debit: { transactionId: string; roundId: string; amountMinor: number }, now: number,
): D1PreparedStatement[] {
  const { change, tx, movement } = debitParts(where, session, rules, { ...debit, gameCode: session.gameCode }, now);
  return [
    ...ledgerStatements(db, session.memberId, [change], now),
    insertTransactionStatement(db, { ...where, transactionId: debit.transactionId }, tx),
    limitGuardStatement(db, movement),
  ];
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
