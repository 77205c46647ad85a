/**
 * Operator commands for player protection (docs/player-protection.md "Operators", "Time-out and self-exclusion"):
 *   npm run operator -- limits <merchant> <username>
 *   npm run operator -- exclusions <merchant> <username>
 *   npm run operator -- exclude <merchant> <username> --kind break|self_exclusion --duration <d> --reason "<why>"
 * `limits` is read only: the deposit, loss and wager limits in force, the session time limit, pending raises or
 * removals with the time from which the player may confirm them, and every change (newest first). `exclusions` adds
 * the breaks and self-exclusions (every one, with who set it and why), the block in force, the cash balance and the
 * live sessions. `exclude` sets a break or self-exclusion on the player's request (worker/services/protection/
 * operator-exclusions.ts: every session ends, an audit row with the reason); one that would not end later than the
 * block in force is refused (exit 1): nothing shortens one. Parsing and formatting are pure, so they are tested
 * without a database.
 */
import { userInfo } from 'node:os';
import type { LimitHistoryEntry, StoredLimit } from '../worker/db/queries/protection.ts';
import type { ProtectionOverview } from '../worker/services/protection/operator-exclusions.ts';
import { UsageError } from './operator-commands.ts';
import { minorToWire } from '../contract/money.ts';
import { parseProtectionSiteCommand, PROTECTION_SITE_USAGE, runProtectionSiteCommand, type ProtectionSiteCommand } from './protection-site-command.ts';

/** A parsed protection command: a player's limits or exclusions, an exclusion to set, or a site's settings. */
export type ProtectionCommand =
  | { kind: 'limits'; merchant: string; username: string }
  | { kind: 'exclusions'; merchant: string; username: string }
  | { kind: 'exclude'; merchant: string; username: string; exclusion: 'break' | 'self_exclusion'; duration: string; reason: string }
  | ProtectionSiteCommand;

/** Usage lines of the protection commands (appended to the operator's usage). */
export const PROTECTION_USAGE = `  limits <merchant> <username>            show a player's limits (in force and pending) and their history
  exclusions <merchant> <username>        show a player's limits, breaks and self-exclusions with their history
  exclude <merchant> <username> --kind break|self_exclusion --duration <d> --reason "<why>"
                                          set one on the player's request (break: 24h 7d 30d 6w; self_exclusion:
                                          6m 1y 2y 5y permanent); never shortens one
${PROTECTION_SITE_USAGE}`;

/** The durations the command takes, by their short names, as rules/exclusion.ts names them. */
export const DURATION_NAMES: Record<'break' | 'self_exclusion', Record<string, string>> = {
  break: { '24h': 'day', '7d': 'week', '30d': 'days30', '6w': 'weeks6' },
  self_exclusion: { '6m': 'months6', '1y': 'year1', '2y': 'years2', '5y': 'years5', permanent: 'permanent' },
};

function memberArgs(name: string, merchant: string, username: string): { merchant: string; username: string } {
  if (!/^[A-Za-z0-9_]{1,32}$/.test(merchant)) throw new UsageError(`${name}: merchant code expected, got ${JSON.stringify(merchant)}`);
  if (!/^[A-Za-z0-9_.@+-]{1,64}$/.test(username)) throw new UsageError(`${name}: username expected, got ${JSON.stringify(username)}`);
  return { merchant, username };
}

/** Parses `exclude <merchant> <username> --kind K --duration D --reason R` (flags in any order, each once). */
function parseExclude(args: readonly string[]): ProtectionCommand {
  const [, merchant = '', username = '', ...rest] = args;
  const flags: Record<string, string> = {};
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i] ?? '';
    const value = rest[i + 1];
    if (!['--kind', '--duration', '--reason'].includes(flag) || value === undefined || flag in flags) {
      throw new UsageError(`exclude: expected --kind, --duration and --reason with a value each, got ${JSON.stringify(flag)}`);
    }
    flags[flag] = value;
  }
  const kind = flags['--kind'];
  if (kind !== 'break' && kind !== 'self_exclusion') throw new UsageError('exclude: --kind break or --kind self_exclusion');
  const given = flags['--duration'] ?? '';
  const duration = DURATION_NAMES[kind][given] ?? (Object.values(DURATION_NAMES[kind]).includes(given) ? given : undefined);
  if (!duration) throw new UsageError(`exclude: --duration of a ${kind} is one of ${Object.keys(DURATION_NAMES[kind]).join(', ')}`);
  const reason = (flags['--reason'] ?? '').trim();
  if (reason === '') throw new UsageError('exclude: --reason "<why>" is required (e.g. "player asked by e-mail")');
  return { kind: 'exclude', ...memberArgs('exclude', merchant, username), exclusion: kind, duration, reason };
}

/** Parses the player protection commands; null for any other command. Throws UsageError. */
export function parseProtectionCommand(args: readonly string[]): ProtectionCommand | null {
  if (args[0] === 'protection-site') return parseProtectionSiteCommand(args);
  if (args[0] === 'exclude') return parseExclude(args);
  if (args[0] !== 'limits' && args[0] !== 'exclusions') return null;
  if (args.length !== 3) throw new UsageError(`${args[0]} takes 2 arguments: the merchant and the username`);
  return { kind: args[0], ...memberArgs(args[0], args[1] ?? '', args[2] ?? '') };
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

const iso = (at: number | null) => (at === null ? 'no end' : new Date(at).toISOString());

/** Human-readable lines of a player's limits, breaks and self-exclusions (times in ISO 8601, UTC). */
export function formatExclusions(who: string, overview: ProtectionOverview): string {
  const lines = [formatLimits(who, overview.limits, overview.limitHistory), 'Breaks and self-exclusions (oldest first):'];
  if (overview.exclusions.length === 0) lines.push('  none');
  for (const x of overview.exclusions) {
    const by = x.setBy === 'operator' ? `operator ${x.operator ?? ''}` : 'player';
    const reopen = x.reopenRequestedAt === null ? '' : `, reopening asked ${iso(x.reopenRequestedAt)}`;
    lines.push(`  ${x.kind} from ${iso(x.startedAt)} until ${x.endsAt === null ? 'permanent' : iso(x.endsAt)} (set by ${by}${x.reason ? `: ${x.reason}` : ''}${reopen})`);
  }
  const block = overview.block;
  lines.push(block
    ? `In force: ${block.kind} until ${block.until === null ? (block.reopenable ? 'the player asks to reopen (then 24 hours)' : 'no end') : iso(block.until)}`
    : 'In force: nothing (the player may log in)');
  lines.push(`Cash balance: ${minorToWire(overview.cashMinor).toFixed(2)}; live sessions: ${overview.liveSessions}`);
  return lines.join('\n');
}

/** The operator's name in the audit log: `cli:<user>` (or `cli`). */
function cliOperator(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

/**
 * Runs a protection command for a site (`code`, its stored spelling): the site's settings, or the player's limits
 * and history, or null when the site has no such player (the caller refuses). The queries are imported on demand: they import the rules
 * without file extensions, which Node resolves once scripts/extensionless-imports.ts is registered.
 */
export async function runProtectionCommand(
  db: D1Database, command: ProtectionCommand, code: string, refuse: (message: string) => never = (m) => { throw new Error(m); },
): Promise<string | null> {
  if (command.kind === 'site') return runProtectionSiteCommand(db, command, code);
  await import('./extensionless-imports.ts');
  if (command.kind === 'exclusions' || command.kind === 'exclude') return runExclusionCommand(db, command, code, refuse);
  const { findMemberByUsername } = await import('../worker/db/queries/members.ts');
  const { limitHistory, listLimits } = await import('../worker/db/queries/protection.ts');
  const member = await findMemberByUsername(db, code, command.username.toLowerCase());
  if (!member) return null;
  const who = { merchantCode: code, memberId: member.id };
  return formatLimits(`${command.username} (${code}, member ${member.id})`, await listLimits(db, who), await limitHistory(db, who));
}

/** `exclusions` and `exclude` through worker/services/protection/operator-exclusions.ts; a service refusal exits 1. */
async function runExclusionCommand(
  db: D1Database, command: Extract<ProtectionCommand, { kind: 'exclusions' | 'exclude' }>, code: string, refuse: (message: string) => never,
): Promise<string | null> {
  const { operatorExclude, protectionOverview } = await import('../worker/services/protection/operator-exclusions.ts');
  const now = Date.now();
  try {
    if (command.kind === 'exclude') {
      const started = await operatorExclude(db, {
        merchantCode: code, username: command.username, kind: command.exclusion, duration: command.duration, reason: command.reason,
        operator: cliOperator(), operatorId: null,
      }, now);
      return `${command.username} (${code}): ${started.kind} from ${iso(started.startedAt)} until ${started.until === null ? 'permanent' : iso(started.until)}; every session ended.`;
    }
    const overview = await protectionOverview(db, code, command.username, now);
    return formatExclusions(`${overview.username} (${code}, member ${overview.memberId})`, overview);
  } catch (error) {
    const answer = error as { status?: number; errorCode?: string; message?: string; value?: unknown };
    if (answer.errorCode === 'not.exists.user') return null;
    if (answer.errorCode === 'exclusion_not_longer') {
      const value = answer.value as { kind?: string; until?: number | null } | null;
      refuse(`Refused: ${command.username} already has a ${value?.kind ?? 'block'} until ${value?.until == null ? 'no end' : iso(value.until)}; nothing may shorten it.`);
    }
    if (typeof answer.errorCode === 'string') refuse(`Refused (${answer.errorCode}): ${answer.message ?? ''}`);
    throw error;
  }
}
