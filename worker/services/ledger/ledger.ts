import { ApiError } from '../../lib/envelope';
import { getBalance, ledgerStatements, type LedgerChange } from '../../db/queries/ledger';

// The statements and the balance read live with the queries; callers keep importing them from here.
export { getBalance, ledgerStatements, type LedgerChange, type LedgerKind, type WalletOwner } from '../../db/queries/ledger';

/** Outcome of posting: the playable balance (cash + bonus) after the last change, and whether the key had been used before. */
export interface LedgerResult {
  balanceMinor: number;
  replayed: boolean;
}

/**
 * Applies balance changes to a member's wallet, each with its ledger entry, in one D1 batch (a single
 * transaction) together with `alongside` statements (e.g. the order or round the money belongs to).
 * - each change moves the cash or the bonus balance, or both, as its `balance` says (docs/honest-money.md: bets
 *   spend cash first, then bonus, and count wagering; a wagered bonus converts to cash in the same batch);
 * - balances never go negative: the CHECKs on wallets/ledger fail the whole batch → 409 `insufficient_balance`;
 * - idempotent: when the first change's key was already used, nothing is written and the current balance is
 *   returned with `replayed: true`.
 * Money is integer minor units (docs/design.md, Money).
 */
export async function postLedger(
  db: D1Database,
  memberId: number,
  changes: LedgerChange[],
  alongside: D1PreparedStatement[] = [],
  now = Date.now(),
  after: readonly (readonly D1PreparedStatement[])[] = [],
): Promise<LedgerResult> {
  const { replayed } = await postLedgerBatch(db, memberId, changes, alongside, now, after);
  return { balanceMinor: await getBalance(db, memberId), replayed };
}

/**
 * postLedger without the balance read after it: the batch's results (the ledger statements' first, then
 * `alongside`'s, in order; empty when replayed), for a caller that reads its answer from its own statements (a
 * `RETURNING` clause) and saves a round trip. Same rules and errors as postLedger. `after[i]`: statements placed right
 * after the i-th change (ledgerStatements), e.g. a provider transaction that records the balance that change left.
 */
export async function postLedgerBatch(
  db: D1Database,
  memberId: number,
  changes: LedgerChange[],
  alongside: D1PreparedStatement[] = [],
  now = Date.now(),
  after: readonly (readonly D1PreparedStatement[])[] = [],
): Promise<{ replayed: boolean; results: D1Result[]; ledgerStatementCount: number }> {
  if (changes.length === 0) throw new Error('postLedger needs at least one change');
  for (const change of changes) {
    if (!Number.isSafeInteger(change.amountMinor)) throw new Error('amountMinor must be a safe integer');
  }
  const statements = ledgerStatements(db, memberId, changes, now, after);
  try {
    return { replayed: false, results: await db.batch([...statements, ...alongside]), ledgerStatementCount: statements.length };
  } catch (error) {
    const message = String(error instanceof Error ? error.message : error);
    if (message.includes('UNIQUE') && message.includes('ledger_entries')) {
      return { replayed: true, results: [], ledgerStatementCount: statements.length };
    }
    if (message.includes('NOT NULL') && message.includes('balance_after_minor')) {
      throw new ApiError(404, 'wallet_not_found', 'The member has no wallet');
    }
    if (message.includes('CHECK')) {
      throw new ApiError(409, 'insufficient_balance', 'The wallet balance is too low for this change');
    }
    throw error;
  }
}
