import { jackpotContributionStatements } from '../../db/queries/jackpot';
import type { BonusRules } from '../wallet/bonus-rules';

/**
 * The jackpot contribution of one built-in demo bet (docs/honest-money.md, Jackpot): ⌊stake × the site's
 * `jackpotSharePermille` / 1000⌋ minor units, taken from the house's side of the stake (the member pays the stake
 * only, once, through the ledger), written in the bet's own batch so the pool holds exactly what bets funded.
 * No statements when the share rounds to 0.
 */
export function jackpotStatements(
  db: D1Database, rules: BonusRules, bet: { merchantCode: string; memberId: number; betKey: string; stakeMinor: number }, now: number,
): D1PreparedStatement[] {
  const amountMinor = Math.floor((bet.stakeMinor * rules.jackpotSharePermille) / 1000);
  if (amountMinor <= 0) return [];
  return jackpotContributionStatements(db, { merchantCode: bet.merchantCode, memberId: bet.memberId, betKey: bet.betKey, amountMinor }, now);
}
