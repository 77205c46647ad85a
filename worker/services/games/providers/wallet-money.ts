/**
 * The seamless wallet's money operations in process, with plain arguments (no HTTP, no signature): a debit (a bet),
 * a credit (a win) and a whole settled round (its debit and credit in ONE batch with the round's own statements).
 * The signed wallet calls (wallet.ts) run them after their signature and session checks; the built-in demo games
 * (services/games/built-in-rounds.ts) settle each round through `settleRound` as the in-process provider `playdeck`
 * (docs/game-providers.md "The built-in games as a provider"), so there is one path for money in games.
 *
 * Every movement is one D1 batch: the ledger entries (services/ledger/ledger.ts), the provider transaction rows and,
 * for a bet, the player-protection guard, so money, record and limit stand or fall together. Money is integer minor
 * units. Errors: the platform's own refusals as ApiError — 409 `insufficient_balance`, 409 `loss_limit_exceeded` |
 * `wager_limit_exceeded`, 403 `player_on_break` | `player_self_excluded` (services/protection/guard.ts) — which the
 * signed wallet translates into the protocol's codes; the protocol's order refusals (a credit before its debit, a
 * rollback of a settled round, a debit already rolled back) and a reused transaction id as WalletError.
 */
import { WALLET_ERRORS, type WalletErrorCode } from '../../../../contract/provider-wallet';
import { getBalance, ledgerStatements, postLedgerBatch, type LedgerChange } from '../../ledger/ledger';
import { guarded, limitGuardStatement, type GuardedMovement } from '../../protection/guard';
import { stakeChange, GAME_KINDS, type BonusRules, type GameKind } from '../../wallet/bonus-rules';
import {
  findProviderTransaction, insertTransactionStatement, isLiveCheckError, providerOrderError,
  type LiveCheck, type ProviderTransaction, type TransactionKey,
} from '../../../db/queries/provider-wallet';

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

/**
 * A debit made from cached reads found, inside its batch, that what it assumed no longer holds (LiveCheck: the
 * session, the provider or the bonus contributions changed): nothing was written; the caller reads afresh.
 */
export class StaleWalletReads extends Error {
  constructor() {
    super('The cached wallet reads are stale');
    this.name = 'StaleWalletReads';
  }
}

/** Which provider on which site a movement belongs to. */
export interface WalletWhere {
  merchantCode: string;
  providerCode: string;
}

/** What a movement left: the playable balance (cash + bonus, minor units) it stored and its ledger key, if any. */
export interface Moved {
  balanceMinor: number;
  ledgerKey: string | null;
}

/** The game kind a stake counts as for wagering; an unknown kind counts as a slot's (the most common provider game). */
export const gameKindOf = (kind: string): GameKind => ((GAME_KINDS as readonly string[]).includes(kind) ? (kind as GameKind) : 'slot');

/** The ledger key of a provider transaction (unique per member, so a movement is made once). */
export const providerLedgerKey = (where: WalletWhere, transactionId: string) => `prov:${where.providerCode}:${transactionId}`;

/** The ledger reference of a provider's round (the game record's round). */
export const providerReference = (where: WalletWhere, roundId: string) => `provider:${where.providerCode}:${roundId}`;

/** The answer of a transaction stored earlier, when the call repeats it; 409 TRANSACTION_CONFLICT when it differs. */
export function replayOf(stored: ProviderTransaction, expect: Pick<ProviderTransaction, 'kind' | 'memberId' | 'roundId'> & { amountMinor?: number }): Moved {
  if (stored.kind !== expect.kind || stored.memberId !== expect.memberId || stored.roundId !== expect.roundId
    || (expect.amountMinor !== undefined && stored.amountMinor !== expect.amountMinor)) {
    throw new WalletError('TRANSACTION_CONFLICT', 'This transaction id was used for another movement');
  }
  return { balanceMinor: stored.balanceAfterMinor, ledgerKey: stored.ledgerKey };
}

/**
 * Posts `changes` with the transaction row (and `extra` statements) in one batch and answers the balance the row
 * stored (its RETURNING), without another read. A batch that lost a race to the same transaction id (or whose
 * ledger key was used) answers what the stored row says; null when no row of that id exists (a rollback whose
 * refund was already given under another rollback id). Throws 409 `insufficient_balance` (ApiError) and the order
 * triggers' refusals (WalletError). `live`: the row checks what cached reads assumed (insertTransactionStatement);
 * StaleWalletReads when that check aborted the batch.
 */
export async function move(
  db: D1Database, key: TransactionKey, tx: Omit<ProviderTransaction, 'balanceAfterMinor'>, changes: LedgerChange[], extra: D1PreparedStatement[], now: number,
  live?: LiveCheck,
): Promise<Moved | null> {
  const rowStatement = insertTransactionStatement(db, key, tx, undefined, live);
  try {
    let row: D1Result | undefined;
    if (changes.length === 0) row = (await db.batch([rowStatement, ...extra]))[0];
    else {
      const posted = await postLedgerBatch(db, tx.memberId, changes, [rowStatement, ...extra], now);
      row = posted.replayed ? undefined : posted.results[posted.ledgerStatementCount];
    }
    const balance = (row?.results[0] as { balance_after_minor?: number } | undefined)?.balance_after_minor;
    if (balance !== undefined) return { balanceMinor: balance, ledgerKey: tx.ledgerKey };
  } catch (error) {
    throwOrderError(error);
    if (isLiveCheckError(error)) throw new StaleWalletReads();
    // Lost the race to the same transaction id (the ledger key was new: a zero credit): fall through to the stored row.
    if (!(String(error instanceof Error ? error.message : error).includes('UNIQUE') && String(error).includes('provider_transactions'))) throw error;
  }
  const stored = await findProviderTransaction(db, key);
  return stored ? replayOf(stored, tx) : null;
}

/** Throws the protocol's refusal when an order trigger (migration 0046) aborted the batch; returns otherwise. */
function throwOrderError(error: unknown): void {
  const order = providerOrderError(error);
  if (order === 'provider_round_not_found') throw new WalletError('ROUND_NOT_FOUND', 'No open bet of this round (a credit before its debit, or after its rollback)');
  if (order === 'provider_round_settled') throw new WalletError('ROUND_SETTLED', 'The round already has a win: its bet cannot be rolled back');
  if (order === 'provider_transaction_rolled_back') throw new WalletError('TRANSACTION_ROLLED_BACK', 'This bet was rolled back before it arrived');
}

/** A bet: the player, the provider's transaction and round ids, the game, how its stake counts, the stake (minor units, > 0). */
export interface DebitOrder {
  memberId: number;
  transactionId: string;
  roundId: string;
  gameCode: string;
  /** The game kind (bonus wagering share, docs/honest-money.md); an unknown kind counts as a slot. */
  gameKind: string;
  amountMinor: number;
  /** Set when the debit was made from cached reads: its row checks them inside the batch (LiveCheck). */
  live?: LiveCheck;
}

/** What a debit writes: its stake (cash first, then bonus; the game kind's share counts towards wagering), its row, its guard. */
export function debitParts(
  where: WalletWhere, rules: BonusRules, debit: DebitOrder, now: number,
): { change: LedgerChange; tx: Omit<ProviderTransaction, 'balanceAfterMinor'>; movement: GuardedMovement } {
  const reference = providerReference(where, debit.roundId);
  const keyText = providerLedgerKey(where, debit.transactionId);
  return {
    change: stakeChange(rules, gameKindOf(debit.gameKind), { stakeMinor: debit.amountMinor, reference, idempotencyKey: keyText }),
    tx: { kind: 'debit', memberId: debit.memberId, roundId: debit.roundId, gameCode: debit.gameCode, amountMinor: debit.amountMinor, refTransactionId: null, ledgerKey: keyText, createdAt: now },
    movement: { merchantCode: where.merchantCode, memberId: debit.memberId, kinds: ['loss', 'wager'], reference, now },
  };
}

/**
 * A debit (a bet) in process: the stake leaves the playable balance (cash first, then bonus), the transaction row
 * and the limit guard in one batch. The same transaction id again answers its first result and moves nothing (409
 * TRANSACTION_CONFLICT when it was another movement). Errors: 409 `insufficient_balance`, the guard's refusals
 * (ApiError, see above); TRANSACTION_ROLLED_BACK (WalletError) when a rollback of this id came first;
 * StaleWalletReads when `debit.live` no longer holds.
 */
export async function walletDebit(db: D1Database, where: WalletWhere, rules: BonusRules, debit: DebitOrder, now: number): Promise<Moved> {
  if (!Number.isSafeInteger(debit.amountMinor) || debit.amountMinor <= 0) throw new WalletError('BAD_REQUEST', 'A bet must be more than 0');
  const { change, tx, movement } = debitParts(where, rules, debit, now);
  const moved = await guarded(db, movement, debit.amountMinor,
    () => move(db, { ...where, transactionId: debit.transactionId }, tx, [change], [limitGuardStatement(db, movement)], now, debit.live));
  if (!moved) throw new Error('provider transaction missing after its batch');
  return moved;
}

/** A win: the player, the provider's ids, the game, the amount (minor units, ≥ 0; 0 closes a lost round), the bet's ledger key. */
export interface CreditOrder {
  memberId: number;
  transactionId: string;
  roundId: string;
  gameCode: string;
  amountMinor: number;
  /** The ledger key of the round's bet: the win is paid back to cash and bonus as that stake was. */
  stakeKey: string | null;
}

/**
 * A credit (a win) in process: the win and the transaction row in one batch (a 0 credit writes the row only). The
 * order trigger refuses a credit without a debit of its round that was not rolled back (404 ROUND_NOT_FOUND,
 * WalletError). Idempotent by transaction id, as walletDebit.
 */
export async function walletCredit(db: D1Database, where: WalletWhere, credit: CreditOrder, now: number): Promise<Moved> {
  const keyText = providerLedgerKey(where, credit.transactionId);
  const win = credit.amountMinor;
  const tx = { kind: 'credit' as const, memberId: credit.memberId, roundId: credit.roundId, gameCode: credit.gameCode, amountMinor: win, refTransactionId: null, ledgerKey: win > 0 ? keyText : null, createdAt: now };
  const changes: LedgerChange[] = win > 0
    ? [{ amountMinor: win, kind: 'win', reference: providerReference(where, credit.roundId), idempotencyKey: keyText, balance: 'payout', stakeKey: credit.stakeKey ?? undefined }]
    : [];
  const moved = await move(db, { ...where, transactionId: credit.transactionId }, tx, changes, [], now);
  if (!moved) throw new Error('provider transaction missing after its batch');
  return moved;
}

/**
 * A round played to its end in process (the built-in games: the outcome is known when the bet is placed), with the
 * round's own ledger reference and keys (kept from before the built-in games became a provider, so a retry of an
 * older round is still recognised). Money minor units.
 */
export interface SettledRound {
  memberId: number;
  /** The round's idempotency key: the demo_rounds row `roundStatements` inserts, whose id is the transactions' round id. */
  roundKey: string;
  gameCode: string;
  gameKind: GameKind;
  stakeMinor: number;
  winMinor: number;
  /** The ledger reference of the round's entries (the game record's round; the limit guard's movement). */
  reference: string;
  /** Ledger keys of the stake and the win. */
  stakeKey: string;
  winKey: string;
  /** Provider transaction ids of the debit and the credit. */
  debitId: string;
  creditId: string;
  /** The round's row (and its seed): written after the stake, before the transaction rows that name the round. */
  roundStatements: D1PreparedStatement[];
  /** Written last, before the guard (the jackpot contribution). */
  alongside: D1PreparedStatement[];
}

/**
 * Settles a whole round in ONE batch: the stake (cash first, then bonus, wagering by the game kind's share), the
 * round's statements, the debit row, the win (paid back as the stake was; none when 0), the credit row (amount 0
 * for a lost round: it closes the round), `alongside`, and the limit guard. Answers the playable balance after it
 * (the credit row's) and `replayed: true` (nothing written) when the stake's ledger key was used before: the caller answers the round
 * stored under its key. Errors: 409 `insufficient_balance`, the guard's refusals (ApiError), as walletDebit.
 */
export async function settleRound(
  db: D1Database, where: WalletWhere, rules: BonusRules, round: SettledRound, now: number,
): Promise<{ balanceMinor: number; replayed: boolean }> {
  if (!Number.isSafeInteger(round.stakeMinor) || round.stakeMinor <= 0) throw new Error('a settled round needs a stake > 0');
  const gameCode = round.gameCode;
  const base = { memberId: round.memberId, roundId: '', gameCode, refTransactionId: null, createdAt: now };
  const debitRow = insertTransactionStatement(db, { ...where, transactionId: round.debitId },
    { ...base, kind: 'debit', amountMinor: round.stakeMinor, ledgerKey: round.stakeKey }, round.roundKey);
  const creditRow = insertTransactionStatement(db, { ...where, transactionId: round.creditId },
    { ...base, kind: 'credit', amountMinor: round.winMinor, ledgerKey: round.winMinor > 0 ? round.winKey : null }, round.roundKey);
  const changes: LedgerChange[] = [stakeChange(rules, round.gameKind, { stakeMinor: round.stakeMinor, reference: round.reference, idempotencyKey: round.stakeKey })];
  const after: D1PreparedStatement[][] = [[...round.roundStatements, debitRow]];
  if (round.winMinor > 0) {
    changes.push({ amountMinor: round.winMinor, kind: 'win', reference: round.reference, idempotencyKey: round.winKey, balance: 'payout', stakeKey: round.stakeKey });
    after.push([creditRow]);
  } else after[0]!.push(creditRow);
  const movement: GuardedMovement = { merchantCode: where.merchantCode, memberId: round.memberId, kinds: ['loss', 'wager'], reference: round.reference, now };
  const posted = await guarded(db, movement, round.stakeMinor,
    () => postLedgerBatch(db, round.memberId, changes, [...round.alongside, limitGuardStatement(db, movement)], now, after));
  if (posted.replayed) return { balanceMinor: await getBalance(db, round.memberId), replayed: true };
  // The credit row is the batch's last statement that returns a balance (its RETURNING): the playable balance after
  // the round (a bonus conversion and the jackpot share leave cash + bonus as they are), without another read.
  const stored = posted.results.map((r) => (r.results[0] as { balance_after_minor?: number } | undefined)?.balance_after_minor).filter((b) => b !== undefined);
  const balanceMinor = stored[stored.length - 1];
  return { balanceMinor: balanceMinor ?? await getBalance(db, round.memberId), replayed: false };
}

/**
 * The bare statements of a debit (ledger entry, provider transaction row, limit guard): what one debit writes in its
 * batch, for the benchmark's comparison (worker/api/dev-timing.ts). `amountMinor` is the stake.
 */
export function debitStatements(
  db: D1Database, where: WalletWhere, rules: BonusRules, debit: DebitOrder, now: number,
): D1PreparedStatement[] {
  const { change, tx, movement } = debitParts(where, rules, debit, now);
  return [
    ...ledgerStatements(db, debit.memberId, [change], now),
    insertTransactionStatement(db, { ...where, transactionId: debit.transactionId }, tx, undefined, debit.live),
    limitGuardStatement(db, movement),
  ];
}

