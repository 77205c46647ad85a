/**
 * The site lifecycle commands (docs/sites.md; player-shell §1 and §3 white-label sites, accounts §3 site switches):
 *   npm run operator -- site create <CODE> --name <name> --domain <host> [--domain <host>…] --currency <ISO 4217>
 *                       [--symbol <s>] [--theme dark|light] [--language <code>] [--description <text>]
 *                       [--catalogue demo|none] [--payments demo|none]
 *   npm run operator -- site show <CODE>
 *   npm run operator -- site list
 *   npm run operator -- site set <CODE> key=value…
 * Parsing and validation (zod) are pure and tested without a database; a wrong argument is a UsageError (exit 2).
 * `create` builds its rows with the demo seed's own builders (worker/db/seed/site-rows.ts) and writes them as ONE
 * batch (worker/db/queries/site-lifecycle.ts); `set` writes its changes as one batch too. What may not be done
 * (an existing code, a host routed elsewhere, no catalogue in the database) is refused (exit 1) before anything
 * is written.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { parseHost, UsageError } from './operator-commands.ts';
import { minorToWire } from '../contract/money.ts';
import { newSiteRowSets, type NewSiteOptions } from '../worker/db/seed/new-site.ts';
import { findMerchantCode } from '../worker/db/queries/operator-sites.ts';
import {
  findRoutedHosts, findSiteDetails, insertSiteRows, listCatalogueVendors, listSites, type SiteChanges, type SiteDetails, type SiteRow,
} from '../worker/db/queries/site-lifecycle.ts';
import { currency, language, line, siteChanges, SiteValueError, theme } from '../worker/services/sites/site-values.ts';
import { cliOperator } from './console-commands.ts';

/** Usage lines of the site commands (printed with the operator's usage). */
export const SITE_USAGE = `  site create <CODE> --name <name> --domain <host> [--domain <host>…] --currency <ISO 4217>
       [--symbol <s>] [--theme dark|light] [--language <code>] [--description <text>]
       [--catalogue demo|none] [--payments demo|none]
                                          a new site in one step (docs/sites.md lists what it sets)
  site show <CODE>                        everything about a site
  site list                               every site with its currency, theme, language and domains
  site set <CODE> key=value…              name= theme=dark|light currency=<ISO> symbol= language=<code> description=
                                          primaryColor=#rrggbb|none accentColor=#rrggbb|none welcomeBonus=<amount>
                                          trialBalance=<amount> memberCentreTemplate=new|old depositTemplate=new|old
                                          promotions=REFERRAL,MISSION,LOGIN|none`;

/** A parsed site command. Codes of `create` are upper case; the others are as typed (resolved case-insensitively). */
export type SiteCommand =
  | { kind: 'site-create'; site: NewSite }
  | { kind: 'site-show'; merchant: string }
  | { kind: 'site-list' }
  | { kind: 'site-set'; merchant: string; changes: SiteChanges };

const code = z.string().regex(/^[A-Za-z0-9_]{1,32}$/, 'letters, digits and _ (at most 32)');
const symbol = line(8);
const host = z.string().transform((value, ctx) => {
  try {
    return parseHost(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

/** The options of `site create`, validated. */
const createSchema = z.object({
  code: code.transform((c) => c.toUpperCase()),
  name: line(60),
  domain: z.array(host).min(1, 'at least one --domain <host>'),
  currency,
  symbol: symbol.optional(),
  theme: theme.default('dark'),
  language: language.default('EN'),
  description: line(500).optional(),
  catalogue: z.enum(['demo', 'none'], 'demo or none').default('demo'),
  payments: z.enum(['demo', 'none'], 'demo or none').default('none'),
});

/** A new site as the operator asked for it (create's options, validated). */
export type NewSite = z.output<typeof createSchema> & NewSiteOptions;

/** The first problem zod found, as `--option: message` (create) or `key: message` (set). */
function usageFrom(error: z.ZodError, prefix: string): UsageError {
  const issue = error.issues[0];
  const path = issue?.path.join('.') ?? '';
  const at = path === 'code' ? 'site code' : `${prefix}${path}`;
  if (issue?.code === 'unrecognized_keys') return new UsageError(`unknown setting ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}; see the usage below`);
  if (issue?.code === 'invalid_type' && issue.input === undefined) return new UsageError(`${at} is required`);
  return new UsageError(`${at}: ${issue?.message ?? 'invalid'}`);
}

/** Parses `site create`'s arguments (after `site create`). Throws UsageError. */
export function parseCreate(args: readonly string[]): NewSite {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args], allowPositionals: true, strict: true,
      options: Object.fromEntries(['name', 'domain', 'currency', 'symbol', 'theme', 'language', 'description', 'catalogue', 'payments']
        .map((name) => [name, { type: 'string' as const, multiple: name === 'domain' }])),
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length !== 1) throw new UsageError(`site create takes one site code, got ${parsed.positionals.length}`);
  const result = createSchema.safeParse({ code: parsed.positionals[0], ...parsed.values });
  if (!result.success) throw usageFrom(result.error, '--');
  const hosts = result.data.domain;
  if (new Set(hosts).size !== hosts.length) throw new UsageError('--domain: a host is given twice');
  return result.data;
}

/** Parses `site set`'s `key=value` pairs into the changes it makes. Throws UsageError. */
export function parseSiteSettings(pairs: readonly string[]): SiteChanges {
  if (pairs.length === 0) throw new UsageError('site set takes at least one key=value');
  const raw: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`key=value expected, got ${JSON.stringify(pair)}`);
    const key = pair.slice(0, at);
    if (key in raw) throw new UsageError(`${key} is given twice`);
    raw[key] = pair.slice(at + 1);
  }
  try {
    return siteChanges(raw);
  } catch (error) {
    if (error instanceof SiteValueError) throw new UsageError(error.message);
    throw error;
  }
}

/** Parses a `site …` command line; null for any other command. Throws UsageError. */
export function parseSiteCommand(args: readonly string[]): SiteCommand | null {
  if (args[0] !== 'site') return null;
  const [, sub, a] = args;
  const merchant = () => {
    const parsed = code.safeParse(a ?? '');
    if (!parsed.success) throw new UsageError(`site ${sub} takes a site code (letters, digits, _), got ${JSON.stringify(a ?? '')}`);
    return parsed.data;
  };
  switch (sub) {
    case 'create':
      return { kind: 'site-create', site: parseCreate(args.slice(2)) };
    case 'show':
      if (args.length !== 3) throw new UsageError('site show takes one site code');
      return { kind: 'site-show', merchant: merchant() };
    case 'list':
      if (args.length !== 2) throw new UsageError('site list takes no arguments');
      return { kind: 'site-list' };
    case 'set':
      return { kind: 'site-set', merchant: merchant(), changes: parseSiteSettings(args.slice(3)) };
    default:
      throw new UsageError(`site create, show, list or set expected, got ${JSON.stringify(sub ?? '')}`);
  }
}

/** The operator's word for each change (`site set` keys). */
const CHANGE_NAMES: Record<string, string> = {
  name: 'name', description: 'description', currency: 'currency', currency_symbol: 'symbol', theme: 'theme', default_language: 'language',
  welcome_bonus_minor: 'welcome bonus', trial_balance_minor: 'trial balance', colors: 'brand colours', flags: 'templates/promotions',
};

const money = (minor: number) => minorToWire(minor).toFixed(2);
const onOff = (value: number) => (value === 1 ? 'on' : 'off');

/** One line per site for `site list`. */
export function formatSiteList(rows: readonly SiteRow[]): string {
  if (rows.length === 0) return 'No sites. Create one: npm run operator -- site create <CODE> --name … --domain … --currency …';
  return rows.map((r) => `${r.code}  ${r.name}  ${r.currency} ${r.currency_symbol}  ${r.theme}  ${r.default_language}${r.maintenance === 1 ? '  MAINTENANCE' : ''}  ${r.hosts ?? '(no domain)'}`).join('\n');
}

/** Everything about a site as readable text (`site show`). */
export function formatSiteDetails(d: SiteDetails): string {
  const s = d.site;
  let brand: Record<string, unknown> = {};
  try {
    brand = JSON.parse(s.branding) as Record<string, unknown>;
  } catch { /* shown as no brand */ }
  const flag = (kind: string, key: string) => d.flags.find((f) => f.kind === kind && f.flag_key === key)?.value;
  const promotions = d.flags.filter((f) => f.kind === 'promotion' && f.value === 1).map((f) => f.flag_key);
  const list = (items: string[]) => (items.length === 0 ? '  (none)' : items.map((i) => `  ${i}`).join('\n'));
  return [
    `${s.code}: ${s.name}${s.maintenance === 1 ? '  (MAINTENANCE ON)' : ''}`,
    `domains: ${s.hosts ?? 'none (no host serves this site)'}`,
    `currency: ${s.currency} (${s.currency_symbol})   theme: ${s.theme}   default language: ${s.default_language}`,
    `welcome bonus: ${money(s.welcome_bonus_minor)}   trial balance: ${money(s.trial_balance_minor)}`,
    `brand colours: primary ${String(brand.primaryColor ?? 'theme')}, accent ${String(brand.accentColor ?? 'theme')}`,
    `templates: member centre ${flag('template', 'mem_cen') === 1 ? 'new' : 'old'}, deposit ${flag('template', 'dep_func') === 1 ? 'new' : 'old'}`,
    `promotions running: ${promotions.join(', ') || 'none'}`,
    `restricted regions: ${(JSON.parse(s.restricted_regions || '[]') as string[]).join(',') || 'none'}`,
    `switches: ${d.switches.map((w) => `${w.module_id}=${onOff(w.enabled)}`).join(' ') || 'none'}`,
    `registration fields (enabled, * required):`,
    `  ${d.registration.filter((r) => r.enabled === 1).map((r) => `${r.field}${r.required === 1 ? '*' : ''}`).join(' ') || '(none)'}`,
    `categories: ${d.categories.map((c) => c.game_category).join(' ') || 'none'}`,
    `vendors (${d.vendors.length}):`,
    list(d.vendors.map((v) => `${v.vassalage} (${v.game_types.split(',').join(', ')})`)),
    `payment methods:`,
    list(d.paymentMethods.map((m) => `${m.method_code} ${m.display_name} [${m.provider}${m.provider === 'demo' ? ': no real money' : ''}] ${money(m.min_minor)}–${money(m.max_minor)}${m.enabled === 1 ? '' : ' (off)'}`)),
    `withdrawals: ${d.withdraw ? `through ${d.withdraw.payout_method}, ${money(d.withdraw.min_minor)}–${money(d.withdraw.max_minor)}` : 'off (no withdrawal settings)'}`,
    `links (downloads, social):`,
    list(d.resources.map((r) => `${r.resource_type}: ${r.url}`)),
    `customer service:`,
    list(d.customerService.map((c) => `${c.cs_type}: ${c.path}`)),
    `social login: ${d.providers.map((p) => `${p.provider} ${p.client_id ? `client ${p.client_id}` : 'no client id'}${p.client_secret_env ? ` (secret ${p.client_secret_env})` : ''}`).join('; ') || 'none'}`,
  ].join('\n');
}

/**
 * Runs a site command; `refuse` ends it with a refusal (exit 1). `create` checks the code and hosts first, then
 * writes every row in one batch: a failure there (e.g. a host routed by someone else meanwhile) writes nothing.
 */
export async function runSiteCommand(db: D1Database, command: SiteCommand, refuse: (message: string) => never, now = Date.now()): Promise<string> {
  switch (command.kind) {
    case 'site-list':
      return formatSiteList(await listSites(db));
    case 'site-show': {
      const code = (await findMerchantCode(db, command.merchant)) ?? refuse(`No site ${command.merchant}. See: npm run operator -- site list`);
      return formatSiteDetails((await findSiteDetails(db, code))!);
    }
    case 'site-set': {
      const code = (await findMerchantCode(db, command.merchant)) ?? refuse(`No site ${command.merchant}. See: npm run operator -- site list`);
      // Through the service the back office uses: the change and its audit row (as `cli:<user>`, no reason) in one batch.
      const { applySiteChanges } = await import('../worker/services/sites/site-admin.ts');
      await applySiteChanges(db, { merchantCode: code, operatorId: null, operator: cliOperator() }, command.changes, '');
      return `${code}: ${Object.keys(command.changes).map((k) => CHANGE_NAMES[k] ?? k).join(', ')} changed.\nVisitors see the change within 30 s.\n\n${formatSiteDetails((await findSiteDetails(db, code))!)}`;
    }
    case 'site-create': {
      const { site } = command;
      const existing = await findMerchantCode(db, site.code);
      if (existing) refuse(`A site ${existing} exists already. See: npm run operator -- site show ${existing}`);
      const routed = Object.entries(await findRoutedHosts(db, site.domain));
      if (routed.length > 0) refuse(routed.map(([h, m]) => `${h} already serves ${m}; remove it there first (domain remove ${h} ${m}).`).join('\n'));
      const vendors = site.catalogue === 'demo' ? await listCatalogueVendors(db) : [];
      if (site.catalogue === 'demo' && vendors.length === 0) refuse('The database holds no games: load the catalogue first (npm run db:seed -- --production), or pass --catalogue none.');
      try {
        await insertSiteRows(db, newSiteRowSets(site, vendors, now));
      } catch (error) {
        refuse(`Nothing was written: ${(error as Error).message}`);
      }
      return `${site.code} created; ${site.domain.join(', ')} now serve it.\n\n${formatSiteDetails((await findSiteDetails(db, site.code))!)}`;
    }
  }
}
