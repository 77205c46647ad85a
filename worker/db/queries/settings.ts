/** Per-merchant site settings: flags, links, customer service, registration fields, hosts. */

/** Promotion availability (REFERRAL, MISSION, LOGIN → enabled) and template flags (mem_cen, dep_func → 0|1). */
export interface MerchantFlags {
  promotions: Record<string, boolean>;
  templates: Record<string, 0 | 1>;
}

/** A download or social link (player-shell §3 Download link). */
export interface MerchantResource {
  resourceType: string;
  url: string;
  labelNameEn: string;
}

/** A customer-service entry (csType CS, WHATSAPP, LIVECHAT). */
export interface CustomerServiceEntry {
  csType: string;
  path: string;
}

/** A registration field row as configured (accounts §3 "Registration validation rules"). */
export interface RegistrationFieldRow {
  field: string;
  enabled: boolean;
  required: boolean;
  sortOrder: number;
}

/** Promotion and template flags of a merchant. */
export async function listMerchantFlags(db: D1Database, merchantCode: string): Promise<MerchantFlags> {
  const { results } = await db
    .prepare(`SELECT kind, flag_key, value FROM merchant_flags WHERE merchant_code = ?`)
    .bind(merchantCode)
    .all<{ kind: 'promotion' | 'template'; flag_key: string; value: number }>();
  const flags: MerchantFlags = { promotions: {}, templates: {} };
  for (const row of results) {
    if (row.kind === 'promotion') flags.promotions[row.flag_key] = row.value === 1;
    else flags.templates[row.flag_key] = row.value === 1 ? 1 : 0;
  }
  return flags;
}

/** Download and social links of a merchant, in display order; a link the operator cleared (url '') is left out. */
export async function listResources(db: D1Database, merchantCode: string): Promise<MerchantResource[]> {
  const { results } = await db
    .prepare(
      `SELECT resource_type, url, label_name_en FROM merchant_resources WHERE merchant_code = ? AND url <> ''
       ORDER BY sort_order, resource_type`,
    )
    .bind(merchantCode)
    .all<{ resource_type: string; url: string; label_name_en: string }>();
  return results.map((r) => ({ resourceType: r.resource_type, url: r.url, labelNameEn: r.label_name_en }));
}

/** Customer-service entries of a merchant; an entry the operator cleared (path '') is left out. */
export async function listCustomerService(db: D1Database, merchantCode: string): Promise<CustomerServiceEntry[]> {
  const { results } = await db
    .prepare(`SELECT cs_type, path FROM customer_service WHERE merchant_code = ? AND path <> '' ORDER BY cs_type`)
    .bind(merchantCode)
    .all<{ cs_type: string; path: string }>();
  return results.map((r) => ({ csType: r.cs_type, path: r.path }));
}

/** Configured registration fields of a merchant (fields without a row are disabled). */
export async function listRegistrationFields(db: D1Database, merchantCode: string): Promise<RegistrationFieldRow[]> {
  const { results } = await db
    .prepare(`SELECT field, enabled, required, sort_order FROM registration_fields WHERE merchant_code = ?`)
    .bind(merchantCode)
    .all<{ field: string; enabled: number; required: number; sort_order: number }>();
  return results.map((r) => ({
    field: r.field,
    enabled: r.enabled === 1,
    required: r.enabled === 1 && r.required === 1,
    sortOrder: r.sort_order,
  }));
}

/** Host names routed to a merchant, alphabetically. */
export async function listMerchantHosts(db: D1Database, merchantCode: string): Promise<string[]> {
  const { results } = await db
    .prepare(`SELECT host FROM merchant_domains WHERE merchant_code = ? ORDER BY host`)
    .bind(merchantCode)
    .all<{ host: string }>();
  return results.map((r) => r.host);
}
