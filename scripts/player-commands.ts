/**
 * Operator command of the back office's Players area (docs/back-office.md "Players"):
 *   npm run operator -- adjustment-threshold <merchant>            show the site's approval threshold
 *   npm run operator -- adjustment-threshold <merchant> <amount>   set it (currency units, e.g. 1000 or 250.50)
 * A manual balance adjustment of more than the threshold (either way) is only a request until a second operator
 * approves it; without a stored threshold the site uses 1000.00. Parsing here is pure; the value is written and read
 * by worker/services/players/threshold.ts.
 */
import './extensionless-imports.ts';
import { UsageError } from './operator-commands.ts';
import { minorToWire, wireToMinor } from '../contract/money.ts';

// The service imports others without extensions: it loads after the hook above is registered.
const loadAdjustments = () => import('../worker/services/players/threshold.ts');

/** A parsed threshold command: show (no amount) or set (minor units). */
export interface PlayerCommand {
  kind: 'adjustment-threshold';
  merchant: string;
  thresholdMinor: number | null;
}

/** Usage lines of the command (appended to the operator's usage). */
export const PLAYER_USAGE = `  adjustment-threshold <merchant> [amount]  show or set the amount above which a manual balance adjustment
                                           needs a second operator's approval (currency units; default 1000.00)`;

const MERCHANT = /^[A-Za-z0-9_]{1,32}$/;

/** The command of `args`, or null when they are not an adjustment-threshold command. */
export function parsePlayerCommand(args: readonly string[]): PlayerCommand | null {
  if (args[0] !== 'adjustment-threshold') return null;
  const [, merchant, amount, extra] = args;
  if (!merchant || !MERCHANT.test(merchant)) throw new UsageError(`merchant code expected, got ${JSON.stringify(merchant ?? '')}`);
  if (extra !== undefined) throw new UsageError('adjustment-threshold takes a merchant and at most one amount');
  if (amount === undefined) return { kind: 'adjustment-threshold', merchant, thresholdMinor: null };
  let minor: number;
  try {
    minor = /^\d{1,12}(\.\d{1,2})?$/.test(amount) ? wireToMinor(amount) : Number.NaN;
  } catch {
    minor = Number.NaN;
  }
  if (!Number.isSafeInteger(minor) || minor < 0) throw new UsageError(`amount in currency units expected (e.g. 1000 or 250.50), got ${JSON.stringify(amount)}`);
  return { kind: 'adjustment-threshold', merchant, thresholdMinor: minor };
}

/** Shows or sets the threshold of the merchant `code` (its stored spelling); answers what it now is. */
export async function runPlayerCommand(db: D1Database, command: PlayerCommand, code: string): Promise<string> {
  const { adjustmentThreshold, setSiteAdjustmentThreshold } = await loadAdjustments();
  if (command.thresholdMinor !== null) await setSiteAdjustmentThreshold(db, code, command.thresholdMinor);
  const threshold = await adjustmentThreshold(db, code);
  return `${code}: manual balance adjustments above ${minorToWire(threshold).toFixed(2)} need a second operator's approval.`;
}
