/**
 * The values of a site's settings as an operator types them, validated once for both the operator command
 * (scripts/operator-commands.ts, scripts/site-commands.ts) and the back office's Site area (worker/console/site.ts,
 * worker/services/sites/site-admin.ts): host names, restricted regions, switch (module) ids, maintenance texts and
 * their languages, and `site set`'s brand and theme keys (docs/sites.md, docs/back-office.md "Site"; player-shell
 * §1 and §3 white-label sites, accounts §3 site switches and §9 module ids). Pure: every problem is a
 * SiteValueError with a stable `errorCode` and a message saying how to correct it. Imports only with file
 * extensions, so the operator script runs it under Node's type stripping.
 */
import { z } from 'zod';
import { LANGUAGES } from '../../../contract/languageCodes.ts';
import { wireToMinor } from '../../../contract/money.ts';
import { PROMOTION_KINDS } from '../../db/seed/site-rows.ts';
import { currencySymbol } from '../../db/seed/new-site.ts';
import type { SiteChanges } from '../../db/queries/site-lifecycle.ts';
import { EVERY_LANGUAGE } from '../../db/queries/maintenance-texts.ts';
import type { ErrorCode } from '../../../contract/errors.ts';

/** A value the operator must correct: `errorCode` is stable (the back office's 400 answer), the message says how. */
export class SiteValueError extends Error {
  override name = 'SiteValueError';
  // A plain field, not a parameter property: the operator command runs this under Node, which only strips types.
  readonly errorCode: ErrorCode;
  constructor(errorCode: ErrorCode, message: string) {
    super(message);
    this.errorCode = errorCode;
  }
}

/**
 * Module ids an operator may switch (player-shell §1 flags, accounts §3 site switches and §9 module ids). A
 * typo would otherwise create a switch nothing reads.
 */
export const KNOWN_MODULES: readonly string[] = [
  'AFFMAN3', 'AGENTPOLICY3', 'CBS3', 'CHNGPASSVERIF3', 'COMM3', 'FACEBOOKLOGIN3', 'FEEDBACK3', 'FREEPLAY3',
  'GOOGLELOGIN3', 'INBOX3', 'MOBILENUMPASSREG3', 'MOBILENUMREG3', 'MOBILEVERCODELOGIN3', 'PROFPIC3', 'REGISTER_REE3',
  'REGMOBVERF3', 'REWCEN3', 'USERNAMEREG3', 'VALID_CAPTCHA3',
];

/** `errorCode` site_switch_unknown: a module id of KNOWN_MODULES (any case) → upper case. */
export function siteModule(value: string | undefined): string {
  const id = (value ?? '').trim().toUpperCase();
  if (!KNOWN_MODULES.includes(id)) {
    throw new SiteValueError('site_switch_unknown', `unknown module ${JSON.stringify(value ?? '')}; known: ${KNOWN_MODULES.join(', ')}`);
  }
  return id;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * `errorCode` site_host_invalid: a host name as the worker matches it (`hostOf`: lower-case, no port): DNS labels
 * or an IPv4 address. Schemes, ports, paths and wildcards are refused rather than guessed away.
 */
export function siteHost(value: string | undefined): string {
  const host = (value ?? '').trim().toLowerCase();
  const labels = host.split('.');
  const isIpv4 = labels.length === 4 && labels.every((l) => /^\d{1,3}$/.test(l) && Number(l) <= 255);
  // A name's last label is never all digits (RFC 3696 §2), which also refuses malformed IPv4 addresses.
  const isName = labels.every((l) => LABEL.test(l)) && !/^\d+$/.test(labels.at(-1) ?? '');
  if (host.length > 253 || !(isIpv4 || isName)) {
    throw new SiteValueError('site_host_invalid', `host name expected without scheme, port or path (e.g. play.example.com), got ${JSON.stringify(value ?? '')}`);
  }
  return host;
}

const COUNTRY = /^[A-Z][A-Z0-9]$/;

/**
 * `errorCode` site_regions_invalid: country codes (ISO 3166-1 alpha-2, any case, Cloudflare's T1 included) →
 * sorted, unique, upper case; [] for none. At most 300 codes.
 */
export function siteRegions(codes: readonly string[]): string[] {
  const upper = codes.map((c) => String(c).trim().toUpperCase());
  const wrong = upper.filter((c) => !COUNTRY.test(c));
  if (wrong.length > 0) throw new SiteValueError('site_regions_invalid', `two-letter country codes expected, not ${wrong.map((c) => JSON.stringify(c)).join(', ')}`);
  const unique = [...new Set(upper)].sort();
  if (unique.length > 300) throw new SiteValueError('site_regions_invalid', 'at most 300 country codes');
  return unique;
}

export { EVERY_LANGUAGE };

/** `errorCode` site_language_invalid: `all` or `*` → '*', else a language code of contract/languageCodes.ts (any case) → upper case. */
export function maintenanceLanguage(value: string | undefined): string {
  if (value?.toLowerCase() === 'all' || value === EVERY_LANGUAGE) return EVERY_LANGUAGE;
  const code = (value ?? '').toUpperCase();
  if (!(LANGUAGES as readonly string[]).includes(code)) {
    throw new SiteValueError('site_language_invalid', `language code (${LANGUAGES.join(', ')}) or all expected, got ${JSON.stringify(value ?? '')}`);
  }
  return code;
}

/** Longest maintenance text an operator may set (characters): a few sentences on a phone's first screen. */
export const MAINTENANCE_TEXT_MAX = 500;

/**
 * `errorCode` site_maintenance_text_invalid: the maintenance text, control characters (line breaks included) turned
 * into spaces, runs of space collapsed, at most MAINTENANCE_TEXT_MAX characters; `none` → null (the built-in text
 * again). Plain text: the edge writes it as text, so markup shows as typed.
 */
export function maintenanceText(value: string): string | null {
  // Control characters are exactly what is removed here.
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').replace(/\s+/g, ' ').trim();
  if (text === '') throw new SiteValueError('site_maintenance_text_invalid', 'maintenance text expected (or none)');
  if (text.toLowerCase() === 'none') return null;
  if ([...text].length > MAINTENANCE_TEXT_MAX) throw new SiteValueError('site_maintenance_text_invalid', `maintenance text too long: at most ${MAINTENANCE_TEXT_MAX} characters`);
  return text;
}

const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));
/** A line of plain text: no control characters, runs of space collapsed. */
export const line = (max: number) => z.string().transform((s) => s.replace(/\p{Cc}/gu, ' ').replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, 'must not be empty').max(max, `at most ${max} characters`));
export const currency = z.string().transform((s) => s.toUpperCase()).refine((c) => CURRENCIES.has(c), 'an ISO 4217 currency code (USD, PHP, VND, …)');
export const theme = z.enum(['dark', 'light'], 'dark or light');
export const language = z.string().transform((s) => s.toUpperCase()).pipe(z.enum(LANGUAGES, `one of ${LANGUAGES.join(', ')}`));
/** A decimal amount of currency units (≤ 2 decimals, ≤ 1,000,000) → minor units (contract/money.ts). */
const amount = z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'an amount such as 100 or 12.50').transform((s) => wireToMinor(s))
  .refine((minor) => minor <= 100_000_000, 'at most 1000000');
const color = z.string().transform((s) => s.toLowerCase()).pipe(z.union([z.literal('none').transform(() => null), z.string().regex(/^#[0-9a-f]{6}$/, '#rrggbb or none')]));
const template = z.enum(['new', 'old'], 'new or old').transform((v) => (v === 'new' ? 1 : 0) as 0 | 1);
const promotions = z.string().transform((s) => s.toUpperCase().split(',').map((k) => k.trim()).filter(Boolean))
  .refine((keys) => keys.length > 0, 'a list such as REFERRAL,MISSION, or none')
  .refine((keys) => keys.join() === 'NONE' || keys.every((k) => (PROMOTION_KINDS as readonly string[]).includes(k)), `kinds among ${PROMOTION_KINDS.join(', ')}, or none`);

/** `site set`'s keys (each a string as typed), validated: the brand, theme and money settings of a site. */
export const SITE_SETTINGS_SCHEMA = z.strictObject({
  name: line(60), theme, currency, symbol: line(8), language, description: line(500),
  primaryColor: color, accentColor: color, welcomeBonus: amount, trialBalance: amount,
  memberCentreTemplate: template, depositTemplate: template, promotions,
}).partial();

/** The keys of SITE_SETTINGS_SCHEMA, in the order the back office shows them. */
export const SITE_SETTING_KEYS = Object.keys(SITE_SETTINGS_SCHEMA.shape) as (keyof z.output<typeof SITE_SETTINGS_SCHEMA>)[];

/** The first problem zod found in `site set`'s keys, as `key: message` (errorCode site_setting_invalid). */
function settingError(error: z.ZodError): SiteValueError {
  const issue = error.issues[0];
  const path = issue?.path.join('.') ?? '';
  if (issue?.code === 'unrecognized_keys') return new SiteValueError('site_setting_unknown', `unknown setting ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}; see the usage below`);
  return new SiteValueError('site_setting_invalid', `${path}: ${issue?.message ?? 'invalid'}`);
}

/**
 * `site set`'s `key → value` strings as the changes they make (docs/sites.md): merchants columns (money in minor
 * units; a new currency brings its own symbol unless one is given), brand colours and template/promotion flags.
 * Throws SiteValueError (`site_setting_unknown`, `site_setting_invalid`); at least one key.
 */
export function siteChanges(raw: Record<string, string>): SiteChanges {
  const result = SITE_SETTINGS_SCHEMA.safeParse(raw);
  if (!result.success) throw settingError(result.error);
  const v = result.data;
  const columns = {
    name: v.name, theme: v.theme, currency: v.currency, default_language: v.language, description: v.description,
    currency_symbol: v.symbol ?? (v.currency ? currencySymbol(v.currency) : undefined),
    welcome_bonus_minor: v.welcomeBonus, trial_balance_minor: v.trialBalance,
  };
  const changes = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)) as SiteChanges;
  if (v.primaryColor !== undefined || v.accentColor !== undefined) {
    changes.colors = {
      ...(v.primaryColor !== undefined && { primaryColor: v.primaryColor }),
      ...(v.accentColor !== undefined && { accentColor: v.accentColor }),
    };
  }
  const flags: NonNullable<SiteChanges['flags']> = [];
  if (v.memberCentreTemplate !== undefined) flags.push({ kind: 'template', key: 'mem_cen', value: v.memberCentreTemplate });
  if (v.depositTemplate !== undefined) flags.push({ kind: 'template', key: 'dep_func', value: v.depositTemplate });
  if (v.promotions) for (const kind of PROMOTION_KINDS) flags.push({ kind: 'promotion', key: kind, value: v.promotions.includes(kind) ? 1 : 0 });
  if (flags.length > 0) changes.flags = flags;
  return changes;
}
