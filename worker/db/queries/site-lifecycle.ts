/**
 * The site lifecycle commands' SQL (docs/sites.md; `npm run operator -- site create|show|list|set`,
 * scripts/site-commands.ts): creating a merchant from the shared row builders (worker/db/seed/site-rows.ts) as ONE
 * D1 batch (one transaction: a duplicate code or host, or any other failure, writes nothing), reading everything
 * about a site, and changing its settings in one batch. The worker reads the same rows (merchants.ts,
 * settings.ts); it caches host → merchant answers per isolate for 30 s, so a change reaches every visitor within
 * 30 s. Imports only types, so the operator script runs it under Node's type stripping.
 */
import type { OfferedVendor, RowSet, SqlValue } from '../seed/site-rows.ts';

/**
 * The row sets as plain INSERTs (no upsert: an existing row makes the batch fail, so nothing is overwritten or
 * half-written), one statement per row with bound values (D1 binds at most 100 values per statement).
 */
export function insertStatements(db: D1Database, sets: readonly RowSet[]): D1PreparedStatement[] {
  return sets.flatMap((set) => {
    const sql = `INSERT INTO ${set.table} (${set.columns.join(', ')}) VALUES (${set.columns.map(() => '?').join(', ')})`;
    return set.rows.map((row) => db.prepare(sql).bind(...row));
  });
}

/** Runs the row sets' INSERTs as one batch (one transaction). Throws the database's error when any row fails. */
export async function insertSiteRows(db: D1Database, sets: readonly RowSet[]): Promise<void> {
  await db.batch(insertStatements(db, sets));
}

/**
 * The catalogue in the database as a site offering all of it would list it: every vendor with at least one
 * enabled game, in catalogue order (its first game's node id), with the game types (categories) it has games in.
 */
export async function listCatalogueVendors(db: D1Database): Promise<OfferedVendor[]> {
  const { results } = await db
    .prepare(`SELECT vassalage, group_concat(game_type, ',') AS types FROM (
        SELECT vassalage, game_type, MIN(node_id) AS first FROM games WHERE enabled = 1 GROUP BY vassalage, game_type ORDER BY first)
      GROUP BY vassalage ORDER BY MIN(first)`)
    .all<{ vassalage: string; types: string }>();
  return results.map((r) => ({ vassalage: r.vassalage, gameTypes: r.types.split(',') }));
}

/** The merchants these hosts are routed to now: host → merchant code (hosts routed nowhere are absent). */
export async function findRoutedHosts(db: D1Database, hosts: readonly string[]): Promise<Record<string, string>> {
  if (hosts.length === 0) return {};
  const { results } = await db
    .prepare(`SELECT host, merchant_code FROM merchant_domains WHERE host IN (${hosts.map(() => '?').join(', ')})`)
    .bind(...hosts)
    .all<{ host: string; merchant_code: string }>();
  return Object.fromEntries(results.map((r) => [r.host, r.merchant_code]));
}

/** A merchant's own columns as `site show` and `site list` print them. Money in minor units. */
export interface SiteRow {
  code: string;
  name: string;
  currency: string;
  currency_symbol: string;
  theme: string;
  default_language: string;
  welcome_bonus_minor: number;
  trial_balance_minor: number;
  maintenance: number;
  restricted_regions: string;
  branding: string;
  created_at: number;
  /** Routed host names, sorted, space-separated; null: none. */
  hosts: string | null;
}

const SITE_COLUMNS = `m.code, m.name, m.currency, m.currency_symbol, m.theme, m.default_language, m.welcome_bonus_minor,
  m.trial_balance_minor, m.maintenance, m.restricted_regions, m.branding, m.created_at,
  (SELECT group_concat(host, ' ') FROM (SELECT host FROM merchant_domains WHERE merchant_code = m.code ORDER BY host)) AS hosts`;

/** Every merchant, by code. */
export async function listSites(db: D1Database): Promise<SiteRow[]> {
  return (await db.prepare(`SELECT ${SITE_COLUMNS} FROM merchants m ORDER BY m.code`).all<SiteRow>()).results;
}

/** Everything about one site (`site show`): its columns and every settings table, each sorted for reading. */
export interface SiteDetails {
  site: SiteRow;
  switches: { module_id: string; enabled: number }[];
  flags: { kind: string; flag_key: string; value: number }[];
  resources: { resource_type: string; url: string; label_name_en: string }[];
  customerService: { cs_type: string; path: string }[];
  registration: { field: string; enabled: number; required: number }[];
  vendors: { vassalage: string; game_types: string }[];
  categories: { game_category: string }[];
  paymentMethods: { method_code: string; provider: string; display_name: string; min_minor: number; max_minor: number; enabled: number }[];
  withdraw: { payout_method: string; min_minor: number; max_minor: number } | null;
  providers: { provider: string; client_id: string; client_secret_env: string }[];
}

/** Everything about the merchant with this stored code, read in one batch; null when there is none. */
export async function findSiteDetails(db: D1Database, code: string): Promise<SiteDetails | null> {
  const q = (sql: string) => db.prepare(sql).bind(code);
  const [site, switches, flags, resources, service, registration, vendors, categories, methods, withdraw, providers] = await db.batch([
    q(`SELECT ${SITE_COLUMNS} FROM merchants m WHERE m.code = ?`),
    q(`SELECT module_id, enabled FROM site_switches WHERE merchant_code = ? ORDER BY module_id`),
    q(`SELECT kind, flag_key, value FROM merchant_flags WHERE merchant_code = ? ORDER BY kind, flag_key`),
    q(`SELECT resource_type, url, label_name_en FROM merchant_resources WHERE merchant_code = ? ORDER BY sort_order, resource_type`),
    q(`SELECT cs_type, path FROM customer_service WHERE merchant_code = ? ORDER BY cs_type`),
    q(`SELECT field, enabled, required FROM registration_fields WHERE merchant_code = ? ORDER BY sort_order, field`),
    q(`SELECT vassalage, group_concat(game_type, ',') AS game_types FROM (SELECT vassalage, game_type, sort_order FROM merchant_vendors
        WHERE merchant_code = ? AND enabled = 1 ORDER BY sort_order, game_type) GROUP BY vassalage ORDER BY MIN(sort_order), vassalage`),
    q(`SELECT game_category FROM merchant_categories WHERE merchant_code = ? ORDER BY sort_order, game_category`),
    q(`SELECT method_code, provider, display_name, min_minor, max_minor, enabled FROM payment_methods WHERE merchant_code = ? ORDER BY sort_order, method_code`),
    q(`SELECT payout_method, min_minor, max_minor FROM withdraw_settings WHERE merchant_code = ?`),
    q(`SELECT provider, client_id, client_secret_env FROM identity_providers WHERE merchant_code = ? ORDER BY provider`),
  ]);
  const row = site?.results[0] as SiteRow | undefined;
  if (!row) return null;
  const rows = <T>(result: D1Result | undefined) => (result?.results ?? []) as T[];
  return {
    site: row,
    switches: rows(switches),
    flags: rows(flags),
    resources: rows(resources),
    customerService: rows(service),
    registration: rows(registration),
    vendors: rows(vendors),
    categories: rows(categories),
    paymentMethods: rows(methods),
    withdraw: rows<SiteDetails['withdraw'] & object>(withdraw)[0] ?? null,
    providers: rows(providers),
  };
}

/**
 * The changes `site set` makes, each optional: merchants columns (money in minor units), brand colours
 * (`#rrggbb`, null removes the colour: the theme's own), and merchant flags (kind promotion|template → key → 0|1).
 */
export interface SiteChanges {
  name?: string;
  /** The site's description (page descriptions, plain text). */
  description?: string;
  currency?: string;
  currency_symbol?: string;
  theme?: 'dark' | 'light';
  default_language?: string;
  welcome_bonus_minor?: number;
  trial_balance_minor?: number;
  colors?: { primaryColor?: string | null; accentColor?: string | null };
  flags?: { kind: 'promotion' | 'template'; key: string; value: 0 | 1 }[];
}

const MERCHANT_COLUMNS = ['name', 'description', 'currency', 'currency_symbol', 'theme', 'default_language', 'welcome_bonus_minor', 'trial_balance_minor'] as const;

/** The statements applying the changes to the merchant with this stored code (none for no change). */
export function siteUpdateStatements(db: D1Database, code: string, changes: SiteChanges): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  const columns = MERCHANT_COLUMNS.filter((c) => changes[c] !== undefined);
  if (columns.length > 0) {
    const values: SqlValue[] = columns.map((c) => changes[c] ?? null);
    statements.push(db.prepare(`UPDATE merchants SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE code = ?`).bind(...values, code));
  }
  for (const [key, value] of Object.entries(changes.colors ?? {})) {
    // merchants.branding is JSON written by the content import; a stored value that is not JSON starts over as {}.
    const base = `CASE WHEN json_valid(branding) THEN branding ELSE '{}' END`;
    statements.push(value === null
      ? db.prepare(`UPDATE merchants SET branding = json_remove(${base}, ?) WHERE code = ?`).bind(`$.${key}`, code)
      : db.prepare(`UPDATE merchants SET branding = json_set(${base}, ?, ?) WHERE code = ?`).bind(`$.${key}`, value, code));
  }
  for (const flag of changes.flags ?? []) {
    statements.push(db.prepare(`INSERT INTO merchant_flags (merchant_code, kind, flag_key, value) VALUES (?, ?, ?, ?)
      ON CONFLICT (merchant_code, kind, flag_key) DO UPDATE SET value = excluded.value`).bind(code, flag.kind, flag.key, flag.value));
  }
  return statements;
}

/** Applies the changes to the merchant with this stored code in one batch (one transaction). */
export async function updateSite(db: D1Database, code: string, changes: SiteChanges): Promise<void> {
  const statements = siteUpdateStatements(db, code, changes);
  if (statements.length > 0) await db.batch(statements);
}
