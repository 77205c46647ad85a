/**
 * The operator commands (white-label sites, player-shell §1 and §3; accounts §3 site switches): argument
 * parsing, and the change each command makes through the service the back office's Site area uses
 * (worker/services/sites/site-admin.ts: one batch with its audit row, as `cli:<user>`). The values are validated by
 * worker/services/sites/site-values.ts, the same checks the back office makes; parsing is pure, so it is tested
 * without a database.
 */
import { type OperatorMerchantRow } from '../worker/db/queries/operator-sites.ts';
import {
  KNOWN_MODULES, MAINTENANCE_TEXT_MAX, maintenanceLanguage, maintenanceText, siteHost, siteModule, siteRegions, SiteValueError,
} from '../worker/services/sites/site-values.ts';

export { KNOWN_MODULES, MAINTENANCE_TEXT_MAX };

/** A parsed operator command. Merchant codes are as typed; the runner resolves them case-insensitively. */
export type OperatorCommand =
  | { kind: 'maintenance'; merchant: string; on: boolean }
  | { kind: 'maintenance-text'; merchant: string; language: string; text: string | null }
  | { kind: 'regions'; merchant: string; regions: string[] }
  | { kind: 'domain-add'; host: string; merchant: string }
  | { kind: 'domain-remove'; host: string; merchant: string }
  | { kind: 'switch'; merchant: string; moduleId: string; on: boolean }
  | { kind: 'list' };

/** Usage text printed on any argument error. */
export const USAGE = `usage: npm run operator -- <command> [--remote]
  maintenance on|off <merchant>           page requests get the maintenance page (503) while on
  maintenance-text <merchant> <language|all> <text…|none>
                                          the maintenance page's text in one language (EN, AR, …) or in every
                                          language without its own (all); none: the built-in text again
  regions <merchant> <CC,CC,…|none>       visitors from these countries (ISO 3166-1 alpha-2) get the restricted page (451)
  domain add|remove <host> <merchant>     route a host name (no scheme, no port) to a merchant, or stop routing it
  switch <merchant> <moduleId> on|off     turn a site switch (module) on or off
  list                                    show every merchant with its state, domains and switches
  content import <merchant> <folder>      the operator's content from a folder (see docs/operator-guide.md)
Changes reach every visitor within 30 s: each worker isolate caches host → merchant answers for 30 s.`;

/** An argument the operator must correct; the message says how. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const MERCHANT_CODE = /^[A-Za-z0-9_]{1,32}$/;
/** The value checked by `check`, or the UsageError saying what is wrong with it. */
function usageOf<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof SiteValueError) throw new UsageError(error.message);
    throw error;
  }
}

function merchantArg(value: string | undefined): string {
  if (!value || !MERCHANT_CODE.test(value)) {
    throw new UsageError(`merchant code expected (letters, digits, _; at most 32), got ${JSON.stringify(value ?? '')}`);
  }
  return value;
}

function onOff(value: string | undefined): boolean {
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError(`on or off expected, got ${JSON.stringify(value ?? '')}`);
}

/**
 * A host name as the worker matches it (`hostOf`: lower-case, no port): DNS labels or an IPv4 address.
 * Schemes, ports, paths and wildcards are refused rather than guessed away.
 */
export function parseHost(value: string | undefined): string {
  return usageOf(() => siteHost(value));
}

/** `CC,CC,…` → sorted unique upper-case ISO alpha-2 codes (Cloudflare's T1 included); `none` → []. */
export function parseRegions(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') throw new UsageError('country list expected, e.g. US,FR, or none');
  if (value.trim().toLowerCase() === 'none') return [];
  return usageOf(() => siteRegions(value.split(',')));
}

/**
 * The maintenance text from the rest of the command line: words joined by one space, control characters (line
 * breaks included) turned into spaces, at most MAINTENANCE_TEXT_MAX characters; `none` → null. Plain text: the
 * edge writes it as text, so markup shows as typed.
 */
export function parseMaintenanceText(words: readonly string[]): string | null {
  return usageOf(() => maintenanceText(words.join(' ')));
}

function expectCount(args: readonly string[], count: number): void {
  if (args.length !== count) throw new UsageError(`${args[0]} takes ${count - 1} argument(s), got ${args.length - 1}`);
}

/** Parses the command line (without node and script; `--remote` already removed). Throws UsageError. */
export function parseCommand(args: readonly string[]): OperatorCommand {
  const [name, a, b, c] = args;
  switch (name) {
    case 'maintenance':
      expectCount(args, 3);
      return { kind: 'maintenance', on: onOff(a), merchant: merchantArg(b) };
    case 'maintenance-text':
      if (args.length < 4) throw new UsageError('maintenance-text takes a merchant, a language (or all) and the text (or none)');
      return { kind: 'maintenance-text', merchant: merchantArg(a), language: usageOf(() => maintenanceLanguage(b)), text: parseMaintenanceText(args.slice(3)) };
    case 'regions':
      expectCount(args, 3);
      return { kind: 'regions', merchant: merchantArg(a), regions: parseRegions(b) };
    case 'domain': {
      expectCount(args, 4);
      if (a !== 'add' && a !== 'remove') throw new UsageError(`domain add or domain remove expected, got ${JSON.stringify(a ?? '')}`);
      return { kind: a === 'add' ? 'domain-add' : 'domain-remove', host: parseHost(b), merchant: merchantArg(c) };
    }
    case 'switch':
      expectCount(args, 4);
      return { kind: 'switch', merchant: merchantArg(a), moduleId: usageOf(() => siteModule(b)), on: onOff(c) };
    case 'list':
      expectCount(args, 1);
      return { kind: 'list' };
    default:
      throw new UsageError(name ? `unknown command ${JSON.stringify(name)}` : 'command expected');
  }
}

/**
 * The change a command makes on the merchant's stored code, through worker/services/sites/site-admin.ts (the
 * change and its audit row in one batch; the command line gives no reason, so the row's is empty). `domain add`
 * answers whether anything changed (false: the host served this site already); a host serving another site, or
 * a removed host not serving this one, is a SiteChangeRefusal. `list` changes nothing.
 */
export async function applyChange(db: D1Database, command: OperatorCommand, code: string, operator: string): Promise<boolean> {
  if (command.kind === 'list') return false;
  // Loaded on demand: the service imports the worker's modules without file extensions, which Node resolves once
  // scripts/extensionless-imports.ts is registered (scripts/console-commands.ts registers it).
  await import('./extensionless-imports.ts');
  const site = await import('../worker/services/sites/site-admin.ts');
  const actor = { merchantCode: code, operatorId: null, operator };
  switch (command.kind) {
    case 'maintenance':
      await site.changeMaintenance(db, actor, command.on, '');
      return true;
    case 'maintenance-text':
      await site.changeMaintenanceText(db, actor, command.language, command.text, '');
      return true;
    case 'regions':
      await site.changeRegions(db, actor, command.regions, '');
      return true;
    case 'domain-add':
      return (await site.addDomain(db, actor, command.host, '')).changed;
    case 'domain-remove':
      await site.removeDomain(db, actor, command.host, '');
      return true;
    case 'switch':
      await site.changeSwitch(db, actor, command.moduleId, command.on, '');
      return true;
  }
}

/** Human-readable lines for `list`. */
export function formatList(rows: readonly OperatorMerchantRow[]): string {
  if (rows.length === 0) return 'No merchants. Run npm run db:setup first.';
  return rows
    .map((r) => [
      `${r.code} (${r.name})`,
      `  maintenance: ${r.maintenance === 1 ? 'ON' : 'off'}`,
      `  restricted regions: ${(JSON.parse(r.restricted_regions || '[]') as string[]).join(',') || 'none'}`,
      `  domains: ${r.hosts ?? 'none'}`,
      `  switches: ${r.switches ?? 'none'}`,
    ].join('\n'))
    .join('\n');
}
