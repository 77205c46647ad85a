import { parseBrand, type SiteBrand } from '../../model/branding';
import { DEFAULT_LANGUAGE, type Language } from '../../../rules/i18n';
import { parseLanguage } from '../../../rules/languages';

/** Row of `merchants` as stored. */
interface MerchantRow {
  code: string;
  name: string;
  currency: string;
  currency_symbol: string;
  theme: string;
  maintenance: number;
  restricted_regions: string;
  image_cdns: string;
  welcome_bonus_minor: number;
  trial_balance_minor: number;
  description: string;
  branding: string;
  default_language: string;
}

/** A merchant (white-label site) as the worker uses it. Money in minor units. */
export interface Merchant {
  code: string;
  name: string;
  currency: string;
  currencySymbol: string;
  theme: 'dark' | 'light';
  maintenance: boolean;
  restrictedRegions: string[];
  imageCdns: string[];
  welcomeBonusMinor: number;
  trialBalanceMinor: number;
  description: string;
  /** The site's brand (merchants.branding, validated; defaults filled in). */
  brand: SiteBrand;
  /**
   * The site's default language (merchants.default_language, migration 0029; docs/sites.md): the language of a
   * visitor whose request names none we offer. EN when the stored value is not a language code.
   */
  defaultLanguage: Language;
}

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function toMerchant(row: MerchantRow): Merchant {
  return {
    code: row.code,
    name: row.name,
    currency: row.currency,
    currencySymbol: row.currency_symbol,
    theme: row.theme === 'light' ? 'light' : 'dark',
    maintenance: row.maintenance === 1,
    restrictedRegions: parseList(row.restricted_regions),
    imageCdns: parseList(row.image_cdns),
    welcomeBonusMinor: row.welcome_bonus_minor,
    trialBalanceMinor: row.trial_balance_minor,
    description: row.description,
    brand: parseBrand(row.branding ?? '{}', row.name),
    defaultLanguage: parseLanguage(row.default_language) ?? DEFAULT_LANGUAGE,
  };
}

/** Finds the merchant that serves `host` (lower-case, no port); null when the host is not routed. */
export async function findMerchantByHost(db: D1Database, host: string): Promise<Merchant | null> {
  const row = await db
    .prepare(
      `SELECT m.* FROM merchant_domains d JOIN merchants m ON m.code = d.merchant_code WHERE d.host = ?`,
    )
    .bind(host)
    .first<MerchantRow>();
  return row ? toMerchant(row) : null;
}

/** Site switches of a merchant as a map moduleId → on/off. */
export async function listSiteSwitches(db: D1Database, merchantCode: string): Promise<Record<string, boolean>> {
  const { results } = await db
    .prepare(`SELECT module_id, enabled FROM site_switches WHERE merchant_code = ?`)
    .bind(merchantCode)
    .all<{ module_id: string; enabled: number }>();
  return Object.fromEntries(results.map((r) => [r.module_id, r.enabled === 1]));
}
