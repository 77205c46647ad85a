/**
 * Runs the site-settings commands (parsed by scripts/site-settings-commands.ts; docs/site-settings.md) on a
 * D1Database, local or `--remote` (scripts/database.ts): reads through worker/db/queries/operator-settings.ts,
 * merges the change with what is stored, checks the result as a whole (limits, a method's provider settings,
 * a payout method that exists), then writes it in one `db.batch` — all of it or nothing. A refusal (exit 1) is a
 * SettingsRefusal whose message says why and what to run instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { REGISTER_FIELDS } from '../contract/fieldFormats.ts';
import { minorToWire } from '../contract/money.ts';
import { listMerchantHosts } from '../worker/db/queries/settings.ts';
import {
  linkStatement, listPaymentMethodSettings, listRegistrationFieldSettings, listSocialProviderSettings, listStoredLinks,
  listSwitchesOn, paymentMethodStatements, registrationFieldStatement, socialProviderStatement, withdrawSettingStatement,
  type PaymentMethodSetting, type RegistrationFieldSetting, type SocialProviderSetting,
} from '../worker/db/queries/operator-settings.ts';
import { findWithdrawSettings } from '../worker/db/queries/withdrawals.ts';
import {
  LINK_KINDS, SOCIAL_LOGIN_ENDPOINTS, SOCIAL_LOGIN_SWITCHES, socialLoginAdvice, socialLoginState, type SocialLoginName,
} from '../worker/model/site-settings.ts';
import type { FieldRule, SiteSettingsCommand } from './site-settings-commands.ts';

/** A command that cannot be done as asked (exit code 1); the message says why. */
export class SettingsRefusal extends Error {
  override name = 'SettingsRefusal';
}

function refuse(message: string): never {
  throw new SettingsRefusal(message);
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

/** Registration rules: every spec field, stored or not (a field without a row is off), in form order. */
async function registrationRows(db: D1Database, code: string): Promise<RegistrationFieldSetting[]> {
  const stored = new Map((await listRegistrationFieldSettings(db, code)).map((r) => [r.field, r]));
  const last = Math.max(0, ...[...stored.values()].map((r) => r.sortOrder));
  return REGISTER_FIELDS.map((field, i) => stored.get(field) ?? { field, enabled: false, required: false, sortOrder: last + (i + 1) * 10 })
    .sort((a, b) => a.sortOrder - b.sortOrder);
}

const ruleOf = (r: RegistrationFieldSetting): FieldRule => (!r.enabled ? 'off' : r.required ? 'required' : 'optional');

function formatRegistration(rows: readonly RegistrationFieldSetting[]): string {
  return rows.map((r) => `  ${String(r.sortOrder).padStart(4)}  ${r.field.padEnd(20)} ${ruleOf(r)}`).join('\n');
}

async function setRegistration(db: D1Database, code: string, command: Extract<SiteSettingsCommand, { kind: 'registration-set' }>): Promise<string> {
  const rows = await registrationRows(db, code);
  const next = rows.map((r) => ({ ...r }));
  for (const { field, rule } of command.rules) {
    const row = next.find((r) => r.field === field)!;
    row.enabled = rule !== 'off';
    row.required = rule === 'required';
  }
  if (command.order) {
    const order = command.order;
    next.sort((a, b) => {
      const ia = order.indexOf(a.field);
      const ib = order.indexOf(b.field);
      return (ia < 0 ? order.length : ia) - (ib < 0 ? order.length : ib) || a.sortOrder - b.sortOrder;
    });
    next.forEach((r, i) => (r.sortOrder = (i + 1) * 10));
  }
  const before = new Map(rows.map((r) => [r.field, r]));
  const changed = next.filter((r) => JSON.stringify(before.get(r.field)) !== JSON.stringify(r));
  if (changed.length > 0) await db.batch(changed.map((r) => registrationFieldStatement(db, code, r)));
  return `${code}: registration fields ${changed.length === 0 ? 'unchanged' : 'now'}:\n${formatRegistration(next)}\nThe form shows the change on its next load.`;
}

function formatMethods(methods: readonly PaymentMethodSetting[]): string {
  if (methods.length === 0) return '  none (players cannot deposit). Add one: npm run operator -- payment-method <merchant> <METHOD> provider=demo name="Bank transfer" min=10.00 max=5000.00';
  return methods.map((m) => {
    const names = Object.entries(m.names).map(([l, n]) => `${l}: ${n}`).join(', ');
    const psp = m.provider === 'http' ? `  endpoint ${m.endpointUrl || '(none)'}  account ${m.accountId || '(none)'}  secret ${m.secretName || '(none)'}` : '';
    return `  ${m.methodCode}  ${m.enabled ? 'on ' : 'OFF'}  order ${m.sortOrder}  ${m.provider}  ${money(m.minMinor)} – ${money(m.maxMinor)}  "${m.displayName}"${names ? `  (${names})` : ''}${psp}`;
  }).join('\n');
}

async function setPaymentMethod(db: D1Database, code: string, command: Extract<SiteSettingsCommand, { kind: 'payment-method-set' }>): Promise<string> {
  const { method, changes } = command;
  const methods = await listPaymentMethodSettings(db, code);
  const stored = methods.find((m) => m.methodCode === method);
  if (!stored) {
    const missing = (['provider', 'displayName', 'minMinor', 'maxMinor'] as const).filter((k) => changes[k] === undefined);
    if (missing.length > 0) {
      const keys = missing.map((k) => ({ provider: 'provider=demo|http', displayName: 'name=…', minMinor: 'min=…', maxMinor: 'max=…' })[k]);
      refuse(`No payment method ${method} on ${code}. To add it, give ${keys.join(' ')} too. See: npm run operator -- payment-methods ${code}`);
    }
  }
  const base: Omit<PaymentMethodSetting, 'names'> = stored ?? {
    methodCode: method, provider: 'demo', displayName: '', minMinor: 0, maxMinor: 0, endpointUrl: '', accountId: '', secretName: '',
    sortOrder: (Math.max(0, ...methods.map((m) => m.sortOrder)) + 10), enabled: true,
  };
  const { names = {}, ...rest } = changes;
  const next = { ...base, ...rest, methodCode: method };
  if (next.minMinor > next.maxMinor) refuse(`min ${money(next.minMinor)} would be above max ${money(next.maxMinor)}; give both.`);
  if (next.provider === 'http') {
    const missing = [!next.endpointUrl && 'endpoint=https://…', !next.accountId && 'account=…', !next.secretName && 'secret=<SECRET_NAME>'].filter(Boolean);
    if (missing.length > 0) refuse(`The http provider needs ${missing.join(' ')} (docs/site-settings.md, Payment methods).`);
  }
  await db.batch(paymentMethodStatements(db, code, next, names));
  const after = (await listPaymentMethodSettings(db, code)).find((m) => m.methodCode === method)!;
  const payout = await findWithdrawSettings(db, code);
  const note = payout?.payoutMethod === method && !after.enabled ? `\nNote: ${method} still pays out withdrawals; switching it off stops deposits only.` : '';
  return `${code}: payment method ${stored ? 'changed' : 'added'}:\n${formatMethods([after])}${note}\nThe deposit page shows the change on its next load.`;
}

function formatWithdraw(w: Awaited<ReturnType<typeof findWithdrawSettings>>): string {
  return w ? `  payout method ${w.payoutMethod}  limits ${money(w.minMinor)} – ${money(w.maxMinor)} per request` : '  off (the withdraw page says withdrawals are not offered)';
}

async function setWithdraw(db: D1Database, code: string, command: Extract<SiteSettingsCommand, { kind: 'withdraw-set' }>): Promise<string> {
  const stored = await findWithdrawSettings(db, code);
  const { changes } = command;
  if (!stored && (changes.payoutMethod === undefined || changes.minMinor === undefined || changes.maxMinor === undefined)) {
    refuse(`Withdrawals are off on ${code}; to turn them on give payout=<METHOD> min=… max=… together.`);
  }
  const next = { payoutMethod: '', minMinor: 0, maxMinor: 0, ...stored, ...changes };
  if (next.minMinor > next.maxMinor) refuse(`min ${money(next.minMinor)} would be above max ${money(next.maxMinor)}; give both.`);
  const methods = await listPaymentMethodSettings(db, code);
  if (!methods.some((m) => m.methodCode === next.payoutMethod)) {
    refuse(`No payment method ${next.payoutMethod} on ${code} to pay out with. See: npm run operator -- payment-methods ${code}`);
  }
  await db.batch([withdrawSettingStatement(db, code, next)]);
  return `${code}: withdrawals:\n${formatWithdraw(next)}`;
}

/** Every link kind with its stored address: set, cleared, placeholder (example.com) or not set. */
async function formatLinks(db: D1Database, code: string): Promise<{ text: string; placeholders: string[] }> {
  const stored = await listStoredLinks(db, code);
  const placeholders: string[] = [];
  const lines = LINK_KINDS.map((kind) => {
    const link = stored.find((l) => l.table === kind.table && l.type.toUpperCase() === kind.type.toUpperCase());
    let state = 'not set';
    if (link && link.url !== '') {
      const placeholder = /^https?:\/\/(www\.)?example\.(com|org|net)([/:?#]|$)/i.test(link.url);
      if (placeholder) placeholders.push(kind.type);
      state = `${link.url}${placeholder ? '   <- placeholder: set the real address or clear it' : ''}`;
    } else if (link) state = 'cleared';
    return `  ${kind.type.padEnd(16)} ${state}\n  ${''.padEnd(16)} (${kind.purpose})`;
  });
  return { text: lines.join('\n'), placeholders };
}

async function setLink(db: D1Database, code: string, command: Extract<SiteSettingsCommand, { kind: 'link-set' }>): Promise<string> {
  const kind = LINK_KINDS.find((k) => k.type === command.type)!;
  const stored = (await listStoredLinks(db, code)).find((l) => l.table === kind.table && l.type.toUpperCase() === kind.type.toUpperCase());
  const link = {
    table: kind.table, type: stored?.type ?? kind.type, url: command.url ?? '',
    label: command.label ?? (stored?.label || kind.label), sortOrder: stored?.sortOrder ?? (LINK_KINDS.indexOf(kind) + 1) * 10,
  };
  await db.batch([linkStatement(db, code, link)]);
  return command.url === null
    ? `${code}: ${kind.type} link cleared; no page shows it.\nVisitors see the change on their next page load.`
    : `${code}: ${kind.type} link is now ${command.url}\nVisitors see the change on their next page load.`;
}

/** What the operator is told about one provider: the lines of `social` and, when it cannot work, a problem. */
interface SocialReport {
  lines: string[];
  problem: string | null;
}

function socialReport(provider: SocialLoginName, row: SocialProviderSetting | undefined, switchOn: boolean, secrets: Set<string> | null, hosts: readonly string[]): SocialReport {
  const switchId = SOCIAL_LOGIN_SWITCHES[provider];
  const secretName = row?.clientSecretEnv ?? '';
  const secretKnown = secrets !== null && secretName !== '';
  const state = socialLoginState(provider, row ?? null, secrets === null || (secretKnown && secrets.has(secretName)));
  const secretLine = secretName === '' ? '(none)' : `${secretName} (${secrets === null ? 'could not list the secrets to check it' : secrets.has(secretName) ? 'set' : 'NOT SET'})`;
  const lines = [
    `  ${provider}: switch ${switchId} ${switchOn ? 'on' : 'off'}; ${state === 'ready' ? 'configured' : socialLoginAdvice(provider, state, secretName)}`,
    `    client id ${row?.clientId || '(none)'}; secret ${secretLine}`,
  ];
  if (state === 'ready' || row?.clientId) {
    lines.push(`    redirect URIs to register with ${provider}: ${hosts.map((h) => `https://${h}/wps/playdeck/oauth/${provider}/callback`).join(' ') || '(the site has no domain yet)'}`);
  }
  let problem: string | null = null;
  if (switchOn && state !== 'ready') {
    problem = `${switchId} is on but ${provider} login is not usable, so the login page shows no ${provider} button: ${socialLoginAdvice(provider, state, secretName)}`;
  } else if (!switchOn && state === 'ready') {
    lines.push(`    the button shows once the switch is on: npm run operator -- switch ${'<merchant>'} ${switchId} on`);
  }
  return { lines, problem };
}

const secretsOf = (context: SettingsContext) => (context.secretNames ?? (() => defaultSecretNames(context.remote, context.env)))();

async function socialReports(db: D1Database, code: string, context: SettingsContext, secrets = secretsOf(context)): Promise<SocialReport[]> {
  const [rows, on, hosts] = await Promise.all([listSocialProviderSettings(db, code), listSwitchesOn(db, code), listMerchantHosts(db, code)]);
  return (Object.keys(SOCIAL_LOGIN_SWITCHES) as SocialLoginName[]).map((provider) =>
    socialReport(provider, rows.find((r) => r.provider === provider), on.includes(SOCIAL_LOGIN_SWITCHES[provider]), secrets, hosts));
}

function formatSocial(reports: readonly SocialReport[]): string {
  const problems = reports.flatMap((r) => (r.problem ? [`  PROBLEM: ${r.problem}`] : []));
  return [...reports.flatMap((r) => r.lines), ...problems].join('\n');
}

async function setSocial(db: D1Database, code: string, provider: SocialLoginName, client: { clientId: string; secretName: string } | null, context: SettingsContext): Promise<string> {
  const stored = (await listSocialProviderSettings(db, code)).find((r) => r.provider === provider);
  if (!stored && client === null) return `${code}: ${provider} login was not configured; nothing changed.`;
  const e = SOCIAL_LOGIN_ENDPOINTS[provider];
  const defaults: SocialProviderSetting = {
    provider, clientId: '', clientSecretEnv: '', authorizeUrl: e.authorizeUrl, tokenUrl: e.tokenUrl, userinfoUrl: e.userinfoUrl, issuer: e.issuer, jwksUrl: e.jwksUrl, scopes: e.scopes,
  };
  // A row keeps endpoints an operator changed; missing ones get the provider's public defaults.
  const merged: SocialProviderSetting = { ...defaults };
  for (const [key, value] of Object.entries(stored ?? {}) as [keyof SocialProviderSetting, string][]) if (value) (merged as unknown as Record<string, string>)[key] = value;
  const next = client === null ? { ...merged, clientId: '' } : { ...merged, clientId: client.clientId, clientSecretEnv: client.secretName };
  await db.batch([socialProviderStatement(db, code, next)]);
  const report = formatSocial((await socialReports(db, code, context)).filter((_, i) => (Object.keys(SOCIAL_LOGIN_SWITCHES) as SocialLoginName[])[i] === provider));
  const head = client === null ? `${code}: ${provider} login configuration removed.` : `${code}: ${provider} login client set.`;
  return `${head}\n${report.replaceAll('<merchant>', code)}\nPages pick it up within 30 s (each worker isolate caches it for 30 s).`;
}

/** The `settings` overview: every setting, then what is missing. */
async function overview(db: D1Database, code: string, context: SettingsContext): Promise<string> {
  const secrets = secretsOf(context);
  const [registration, methods, withdraw, links, social] = await Promise.all([
    registrationRows(db, code), listPaymentMethodSettings(db, code), findWithdrawSettings(db, code), formatLinks(db, code), socialReports(db, code, context, secrets),
  ]);
  // An HTTP PSP signs with the worker secret the method names: without it, deposits with it answer payment_unavailable.
  const unsigned = methods.filter((m) => m.enabled && m.provider === 'http' && secrets !== null && !secrets.has(m.secretName));
  const problems = [
    ...social.flatMap((r) => (r.problem ? [r.problem] : [])),
    ...unsigned.map((m) => `payment method ${m.methodCode} uses the HTTP provider but the worker secret ${m.secretName || '(unnamed)'} is not set: npx wrangler secret put ${m.secretName || '<SECRET_NAME>'}`),
    ...(methods.some((m) => m.enabled) ? [] : ['no payment method is on: players cannot deposit (payment-method <merchant> <METHOD> …)']),
    ...(links.placeholders.length > 0 ? [`placeholder links (example.com): ${links.placeholders.join(', ')} (link <merchant> <type> https://…|none)`] : []),
  ].map((p) => `  - ${p.replaceAll('<merchant>', code)}`);
  return [
    `${code}: site settings (docs/site-settings.md)`,
    'Registration fields (registration):', formatRegistration(registration.filter((r) => r.enabled)),
    `  off: ${registration.filter((r) => !r.enabled).map((r) => r.field).join(', ') || 'none'}`,
    'Payment methods (payment-method):', formatMethods(methods),
    'Withdrawals (withdraw-settings):', formatWithdraw(withdraw),
    'Links (link):', links.text,
    'Social login (social):', formatSocial(social).replaceAll('<merchant>', code),
    problems.length > 0 ? `Needs attention:\n${problems.join('\n')}` : 'Nothing needs attention.',
  ].join('\n');
}

/** Runs a parsed site-settings command on the merchant's stored `code`; returns the text to print. */
export async function runSiteSettings(db: D1Database, command: SiteSettingsCommand, code: string, context: SettingsContext): Promise<string> {
  switch (command.kind) {
    case 'settings':
      return overview(db, code, context);
    case 'registration-show':
      return `${code}: registration fields in form order (registration <merchant> <field>=off|optional|required):\n${formatRegistration(await registrationRows(db, code))}`;
    case 'registration-set':
      return setRegistration(db, code, command);
    case 'payment-methods':
      return `${code}: payment methods:\n${formatMethods(await listPaymentMethodSettings(db, code))}`;
    case 'payment-method-set':
      return setPaymentMethod(db, code, command);
    case 'withdraw-show':
      return `${code}: withdrawals:\n${formatWithdraw(await findWithdrawSettings(db, code))}`;
    case 'withdraw-set':
      return setWithdraw(db, code, command);
    case 'withdraw-off':
      await db.batch([withdrawSettingStatement(db, code, null)]);
      return `${code}: withdrawals off; requests already filed are still decided and paid out.`;
    case 'links':
      return `${code}: links:\n${(await formatLinks(db, code)).text}`;
    case 'link-set':
      return setLink(db, code, command);
    case 'social-show':
      return `${code}: social login:\n${formatSocial(await socialReports(db, code, context)).replaceAll('<merchant>', code)}`;
    case 'social-set':
      return setSocial(db, code, command.provider, { clientId: command.clientId, secretName: command.secretName }, context);
    case 'social-clear':
      return setSocial(db, code, command.provider, null, context);
  }
}
