/**
 * Ledger entries and the wallet balance they move (migration 0015_wallet.sql): the statements behind
 * worker/services/ledger/ledger.ts. Money is integer minor units (docs/design.md, Money).
 */

/**
 * What a ledger entry is for. Wallet and payments: 'deposit' (a credited deposit), 'withdraw_hold' (a withdrawal
 * request puts its amount on hold: a debit), 'withdraw_release' (a rejected or failed withdrawal gives it back);
 * 'withdraw' is kept for entries written before holds existed. Rewards: 'sign_in' (daily sign-in), 'promotion' (an
 * approved promotion claimed in the reward centre), 'referral_reward' (an invited friend's first deposit). Bonus
 * money (docs/honest-money.md): 'bonus_conversion' (a wagered bonus moves to cash), 'bonus_forfeit' (a withdrawal
 * request before the bonus was wagered gives it up). The back office: 'adjustment' (an operator's manual credit or
 * debit of the cash or bonus balance, docs/back-office.md "Players").
 */
export type LedgerKind =
  | 'welcome_bonus' | 'trial_credit' | 'bet' | 'win' | 'refund' | 'deposit' | 'withdraw'
  | 'withdraw_hold' | 'withdraw_release' | 'sign_in' | 'promotion' | 'referral_reward'
  | 'bonus_conversion' | 'bonus_forfeit' | 'adjustment';

/**
 * Which balance a change moves (docs/honest-money.md):
 * - 'cash' (default): the cash balance (balance_minor) by `amountMinor`;
 * - 'bonus': a bonus credit to the bonus balance, adding `wageringMinor` to the wagering requirement;
 * - 'stake': a bet of −`amountMinor`, cash first, then bonus; `contributionPercent` of it counts towards the
 *   wagering requirement while one is open; after the batch's stakes a wagered bonus converts to cash
 *   (kind 'bonus_conversion', key `bonus-conversion:<key>`) and a spent one closes its requirement;
 * - 'payout': a win or refund of the stake whose ledger key is `stakeKey`, split between cash and bonus as that
 *   stake was (all cash when the stake is not found);
 * - 'forfeit': the whole bonus balance, whatever it is when the batch runs, is given up (`amountMinor` ignored; no
 *   entry when it is 0) and the requirement closed.
 */
export type LedgerBalance = 'cash' | 'bonus' | 'stake' | 'payout' | 'forfeit';

/** One balance change. `amountMinor` is signed minor units: negative debits, positive credits. */
export interface LedgerChange {
  amountMinor: number;
  kind: LedgerKind;
  reference: string;
  /** Unique per member: a retried request with the same key changes nothing twice. */
  idempotencyKey: string;
  /** Which balance moves; 'cash' when absent. */
  balance?: LedgerBalance;
  /** 'bonus' only: what the grant adds to the wagering requirement (minor units, ≥ 0). */
  wageringMinor?: number;
  /** 'stake' only: the share of the stake that counts towards wagering, 0..100 (100 when absent). */
  contributionPercent?: number;
  /** 'payout' only: the ledger key of the stake this pays back. */
  stakeKey?: string;
}

/** Whose wallet changes: a member id, or a member inserted earlier in the same batch (e.g. registration). */
export type WalletOwner = number | { merchantCode: string; username: string };

/** The owner as SQL (placeholders from ?9) and its parameters. */
function ownerSql(owner: WalletOwner): { sql: string; params: (string | number)[] } {
  if (typeof owner === 'number') return { sql: `?9`, params: [owner] };
  return {
    sql: `(SELECT id FROM members WHERE merchant_code = ?9 AND username = ?10)`,
    params: [owner.merchantCode, owner.username],
  };
}

/**
 * The cash and bonus parts of a change as SQL over the wallet row `w` before it (parameters: ?1 amount, ?8 stake
 * key, owner from ?9). A stake takes MIN(cash, stake) from cash and the rest from bonus, so a stake above both
 * balances drives bonus_after below 0 and fails its CHECK.
 */
function partsSql(balance: LedgerBalance, owner: string): { cash: string; bonus: string } {
  switch (balance) {
    case 'cash': return { cash: '?1', bonus: '0' };
    case 'bonus': return { cash: '0', bonus: '?1' };
    case 'stake': return { cash: '-MIN(w.balance_minor, -?1)', bonus: '?1 + MIN(w.balance_minor, -?1)' };
    case 'forfeit': return { cash: '0', bonus: '-w.bonus_minor' };
    case 'payout': {
      const stakeBonus = `(SELECT CASE WHEN s.amount_minor + s.bonus_amount_minor < 0 THEN ?1 * s.bonus_amount_minor / (s.amount_minor + s.bonus_amount_minor) ELSE 0 END
        FROM ledger_entries s WHERE s.member_id = ${owner} AND s.idempotency_key = ?8)`;
      return { cash: `?1 - COALESCE(${stakeBonus}, 0)`, bonus: `COALESCE(${stakeBonus}, 0)` };
    }
  }
}

/**
 * The statements of `changes`, for one batch: each a ledger entry (its parts and balances after computed from the
 * wallet inside the batch) plus the wallet update by exactly that entry's parts. The CHECKs on wallets and
 * ledger_entries keep both balances from going negative and the UNIQUE (member_id, idempotency_key) makes a
 * replay fail, so the caller's batch fails as a whole. When a change is a stake, the batch ends with the bonus
 * conversion (once the requirement is met) and the closing of a spent bonus's requirement.
 *
 * `after[i]`, when given, is placed right after the i-th change's entry and wallet update (before the next change
 * and the conversion): a record that must see the wallet as that change left it (a provider transaction's balance,
 * docs/game-providers.md "The built-in games as a provider").
 *
 * @throws Error when an amount is not a safe integer (a programming error, never a player's input)
 */
export function ledgerStatements(
  db: D1Database,
  owner: WalletOwner,
  changes: LedgerChange[],
  now = Date.now(),
  after: readonly (readonly D1PreparedStatement[])[] = [],
): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  const o = ownerSql(owner);
  const entry = `(SELECT %s FROM ledger_entries WHERE member_id = ${o.sql} AND idempotency_key = ?4)`;
  let stakeKey: string | null = null;
  for (const [index, change] of changes.entries()) {
    if (!Number.isSafeInteger(change.amountMinor)) throw new Error('amountMinor must be a safe integer');
    const balance = change.balance ?? 'cash';
    const wagering = balance === 'bonus' ? Math.max(0, Math.floor(change.wageringMinor ?? 0)) : 0;
    const percent = balance === 'stake' ? Math.min(100, Math.max(0, change.contributionPercent ?? 100)) : 0;
    const parts = partsSql(balance, o.sql);
    const params = [
      change.amountMinor, change.kind, change.reference, change.idempotencyKey, now, wagering, percent, change.stakeKey ?? '', ...o.params,
    ];
    const values = `SELECT ${o.sql}, ${parts.cash}, w.balance_minor + ${parts.cash}, ${parts.bonus}, w.bonus_minor + ${parts.bonus}, ?2, ?3, ?4, ?5
      FROM (SELECT (SELECT balance_minor FROM wallets WHERE member_id = ${o.sql}) AS balance_minor,
                   (SELECT bonus_minor FROM wallets WHERE member_id = ${o.sql}) AS bonus_minor) w`;
    // A forfeit of nothing writes no entry; every other change always writes one (a missing wallet fails NOT NULL).
    const only = balance === 'forfeit' ? ' WHERE w.bonus_minor > 0' : '';
    statements.push(
      db.prepare(
        `INSERT INTO ledger_entries (member_id, amount_minor, balance_after_minor, bonus_amount_minor, bonus_after_minor, kind, reference, idempotency_key, created_at)
         ${values}${only}`,
      ).bind(...params),
      db.prepare(
        `UPDATE wallets SET
           balance_minor = balance_minor + COALESCE(${entry.replace('%s', 'amount_minor')}, 0),
           bonus_minor = bonus_minor + COALESCE(${entry.replace('%s', 'bonus_amount_minor')}, 0),
           wager_required_minor = CASE WHEN ?8 = 'forfeit' THEN 0 ELSE wager_required_minor + ?6 END,
           wager_done_minor = CASE WHEN ?8 = 'forfeit' THEN 0
             WHEN wager_required_minor > 0 THEN wager_done_minor + (-?1 * ?7 / 100) ELSE wager_done_minor END,
           updated_at = ?5
         WHERE member_id = ${o.sql}`,
      ).bind(
        balance === 'stake' ? change.amountMinor : 0, change.kind, change.reference, change.idempotencyKey, now, wagering, percent,
        balance === 'forfeit' ? 'forfeit' : '', ...o.params,
      ),
    );
    statements.push(...(after[index] ?? []));
    if (balance === 'stake') stakeKey = change.idempotencyKey;
  }
  if (stakeKey !== null) statements.push(...conversionStatements(db, o, stakeKey, now));
  return statements;
}

/**
 * After a batch's stakes: a bonus whose requirement is met moves to cash as one entry (kind 'bonus_conversion',
 * key `bonus-conversion:<stake key>`), then a bonus balance of 0 closes its requirement (converted or spent).
 */
function conversionStatements(db: D1Database, o: { sql: string; params: (string | number)[] }, stakeKey: string, now: number): D1PreparedStatement[] {
  const key = `bonus-conversion:${stakeKey}`;
  return [
    db.prepare(
      `INSERT INTO ledger_entries (member_id, amount_minor, balance_after_minor, bonus_amount_minor, bonus_after_minor, kind, reference, idempotency_key, created_at)
       SELECT member_id, bonus_minor, balance_minor + bonus_minor, -bonus_minor, 0, 'bonus_conversion', ?1, ?2, ?3
       FROM wallets WHERE member_id = ${o.sql} AND bonus_minor > 0 AND wager_done_minor >= wager_required_minor`,
    ).bind(stakeKey, key, now, 0, 0, 0, 0, 0, ...o.params),
    db.prepare(
      `UPDATE wallets SET
         balance_minor = balance_minor + COALESCE((SELECT amount_minor FROM ledger_entries WHERE member_id = ${o.sql} AND idempotency_key = ?2), 0),
         bonus_minor = bonus_minor + COALESCE((SELECT bonus_amount_minor FROM ledger_entries WHERE member_id = ${o.sql} AND idempotency_key = ?2), 0),
         updated_at = ?3
       WHERE member_id = ${o.sql}`,
    ).bind(stakeKey, key, now, 0, 0, 0, 0, 0, ...o.params),
    db.prepare(
      `UPDATE wallets SET wager_required_minor = 0, wager_done_minor = 0 WHERE member_id = ${o.sql} AND bonus_minor = 0 AND wager_required_minor + wager_done_minor > 0`,
    ).bind(0, 0, 0, 0, 0, 0, 0, 0, ...o.params),
  ];
}

/** A member's cash and bonus balances and the bonus's wagering (minor units; zeros without a wallet). */
export interface BonusState {
  cashMinor: number;
  bonusMinor: number;
  wageringRequiredMinor: number;
  wageringDoneMinor: number;
}

/** The member's cash and bonus balances with the wagering of the bonus. */
export async function getBonusState(db: D1Database, memberId: number): Promise<BonusState> {
  const row = await db
    .prepare(`SELECT balance_minor, bonus_minor, wager_required_minor, wager_done_minor FROM wallets WHERE member_id = ?`)
    .bind(memberId)
    .first<{ balance_minor: number; bonus_minor: number; wager_required_minor: number; wager_done_minor: number }>();
  return {
    cashMinor: row?.balance_minor ?? 0, bonusMinor: row?.bonus_minor ?? 0,
    wageringRequiredMinor: row?.wager_required_minor ?? 0, wageringDoneMinor: row?.wager_done_minor ?? 0,
  };
}

/**
 * The member's playable balance in minor units: cash + bonus, what a stake can spend and what game and wallet
 * answers call the balance (docs/honest-money.md, Wire); 0 when the member has no wallet. The withdrawable part is
 * getBonusState's `cashMinor`.
 */
export async function getBalance(db: D1Database, memberId: number): Promise<number> {
  const row = await db
    .prepare(`SELECT balance_minor + bonus_minor AS playable FROM wallets WHERE member_id = ?`)
    .bind(memberId)
    .first<{ playable: number }>();
  return row?.playable ?? 0;
}
