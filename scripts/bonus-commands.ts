/**
 * Operator command of a site's bonus rules (issue 25, docs/honest-money.md):
 *   npm run operator -- bonus-rules <merchant>                 show the rules (defaults where none are stored)
 *   npm run operator -- bonus-rules <merchant> key=value…      set some of them, all in one batch
 * Keys: welcome, signIn, referral, promotion = bonus|cash (which rewards are bonus money with wagering);
 * wagering=<0..100> (the multiplier: multiplier × bonus to wager); contributions=<kind>:<percent>,… (kinds slot,
 * table, crash, shooter, lottery; percent 0..100; the kinds named replace the stored ones, the others keep their
 * defaults); jackpotShare=<0..100> (‰ of each built-in demo stake that funds the jackpot pool); requiresDob=yes|no
 * (registration asks for the date of birth); legalAge=<16..25>. Every value is checked before anything is written;
 * one wrong key or value writes nothing (exit 2). Parsing here is pure; the row is written by
 * worker/db/queries/bonus-rules.ts and read with worker/model/bonus-rules.ts.
 */
import { UsageError } from './operator-commands.ts';
import { findBonusRulesRow, updateBonusRules, type BonusRulesRow } from '../worker/db/queries/bonus-rules.ts';
import { bonusRulesOf, GAME_KINDS } from '../worker/model/bonus-rules.ts';

/** A parsed bonus-rules command: show (no pairs) or set. */
export interface BonusCommand {
  kind: 'bonus-rules';
  merchant: string;
  changes: Partial<BonusRulesRow>;
}

/** Usage lines of the command (appended to the operator's usage). */
export const BONUS_USAGE = `  bonus-rules <merchant> [key=value…]      show or set bonus rules: welcome|signIn|referral|promotion=bonus|cash
                                           wagering=30 contributions=slot:100,table:20 jackpotShare=10 (‰)
                                           requiresDob=yes|no legalAge=18`;

const MERCHANT = /^[A-Za-z0-9_]{1,32}$/;
const MONEY_KEYS: Record<string, 'welcome' | 'sign_in' | 'referral' | 'promotion'> = {
  welcome: 'welcome', signIn: 'sign_in', referral: 'referral', promotion: 'promotion',
};

function integerArg(key: string, value: string, min: number, max: number): number {
  if (!/^\d{1,3}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`${key} takes a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return Number(value);
}

/** Parses `key=value` pairs into the columns to change; throws UsageError on the first wrong one. */
export function parseBonusRules(pairs: readonly string[]): Partial<BonusRulesRow> {
  const changes: Partial<BonusRulesRow> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    const value = at < 0 ? '' : pair.slice(at + 1);
    const moneyKey = MONEY_KEYS[key];
    if (moneyKey) {
      if (value !== 'bonus' && value !== 'cash') throw new UsageError(`${key}=bonus or ${key}=cash`);
      changes[moneyKey] = value;
      continue;
    }
    switch (key) {
      case 'wagering':
        changes.wagering_multiplier = integerArg(key, value, 0, 100);
        break;
      case 'contributions': {
        const out: Record<string, number> = {};
        for (const part of value.split(',')) {
          const [kind = '', percent = ''] = part.split(':');
          if (!(GAME_KINDS as readonly string[]).includes(kind)) throw new UsageError(`contributions: unknown game kind ${JSON.stringify(kind)} (${GAME_KINDS.join(', ')})`);
          out[kind] = integerArg(`contributions ${kind}`, percent, 0, 100);
        }
        changes.contributions = JSON.stringify(out);
        break;
      }
      case 'jackpotShare':
        changes.jackpot_share_permille = integerArg(key, value, 0, 100);
        break;
      case 'requiresDob':
        if (value !== 'yes' && value !== 'no') throw new UsageError('requiresDob=yes or requiresDob=no');
        changes.requires_dob = value === 'yes' ? 1 : 0;
        break;
      case 'legalAge':
        changes.legal_age = integerArg(key, value, 16, 25);
        break;
      default:
        throw new UsageError(`unknown bonus rule ${JSON.stringify(key)}`);
    }
  }
  return changes;
}

/** The command of `args`, or null when they are not a bonus-rules command. */
export function parseBonusCommand(args: readonly string[]): BonusCommand | null {
  if (args[0] !== 'bonus-rules') return null;
  const merchant = args[1];
  if (!merchant || !MERCHANT.test(merchant)) throw new UsageError(`merchant code expected, got ${JSON.stringify(merchant ?? '')}`);
  return { kind: 'bonus-rules', merchant, changes: parseBonusRules(args.slice(2)) };
}

/** Shows or sets the rules of the merchant `code` (its stored spelling); answers what the site's rules now are. */
export async function runBonusCommand(db: D1Database, command: BonusCommand, code: string): Promise<string> {
  if (Object.keys(command.changes).length > 0) await updateBonusRules(db, code, command.changes);
  const stored = await findBonusRulesRow(db, code);
  const rules = bonusRulesOf(stored);
  return `${code}: bonus rules${stored ? '' : ' (defaults: nothing stored)'} ${JSON.stringify(rules, null, 2)}`;
}
