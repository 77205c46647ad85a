/**
 * Ledger entries and the wallet balance they move (migration 0015_wallet.sql): the statements behind
 * worker/services/ledger/ledger.ts. Money is integer minor units (docs/design.md, Money).
 */

/**
 * What a ledger entry is for. Wallet and payments: 'deposit' (a credited deposit), 'withdraw_hold' (a withdrawal
 * request puts its amount on hold: a debit), 'withdraw_release' (a rejected or failed withdrawal gives it back);
 * 'withdraw' is kept for entries written before holds existed. Rewards: 'sign_in' (daily sign-in), 'promotion' (an
 * approved promotion claimed in the reward centre), 'referral_reward' (an invited friend's first deposit).
 */
export type LedgerKind =
  | 'welcome_bonus' | 'trial_credit' | 'bet' | 'win' | 'refund' | 'deposit' | 'withdraw'
  | 'withdraw_hold' | 'withdraw_release' | 'sign_in' | 'promotion' | 'referral_reward';

/** One balance change. `amountMinor` is signed minor units: negative debits, positive credits. */
export interface LedgerChange {
  amountMinor: number;
  kind: LedgerKind;
  reference: string;
  /** Unique per member: a retried request with the same key changes nothing twice. */
  idempotencyKey: string;
}

/** Whose wallet changes: a member id, or a member inserted earlier in the same batch (e.g. registration). */
export type WalletOwner = number | { merchantCode: string; username: string };

function ownerSql(owner: WalletOwner, first: number): { sql: string; params: (string | number)[] } {
  if (typeof owner === 'number') return { sql: `?${first}`, params: [owner] };
  return {
    sql: `(SELECT id FROM members WHERE merchant_code = ?${first} AND username = ?${first + 1})`,
    params: [owner.merchantCode, owner.username],
  };
}

/**
 * The statements of `changes`, for one batch: each a ledger entry (its balance_after computed from the wallet)
 * plus its wallet update. The CHECKs on wallets and ledger_entries keep balances from going negative and the
 * UNIQUE (member_id, idempotency_key) makes a replay fail, so the caller's batch fails as a whole.
 *
 * @throws Error when an amount is not a safe integer (a programming error, never a player's input)
 */
export function ledgerStatements(
  db: D1Database,
  owner: WalletOwner,
  changes: LedgerChange[],
  now = Date.now(),
): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (const change of changes) {
    if (!Number.isSafeInteger(change.amountMinor)) throw new Error('amountMinor must be a safe integer');
    const entryOwner = ownerSql(owner, 6);
    const walletOwner = ownerSql(owner, 3);
    statements.push(
      db
        .prepare(
          `INSERT INTO ledger_entries (member_id, amount_minor, balance_after_minor, kind, reference, idempotency_key, created_at)
           VALUES (${entryOwner.sql}, ?1, (SELECT balance_minor FROM wallets WHERE member_id = ${entryOwner.sql}) + ?1, ?2, ?3, ?4, ?5)`,
        )
        .bind(change.amountMinor, change.kind, change.reference, change.idempotencyKey, now, ...entryOwner.params),
      db
        .prepare(`UPDATE wallets SET balance_minor = balance_minor + ?1, updated_at = ?2 WHERE member_id = ${walletOwner.sql}`)
        .bind(change.amountMinor, now, ...walletOwner.params),
    );
  }
  return statements;
}

/** Current balance in minor units (0 when the member has no wallet). */
export async function getBalance(db: D1Database, memberId: number): Promise<number> {
  const row = await db
    .prepare(`SELECT balance_minor FROM wallets WHERE member_id = ?`)
    .bind(memberId)
    .first<{ balance_minor: number }>();
  return row?.balance_minor ?? 0;
}
