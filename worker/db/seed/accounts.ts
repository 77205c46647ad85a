/**
 * Seed rows for the accounts area: the country dialling-code list (GET /wps/system/country), a demo agent
 * whose invitation code DEMOAGENT is valid on DEMO, and the identity-provider rows of the demo sites with the
 * real Google, Facebook and Firebase endpoints but no client id (an operator fills client_id and sets the
 * secret named by client_secret_env; until then social and Firebase logins answer 404 `provider_not_configured`).
 * Idempotent upserts; imports nothing, so scripts and vitest can load it directly.
 */

/** [ISO country code, dialling code, English name] in list order: the spec's language countries first. */
const COUNTRIES: [string, string, string][] = [
  ['PH', '63', 'Philippines'], ['VN', '84', 'Vietnam'], ['TH', '66', 'Thailand'], ['ID', '62', 'Indonesia'],
  ['MY', '60', 'Malaysia'], ['IN', '91', 'India'], ['CN', '86', 'China'], ['TW', '886', 'Taiwan'],
  ['HK', '852', 'Hong Kong'], ['MO', '853', 'Macau'], ['JP', '81', 'Japan'], ['KR', '82', 'South Korea'],
  ['KH', '855', 'Cambodia'], ['MM', '95', 'Myanmar'], ['LA', '856', 'Laos'], ['SG', '65', 'Singapore'],
  ['BD', '880', 'Bangladesh'], ['PK', '92', 'Pakistan'], ['NP', '977', 'Nepal'], ['BR', '55', 'Brazil'],
  ['ES', '34', 'Spain'], ['FR', '33', 'France'], ['TR', '90', 'Turkey'], ['RU', '7', 'Russia'],
  ['KZ', '7', 'Kazakhstan'], ['UZ', '998', 'Uzbekistan'], ['IR', '98', 'Iran'], ['AE', '971', 'United Arab Emirates'],
  ['SA', '966', 'Saudi Arabia'], ['GB', '44', 'United Kingdom'], ['US', '1', 'United States'], ['AU', '61', 'Australia'],
];

/** Public endpoints of the providers; client ids are per site and left empty here. */
const PROVIDERS: Record<string, Record<string, string>> = {
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

const DEMO_SITES = ['DEMO', 'DEMO2'];
const SEED_TIME = Date.UTC(2026, 0, 1);

function sql(value: string | number | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  return `'${value.replace(/'/g, "''")}'`;
}

/** SQL statements that create or refresh the accounts seed; safe to run any number of times. */
export function accountsSeedStatements(): string[] {
  const countries = COUNTRIES.map(
    ([code, dial, name], i) => `(${sql(code)}, ${sql(dial)}, ${sql(name)}, ${(i + 1) * 10})`,
  ).join(', ');
  const providerColumns = ['client_secret_env', 'authorize_url', 'token_url', 'userinfo_url', 'issuer', 'jwks_url', 'scopes'];
  const providerRows = DEMO_SITES.flatMap((site) =>
    Object.entries(PROVIDERS).map(
      ([provider, config]) =>
        `(${sql(site)}, ${sql(provider)}, '', ${providerColumns.map((col) => sql(config[col] ?? '')).join(', ')})`,
    ),
  ).join(', ');
  return [
    `INSERT INTO countries (country_code, dialing_code, name, sort_order) VALUES ${countries}
     ON CONFLICT (country_code) DO UPDATE SET dialing_code = excluded.dialing_code, name = excluded.name,
       sort_order = excluded.sort_order
     WHERE dialing_code <> excluded.dialing_code OR name <> excluded.name OR sort_order <> excluded.sort_order`,
    // Operators fill client_id and may change endpoints: an existing row is never overwritten.
    `INSERT INTO identity_providers (merchant_code, provider, client_id, ${providerColumns.join(', ')})
     VALUES ${providerRows} ON CONFLICT (merchant_code, provider) DO NOTHING`,
    // The demo agent cannot log in (no password); it exists so the invitation code DEMOAGENT is valid.
    `INSERT INTO members (merchant_code, username, account, password_hash, type, status, nickname, created_at,
       affiliate_code)
     VALUES ('DEMO', 'demo_agent', 'demo_agent', NULL, 1, 1, 'Demo agent', ${SEED_TIME}, 'DEMOAGENT')
     ON CONFLICT (merchant_code, username) DO NOTHING`,
    `INSERT INTO wallets (member_id, currency, balance_minor, updated_at)
     SELECT id, 'USD', 0, ${SEED_TIME} FROM members WHERE merchant_code = 'DEMO' AND username = 'demo_agent'
     ON CONFLICT (member_id) DO NOTHING`,
  ];
}
