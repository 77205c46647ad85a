import { findBonusRulesRow } from '../../db/queries/bonus-rules';
import type { LedgerChange, LedgerKind } from '../../db/queries/ledger';
import { bonusRulesOf, type BonusRules, type GameKind, type RewardMoney } from '../../model/bonus-rules';

// The rule set and its defaults live in the model (the operator CLI reads them too); callers import them from here.
export {
  DEFAULT_BONUS_RULES, DEFAULT_CONTRIBUTIONS, GAME_KINDS, parseContributions, type BonusRules, type GameKind, type RewardMoney,
} from '../../model/bonus-rules';

/** The site's bonus rules (docs/honest-money.md): the stored row over the defaults (a malformed value falls back to its default). */
export async function loadBonusRules(db: D1Database, merchantCode: string): Promise<BonusRules> {
  return bonusRulesOf(await findBonusRulesRow(db, merchantCode));
}

/**
 * A reward credit as the site's rule for it says: cash, or bonus money adding multiplier × amount to the wagering
 * requirement (ledger balance 'bonus').
 */
export function rewardCredit(
  rules: BonusRules, money: RewardMoney, change: { amountMinor: number; kind: LedgerKind; reference: string; idempotencyKey: string },
): LedgerChange {
  if (money === 'cash') return change;
  return { ...change, balance: 'bonus', wageringMinor: change.amountMinor * rules.wageringMultiplier };
}

/** A stake of `stakeMinor` on a game of `kind`: cash first, then bonus, counting the kind's share towards wagering. */
export function stakeChange(
  rules: BonusRules, kind: GameKind, stake: { stakeMinor: number; reference: string; idempotencyKey: string },
): LedgerChange {
  return {
    amountMinor: -stake.stakeMinor, kind: 'bet', reference: stake.reference, idempotencyKey: stake.idempotencyKey,
    balance: 'stake', contributionPercent: rules.contributions[kind],
  };
}
