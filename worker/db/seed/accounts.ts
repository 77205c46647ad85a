/**
 * Seed rows for the accounts area: the country dialling-code list (GET /wps/system/country), a demo agent
 * whose invitation code DEMOAGENT is valid on DEMO, and the identity-provider rows of the demo sites with the
 * real Google, Facebook and Firebase endpoints but no client id (an operator fills client_id and sets the
 * secret named by client_secret_env; until then social and Firebase logins answer 404 `provider_not_configured`).
 * Idempotent upserts; imports only its sibling site-rows.ts, so scripts and vitest can load it directly.
 */
import { identityProviderRowSet, upsertStatements } from './site-rows.ts';

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

const DEMO_SITES = ['DEMO', 'DEMO2'];
const SEED_TIME = Date.UTC(2026, 0, 1);

function sql(value: string | number | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  return `'${value.replace(/'/g, "''")}'`;
}

/** The country dialling-code list (catalogue: every deployment has it); safe to run any number of times. */
export function countrySeedStatements(): string[] {
  const countries = COUNTRIES.map(
    ([code, dial, name], i) => `(${sql(code)}, ${sql(dial)}, ${sql(name)}, ${(i + 1) * 10})`,
  ).join(', ');
  return [
    `INSERT INTO countries (country_code, dialing_code, name, sort_order) VALUES ${countries}
     ON CONFLICT (country_code) DO UPDATE SET dialing_code = excluded.dialing_code, name = excluded.name,
       sort_order = excluded.sort_order
     WHERE dialing_code <> excluded.dialing_code OR name <> excluded.name OR sort_order <> excluded.sort_order`,
  ];
}

/** The demo sites' identity-provider rows and the demo agent (demo only); safe to run any number of times. */
export function demoAccountsSeedStatements(): string[] {
  return [
    // Operators fill client_id and may change endpoints: an existing row is never overwritten.
    ...upsertStatements(identityProviderRowSet(DEMO_SITES)),
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

/** The whole accounts seed: countries, then the demo sites' rows (the demo seed's order). */
export function accountsSeedStatements(): string[] {
  return [...countrySeedStatements(), ...demoAccountsSeedStatements()];
}
