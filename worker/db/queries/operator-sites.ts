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

/** Turns the merchant's maintenance on (its pages answer 503 with the maintenance page) or off. */
export async function setMerchantMaintenance(db: D1Database, merchantCode: string, on: boolean): Promise<void> {
  await db.prepare(`UPDATE merchants SET maintenance = ? WHERE code = ?`).bind(on ? 1 : 0, merchantCode).run();
}

/** Stores the merchant's restricted regions: ISO 3166-1 alpha-2 codes (visitors from them get the 451 page); [] for none. */
export async function setRestrictedRegions(db: D1Database, merchantCode: string, regions: readonly string[]): Promise<void> {
  await db.prepare(`UPDATE merchants SET restricted_regions = ? WHERE code = ?`).bind(JSON.stringify(regions), merchantCode).run();
}

/** Routes a host to the merchant; a host already routed (anywhere) is left as it is. */
export async function addMerchantDomain(db: D1Database, host: string, merchantCode: string): Promise<void> {
  await db.prepare(`INSERT INTO merchant_domains (host, merchant_code) VALUES (?, ?) ON CONFLICT (host) DO NOTHING`).bind(host, merchantCode).run();
}

/** Stops routing a host to the merchant (a host routed to another merchant is left as it is). */
export async function removeMerchantDomain(db: D1Database, host: string, merchantCode: string): Promise<void> {
  await db.prepare(`DELETE FROM merchant_domains WHERE host = ? AND merchant_code = ?`).bind(host, merchantCode).run();
}

/** Turns one site switch (module id, accounts §9) on or off for the merchant, creating it when missing. */
export async function setSiteSwitch(db: D1Database, merchantCode: string, moduleId: string, on: boolean): Promise<void> {
  await db
    .prepare(`INSERT INTO site_switches (merchant_code, module_id, enabled) VALUES (?, ?, ?)
      ON CONFLICT (merchant_code, module_id) DO UPDATE SET enabled = excluded.enabled`)
    .bind(merchantCode, moduleId, on ? 1 : 0)
    .run();
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
