import { env } from 'cloudflare:test';
import { Secret, TOTP } from 'otpauth';
import { hashPassword } from '../../../worker/services/crypto/password';
import { call } from '../helpers';

export const PASSWORD = 'console-secret-1';
let n = 0;
let ips = 0;

/** A fresh client address (the console's per-address limits stay out of the way). */
export function freshIp(): string {
  ips += 1;
  return `10.77.${Math.floor(ips / 250)}.${ips % 250}`;
}

/** Creates a console operator as the operator command does: role, own merchant and extra sites. */
export async function makeOperator(role = 'support', merchantCode = 'DEMO', extraSites: string[] = []): Promise<string> {
  n += 1;
  const username = `op${n}_${Date.now() % 100000}`;
  const row = await env.DB.prepare(`INSERT INTO console_operators (merchant_code, username, display_name, password_hash, role, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`)
    .bind(merchantCode, username, `Operator ${n}`, await hashPassword(PASSWORD), role, Date.now()).first<{ id: number }>();
  for (const site of extraSites) {
    await env.DB.prepare(`INSERT INTO console_operator_sites (operator_id, merchant_code) VALUES (?, ?)`).bind(row!.id, site).run();
  }
  return username;
}

export interface Me { name: string; csrfToken: string; role: string; sites: string[]; totpEnabled: boolean; enrolRequired: boolean }

/** Signs in on a host from an address; the answer, the session cookie and the CSRF token. */
export async function signIn(username: string, opts: { host?: string; password?: string; code?: string; ip?: string } = {}) {
  const res = await call<Me>(`http://${opts.host ?? '127.0.0.1'}/console/api/login`, {
    method: 'POST', json: { username, password: opts.password ?? PASSWORD, ...(opts.code ? { code: opts.code } : {}) },
    headers: { 'CF-Connecting-IP': opts.ip ?? freshIp() },
  });
  const cookie = (res.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
  return { res, cookie, csrf: res.body.value?.csrfToken ?? '' };
}

/** The 6-digit code of a base32 secret at `at` (epoch ms). */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

/** Signs an owner/admin/finance operator in and enrols TOTP; the secret, recovery codes and the (now full) session. */
export async function enrolled(role = 'owner', merchantCode = 'DEMO', extraSites: string[] = []) {
  const username = await makeOperator(role, merchantCode, extraSites);
  const session = await signIn(username);
  const headers = { Cookie: session.cookie, 'X-CSRF-Token': session.csrf };
  const start = await call<{ secret: string; uri: string }>('/console/api/totp/enrol', { method: 'POST', headers });
  if (!start.body.success) throw new Error(`enrol: ${JSON.stringify(start.body)} login: ${JSON.stringify(session.res.body)}`);
  const secret = start.body.value.secret;
  const confirm = await call<{ recoveryCodes: string[] }>('/console/api/totp/confirm', { method: 'POST', headers, json: { code: totpCode(secret) } });
  return { username, secret, recoveryCodes: confirm.body.value.recoveryCodes, session, headers, confirmedAt: Date.now() };
}

/** A console call's path with every `:name` / `{name}` parameter given `id` (a generated id for the table tests). */
export function consoleCallPath(path: string, id = '1'): string {
  return path.replace(/:(\w+)|\{(\w+)\}/g, () => encodeURIComponent(id));
}
