/**
 * A site's bonus rules as stored (migration 0034_honest_money.sql, table bonus_rules): which rewards are bonus money,
 * the wagering multiplier and contributions, the jackpot share and the age check. worker/services/wallet/bonus-rules.ts
 * applies the defaults; docs/honest-money.md describes each rule.
 */

/** The row's columns, as the operator CLI names them (key=value) and the table stores them. */
export const BONUS_RULE_COLUMNS = [
  'welcome', 'sign_in', 'referral', 'promotion', 'wagering_multiplier', 'contributions', 'jackpot_share_permille',
  'requires_dob', 'legal_age',
] as const;
export type BonusRuleColumn = (typeof BONUS_RULE_COLUMNS)[number];

/** A bonus_rules row (null when the site has none). */
export type BonusRulesRow = Record<BonusRuleColumn, string | number>;

/** The site's bonus_rules row, or null. */
export async function findBonusRulesRow(db: D1Database, merchantCode: string): Promise<BonusRulesRow | null> {
  return db
    .prepare(`SELECT ${BONUS_RULE_COLUMNS.join(', ')} FROM bonus_rules WHERE merchant_code = ?`)
    .bind(merchantCode)
    .first<BonusRulesRow>();
}

/**
 * Writes the given columns of the site's rules in one batch: a row of defaults is created first when the site has
 * none. Values are validated by the caller (scripts/bonus-commands.ts); the table's CHECKs hold the ranges too.
 */
export async function updateBonusRules(db: D1Database, merchantCode: string, changes: Partial<BonusRulesRow>): Promise<void> {
  const columns = BONUS_RULE_COLUMNS.filter((column) => changes[column] !== undefined);
  const insert = db.prepare(`INSERT OR IGNORE INTO bonus_rules (merchant_code) VALUES (?)`).bind(merchantCode);
  if (columns.length === 0) {
    await insert.run();
    return;
  }
  const sets = columns.map((column, i) => `${column} = ?${i + 2}`).join(', ');
  const update = db
    .prepare(`UPDATE bonus_rules SET ${sets} WHERE merchant_code = ?1`)
    .bind(merchantCode, ...columns.map((column) => changes[column] ?? null));
  await db.batch([insert, update]);
}
