/**
 * Operator command for player protection (docs/player-protection.md "Operators"): a player's limits with their
 * history.
 *   npm run operator -- limits <merchant> <username>
 * Read only: the operator sees the deposit, loss and wager limits in force, the session time limit, pending raises
 * or removals with the time from which the player may confirm them, and every change (newest first). Parsing and
 * formatting are pure, so they are tested without a database; the rows come from worker/db/queries/protection.ts.
 */
import type { LimitHistoryEntry, StoredLimit } from '../worker/db/queries/protection.ts';
import { UsageError } from './operator-commands.ts';
import { minorToWire } from '../contract/money.ts';
import { parseProtectionSiteCommand, PROTECTION_SITE_USAGE, runProtectionSiteCommand, type ProtectionSiteCommand } from './protection-site-command.ts';

/** A parsed protection command: a player's limits, or a site's settings (scripts/protection-site-command.ts). */
export type ProtectionCommand = { kind: 'limits'; merchant: string; username: string } | ProtectionSiteCommand;

/** Usage lines of the protection commands (appended to the operator's usage). */
export const PROTECTION_USAGE = `  limits <merchant> <username>            show a player's limits (in force and pending) and their history
${PROTECTION_SITE_USAGE}`;

/** Parses `limits <merchant> <username>`; null for any other command. Throws UsageError. */
export function parseProtectionCommand(args: readonly string[]): ProtectionCommand | null {
  if (args[0] === 'protection-site') return parseProtectionSiteCommand(args);
  if (args[0] !== 'limits') return null;
  if (args.length !== 3) throw new UsageError('limits takes 2 arguments: the merchant and the username');
  const [, merchant = '', username = ''] = args;
  if (!/^[A-Za-z0-9_]{1,32}$/.test(merchant)) throw new UsageError(`merchant code expected, got ${JSON.stringify(merchant)}`);
  if (!/^[A-Za-z0-9_.@+-]{1,64}$/.test(username)) throw new UsageError(`username expected, got ${JSON.stringify(username)}`);
  return { kind: 'limits', merchant, username };
}

const PERIOD_TEXT: Record<string, string> = { day: 'per 24 hours', week: 'per 7 days', month: 'per 30 days', session: 'per session' };

/** A limit value as the operator reads it: money in currency units with 2 decimals, the session limit in minutes. */
function valueText(kind: string, value: number | null): string {
  if (value === null) return 'none';
  return kind === 'session' ? `${value} min` : minorToWire(value).toFixed(2);
}

/** Human-readable lines of a player's limits and history (times in ISO 8601, UTC). */
export function formatLimits(who: string, limits: readonly StoredLimit[], history: readonly LimitHistoryEntry[]): string {
  const lines = [`Limits of ${who}:`];
  if (limits.length === 0) lines.push('  none set');
  for (const l of limits) {
    let line = `  ${l.kind} ${PERIOD_TEXT[l.period] ?? l.period}: ${valueText(l.kind, l.value)}`;
    if (l.pending) {
      const what = l.pending.value === null ? 'removal' : `raise to ${valueText(l.kind, l.pending.value)}`;
      line += `  (${what} requested ${new Date(l.pending.requestedAt).toISOString()}, confirmable from ${new Date(l.pending.confirmableAt).toISOString()})`;
    }
    lines.push(line);
  }
  lines.push('History (newest first):');
  if (history.length === 0) lines.push('  no changes');
  for (const h of history) {
    lines.push(`  ${new Date(h.at).toISOString()}  ${h.kind} ${PERIOD_TEXT[h.period] ?? h.period}  ${h.action}  ${valueText(h.kind, h.oldValue)} → ${valueText(h.kind, h.newValue)}`);
  }
  return lines.join('\n');
}

/**
 * Runs a protection command for a site (`code`, its stored spelling): the site's settings, or the player's limits
 * and history, or null when the site has no such player (the caller refuses). The queries are imported on demand: they import the rules
 * without file extensions, which Node resolves once scripts/extensionless-imports.ts is registered.
 */
export async function runProtectionCommand(db: D1Database, command: ProtectionCommand, code: string): Promise<string | null> {
  if (command.kind === 'site') return runProtectionSiteCommand(db, command, code);
  await import('./extensionless-imports.ts');
  const { findMemberByUsername } = await import('../worker/db/queries/members.ts');
  const { limitHistory, listLimits } = await import('../worker/db/queries/protection.ts');
  const member = await findMemberByUsername(db, code, command.username.toLowerCase());
  if (!member) return null;
  const who = { merchantCode: code, memberId: member.id };
  return formatLimits(`${command.username} (${code}, member ${member.id})`, await listLimits(db, who), await limitHistory(db, who));
}
