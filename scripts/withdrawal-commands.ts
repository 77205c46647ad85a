/**
 * Operator commands for withdrawal requests (issue 13, Withdraw): list what waits, approve or reject one.
 *   npm run operator -- withdrawals [merchant]
 *   npm run operator -- withdrawal approve <id>
 *   npm run operator -- withdrawal reject <id> [reason…]
 * The command records the decision only (one guarded UPDATE: a request is decided once, while pending); the
 * worker finishes it — an approved request is paid out through the site's payout provider, a rejected one gets
 * its hold back through the ledger — on its next Cron tick (every minute) or at once when the player opens the
 * withdraw page (worker/services/wallet/withdrawals.ts). The rows are read and written by
 * worker/db/queries/operator-withdrawals.ts; parsing and formatting here are pure, so they are tested without a database.
 */
import type { WaitingWithdrawalRow } from '../worker/db/queries/operator-withdrawals.ts';
import { UsageError } from './operator-commands.ts';
import { minorToWire } from '../contract/money.ts';

/** A parsed withdrawal command. */
export type WithdrawalCommand =
  | { kind: 'withdrawals'; merchant: string | null }
  | { kind: 'withdrawal-approve'; id: number }
  | { kind: 'withdrawal-reject'; id: number; reason: string };

/** Usage lines of the withdrawal commands (appended to the operator's usage). */
export const WITHDRAWAL_USAGE = `  withdrawals [merchant]                  list withdrawal requests waiting for a decision (pending) or a payout (approved)
  withdrawal approve <id>                 approve a pending request: the worker pays it out through the site's payout provider
  withdrawal reject <id> [reason…]        reject a pending request: the worker releases its hold to the player's balance`;

function idArg(value: string | undefined): number {
  if (!value || !/^\d{1,15}$/.test(value)) throw new UsageError(`withdrawal id expected (digits), got ${JSON.stringify(value ?? '')}`);
  return Number(value);
}

/** Parses `withdrawals …` / `withdrawal …` argument lists; null for any other command. Throws UsageError. */
export function parseWithdrawalCommand(args: readonly string[]): WithdrawalCommand | null {
  const [name, a, b, ...rest] = args;
  if (name === 'withdrawals') {
    if (args.length > 2) throw new UsageError(`withdrawals takes at most 1 argument, got ${args.length - 1}`);
    if (a !== undefined && !/^[A-Za-z0-9_]{1,32}$/.test(a)) throw new UsageError(`merchant code expected, got ${JSON.stringify(a)}`);
    return { kind: 'withdrawals', merchant: a ?? null };
  }
  if (name !== 'withdrawal') return null;
  if (a === 'approve') {
    if (args.length !== 3) throw new UsageError('withdrawal approve takes 1 argument: the id');
    return { kind: 'withdrawal-approve', id: idArg(b) };
  }
  if (a === 'reject') {
    const reason = rest.join(' ').trim().slice(0, 200);
    return { kind: 'withdrawal-reject', id: idArg(b), reason };
  }
  throw new UsageError(`withdrawal approve or withdrawal reject expected, got ${JSON.stringify(a ?? '')}`);
}

/** Human-readable lines for `withdrawals` (amounts in currency units with 2 decimals). */
export function formatWaiting(rows: readonly WaitingWithdrawalRow[]): string {
  if (rows.length === 0) return 'No withdrawal requests are waiting.';
  return rows
    .map((r) => `#${r.id}  ${r.merchant_code}  ${r.account}  ${r.currency} ${minorToWire(r.amount_minor).toFixed(2)}  ${r.status}  to ${r.payee_name} (${r.bank_name})  ${new Date(r.created_at).toISOString()}`)
    .join('\n');
}
