/**
 * A site's bonus rules as values (docs/honest-money.md, The site's rules): the rule set, its defaults and how a
 * stored bonus_rules row reads. Pure and without imports, so the operator CLI (scripts/bonus-commands.ts) can load it
 * under Node; worker/services/wallet/bonus-rules.ts loads a site's rules with it.
 */

/**
 * Which rewards are bonus money (with wagering) and which are cash, the wagering multiplier, what share of a stake
 * counts towards wagering per game kind, the jackpot's share of built-in demo stakes, and the age check at
 * registration. Set with `npm run operator -- bonus-rules <merchant> key=value…`.
 */
export interface BonusRules {
  welcome: RewardMoney;
  signIn: RewardMoney;
  referral: RewardMoney;
  promotion: RewardMoney;
  /** Wagering requirement = multiplier × the bonus. Default 30. */
  wageringMultiplier: number;
  /** Percent of a stake that counts towards wagering, by game kind (GAME_KINDS). */
  contributions: Record<GameKind, number>;
  /** Share of each built-in demo stake that funds the site's jackpot pool, in ‰ (per mille). Default 10 (1 %). */
  jackpotSharePermille: number;
  /** Whether registration asks for the date of birth. Default false. */
  requiresDob: boolean;
  /** The site's legal age in whole years. Default 18. */
  legalAge: number;
}

/** Whether a reward is paid as bonus money (with wagering) or as cash. */
export type RewardMoney = 'bonus' | 'cash';

/** The game kinds wagering is weighted by: the built-in demo games and the lottery. */
export const GAME_KINDS = ['slot', 'table', 'crash', 'shooter', 'lottery'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/** Slots, crash, shooter and lottery count in full, table games (low house edge) 20 %, the industry's usual weights. */
export const DEFAULT_CONTRIBUTIONS: Record<GameKind, number> = { slot: 100, table: 20, crash: 100, shooter: 100, lottery: 100 };

/** The rules of a site without a bonus_rules row. */
export const DEFAULT_BONUS_RULES: BonusRules = {
  welcome: 'bonus', signIn: 'cash', referral: 'cash', promotion: 'bonus', wageringMultiplier: 30,
  contributions: { ...DEFAULT_CONTRIBUTIONS }, jackpotSharePermille: 10, requiresDob: false, legalAge: 18,
};

/** Parses a stored or typed contributions object ({ kind: percent }); null when malformed. */
export function parseContributions(json: string): Partial<Record<GameKind, number>> | null {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const out: Partial<Record<GameKind, number>> = {};
    for (const [kind, percent] of Object.entries(value)) {
      if (!(GAME_KINDS as readonly string[]).includes(kind)) return null;
      if (!Number.isInteger(percent) || (percent as number) < 0 || (percent as number) > 100) return null;
      out[kind as GameKind] = percent as number;
    }
    return out;
  } catch {
    return null;
  }
}

function money(value: unknown, fallback: RewardMoney): RewardMoney {
  return value === 'bonus' || value === 'cash' ? value : fallback;
}

/** The rules a stored bonus_rules row (column → value) says, over the defaults; null → the defaults. */
export function bonusRulesOf(row: Readonly<Record<string, string | number>> | null): BonusRules {
  const d = DEFAULT_BONUS_RULES;
  if (!row) return { ...d, contributions: { ...d.contributions } };
  return {
    welcome: money(row.welcome, d.welcome), signIn: money(row.sign_in, d.signIn), referral: money(row.referral, d.referral),
    promotion: money(row.promotion, d.promotion), wageringMultiplier: Number(row.wagering_multiplier ?? d.wageringMultiplier),
    contributions: { ...d.contributions, ...(parseContributions(String(row.contributions ?? '{}')) ?? {}) },
    jackpotSharePermille: Number(row.jackpot_share_permille ?? d.jackpotSharePermille), requiresDob: Number(row.requires_dob) === 1,
    legalAge: Number(row.legal_age ?? d.legalAge),
  };
}
