/**
 * Operator commands of the console realm (docs/back-office.md): console operators with a role and sites, and the
 * audit log. Every change here writes its audit row in the same batch (worker/services/operators/audit.ts).
 *   CONSOLE_PASSWORD=… npm run operator -- console-operator <merchant> <username> <display name>
 *       [--role owner|admin|finance|support|content] [--sites CODE,CODE…] [--reset-totp] [--reason <text>]
 *   npm run operator -- audit <merchant> [--operator <username>] [--action <name|prefix.*>] [--from <date>]
 *       [--to <date>] [--limit <n>] [--csv]
 */
import { userInfo } from 'node:os';
import './extensionless-imports.ts';
import { UsageError } from './operator-commands.ts';
import { parseConsoleRole, type ConsoleRole } from '../rules/console-roles.ts';
import { hashPassword } from '../worker/services/crypto/password.ts';
import { findConsoleOperator, saveConsoleOperator, usernameClashes } from '../worker/db/queries/console-operators.ts';

// Modules that import others without extensions load after the hook above is registered.
const loadAudit = () => import('../worker/services/operators/audit.ts');
const loadQuery = async () => (await import('../contract/calls/console.ts')).consoleAuditQuery;

export const CONSOLE_USAGE = `  console-operator <merchant> <username> <display name> [--role R] [--sites A,B] [--reset-totp] [--reason text]
                                          create a console operator (or change one: name, password, role, sites);
                                          the password is read from CONSOLE_PASSWORD (at least 10 characters;
                                          optional for an existing operator). Roles: owner, admin, finance,
                                          support (default), content; owner/admin/finance enrol a TOTP second
                                          factor at their first sign-in. --sites: every merchant they may use
                                          (their own is always one). --reset-totp removes the second factor.
                                          Their open console sessions end.
  audit <merchant> [--operator U] [--action A|prefix.*] [--from D] [--to D] [--limit N] [--csv]
                                          the site's audit log, newest first (dates: ISO 8601 or epoch ms; --csv:
                                          the CSV export the console gives)`;

export type ConsoleCommand =
  | { kind: 'console-operator'; merchant: string; username: string; displayName: string; role: ConsoleRole | null; sites: string[] | null; resetTotp: boolean; reason: string }
  | { kind: 'audit'; merchant: string; filters: Record<string, string>; csv: boolean };

const MERCHANT = /^[A-Za-z0-9_]{1,32}$/;
const USERNAME = /^[A-Za-z0-9_.@+-]{1,40}$/;

/** Splits `--name value` options (and bare `--flag`s named in `flags`) from positional arguments. */
function options(args: readonly string[], flags: readonly string[]): { positional: string[]; named: Record<string, string> } {
  const positional: string[] = [];
  const named: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) { positional.push(arg); continue; }
    const name = arg.slice(2);
    if (flags.includes(name)) { named[name] = 'yes'; continue; }
    const value = args[i + 1];
    if (value === undefined) throw new UsageError(`${arg} needs a value`);
    named[name] = value;
    i += 1;
  }
  return { positional, named };
}

/** Parses a console command, or null when the name is not one of them. Throws UsageError. */
export function parseConsoleCommand(args: readonly string[]): ConsoleCommand | null {
  const name = args[0];
  if (name !== 'console-operator' && name !== 'audit') return null;
  const { positional, named } = options(args.slice(1), ['reset-totp', 'csv']);
  const merchant = positional[0] ?? '';
  if (!MERCHANT.test(merchant)) throw new UsageError(`merchant code expected, got ${JSON.stringify(merchant)}`);
  if (name === 'audit') {
    if (positional.length !== 1) throw new UsageError('audit takes 1 argument and options');
    const { csv, ...filters } = named;
    for (const key of Object.keys(filters)) if (!['operator', 'action', 'from', 'to', 'limit'].includes(key)) throw new UsageError(`unknown option --${key}`);
    return { kind: 'audit', merchant, filters, csv: csv === 'yes' };
  }
  if (positional.length !== 3) throw new UsageError(`console-operator takes 3 arguments and options, got ${positional.length}`);
  const username = positional[1]!;
  if (!USERNAME.test(username)) throw new UsageError(`username expected, got ${JSON.stringify(username)}`);
  const displayName = positional[2]!.trim();
  if (displayName.length === 0 || displayName.length > 40) throw new UsageError('display name expected (1 to 40 characters)');
  for (const key of Object.keys(named)) if (!['role', 'sites', 'reset-totp', 'reason'].includes(key)) throw new UsageError(`unknown option --${key}`);
  const role = named.role === undefined ? null : parseConsoleRole(named.role);
  if (named.role !== undefined && !role) throw new UsageError('--role: owner, admin, finance, support or content');
  const sites = named.sites === undefined ? null : named.sites.split(',').map((s) => s.trim()).filter(Boolean);
  if (sites && (sites.length === 0 || !sites.every((s) => MERCHANT.test(s)))) throw new UsageError('--sites: merchant codes separated by commas');
  return { kind: 'console-operator', merchant, username: username.toLowerCase(), displayName, role, sites, resetTotp: named['reset-totp'] === 'yes', reason: (named.reason ?? '').slice(0, 500) };
}

/** Who the command line is, for audit rows: `cli:<OS user>`. */
export function cliOperator(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

/**
 * Runs a console command on `db`; `merchantCode` resolves (or refuses) a merchant code and `refuse` ends with exit
 * code 1. Returns what to print.
 */
export async function runConsoleCommand(
  db: D1Database, command: ConsoleCommand, merchantCode: (code: string) => Promise<string>, refuse: (message: string) => never,
): Promise<string> {
  const code = await merchantCode(command.merchant);
  const { auditCsv, recordAudit, searchAudit } = await loadAudit();
  if (command.kind === 'audit') {
    const parsed = (await loadQuery()).safeParse(command.filters);
    if (!parsed.success) refuse('A filter is not valid (dates: ISO 8601 or epoch ms; --limit 1 to 500; --action name or prefix.*).');
    const q = parsed.data;
    const rows = await searchAudit(db, { merchantCode: code, ...q, limit: q.limit ?? 100 });
    if (command.csv) return auditCsv(rows).trimEnd();
    if (rows.length === 0) return `${code}: no audit rows match.`;
    return rows.map((r) => `${new Date(r.at).toISOString()}  ${r.operator}  ${r.action}  ${r.target}  ${r.before ?? '-'} → ${r.after ?? '-'}${r.reason ? `  (${r.reason})` : ''}`).join('\n');
  }
  const before = await findConsoleOperator(db, code, command.username);
  const password = process.env.CONSOLE_PASSWORD ?? '';
  if (!before || password !== '') {
    if (password.length < 10 || password.length > 200) refuse('Set CONSOLE_PASSWORD to the new password (10 to 200 characters).');
  }
  const sites = command.sites ? [...new Set([code, ...(await Promise.all(command.sites.map(merchantCode)))])].sort() : null;
  const clashes = await usernameClashes(db, code, command.username, sites ?? before?.sites ?? [code]);
  if (clashes.length > 0) refuse(`Another console operator already signs in as ${command.username} on ${clashes.join(', ')}; choose another username.`);
  const after = {
    displayName: command.displayName, role: command.role ?? before?.role ?? 'support', sites: sites ?? before?.sites ?? [code],
    totpEnabled: command.resetTotp ? false : (before?.totpEnabled ?? false), active: true, passwordChanged: password !== '',
  };
  const audit = recordAudit(db, {
    merchantCode: code, operatorId: null, operator: cliOperator(), action: before ? 'operator.update' : 'operator.create', target: `operator:${command.username}`,
    before: before ? { displayName: before.displayName, role: before.role, sites: before.sites, totpEnabled: before.totpEnabled, active: before.active } : null,
    after, reason: command.reason,
  });
  await saveConsoleOperator(db, {
    merchantCode: code, username: command.username, displayName: command.displayName, passwordHash: password ? await hashPassword(password) : null,
    role: command.role, sites, resetTotp: command.resetTotp,
  }, Date.now(), audit);
  return `${code}: console operator ${command.username} (${after.role}; sites ${after.sites.join(', ')}) can sign in at /console/.`;
}
