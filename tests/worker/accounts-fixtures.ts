import { env } from 'cloudflare:test';
import { clearMerchantCache } from '../../worker/middleware/merchant';
import { accountsSeedStatements } from '../../worker/db/seed/accounts';
import type { SessionValue } from '../../contract/calls/accounts';
import type { Bindings } from '../../worker/env';
import { sealedCall } from './sealed';

/** The captcha answer every test registration uses (accepted because tests run with APP_ENV development). */
export const TEST_ANSWER = 'PDTEST7';
export const withTestCaptcha = { TEST_CAPTCHA_ANSWER: TEST_ANSWER };

const DEFAULT_TRIAL_MINOR = 50_000;
const DEFAULT_WELCOME_MINOR = 100_000;

/**
 * Makes sure DEMO has the account settings the tests rely on, adding only what is missing (so the tests
 * pass with the bare skeleton seed and with the full demo seed alike).
 */
export async function ensureAccountSettings(): Promise<void> {
  const db = env.DB;
  const switches = ['CBS3', 'REWCEN3', 'USERNAMEREG3', 'MOBILENUMREG3', 'FREEPLAY3', 'MOBILEVERCODELOGIN3'];
  const fields: [string, number, number, number][] = [
    ['username', 1, 1, 10], ['password', 1, 1, 20], ['confirmPassword', 1, 1, 30], ['captcha', 1, 1, 90],
    ['nickname', 1, 0, 40], ['email', 1, 0, 50], ['mobileNum', 1, 0, 60], ['countryDialingCode', 1, 0, 5],
    ['affiliateCode', 1, 0, 70],
  ];
  await db.batch([
    ...accountsSeedStatements().map((sql) => db.prepare(sql)),
    ...switches.map((id) =>
      db.prepare(`INSERT OR IGNORE INTO site_switches (merchant_code, module_id, enabled) VALUES ('DEMO', ?, 1)`).bind(id),
    ),
    ...['REFERRAL', 'MISSION', 'LOGIN'].map((key) =>
      db
        .prepare(`INSERT OR IGNORE INTO merchant_flags (merchant_code, kind, flag_key, value) VALUES ('DEMO', 'promotion', ?, 1)`)
        .bind(key),
    ),
    ...['mem_cen', 'dep_func'].map((key) =>
      db
        .prepare(`INSERT OR IGNORE INTO merchant_flags (merchant_code, kind, flag_key, value) VALUES ('DEMO', 'template', ?, 1)`)
        .bind(key),
    ),
    ...fields.map(([field, enabled, required, order]) =>
      db
        .prepare(
          `INSERT OR IGNORE INTO registration_fields (merchant_code, field, enabled, required, sort_order)
           VALUES ('DEMO', ?, ?, ?, ?)`,
        )
        .bind(field, enabled, required, order),
    ),
    db.prepare(`UPDATE merchants SET trial_balance_minor = ? WHERE code = 'DEMO' AND trial_balance_minor = 0`).bind(DEFAULT_TRIAL_MINOR),
    db.prepare(`UPDATE merchants SET welcome_bonus_minor = ? WHERE code = 'DEMO' AND welcome_bonus_minor = 0`).bind(DEFAULT_WELCOME_MINOR),
  ]);
  clearMerchantCache();
}

/** Sets one DEMO site switch (tests that turn a feature off put it back afterwards). */
export async function setSwitch(moduleId: string, enabled: boolean): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO site_switches (merchant_code, module_id, enabled) VALUES ('DEMO', ?1, ?2)
     ON CONFLICT (merchant_code, module_id) DO UPDATE SET enabled = ?2`,
  )
    .bind(moduleId, enabled ? 1 : 0)
    .run();
}

/** The DEMO merchant's configured amounts (minor units). */
export async function demoAmounts(): Promise<{ welcome: number; trial: number; currency: string; symbol: string }> {
  const row = await env.DB.prepare(
    `SELECT welcome_bonus_minor, trial_balance_minor, currency, currency_symbol FROM merchants WHERE code = 'DEMO'`,
  ).first<{ welcome_bonus_minor: number; trial_balance_minor: number; currency: string; currency_symbol: string }>();
  if (!row) throw new Error('DEMO merchant missing');
  return { welcome: row.welcome_bonus_minor, trial: row.trial_balance_minor, currency: row.currency, symbol: row.currency_symbol };
}

function randomChars(alphabet: string, n: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return [...bytes].map((b) => alphabet.charAt(b % alphabet.length)).join('');
}

/** A fresh valid username (letter first, 12 characters) that no other test uses. */
export function uniqueUsername(prefix = 'p'): string {
  return (prefix + randomChars('abcdefghijklmnopqrstuvwxyz0123456789', 12)).slice(0, 16);
}

/** A fresh client IP, so per-IP limits of one test never leak into another. */
export function uniqueIp(): string {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3));
  return `10.${a ?? 0}.${b ?? 0}.${c ?? 0}`;
}

/** Headers that make a request come from `ip`. */
export function fromIp(ip: string): Record<string, string> {
  return { 'CF-Connecting-IP': ip };
}

/** A valid registration payload (overrides replace or add fields). */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const username = uniqueUsername();
  return {
    username,
    password: 'secret123',
    confirmPassword: 'secret123',
    captcha: TEST_ANSWER,
    registerMethod: 'H5',
    registerUrl: '127.0.0.1',
    type: 0,
    login: true,
    ...overrides,
  };
}

/** Registers a member through the API (sealed body, own IP, test captcha) and returns its session and credentials. */
export async function registerMember(overrides: Record<string, unknown> = {}) {
  const payload = registration(overrides);
  const res = await sealedCall<SessionValue>('/wps/member/register', {
    method: 'PUT',
    json: payload,
    headers: fromIp(uniqueIp()),
    env: withTestCaptcha,
  });
  if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { session: res.body.value, username: String(payload.username), password: String(payload.password) };
}

/** POST /wps/session/login as a browser at `ip` would send it, sealed (any login type). */
export function postLogin(body: Record<string, unknown>, options: { ip?: string; cookie?: string; env?: Partial<Bindings> } = {}) {
  const headers: Record<string, string> = fromIp(options.ip ?? uniqueIp());
  if (options.cookie) headers.Cookie = options.cookie;
  return sealedCall<SessionValue>('/wps/session/login', {
    method: 'POST',
    json: body,
    headers,
    ...(options.env ? { env: options.env } : {}),
  });
}
