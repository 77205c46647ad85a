/**
 * The site settings the operator changes by command (scripts/site-settings.ts, docs/site-settings.md): registration
 * field rules, payment methods and their names, withdrawal settings, links and social-login providers. Reads answer
 * every stored row (disabled methods and cleared links included); writes are statements the caller runs in one
 * `db.batch` (one transaction: nothing half-written). The worker reads the same tables through settings.ts,
 * payments.ts, withdrawals.ts and identity.ts. Imports nothing, so the operator script runs it under Node's type
 * stripping. Money in integer minor units.
 */
import type { PaymentMethod } from './payments';
import type { WithdrawSettings } from './withdrawals';
import type { SocialLoginConfig } from '../../model/site-settings';

/** A registration field rule as stored (accounts §3 "Registration validation rules"). */
export interface RegistrationFieldSetting {
  field: string;
  enabled: boolean;
  required: boolean;
  sortOrder: number;
}

/** Every stored registration field rule of a site, in form order. */
export async function listRegistrationFieldSettings(db: D1Database, merchantCode: string): Promise<RegistrationFieldSetting[]> {
  const { results } = await db
    .prepare(`SELECT field, enabled, required, sort_order FROM registration_fields WHERE merchant_code = ? ORDER BY sort_order, field`)
    .bind(merchantCode)
    .all<{ field: string; enabled: number; required: number; sort_order: number }>();
  return results.map((r) => ({ field: r.field, enabled: r.enabled === 1, required: r.required === 1, sortOrder: r.sort_order }));
}

/** The statement writing one field rule (created when missing). */
export function registrationFieldStatement(db: D1Database, merchantCode: string, s: RegistrationFieldSetting): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO registration_fields (merchant_code, field, enabled, required, sort_order) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (merchant_code, field) DO UPDATE SET enabled = excluded.enabled, required = excluded.required, sort_order = excluded.sort_order`)
    .bind(merchantCode, s.field, s.enabled ? 1 : 0, s.enabled && s.required ? 1 : 0, s.sortOrder);
}

/** A payment method as the operator sees it: every column, and its names in other languages (language → name). */
export interface PaymentMethodSetting extends Omit<PaymentMethod, 'merchantCode'> {
  sortOrder: number;
  names: Record<string, string>;
}

/** Every payment method of a site (enabled or not), in its sorting order. */
export async function listPaymentMethodSettings(db: D1Database, merchantCode: string): Promise<PaymentMethodSetting[]> {
  const [methods, names] = await db.batch([
    db.prepare(`SELECT method_code, provider, display_name, min_minor, max_minor, endpoint_url, account_id, secret_name, sort_order, enabled
      FROM payment_methods WHERE merchant_code = ? ORDER BY sort_order, method_code`).bind(merchantCode),
    db.prepare(`SELECT method_code, language, display_name FROM payment_method_names WHERE merchant_code = ? ORDER BY language`).bind(merchantCode),
  ]);
  const byMethod = new Map<string, Record<string, string>>();
  for (const n of (names?.results ?? []) as { method_code: string; language: string; display_name: string }[]) {
    byMethod.set(n.method_code, { ...byMethod.get(n.method_code), [n.language]: n.display_name });
  }
  type Row = { method_code: string; provider: 'demo' | 'http'; display_name: string; min_minor: number; max_minor: number; endpoint_url: string; account_id: string; secret_name: string; sort_order: number; enabled: number };
  return ((methods?.results ?? []) as Row[]).map((r) => ({
    methodCode: r.method_code, provider: r.provider, displayName: r.display_name, minMinor: r.min_minor, maxMinor: r.max_minor,
    endpointUrl: r.endpoint_url, accountId: r.account_id, secretName: r.secret_name, sortOrder: r.sort_order, enabled: r.enabled === 1,
    names: byMethod.get(r.method_code) ?? {},
  }));
}

/**
 * The statements writing a payment method (created when missing) and the names given in `names` (a null name
 * removes that language's name: the method then shows its own name there). Its deposits are left as they are.
 */
export function paymentMethodStatements(
  db: D1Database, merchantCode: string, m: Omit<PaymentMethodSetting, 'names'>, names: Record<string, string | null>,
): D1PreparedStatement[] {
  const statements = [
    db.prepare(`INSERT INTO payment_methods (merchant_code, method_code, provider, display_name, min_minor, max_minor, endpoint_url, account_id, secret_name, sort_order, enabled)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (merchant_code, method_code) DO UPDATE SET provider = excluded.provider, display_name = excluded.display_name,
        min_minor = excluded.min_minor, max_minor = excluded.max_minor, endpoint_url = excluded.endpoint_url, account_id = excluded.account_id,
        secret_name = excluded.secret_name, sort_order = excluded.sort_order, enabled = excluded.enabled`)
      .bind(merchantCode, m.methodCode, m.provider, m.displayName, m.minMinor, m.maxMinor, m.endpointUrl, m.accountId, m.secretName, m.sortOrder, m.enabled ? 1 : 0),
  ];
  for (const [language, name] of Object.entries(names)) {
    statements.push(name === null
      ? db.prepare(`DELETE FROM payment_method_names WHERE merchant_code = ? AND method_code = ? AND language = ?`).bind(merchantCode, m.methodCode, language)
      : db.prepare(`INSERT INTO payment_method_names (merchant_code, method_code, language, display_name) VALUES (?, ?, ?, ?)
          ON CONFLICT (merchant_code, method_code, language) DO UPDATE SET display_name = excluded.display_name`).bind(merchantCode, m.methodCode, language, name));
  }
  return statements;
}

/** The statement writing the withdrawal settings (null: delete them, so withdrawals are off). */
export function withdrawSettingStatement(db: D1Database, merchantCode: string, s: WithdrawSettings | null): D1PreparedStatement {
  if (s === null) return db.prepare(`DELETE FROM withdraw_settings WHERE merchant_code = ?`).bind(merchantCode);
  return db
    .prepare(`INSERT INTO withdraw_settings (merchant_code, payout_method, min_minor, max_minor) VALUES (?, ?, ?, ?)
      ON CONFLICT (merchant_code) DO UPDATE SET payout_method = excluded.payout_method, min_minor = excluded.min_minor, max_minor = excluded.max_minor`)
    .bind(merchantCode, s.payoutMethod, s.minMinor, s.maxMinor);
}

/** A stored link: a customer-service entry or a resource. `url` '' is a cleared link (no page shows it). */
export interface StoredLink {
  table: 'customer_service' | 'merchant_resources';
  type: string;
  url: string;
  label: string;
  sortOrder: number;
}

/** Every stored link of a site, cleared ones included. */
export async function listStoredLinks(db: D1Database, merchantCode: string): Promise<StoredLink[]> {
  const [cs, resources] = await db.batch([
    db.prepare(`SELECT cs_type, path FROM customer_service WHERE merchant_code = ? ORDER BY cs_type`).bind(merchantCode),
    db.prepare(`SELECT resource_type, url, label_name_en, sort_order FROM merchant_resources WHERE merchant_code = ? ORDER BY sort_order, resource_type`).bind(merchantCode),
  ]);
  return [
    ...((cs?.results ?? []) as { cs_type: string; path: string }[]).map((r) => ({ table: 'customer_service' as const, type: r.cs_type, url: r.path, label: '', sortOrder: 0 })),
    ...((resources?.results ?? []) as { resource_type: string; url: string; label_name_en: string; sort_order: number }[])
      .map((r) => ({ table: 'merchant_resources' as const, type: r.resource_type, url: r.url, label: r.label_name_en, sortOrder: r.sort_order })),
  ];
}

/**
 * The statement writing one link (created when missing). A cleared link is written with the address '' rather
 * than deleted, so a re-run of the demo seed (which only inserts missing rows) does not bring a placeholder back;
 * the worker's reads skip it (settings.ts).
 */
export function linkStatement(db: D1Database, merchantCode: string, link: StoredLink): D1PreparedStatement {
  if (link.table === 'customer_service') {
    return db
      .prepare(`INSERT INTO customer_service (merchant_code, cs_type, path) VALUES (?, ?, ?)
        ON CONFLICT (merchant_code, cs_type) DO UPDATE SET path = excluded.path`)
      .bind(merchantCode, link.type, link.url);
  }
  return db
    .prepare(`INSERT INTO merchant_resources (merchant_code, resource_type, url, label_name_en, sort_order) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (merchant_code, resource_type) DO UPDATE SET url = excluded.url, label_name_en = excluded.label_name_en, sort_order = excluded.sort_order`)
    .bind(merchantCode, link.type, link.url, link.label, link.sortOrder);
}

/** A social-login provider's stored row (identity_providers), as the operator configures it. */
export interface SocialProviderSetting extends SocialLoginConfig {
  provider: 'google' | 'facebook';
  scopes: string;
}

/** The site's Google and Facebook rows (absent providers are missing from the list). */
export async function listSocialProviderSettings(db: D1Database, merchantCode: string): Promise<SocialProviderSetting[]> {
  const { results } = await db
    .prepare(`SELECT provider, client_id, client_secret_env, authorize_url, token_url, userinfo_url, issuer, jwks_url, scopes
      FROM identity_providers WHERE merchant_code = ? AND provider IN ('google', 'facebook') ORDER BY provider`)
    .bind(merchantCode)
    .all<{ provider: 'google' | 'facebook'; client_id: string; client_secret_env: string; authorize_url: string; token_url: string; userinfo_url: string; issuer: string; jwks_url: string; scopes: string }>();
  return results.map((r) => ({
    provider: r.provider, clientId: r.client_id, clientSecretEnv: r.client_secret_env, authorizeUrl: r.authorize_url, tokenUrl: r.token_url,
    userinfoUrl: r.userinfo_url, issuer: r.issuer, jwksUrl: r.jwks_url, scopes: r.scopes,
  }));
}

/** The statement writing a provider's row (created when missing). */
export function socialProviderStatement(db: D1Database, merchantCode: string, s: SocialProviderSetting): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO identity_providers (merchant_code, provider, client_id, client_secret_env, authorize_url, token_url, userinfo_url, issuer, jwks_url, scopes)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (merchant_code, provider) DO UPDATE SET client_id = excluded.client_id, client_secret_env = excluded.client_secret_env,
        authorize_url = excluded.authorize_url, token_url = excluded.token_url, userinfo_url = excluded.userinfo_url, issuer = excluded.issuer,
        jwks_url = excluded.jwks_url, scopes = excluded.scopes`)
    .bind(merchantCode, s.provider, s.clientId, s.clientSecretEnv, s.authorizeUrl, s.tokenUrl, s.userinfoUrl, s.issuer, s.jwksUrl, s.scopes);
}

/** The site's switches that are on (module ids). */
export async function listSwitchesOn(db: D1Database, merchantCode: string): Promise<string[]> {
  const { results } = await db
    .prepare(`SELECT module_id FROM site_switches WHERE merchant_code = ? AND enabled = 1 ORDER BY module_id`)
    .bind(merchantCode)
    .all<{ module_id: string }>();
  return results.map((r) => r.module_id);
}
