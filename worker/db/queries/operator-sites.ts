/**
 * The operator's site commands (docs/operator-guide.md; player-shell §1 and §3, accounts §3 site switches): the
 * merchant's state, host routing and site switches as `npm run operator` reads and changes them
 * (scripts/operator.ts). The worker reads the same rows through merchants.ts; it caches host → merchant answers
 * per isolate for 30 s, so a change reaches every visitor within 30 s. Imports nothing, so the operator script
 * runs it under Node's type stripping.
 */

/** The stored spelling of a merchant code (matched case-insensitively), or null when there is no such merchant. */
export async function findMerchantCode(db: D1Database, merchant: string): Promise<string | null> {
  const row = await db.prepare(`SELECT code FROM merchants WHERE code = ? COLLATE NOCASE`).bind(merchant).first<{ code: string }>();
  return row?.code ?? null;
}

/** The merchant a host name (lower-case, no port) is routed to now, or null when it is routed nowhere. */
export async function findDomainMerchant(db: D1Database, host: string): Promise<string | null> {
  const row = await db.prepare(`SELECT merchant_code FROM merchant_domains WHERE host = ?`).bind(host).first<{ merchant_code: string }>();
  return row?.merchant_code ?? null;
}

/** The statement turning the merchant's maintenance on (its pages answer 503 with the maintenance page) or off. */
export function merchantMaintenanceStatement(db: D1Database, merchantCode: string, on: boolean): D1PreparedStatement {
  return db.prepare(`UPDATE merchants SET maintenance = ? WHERE code = ?`).bind(on ? 1 : 0, merchantCode);
}

/** Turns the merchant's maintenance on (its pages answer 503 with the maintenance page) or off. */
export async function setMerchantMaintenance(db: D1Database, merchantCode: string, on: boolean): Promise<void> {
  await merchantMaintenanceStatement(db, merchantCode, on).run();
}

/** The statement storing the merchant's restricted regions (ISO 3166-1 alpha-2 codes; [] for none). */
export function restrictedRegionsStatement(db: D1Database, merchantCode: string, regions: readonly string[]): D1PreparedStatement {
  return db.prepare(`UPDATE merchants SET restricted_regions = ? WHERE code = ?`).bind(JSON.stringify(regions), merchantCode);
}

/** Stores the merchant's restricted regions: ISO 3166-1 alpha-2 codes (visitors from them get the 451 page); [] for none. */
export async function setRestrictedRegions(db: D1Database, merchantCode: string, regions: readonly string[]): Promise<void> {
  await restrictedRegionsStatement(db, merchantCode, regions).run();
}

/**
 * The statement routing a host to the merchant: a plain INSERT, so a host routed meanwhile (anywhere) makes it,
 * and the batch it is in, fail: nothing is written.
 */
export function domainInsertStatement(db: D1Database, host: string, merchantCode: string): D1PreparedStatement {
  return db.prepare(`INSERT INTO merchant_domains (host, merchant_code) VALUES (?, ?)`).bind(host, merchantCode);
}

/** Routes a host to the merchant; a host already routed (anywhere) is left as it is. */
export async function addMerchantDomain(db: D1Database, host: string, merchantCode: string): Promise<void> {
  await db.prepare(`INSERT INTO merchant_domains (host, merchant_code) VALUES (?, ?) ON CONFLICT (host) DO NOTHING`).bind(host, merchantCode).run();
}

/** The statement that stops routing a host to the merchant (a host routed to another merchant is left as it is). */
export function domainDeleteStatement(db: D1Database, host: string, merchantCode: string): D1PreparedStatement {
  return db.prepare(`DELETE FROM merchant_domains WHERE host = ? AND merchant_code = ?`).bind(host, merchantCode);
}

/** Stops routing a host to the merchant (a host routed to another merchant is left as it is). */
export async function removeMerchantDomain(db: D1Database, host: string, merchantCode: string): Promise<void> {
  await domainDeleteStatement(db, host, merchantCode).run();
}

/** The statement turning one site switch (module id, accounts §9) on or off for the merchant, creating it when missing. */
export function siteSwitchStatement(db: D1Database, merchantCode: string, moduleId: string, on: boolean): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO site_switches (merchant_code, module_id, enabled) VALUES (?, ?, ?)
      ON CONFLICT (merchant_code, module_id) DO UPDATE SET enabled = excluded.enabled`)
    .bind(merchantCode, moduleId, on ? 1 : 0);
}

/** Turns one site switch (module id, accounts §9) on or off for the merchant, creating it when missing. */
export async function setSiteSwitch(db: D1Database, merchantCode: string, moduleId: string, on: boolean): Promise<void> {
  await siteSwitchStatement(db, merchantCode, moduleId, on).run();
}

/**
 * One site's state as its Site settings read it (worker/services/sites/site-admin.ts): maintenance and regions
 * (the stored JSON array), routed hosts (sorted), every switch (by module id) and every maintenance text (by
 * language, '*' first); null when there is no such merchant.
 */
export interface SiteStateRows {
  maintenance: number;
  restricted_regions: string;
  description: string;
  hosts: string[];
  switches: { module_id: string; enabled: number }[];
  maintenanceTexts: { language: string; text: string }[];
}

/** The merchant's SiteStateRows, read in one batch. */
export async function findSiteState(db: D1Database, merchantCode: string): Promise<SiteStateRows | null> {
  const q = (sql: string) => db.prepare(sql).bind(merchantCode);
  const [merchant, hosts, switches, texts] = await db.batch([
    q(`SELECT maintenance, restricted_regions, description FROM merchants WHERE code = ?`),
    q(`SELECT host FROM merchant_domains WHERE merchant_code = ? ORDER BY host`),
    q(`SELECT module_id, enabled FROM site_switches WHERE merchant_code = ? ORDER BY module_id`),
    q(`SELECT language, text FROM maintenance_texts WHERE merchant_code = ? ORDER BY language`),
  ]);
  const row = merchant?.results[0] as { maintenance: number; restricted_regions: string; description: string } | undefined;
  if (!row) return null;
  return {
    maintenance: row.maintenance,
    restricted_regions: row.restricted_regions,
    description: row.description,
    hosts: (hosts?.results ?? []).map((r) => (r as { host: string }).host),
    switches: (switches?.results ?? []) as SiteStateRows['switches'],
    maintenanceTexts: (texts?.results ?? []) as SiteStateRows['maintenanceTexts'],
  };
}

/**
 * One merchant as the operator's `list` shows it: `restricted_regions` is the stored JSON array, `hosts` the
 * routed host names sorted and space-separated, `switches` `MODULE=on|off` pairs sorted by module id (null: none).
 */
export interface OperatorMerchantRow {
  code: string;
  name: string;
  maintenance: number;
  restricted_regions: string;
  hosts: string | null;
  switches: string | null;
}

/** Every merchant with its state, domains and switches, by code (aggregated in SQL, one row per merchant). */
export async function listOperatorMerchants(db: D1Database): Promise<OperatorMerchantRow[]> {
  const { results } = await db
    .prepare(`SELECT m.code, m.name, m.maintenance, m.restricted_regions,
      (SELECT group_concat(host, ' ') FROM (SELECT host FROM merchant_domains WHERE merchant_code = m.code ORDER BY host)) AS hosts,
      (SELECT group_concat(module_id || '=' || CASE enabled WHEN 1 THEN 'on' ELSE 'off' END, ' ')
         FROM (SELECT module_id, enabled FROM site_switches WHERE merchant_code = m.code ORDER BY module_id)) AS switches
      FROM merchants m ORDER BY m.code`)
    .all<OperatorMerchantRow>();
  return results;
}
