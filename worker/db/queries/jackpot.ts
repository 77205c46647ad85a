/**
 * The built-in jackpot pool (migration 0034_honest_money.sql; docs/honest-money.md, Jackpot): a share of each
 * built-in demo game's stake, recorded once per bet (keyed by the bet's ledger key) in the same batch as the bet.
 * Money is integer minor units.
 */

/**
 * The statements that add `amountMinor` (> 0) to the site's pool for the bet keyed `betKey`: the contribution row
 * (its primary key makes a replay fail the batch) and the pool's running total.
 */
export function jackpotContributionStatements(
  db: D1Database, contribution: { merchantCode: string; memberId: number; betKey: string; amountMinor: number }, now: number,
): D1PreparedStatement[] {
  return [
    db.prepare(
      `INSERT INTO jackpot_contributions (merchant_code, idempotency_key, member_id, amount_minor, created_at) VALUES (?1, ?2, ?3, ?4, ?5)`,
    ).bind(contribution.merchantCode, contribution.betKey, contribution.memberId, contribution.amountMinor, now),
    db.prepare(
      `INSERT INTO jackpot_pools (merchant_code, pool_minor, updated_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (merchant_code) DO UPDATE SET pool_minor = pool_minor + excluded.pool_minor, updated_at = excluded.updated_at`,
    ).bind(contribution.merchantCode, contribution.amountMinor, now),
  ];
}

/** The site's pool in minor units, or null when nothing has funded it yet. */
export async function findJackpotPool(db: D1Database, merchantCode: string): Promise<number | null> {
  const row = await db.prepare(`SELECT pool_minor FROM jackpot_pools WHERE merchant_code = ?`).bind(merchantCode).first<{ pool_minor: number }>();
  return row ? row.pool_minor : null;
}
