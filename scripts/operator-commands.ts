/**
 * The operator commands (white-label sites, player-shell §1 and §3; accounts §3 site switches): argument
 * parsing and validation, and the change each command makes through the query functions the worker's database
 * layer holds (worker/db/queries/operator-sites.ts). Parsing is pure, so it is tested without a database.
 */
import {
  addMerchantDomain, removeMerchantDomain, setMerchantMaintenance, setRestrictedRegions, setSiteSwitch, type OperatorMerchantRow,
} from '../worker/db/queries/operator-sites.ts';
import { EVERY_LANGUAGE, setMaintenanceText } from '../worker/db/queries/maintenance-texts.ts';
import { LANGUAGES } from '../contract/languageCodes.ts';

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

/**
 * Module ids an operator may switch (player-shell §1 flags, accounts §3 site switches and §9 module ids). A
 * typo would otherwise create a switch nothing reads.
 */
export const KNOWN_MODULES: readonly string[] = [
  'AFFMAN3', 'AGENTPOLICY3', 'CBS3', 'CHNGPASSVERIF3', 'COMM3', 'FACEBOOKLOGIN3', 'FEEDBACK3', 'FREEPLAY3',
  'GOOGLELOGIN3', 'INBOX3', 'MOBILENUMPASSREG3', 'MOBILENUMREG3', 'MOBILEVERCODELOGIN3', 'PROFPIC3', 'REGISTER_REE3',
  'REGMOBVERF3', 'REWCEN3', 'USERNAMEREG3', 'VALID_CAPTCHA3',
];

/** An argument the operator must correct; the message says how. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const MERCHANT_CODE = /^[A-Za-z0-9_]{1,32}$/;
const COUNTRY = /^[A-Z][A-Z0-9]$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

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
  const host = (value ?? '').trim().toLowerCase();
  const labels = host.split('.');
  const isIpv4 = labels.length === 4 && labels.every((l) => /^\d{1,3}$/.test(l) && Number(l) <= 255);
  // A name's last label is never all digits (RFC 3696 §2), which also refuses malformed IPv4 addresses.
  const isName = labels.every((l) => LABEL.test(l)) && !/^\d+$/.test(labels.at(-1) ?? '');
  if (host.length > 253 || !(isIpv4 || isName)) {
    throw new UsageError(`host name expected without scheme, port or path (e.g. play.example.com), got ${JSON.stringify(value ?? '')}`);
  }
  return host;
}

/** `CC,CC,…` → sorted unique upper-case ISO alpha-2 codes (Cloudflare's T1 included); `none` → []. */
export function parseRegions(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') throw new UsageError('country list expected, e.g. US,FR, or none');
  if (value.trim().toLowerCase() === 'none') return [];
  const codes = value.split(',').map((c) => c.trim().toUpperCase());
  const wrong = codes.filter((c) => !COUNTRY.test(c));
  if (wrong.length > 0) throw new UsageError(`two-letter country codes expected, not ${wrong.map((c) => JSON.stringify(c)).join(', ')}`);
  return [...new Set(codes)].sort();
}

function moduleArg(value: string | undefined): string {
  const id = (value ?? '').trim().toUpperCase();
  if (!KNOWN_MODULES.includes(id)) {
    throw new UsageError(`unknown module ${JSON.stringify(value ?? '')}; known: ${KNOWN_MODULES.join(', ')}`);
  }
  return id;
}

/** Longest maintenance text an operator may set (characters): a few sentences on a phone's first screen. */
export const MAINTENANCE_TEXT_MAX = 500;

/** `all` → '*', else a language code of contract/languageCodes.ts (any case) → upper case. */
function maintenanceLanguageArg(value: string | undefined): string {
  if (value?.toLowerCase() === 'all') return EVERY_LANGUAGE;
  const code = (value ?? '').toUpperCase();
  if (!(LANGUAGES as readonly string[]).includes(code)) {
    throw new UsageError(`language code (${LANGUAGES.join(', ')}) or all expected, got ${JSON.stringify(value ?? '')}`);
  }
  return code;
}

/**
 * The maintenance text from the rest of the command line: words joined by one space, control characters (line
 * breaks included) turned into spaces, at most MAINTENANCE_TEXT_MAX characters; `none` → null. Plain text: the
 * edge writes it as text, so markup shows as typed.
 */
export function parseMaintenanceText(words: readonly string[]): string | null {
  // Control characters are exactly what is removed here.
  // eslint-disable-next-line no-control-regex
  const text = words.join(' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').replace(/\s+/g, ' ').trim();
  if (text === '') throw new UsageError('maintenance text expected (or none)');
  if (text.toLowerCase() === 'none') return null;
  if ([...text].length > MAINTENANCE_TEXT_MAX) throw new UsageError(`maintenance text too long: at most ${MAINTENANCE_TEXT_MAX} characters`);
  return text;
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
      return { kind: 'maintenance-text', merchant: merchantArg(a), language: maintenanceLanguageArg(b), text: parseMaintenanceText(args.slice(3)) };
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
      return { kind: 'switch', merchant: merchantArg(a), moduleId: moduleArg(b), on: onOff(c) };
    case 'list':
      expectCount(args, 1);
      return { kind: 'list' };
    default:
      throw new UsageError(name ? `unknown command ${JSON.stringify(name)}` : 'command expected');
  }
}

/** The change a command makes, on the merchant's stored code. `list` changes nothing. */
export async function applyChange(db: D1Database, command: OperatorCommand, code: string): Promise<void> {
  switch (command.kind) {
    case 'maintenance':
      return setMerchantMaintenance(db, code, command.on);
    case 'maintenance-text':
      return setMaintenanceText(db, code, command.language, command.text);
    case 'regions':
      return setRestrictedRegions(db, code, command.regions);
    case 'domain-add':
      return addMerchantDomain(db, command.host, code);
    case 'domain-remove':
      return removeMerchantDomain(db, command.host, code);
    case 'switch':
      return setSiteSwitch(db, code, command.moduleId, command.on);
    case 'list':
      return;
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
