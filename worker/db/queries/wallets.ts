/** A member's wallet: balance in minor units and its currency. */
export interface WalletRecord {
  balanceMinor: number;
  currency: string;
}

/** The member's wallet, or null when none exists. */
export async function findWallet(db: D1Database, memberId: number): Promise<WalletRecord | null> {
  const row = await db
    .prepare(`SELECT balance_minor, currency FROM wallets WHERE member_id = ?`)
    .bind(memberId)
    .first<{ balance_minor: number; currency: string }>();
  return row ? { balanceMinor: row.balance_minor, currency: row.currency } : null;
}
