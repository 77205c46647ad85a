/**
 * Runs the site-settings commands (parsed by scripts/site-settings-commands.ts; docs/site-settings.md) on a
 * D1Database, local or `--remote` (scripts/database.ts), through the services the back office uses
 * (worker/services/cashier/settings.ts and links.ts: they merge the change with what is stored, check the result as
 * a whole — limits, a method's provider settings, a payout method that exists — and write it with its audit row,
 * operator `cli:<OS user>`, in one `db.batch`: all of it or nothing). This module only formats what they answer.
 * A refusal (exit 1) is a SettingsRefusal whose message says why and what to run instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { userInfo } from 'node:os';
import { minorToWire } from '../contract/money.ts';
import { listMerchantHosts } from '../worker/db/queries/settings.ts';
import { listPaymentMethodSettings, type PaymentMethodSetting, type RegistrationFieldSetting } from '../worker/db/queries/operator-settings.ts';
import { findWithdrawSettings } from '../worker/db/queries/withdrawals.ts';
import { socialLoginAdvice, type SocialLoginName } from '../worker/model/site-settings.ts';
import type { SettingsActor } from '../worker/services/cashier/settings.ts';
import type { LinkState, SocialState } from '../worker/services/cashier/links.ts';
import type { FieldRule, SiteSettingsCommand } from './site-settings-commands.ts';

/** A command that cannot be done as asked (exit code 1); the message says why. */
export class SettingsRefusal extends Error {
  override name = 'SettingsRefusal';
}

/** Where the runner looks for worker secrets: the deployed worker's (`--remote`) or the local `.dev.vars`. */
export interface SettingsContext {
  remote: boolean;
  /** With `remote`: the wrangler.jsonc environment (`--env preview|production`), or undefined for the top level. */
  env?: string | undefined;
  /** The names of the worker secrets that are set, or null when they cannot be listed. */
  secretNames?: () => Set<string> | null;
}

const money = (minor: number) => minorToWire(minor).toFixed(2);

/**
 * Names set in a `.dev.vars`-style file (`NAME=value` lines; `#` comments), which `wrangler dev` reads as the
 * local worker's secrets.
 */
export function namesInDevVars(text: string): Set<string> {
  return new Set(text.split('\n').map((l) => /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(l)?.[1]).filter((n): n is string => n !== undefined));
}

/** The worker secrets that are set: `wrangler secret list` for `--remote`, else `.dev.vars` (or `.env`). */
function defaultSecretNames(remote: boolean, env: string | undefined): Set<string> | null {
  if (!remote) {
    const file = ['.dev.vars', '.env'].find((f) => existsSync(f));
    return file ? namesInDevVars(readFileSync(file, 'utf8')) : new Set();
  }
  const result = spawnSync('wrangler', ['secret', 'list', '--format', 'json', '-c', 'wrangler.jsonc', ...(env ? ['--env', env] : [])], { encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' } });
  if (result.status !== 0) return null;
  try {
    return new Set((JSON.parse(result.stdout) as { name: string }[]).map((s) => s.name));
  } catch {
    return null;
  }
}

/** The services, loaded once the extensionless-import hook is registered (they import each other without `.ts`). */
async function services() {
  await import('./extensionless-imports.ts');
  const [settings, links] = await Promise.all([import('../worker/services/cashier/settings.ts'), import('../worker/services/cashier/links.ts')]);
  return { ...settings, ...links };
}

/** Who the command line is, for audit rows: `cli:<OS user>` (the command takes no reason). */
function cliActor(): SettingsActor {
  let operator = 'cli';
  try {
    operator = `cli:${userInfo().username}`;
  } catch {
    // no user name: plain 'cli'
  }
  return { operatorId: null, operator, address: '', reason: '' };
}

const ruleOf = (r: RegistrationFieldSetting): FieldRule => (!r.enabled ? 'off' : r.required ? 'required' : 'optional');

function formatRegistration(rows: readonly RegistrationFieldSetting[]): string {
  return rows.map((r) => `  ${String(r.sortOrder).padStart(4)}  ${r.field.padEnd(20)} ${ruleOf(r)}`).join('\n');
}

function formatMethods(methods: readonly PaymentMethodSetting[]): string {
  if (methods.length === 0) return '  none (players cannot deposit). Add one: npm run operator -- payment-method <merchant> <METHOD> provider=demo name="Bank transfer" min=10.00 max=5000.00';
  return methods.map((m) => {
    const names = Object.entries(m.names).map(([l, n]) => `${l}: ${n}`).join(', ');
    const psp = m.provider === 'http' ? `  endpoint ${m.endpointUrl || '(none)'}  account ${m.accountId || '(none)'}  secret ${m.secretName || '(none)'}` : '';
    return `  ${m.methodCode}  ${m.enabled ? 'on ' : 'OFF'}  order ${m.sortOrder}  ${m.provider}  ${money(m.minMinor)} – ${money(m.maxMinor)}  "${m.displayName}"${names ? `  (${names})` : ''}${psp}`;
  }).join('\n');
}

function formatWithdraw(w: Awaited<ReturnType<typeof findWithdrawSettings>>): string {
  return w ? `  payout method ${w.payoutMethod}  limits ${money(w.minMinor)} – ${money(w.maxMinor)} per request` : '  off (the withdraw page says withdrawals are not offered)';
}

/** Every link kind with its stored address: set, cleared, placeholder (example.com) or not set. */
function formatLinks(links: readonly LinkState[]): string {
  return links.map((link) => {
    let state = 'not set';
    if (link.url !== '') state = `${link.url}${link.placeholder ? '   <- placeholder: set the real address or clear it' : ''}`;
    else if (link.stored) state = 'cleared';
    return `  ${link.kind.type.padEnd(16)} ${state}\n  ${''.padEnd(16)} (${link.kind.purpose})`;
  }).join('\n');
}

/** The lines of `social` for one provider. */
function socialLines(s: SocialState, secrets: Set<string> | null, hosts: readonly string[]): string[] {
  const secretName = s.row?.clientSecretEnv ?? '';
  const secretLine = secretName === '' ? '(none)' : `${secretName} (${secrets === null ? 'could not list the secrets to check it' : s.secretSet ? 'set' : 'NOT SET'})`;
  const lines = [
    `  ${s.provider}: switch ${s.switchId} ${s.switchOn ? 'on' : 'off'}; ${s.state === 'ready' ? 'configured' : socialLoginAdvice(s.provider, s.state, secretName)}`,
    `    client id ${s.row?.clientId || '(none)'}; secret ${secretLine}`,
  ];
  if (s.state === 'ready' || s.row?.clientId) {
    lines.push(`    redirect URIs to register with ${s.provider}: ${hosts.map((h) => `https://${h}/wps/playdeck/oauth/${s.provider}/callback`).join(' ') || '(the site has no domain yet)'}`);
  }
  if (!s.switchOn && s.state === 'ready') lines.push(`    the button shows once the switch is on: npm run operator -- switch ${'<merchant>'} ${s.switchId} on`);
  return lines;
}

function formatSocial(states: readonly SocialState[], secrets: Set<string> | null, hosts: readonly string[]): string {
  const problems = states.flatMap((s) => (s.problem ? [`  PROBLEM: ${s.problem}`] : []));
  return [...states.flatMap((s) => socialLines(s, secrets, hosts)), ...problems].join('\n');
}

const secretsOf = (context: SettingsContext) => (context.secretNames ?? (() => defaultSecretNames(context.remote, context.env)))();

async function showSocial(db: D1Database, code: string, context: SettingsContext, only?: SocialLoginName): Promise<string> {
  const s = await services();
  const secrets = secretsOf(context);
  const [states, hosts] = await Promise.all([s.socialStates(db, code, secrets), listMerchantHosts(db, code)]);
  return formatSocial(states.filter((x) => only === undefined || x.provider === only), secrets, hosts).replaceAll('<merchant>', code);
}

async function setSocial(db: D1Database, code: string, provider: SocialLoginName, client: { clientId: string; secretName: string } | null, context: SettingsContext): Promise<string> {
  const { changed } = await (await services()).changeSocialLogin(db, code, provider, client, cliActor());
  if (!changed) return `${code}: ${provider} login was not configured; nothing changed.`;
  const head = client === null ? `${code}: ${provider} login configuration removed.` : `${code}: ${provider} login client set.`;
  return `${head}\n${await showSocial(db, code, context, provider)}\nPages pick it up within 30 s (each worker isolate caches it for 30 s).`;
}

/** The `settings` overview: every setting, then what is missing. */
async function overview(db: D1Database, code: string, context: SettingsContext): Promise<string> {
  const s = await services();
  const secrets = secretsOf(context);
  const [registration, withdraw, all, hosts] = await Promise.all([
    s.registrationRows(db, code), findWithdrawSettings(db, code), s.settingsOverview(db, code, secrets), listMerchantHosts(db, code),
  ]);
  const problems = all.problems.map((p) => `  - ${p.message}`);
  return [
    `${code}: site settings (docs/site-settings.md)`,
    'Registration fields (registration):', formatRegistration(registration.filter((r) => r.enabled)),
    `  off: ${registration.filter((r) => !r.enabled).map((r) => r.field).join(', ') || 'none'}`,
    'Payment methods (payment-method):', formatMethods(all.methods),
    'Withdrawals (withdraw-settings):', formatWithdraw(withdraw),
    'Links (link):', formatLinks(all.links),
    'Social login (social):', formatSocial(all.social, secrets, hosts).replaceAll('<merchant>', code),
    problems.length > 0 ? `Needs attention:\n${problems.join('\n')}` : 'Nothing needs attention.',
  ].join('\n');
}

/** A change through the service; its refusal becomes the command's SettingsRefusal (same message). */
async function change(db: D1Database, code: string, command: SiteSettingsCommand): Promise<string> {
  const s = await services();
  const actor = cliActor();
  try {
    switch (command.kind) {
      case 'registration-set': {
        const { rows, changed } = await s.changeRegistration(db, code, { rules: command.rules, order: command.order }, actor);
        return `${code}: registration fields ${changed.length === 0 ? 'unchanged' : 'now'}:\n${formatRegistration(rows)}\nThe form shows the change on its next load.`;
      }
      case 'payment-method-set': {
        const { before, after, stillPaysOut } = await s.changePaymentMethod(db, code, command.method, command.changes, actor);
        const note = stillPaysOut ? `\nNote: ${command.method} still pays out withdrawals; switching it off stops deposits only.` : '';
        return `${code}: payment method ${before ? 'changed' : 'added'}:\n${formatMethods([after])}${note}\nThe deposit page shows the change on its next load.`;
      }
      case 'withdraw-set':
        return `${code}: withdrawals:\n${formatWithdraw((await s.changeWithdrawSettings(db, code, command.changes, actor)).after)}`;
      case 'withdraw-off':
        await s.changeWithdrawSettings(db, code, null, actor);
        return `${code}: withdrawals off; requests already filed are still decided and paid out.`;
      case 'link-set':
        await s.changeLink(db, code, command.type, command.url, command.label, actor);
        return command.url === null
          ? `${code}: ${command.type} link cleared; no page shows it.\nVisitors see the change on their next page load.`
          : `${code}: ${command.type} link is now ${command.url}\nVisitors see the change on their next page load.`;
      default:
        throw new Error(`not a change: ${command.kind}`);
    }
  } catch (error) {
    if (error instanceof s.SettingsRefusal) throw new SettingsRefusal(error.message);
    throw error;
  }
}

/** Runs a parsed site-settings command on the merchant's stored `code`; returns the text to print. */
export async function runSiteSettings(db: D1Database, command: SiteSettingsCommand, code: string, context: SettingsContext): Promise<string> {
  switch (command.kind) {
    case 'settings':
      return overview(db, code, context);
    case 'registration-show':
      return `${code}: registration fields in form order (registration <merchant> <field>=off|optional|required):\n${formatRegistration(await (await services()).registrationRows(db, code))}`;
    case 'payment-methods':
      return `${code}: payment methods:\n${formatMethods(await listPaymentMethodSettings(db, code))}`;
    case 'withdraw-show':
      return `${code}: withdrawals:\n${formatWithdraw(await findWithdrawSettings(db, code))}`;
    case 'links':
      return `${code}: links:\n${formatLinks(await (await services()).linkStates(db, code))}`;
    case 'social-show':
      return `${code}: social login:\n${await showSocial(db, code, context)}`;
    case 'social-set':
      return setSocial(db, code, command.provider, { clientId: command.clientId, secretName: command.secretName }, context);
    case 'social-clear':
      return setSocial(db, code, command.provider, null, context);
    default:
      return change(db, code, command);
  }
}
