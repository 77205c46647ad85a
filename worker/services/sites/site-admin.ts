import type { ErrorCode } from '../../../contract/errors';
import { recordAudit } from '../operators/audit';
import { minorToWire } from '../../../contract/money';
import { PROMOTION_KINDS } from '../../db/seed/site-rows';
import {
  domainDeleteStatement, domainInsertStatement, findDomainMerchant, findSiteState, merchantMaintenanceStatement, restrictedRegionsStatement,
  siteSwitchStatement,
} from '../../db/queries/operator-sites';
import { maintenanceTextStatement } from '../../db/queries/maintenance-texts';
import { findSiteDetails, siteUpdateStatements, type SiteChanges } from '../../db/queries/site-lifecycle';
import {
  EVERY_LANGUAGE, KNOWN_MODULES, maintenanceLanguage, maintenanceText, siteChanges, siteHost, siteModule, siteRegions, SiteValueError,
  type SITE_SETTING_KEYS,
} from './site-values';

/**
 * A site's switches, maintenance (on/off and its text per language), restricted regions, domains, and brand and
 * theme (`site set`'s keys), read and changed ONCE for both the operator command (`npm run operator -- switch |
 * maintenance | maintenance-text | regions | domain | site set`, scripts/operator.ts) and the back office's Site area
 * (worker/console/site.ts; docs/back-office.md "Site", docs/sites.md). Every change is one D1 batch: the change and
 * its audit row (worker/services/operators/audit.ts: who, site, before, after, reason), so neither is written
 * without the other. Values are validated by worker/services/sites/site-values.ts (SiteValueError, 400); what may
 * not be done is a SiteChangeRefusal (404/409). Visitors see a change within the host → merchant cache's life
 * (30 s per worker isolate; worker/middleware/merchant.ts).
 */

/** Who changes the site: the signed-in operator (console) or `cli:<user>` (operatorId null, no address). */
export interface SiteActor {
  merchantCode: string;
  operatorId: number | null;
  operator: string;
  address?: string;
}

/** A change that may not be done: 404 `site_domain_not_found`, 409 `site_domain_taken`, `site_domain_current`. */
export class SiteChangeRefusal extends Error {
  override name = 'SiteChangeRefusal';
  // Plain fields, not parameter properties: the operator command runs this under Node, which only strips types.
  readonly status: 404 | 409;
  readonly errorCode: ErrorCode;
  readonly value: unknown;
  constructor(status: 404 | 409, errorCode: ErrorCode, message: string, value: unknown = null) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
    this.value = value;
  }
}

/** `site set`'s keys as text, exactly as `site set` takes them (money as decimal units; colours `#rrggbb` or none). */
export type SiteSettingStrings = Partial<Record<(typeof SITE_SETTING_KEYS)[number], string>>;

/** What the Site area shows of a site. */
export interface SiteSettingsView {
  id: 'site';
  code: string;
  settings: Required<SiteSettingStrings>;
  maintenance: boolean;
  /** The operator's maintenance texts: language (upper-case code, or '*' for every language without its own) → text. */
  maintenanceTexts: { language: string; text: string }[];
  regions: string[];
  domains: string[];
  /** Every known switch (and any other stored one), by module id; a switch never stored is off. */
  switches: { moduleId: string; on: boolean }[];
}

const amount = (minor: number) => minorToWire(minor).toFixed(2);

/** The site's settings, or null when the merchant does not exist. */
export async function readSiteSettings(db: D1Database, code: string): Promise<SiteSettingsView | null> {
  const [details, state] = await Promise.all([findSiteDetails(db, code), findSiteState(db, code)]);
  if (!details || !state) return null;
  const s = details.site;
  let brand: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(s.branding);
    if (parsed && typeof parsed === 'object') brand = parsed as Record<string, unknown>;
  } catch { /* no brand colours */ }
  const flag = (kind: string, key: string) => details.flags.find((f) => f.kind === kind && f.flag_key === key)?.value;
  const promotions = PROMOTION_KINDS.filter((k) => flag('promotion', k) === 1);
  const colour = (value: unknown) => (typeof value === 'string' && value ? value : 'none');
  const stored = new Map(state.switches.map((w) => [w.module_id, w.enabled === 1]));
  let regions: string[] = [];
  try {
    regions = (JSON.parse(state.restricted_regions || '[]') as string[]).filter((r) => typeof r === 'string');
  } catch { /* none */ }
  return {
    id: 'site',
    code: s.code,
    settings: {
      name: s.name, theme: s.theme, currency: s.currency, symbol: s.currency_symbol, language: s.default_language, description: state.description,
      primaryColor: colour(brand.primaryColor), accentColor: colour(brand.accentColor),
      welcomeBonus: amount(s.welcome_bonus_minor), trialBalance: amount(s.trial_balance_minor),
      memberCentreTemplate: flag('template', 'mem_cen') === 1 ? 'new' : 'old', depositTemplate: flag('template', 'dep_func') === 1 ? 'new' : 'old',
      promotions: promotions.join(',') || 'none',
    },
    maintenance: state.maintenance === 1,
    maintenanceTexts: state.maintenanceTexts,
    regions,
    domains: state.hosts,
    switches: [...new Set([...KNOWN_MODULES, ...stored.keys()])].sort().map((moduleId) => ({ moduleId, on: stored.get(moduleId) === true })),
  };
}

async function current(db: D1Database, code: string): Promise<SiteSettingsView> {
  const view = await readSiteSettings(db, code);
  if (!view) throw new SiteChangeRefusal(404, 'site_not_found', `No site ${code}`);
  return view;
}

/** Runs the change's statements and its audit row as one batch. */
async function commit(db: D1Database, actor: SiteActor, change: D1PreparedStatement[], audit: { action: string; target: string; before: unknown; after: unknown; reason: string }): Promise<void> {
  await db.batch([...change, recordAudit(db, { ...actor, ...audit })]);
}

/** Turns a switch (module id, any case; `site_switch_unknown` otherwise) on or off. Audit `site.switch`. */
export async function changeSwitch(db: D1Database, actor: SiteActor, module: string, on: boolean, reason: string): Promise<{ moduleId: string; before: boolean }> {
  const moduleId = siteModule(module);
  const view = await current(db, actor.merchantCode);
  const before = view.switches.find((w) => w.moduleId === moduleId)?.on ?? false;
  await commit(db, actor, [siteSwitchStatement(db, actor.merchantCode, moduleId, on)], {
    action: 'site.switch', target: `switch:${moduleId}`, before: { on: before }, after: { on }, reason,
  });
  return { moduleId, before };
}

/** Turns maintenance on (pages answer 503 with the maintenance page) or off. Audit `site.maintenance`. */
export async function changeMaintenance(db: D1Database, actor: SiteActor, on: boolean, reason: string): Promise<void> {
  const view = await current(db, actor.merchantCode);
  await commit(db, actor, [merchantMaintenanceStatement(db, actor.merchantCode, on)], {
    action: 'site.maintenance', target: `site:${actor.merchantCode}`, before: { on: view.maintenance }, after: { on }, reason,
  });
}

/**
 * Sets the maintenance text of one language (`all`/`*`: every language without its own; `site_language_invalid`
 * otherwise); text `none` or null removes it (the built-in, translated text again). Audit `site.maintenance_text`.
 */
export async function changeMaintenanceText(db: D1Database, actor: SiteActor, languageArg: string, textArg: string | null, reason: string): Promise<{ language: string; text: string | null }> {
  const language = maintenanceLanguage(languageArg);
  const text = textArg === null ? null : maintenanceText(textArg);
  const view = await current(db, actor.merchantCode);
  const before = view.maintenanceTexts.find((t) => t.language === language)?.text ?? null;
  await commit(db, actor, [maintenanceTextStatement(db, actor.merchantCode, language, text)], {
    action: 'site.maintenance_text', target: `maintenance_text:${language === EVERY_LANGUAGE ? 'all' : language}`, before: { text: before }, after: { text }, reason,
  });
  return { language, text };
}

/** Stores the restricted regions (country codes; `site_regions_invalid` otherwise), [] for none. Audit `site.regions`. */
export async function changeRegions(db: D1Database, actor: SiteActor, codes: readonly string[], reason: string): Promise<string[]> {
  const regions = siteRegions(codes);
  const view = await current(db, actor.merchantCode);
  await commit(db, actor, [restrictedRegionsStatement(db, actor.merchantCode, regions)], {
    action: 'site.regions', target: `site:${actor.merchantCode}`, before: { regions: view.regions }, after: { regions }, reason,
  });
  return regions;
}

/**
 * Routes a host (`site_host_invalid` when not a host name) to the site. A host already serving this site changes
 * nothing (`changed` false, no audit row); one serving another site is refused, 409 `site_domain_taken`, even when
 * it is routed there between the check and the write (the plain INSERT then fails the batch). Audit `site.domain_add`.
 */
export async function addDomain(db: D1Database, actor: SiteActor, hostArg: string, reason: string): Promise<{ host: string; changed: boolean }> {
  const host = siteHost(hostArg);
  const taken = (routed: string) => new SiteChangeRefusal(409, 'site_domain_taken', `${host} already serves ${routed}; remove it there first.`, { host, merchant: routed });
  const routed = await findDomainMerchant(db, host);
  if (routed === actor.merchantCode) return { host, changed: false };
  if (routed) throw taken(routed);
  const view = await current(db, actor.merchantCode);
  try {
    await commit(db, actor, [domainInsertStatement(db, host, actor.merchantCode)], {
      action: 'site.domain_add', target: `domain:${host}`, before: { domains: view.domains }, after: { domains: [...view.domains, host].sort() }, reason,
    });
  } catch (error) {
    const now = await findDomainMerchant(db, host);
    if (now && now !== actor.merchantCode) throw taken(now);
    if (now === actor.merchantCode) return { host, changed: false };
    throw error;
  }
  return { host, changed: true };
}

/** Stops routing a host to the site; 404 `site_domain_not_found` when it does not serve this site. Audit `site.domain_remove`. */
export async function removeDomain(db: D1Database, actor: SiteActor, hostArg: string, reason: string): Promise<string> {
  const host = siteHost(hostArg);
  const view = await current(db, actor.merchantCode);
  if (!view.domains.includes(host)) throw new SiteChangeRefusal(404, 'site_domain_not_found', `${host} does not serve ${actor.merchantCode}.`);
  await commit(db, actor, [domainDeleteStatement(db, host, actor.merchantCode)], {
    action: 'site.domain_remove', target: `domain:${host}`, before: { domains: view.domains }, after: { domains: view.domains.filter((h) => h !== host) }, reason,
  });
  return host;
}

/** The `site set` keys a change touches, as text (for the audit row's after, and to pick the before). */
export function changesAsSettings(changes: SiteChanges): SiteSettingStrings {
  const out: SiteSettingStrings = {};
  if (changes.name !== undefined) out.name = changes.name;
  if (changes.theme !== undefined) out.theme = changes.theme;
  if (changes.currency !== undefined) out.currency = changes.currency;
  if (changes.currency_symbol !== undefined) out.symbol = changes.currency_symbol;
  if (changes.default_language !== undefined) out.language = changes.default_language;
  if (changes.description !== undefined) out.description = changes.description;
  if (changes.welcome_bonus_minor !== undefined) out.welcomeBonus = amount(changes.welcome_bonus_minor);
  if (changes.trial_balance_minor !== undefined) out.trialBalance = amount(changes.trial_balance_minor);
  if (changes.colors?.primaryColor !== undefined) out.primaryColor = changes.colors.primaryColor ?? 'none';
  if (changes.colors?.accentColor !== undefined) out.accentColor = changes.colors.accentColor ?? 'none';
  for (const flag of changes.flags ?? []) {
    if (flag.kind === 'template') out[flag.key === 'mem_cen' ? 'memberCentreTemplate' : 'depositTemplate'] = flag.value === 1 ? 'new' : 'old';
  }
  const promotions = (changes.flags ?? []).filter((f) => f.kind === 'promotion');
  if (promotions.length > 0) out.promotions = promotions.filter((f) => f.value === 1).map((f) => f.key).join(',') || 'none';
  return out;
}

/**
 * Applies `site set`'s changes (worker/services/sites/site-values.ts siteChanges) in one batch with their audit row
 * `site.settings` (before and after: the touched keys as `site set` writes them). Nothing to change writes nothing.
 */
export async function applySiteChanges(db: D1Database, actor: SiteActor, changes: SiteChanges, reason: string): Promise<SiteSettingStrings> {
  const view = await current(db, actor.merchantCode);
  const after = changesAsSettings(changes);
  const keys = Object.keys(after) as (keyof SiteSettingStrings)[];
  const statements = siteUpdateStatements(db, actor.merchantCode, changes);
  if (statements.length === 0) return after;
  await commit(db, actor, statements, {
    action: 'site.settings', target: `site:${actor.merchantCode}`, before: Object.fromEntries(keys.map((k) => [k, view.settings[k]])), after, reason,
  });
  return after;
}

/**
 * The back office's brand and theme change: `site set`'s keys as text (validated as `site set` validates them) —
 * except `currency`, refused with 400 `site_currency_read_only`: balances, bonuses and limits are stored in the
 * site's currency's minor units, so changing a live site's currency would misprice every one of them. At least one
 * key (`site_setting_invalid`).
 */
export async function changeSiteSettings(db: D1Database, actor: SiteActor, values: Record<string, string>, reason: string): Promise<SiteSettingStrings> {
  if ('currency' in values) {
    throw new SiteValueError('site_currency_read_only', 'The currency of a live site cannot change here: every balance and amount is stored in it');
  }
  if (Object.keys(values).length === 0) throw new SiteValueError('site_setting_invalid', 'Change at least one setting');
  return applySiteChanges(db, actor, siteChanges(values), reason);
}
