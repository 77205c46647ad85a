/**
 * Operator command for a site's player protection settings (docs/player-protection.md "Reality checks",
 * "Responsible gambling page"):
 *   npm run operator -- protection-site <merchant> [reality-default=0|15|30|60] [reality-off=allowed|forbidden]
 *                       [help=none | help=<name>|<https url> …]
 * Without settings it shows the site's settings. `reality-default` is the reality check interval a player has until
 * they choose one (0 = off, only with reality-off=allowed); `reality-off` whether players may turn reality checks
 * off; each `help=` adds a help organisation of the site's country to the responsible-gambling page (the list given
 * replaces the old one; `help=none` empties it). Links must be https URLs. Parsing is pure (tested without a database).
 */
import { UsageError } from './operator-commands.ts';
import type { SiteProtectionSettings } from '../worker/db/queries/protection-tools.ts';

/** A parsed protection-site command: the changes to make (absent = keep). */
export interface ProtectionSiteCommand {
  kind: 'site';
  merchant: string;
  realityCheckDefault?: number;
  realityCheckOffAllowed?: boolean;
  helpLinks?: { name: string; url: string }[];
}

/** Usage line of the command. */
export const PROTECTION_SITE_USAGE = `  protection-site <merchant> [reality-default=0|15|30|60] [reality-off=allowed|forbidden] [help=none|help=<name>|<https url> …]
                                          show or set a site's reality check default and help organisations`;

/** An https URL of a public host, or null. */
function httpsUrl(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password ? url.toString() : null;
  } catch {
    return null;
  }
}

/** Parses `protection-site <merchant> [settings…]`; null for another command. Throws UsageError. */
export function parseProtectionSiteCommand(args: readonly string[]): ProtectionSiteCommand | null {
  if (args[0] !== 'protection-site') return null;
  const merchant = args[1] ?? '';
  if (!/^[A-Za-z0-9_]{1,32}$/.test(merchant)) throw new UsageError(`merchant code expected, got ${JSON.stringify(merchant)}`);
  const command: ProtectionSiteCommand = { kind: 'site', merchant };
  for (const arg of args.slice(2)) {
    const [key, ...rest] = arg.split('=');
    const value = rest.join('=');
    if (key === 'reality-default') {
      if (!['0', '15', '30', '60'].includes(value)) throw new UsageError(`reality-default takes 0, 15, 30 or 60, got ${JSON.stringify(value)}`);
      command.realityCheckDefault = Number(value);
    } else if (key === 'reality-off') {
      if (value !== 'allowed' && value !== 'forbidden') throw new UsageError(`reality-off takes allowed or forbidden, got ${JSON.stringify(value)}`);
      command.realityCheckOffAllowed = value === 'allowed';
    } else if (key === 'help') {
      command.helpLinks ??= [];
      if (value === 'none') continue;
      const bar = value.lastIndexOf('|');
      const name = value.slice(0, bar).trim();
      const url = bar > 0 ? httpsUrl(value.slice(bar + 1).trim()) : null;
      if (!name || name.length > 80 || !url) throw new UsageError(`help takes <name>|<https url>, got ${JSON.stringify(value)}`);
      command.helpLinks.push({ name, url });
    } else {
      throw new UsageError(`unknown setting ${JSON.stringify(arg)}`);
    }
  }
  return command;
}

/**
 * The settings after a command: its changes over `current`. Throws UsageError when the default would be "off" on a
 * site that does not allow players to turn reality checks off.
 */
export function applySiteSettings(current: SiteProtectionSettings, command: ProtectionSiteCommand): SiteProtectionSettings {
  const next: SiteProtectionSettings = {
    realityCheckDefault: command.realityCheckDefault ?? current.realityCheckDefault,
    realityCheckOffAllowed: command.realityCheckOffAllowed ?? current.realityCheckOffAllowed,
    helpLinks: command.helpLinks ?? current.helpLinks,
  };
  if (next.realityCheckDefault === 0 && !next.realityCheckOffAllowed) throw new UsageError('reality-default=0 (off) needs reality-off=allowed');
  return next;
}

/** Human-readable lines of a site's settings. */
export function formatSiteSettings(code: string, s: SiteProtectionSettings): string {
  return [
    `Player protection settings of ${code}:`,
    `  reality checks: default ${s.realityCheckDefault === 0 ? 'off' : `every ${s.realityCheckDefault} min`}, players ${s.realityCheckOffAllowed ? 'may' : 'may not'} turn them off`,
    `  help organisations:${s.helpLinks.length === 0 ? ' none' : ''}`,
    ...s.helpLinks.map((l) => `    ${l.name}  ${l.url}`),
  ].join('\n');
}

/** Runs the command on the site `code` (its stored spelling): writes the changes, if any, and shows the settings. */
export async function runProtectionSiteCommand(db: D1Database, command: ProtectionSiteCommand, code: string): Promise<string> {
  await import('./extensionless-imports.ts');
  const { saveSiteProtectionSettings, siteProtectionSettings } = await import('../worker/db/queries/protection-tools.ts');
  const current = await siteProtectionSettings(db, code);
  const changes = command.realityCheckDefault !== undefined || command.realityCheckOffAllowed !== undefined || command.helpLinks !== undefined;
  if (!changes) return formatSiteSettings(code, current);
  const next = applySiteSettings(current, command);
  await saveSiteProtectionSettings(db, code, next, Date.now());
  return formatSiteSettings(code, next);
}
