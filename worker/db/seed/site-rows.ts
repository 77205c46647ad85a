/**
 * The rows that make a merchant (one white-label site, docs/sites.md), built once for both writers:
 *   - the demo seed (demo.ts, payments.ts, accounts.ts) turns each row set into idempotent upserts with literal
 *     values (`upsertStatements`), run as a SQL batch;
 *   - `npm run operator -- site create` (worker/db/queries/site-lifecycle.ts) turns the same row sets into plain
 *     INSERTs with bound parameters, run as ONE D1 batch, so a duplicate or any other failure writes nothing.
 * Imports nothing, so Node (scripts, vitest.config.ts) loads it next to demo.ts under type stripping.
 */

/** A value of a seeded column: text, an integer, or NULL. */
export type SqlValue = string | number | null;

/** Rows of one table: the column names, the key columns (upsert conflict target) and the rows in column order. */
export interface RowSet {
  table: string;
  columns: string[];
  keys: string[];
  rows: SqlValue[][];
  /** Columns an upsert never overwrites (the operator's own values survive a re-seed). */
  keepOnConflict?: string[];
}

/** Everything a merchant is made of, as the row builders take it. Money in minor units; time epoch ms. */
export interface SiteDefinition {
  code: string;
  name: string;
  /** ISO 4217 code and the symbol the pages show. */
  currency: string;
  currencySymbol: string;
  theme: 'dark' | 'light';
  /** A code of contract/languageCodes.ts (migration 0029). */
  defaultLanguage: string;
  welcomeBonusMinor: number;
  trialBalanceMinor: number;
  description: string;
  createdAt: number;
  /** Host names (lower-case, no port) routed to the site. */
  hosts: string[];
  /** Site switches (module id → 0|1). */
  switches: Record<string, 0 | 1>;
  /** Promotion kinds (REFERRAL, MISSION, LOGIN → 0|1) and template flags (mem_cen, dep_func → 0|1). */
  promotions: Record<string, 0 | 1>;
  templates: Record<string, 0 | 1>;
  /** Download and social links; only links the operator gave (no placeholders). */
  resources: { type: string; url: string; label: string }[];
  /** Customer-service entries: csType → path. Only entries the operator gave. */
  customerService: Record<string, string>;
  /** Registration field overrides on top of REGISTRATION_FIELDS. */
  registrationOverrides: Record<string, [enabled: 0 | 1, required: 0 | 1]>;
}

/** Every registration field of accounts §2, in form order, with its default [enabled, required]. */
export const REGISTRATION_FIELDS: [field: string, enabled: 0 | 1, required: 0 | 1][] = [
  ['countryDialingCode', 1, 0], ['username', 1, 1], ['password', 1, 1], ['confirmPassword', 1, 1], ['paymentPassword', 0, 0],
  ['affiliateCode', 1, 0], ['recommenderId', 0, 0], ['nickname', 1, 0], ['payeeName', 0, 0], ['email', 1, 0], ['mobileNum', 1, 0],
  ['idNumber', 0, 0], ['qqNum', 0, 0], ['facebook', 0, 0], ['wechat', 0, 0], ['line', 0, 0], ['whatsapp', 0, 0], ['zalo', 0, 0],
  ['captcha', 1, 1], ['verificationCode', 0, 0],
];

/**
 * The site switches a new site starts with (`site create`; accounts §3 site switches, §9 module ids). What works
 * without anything else configured is on: username registration, the built-in chat (CBS3), the reward centre,
 * agent policy and the system calls (COMM3). What needs a provider the operator has not configured yet is off:
 * mobile registration, mobile code login and SMS verification (an SMS gateway), Google and Facebook login (a client
 * id), and free play (FREEPLAY3: the trial balance starts at 0 until `site set trialBalance=`).
 */
export const NEW_SITE_SWITCHES: Record<string, 0 | 1> = {
  CBS3: 1, REWCEN3: 1, MOBILEVERCODELOGIN3: 0, FACEBOOKLOGIN3: 0, GOOGLELOGIN3: 0, USERNAMEREG3: 1, MOBILENUMREG3: 0,
  REGMOBVERF3: 0, MOBILENUMPASSREG3: 0, AGENTPOLICY3: 1, FREEPLAY3: 0, COMM3: 1,
};

/** The promotion kinds a site can run (player-shell §1 promotion flags); a new site runs all three. */
export const PROMOTION_KINDS = ['REFERRAL', 'MISSION', 'LOGIN'] as const;

/** Template flags of a new site (player-shell §1): the new member-centre template on, the old deposit template. */
export const NEW_SITE_TEMPLATES: Record<string, 0 | 1> = { mem_cen: 1, dep_func: 0 };

/** Category menu order of a site offering the whole catalogue (player-shell §3 categories). */
export const CATEGORY_ORDER = ['LOTT', 'ELOTT', 'RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT'] as const;

/**
 * Columns the operator changes by command (`npm run operator -- link|registration …`, docs/site-settings.md): a
 * re-seed (every `npm start`) inserts these rows when missing and never overwrites them, so it keeps the operator's
 * links (a cleared one stays cleared: its address is '') and field rules.
 */
const OPERATOR_OWNED = {
  merchant_resources: ['url', 'label_name_en', 'sort_order'],
  customer_service: ['path'],
  registration_fields: ['enabled', 'required', 'sort_order'],
};

/** The merchant and its own settings rows: merchants, domains, switches, flags, links, service, registration. */
export function siteRowSets(sites: readonly SiteDefinition[]): RowSet[] {
  return [
    {
      table: 'merchants',
      columns: ['code', 'name', 'currency', 'currency_symbol', 'theme', 'default_language', 'welcome_bonus_minor', 'trial_balance_minor', 'description', 'created_at'],
      keys: ['code'],
      rows: sites.map((s) => [s.code, s.name, s.currency, s.currencySymbol, s.theme, s.defaultLanguage, s.welcomeBonusMinor, s.trialBalanceMinor, s.description, s.createdAt]),
      keepOnConflict: ['created_at'],
    },
    { table: 'merchant_domains', columns: ['host', 'merchant_code'], keys: ['host'], rows: sites.flatMap((s) => s.hosts.map((host) => [host, s.code])) },
    {
      table: 'site_switches', columns: ['merchant_code', 'module_id', 'enabled'], keys: ['merchant_code', 'module_id'],
      rows: sites.flatMap((s) => Object.entries(s.switches).map(([id, on]) => [s.code, id, on])),
    },
    {
      table: 'merchant_flags', columns: ['merchant_code', 'kind', 'flag_key', 'value'], keys: ['merchant_code', 'kind', 'flag_key'],
      rows: sites.flatMap((s) => [
        ...Object.entries(s.promotions).map(([key, on]) => [s.code, 'promotion', key, on]),
        ...Object.entries(s.templates).map(([key, on]) => [s.code, 'template', key, on]),
      ]),
    },
    {
      table: 'merchant_resources', columns: ['merchant_code', 'resource_type', 'url', 'label_name_en', 'sort_order'], keys: ['merchant_code', 'resource_type'],
      rows: sites.flatMap((s) => s.resources.map((r, i) => [s.code, r.type, r.url, r.label, (i + 1) * 10])),
      keepOnConflict: OPERATOR_OWNED.merchant_resources,
    },
    {
      table: 'customer_service', columns: ['merchant_code', 'cs_type', 'path'], keys: ['merchant_code', 'cs_type'],
      rows: sites.flatMap((s) => Object.entries(s.customerService).map(([type, path]) => [s.code, type, path])),
      keepOnConflict: OPERATOR_OWNED.customer_service,
    },
    {
      table: 'registration_fields', columns: ['merchant_code', 'field', 'enabled', 'required', 'sort_order'], keys: ['merchant_code', 'field'],
      rows: sites.flatMap((s) => REGISTRATION_FIELDS.map(([field, enabled, required], i) => {
        const [on, needed] = s.registrationOverrides[field] ?? [enabled, required];
        return [s.code, field, on, needed, (i + 1) * 10];
      })),
      keepOnConflict: OPERATOR_OWNED.registration_fields,
    },
  ];
}

/** One vendor of the catalogue as a site offers it: its code and the categories (game types) it has games in. */
export interface OfferedVendor {
  vassalage: string;
  gameTypes: readonly string[];
}

/**
 * Which vendors and categories a site offers, in its sorting order (player-shell §3): a vendor row per category
 * the site shows that the vendor has games in; vendors and categories sorted as listed (10, 20, …).
 */
export function offerRowSets(code: string, vendors: readonly OfferedVendor[], categories: readonly string[]): RowSet[] {
  return [
    {
      table: 'merchant_vendors', columns: ['merchant_code', 'vassalage', 'game_type', 'sort_order'], keys: ['merchant_code', 'vassalage', 'game_type'],
      rows: vendors.flatMap((v, i) => v.gameTypes.filter((t) => categories.includes(t)).map((t) => [code, v.vassalage, t, (i + 1) * 10])),
    },
    {
      table: 'merchant_categories', columns: ['merchant_code', 'game_category', 'sort_order'], keys: ['merchant_code', 'game_category'],
      rows: categories.map((category, i) => [code, category, (i + 1) * 10]),
    },
  ];
}

/** A payment method (migration 0015): provider 'demo' is the built-in hosted page (no real money). */
export interface SeedPaymentMethod {
  code: string;
  provider: 'demo' | 'http';
  name: string;
  minMinor: number;
  maxMinor: number;
  /** Display names in other languages (language code → name). */
  names?: Record<string, string>;
}

/**
 * Payment methods and withdrawal settings of sites (migration 0015): methods sorted as listed; `withdraw` null
 * leaves withdrawals off. Every column is kept on conflict, so an operator's changes survive a re-seed.
 */
export function paymentRowSets(sites: readonly { code: string; methods: SeedPaymentMethod[]; withdraw: { method: string; minMinor: number; maxMinor: number } | null }[]): RowSet[] {
  return [
    {
      table: 'payment_methods', columns: ['merchant_code', 'method_code', 'provider', 'display_name', 'min_minor', 'max_minor', 'sort_order'],
      keys: ['merchant_code', 'method_code'], keepOnConflict: ['provider', 'display_name', 'min_minor', 'max_minor', 'sort_order'],
      rows: sites.flatMap((s) => s.methods.map((m, i) => [s.code, m.code, m.provider, m.name, m.minMinor, m.maxMinor, (i + 1) * 10])),
    },
    {
      table: 'payment_method_names', columns: ['merchant_code', 'method_code', 'language', 'display_name'],
      keys: ['merchant_code', 'method_code', 'language'], keepOnConflict: ['display_name'],
      rows: sites.flatMap((s) => s.methods.flatMap((m) => Object.entries(m.names ?? {}).map(([language, name]) => [s.code, m.code, language, name]))),
    },
    {
      table: 'withdraw_settings', columns: ['merchant_code', 'payout_method', 'min_minor', 'max_minor'], keys: ['merchant_code'],
      keepOnConflict: ['payout_method', 'min_minor', 'max_minor'],
      rows: sites.flatMap((s) => (s.withdraw ? [[s.code, s.withdraw.method, s.withdraw.minMinor, s.withdraw.maxMinor]] : [])),
    },
  ];
}

/** Public endpoints of the social-login providers; client ids are per site and start empty (accounts.ts). */
export const IDENTITY_PROVIDERS: Record<string, Record<string, string>> = {
  google: {
    client_secret_env: 'GOOGLE_CLIENT_SECRET',
    authorize_url: 'https://accounts.google.com/o/oauth2/v2/auth',
    token_url: 'https://oauth2.googleapis.com/token',
    issuer: 'https://accounts.google.com',
    jwks_url: 'https://www.googleapis.com/oauth2/v3/certs',
    scopes: 'openid email profile',
  },
  facebook: {
    client_secret_env: 'FACEBOOK_CLIENT_SECRET',
    authorize_url: 'https://www.facebook.com/v19.0/dialog/oauth',
    token_url: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfo_url: 'https://graph.facebook.com/me?fields=id,name,email',
    scopes: 'public_profile email',
  },
  firebase: {
    jwks_url: 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com',
  },
};

const PROVIDER_COLUMNS = ['client_secret_env', 'authorize_url', 'token_url', 'userinfo_url', 'issuer', 'jwks_url', 'scopes'];

/**
 * The identity-provider rows of sites: the providers' real endpoints, no client id (social and Firebase logins
 * answer 404 `provider_not_configured` until the operator sets one). An existing row is never overwritten.
 */
export function identityProviderRowSet(codes: readonly string[]): RowSet {
  const columns = ['merchant_code', 'provider', 'client_id', ...PROVIDER_COLUMNS];
  return {
    table: 'identity_providers', columns, keys: ['merchant_code', 'provider'], keepOnConflict: columns.slice(2),
    rows: codes.flatMap((code) => Object.entries(IDENTITY_PROVIDERS).map(([provider, config]) => [code, provider, '', ...PROVIDER_COLUMNS.map((c) => config[c] ?? '')])),
  };
}

const ROWS_PER_STATEMENT = 40;

/**
 * A row set as INSERT … ON CONFLICT upserts with literal values, in chunks of 40 rows; the update only runs when
 * some value differs (0 changes on a re-run), and never touches `keepOnConflict` (all kept: DO NOTHING).
 */
export function upsertStatements(set: RowSet): string[] {
  const { table, columns, keys, rows, keepOnConflict = [] } = set;
  const updatable = columns.filter((c) => !keys.includes(c) && !keepOnConflict.includes(c));
  const onConflict = updatable.length === 0
    ? 'DO NOTHING'
    : `DO UPDATE SET ${updatable.map((c) => `${c} = excluded.${c}`).join(', ')} WHERE ${updatable.map((c) => `${table}.${c} IS NOT excluded.${c}`).join(' OR ')}`;
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values = rows.slice(i, i + ROWS_PER_STATEMENT).map((row) => `(${row.map(sqlLiteral).join(', ')})`).join(',\n  ');
    statements.push(`INSERT INTO ${table} (${columns.join(', ')}) VALUES\n  ${values}\nON CONFLICT (${keys.join(', ')}) ${onConflict}`);
  }
  return statements;
}

/** A SQL literal: the seed is plain SQL text (`wrangler d1 execute` runs it too), so values are quoted here. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`Seed numbers must be integers, got ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}
