/**
 * A member's wallet (migrations 0001, 0034): the cash balance, the bonus balance and its wagering, minor units.
 * `balanceMinor` is the playable total (cash + bonus), what the platform's single balance field carries
 * (docs/honest-money.md, Wire).
 */
export interface WalletRecord {
  balanceMinor: number;
  cashMinor: number;
  bonusMinor: number;
  wageringRequiredMinor: number;
  wageringDoneMinor: number;
  currency: string;
}

/** The member's wallet, or null when none exists. */
export async function findWallet(db: D1Database, memberId: number): Promise<WalletRecord | null> {
  const row = await db
    .prepare(`SELECT balance_minor, bonus_minor, wager_required_minor, wager_done_minor, currency FROM wallets WHERE member_id = ?`)
    .bind(memberId)
    .first<{ balance_minor: number; bonus_minor: number; wager_required_minor: number; wager_done_minor: number; currency: string }>();
  return row ? {
    balanceMinor: row.balance_minor + row.bonus_minor, cashMinor: row.balance_minor, bonusMinor: row.bonus_minor,
    wageringRequiredMinor: row.wager_required_minor, wageringDoneMinor: row.wager_done_minor, currency: row.currency,
  } : null;
}
