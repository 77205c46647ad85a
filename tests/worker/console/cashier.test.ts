import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { listPaymentMethodSettings, listRegistrationFieldSettings } from '../../../worker/db/queries/operator-settings';
import { findWithdrawSettings } from '../../../worker/db/queries/withdrawals';
import { enrolled, makeOperator, signIn } from './console-helpers';

// The back office's "Sign-up and payments" area (worker/console/cashier.ts, docs/back-office.md "Sign-up and
// payments"): each call's role and site, validation (4xx with a stable errorCode, nothing written) and the audit row
// written with each change. The table test (console-calls.test.ts) and the fuzz (console-fuzz.test.ts) cover every
// call's refusals and 0 × 5xx as well.

type Headers = { Cookie: string; 'X-CSRF-Token': string };
let admin: Headers;
let admin2: Headers;

beforeAll(async () => {
  admin = (await enrolled('admin')).headers;
  // An admin of DEMO who is also given DEMO2: the site is the host's (play2.localhost is DEMO2).
  admin2 = (await enrolled('admin', 'DEMO', ['DEMO2'])).headers;
}, 60_000);

const api = <T = Record<string, unknown>>(path: string, init: { method?: string; json?: unknown; headers?: Record<string, string>; host?: string; env?: Record<string, string> } = {}) =>
  call<T>(`http://${init.host ?? '127.0.0.1'}/console/api/${path}`, {
    method: init.method ?? 'GET', headers: { ...(init.headers ?? admin), Origin: `http://${init.host ?? '127.0.0.1'}` },
    ...(init.json !== undefined ? { json: init.json } : {}), ...(init.env ? { env: init.env } : {}),
  });

const audit = (action: string, target: string) => env.DB.prepare(`SELECT merchant_code, operator, before_json, after_json, reason FROM console_audit
  WHERE action = ? AND target = ? ORDER BY id DESC`).bind(action, target).first<{ merchant_code: string; operator: string; before_json: string | null; after_json: string | null; reason: string }>();
const auditCount = async () => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM console_audit WHERE action LIKE 'settings.%'`).first<{ n: number }>())!.n;

describe('sign-up and payments: payment methods', () => {
  it('lists the site\'s methods with decimal limits, and changes a limit with its audit row (before/after in minor units)', async () => {
    const list = await api<{ items: { id: string; minAmount: number; maxAmount: number }[]; total: number }>('payment-methods');
    expect(list.status).toBe(200);
    const bank = list.body.value.items.find((m) => m.id === 'DEMO_BANK')!;
    expect(bank).toBeDefined();
    const res = await api<{ minAmount: number; maxAmount: number; names: { language: string; name: string }[] }>('payment-methods/DEMO_BANK', {
      method: 'PUT', json: { minAmount: 12.5, maxAmount: 900, names: [{ language: 'ES', name: 'Transferencia' }], reason: 'new PSP limits' },
    });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ minAmount: 12.5, maxAmount: 900 });
    expect(res.body.value.names).toContainEqual({ language: 'ES', name: 'Transferencia' });
    const stored = (await listPaymentMethodSettings(env.DB, 'DEMO')).find((m) => m.methodCode === 'DEMO_BANK')!;
    expect([stored.minMinor, stored.maxMinor]).toEqual([1250, 90_000]);
    const row = await audit('settings.payment_method', 'payment_method:DEMO_BANK');
    expect(row).toMatchObject({ merchant_code: 'DEMO', reason: 'new PSP limits' });
    expect(JSON.parse(row!.before_json!).minMinor).toBe(bank.minAmount * 100);
    expect(JSON.parse(row!.after_json!)).toMatchObject({ minMinor: 1250, maxMinor: 90_000 });
  });

  it('refuses bad changes with a stable errorCode and writes nothing', async () => {
    const before = await auditCount();
    const cases: [string, string, unknown, number, string][] = [
      ['PUT', 'payment-methods/DEMO_BANK', { minAmount: 5 }, 400, 'request_param_err'],
      ['PUT', 'payment-methods/DEMO_BANK', { minAmount: 1.005, reason: 'x' }, 400, 'request_param_err'],
      ['PUT', 'payment-methods/DEMO_BANK', { minAmount: -1, reason: 'x' }, 400, 'request_param_err'],
      ['PUT', 'payment-methods/DEMO_BANK', { minAmount: 5000, maxAmount: 10, reason: 'x' }, 400, 'limits_invalid'],
      ['PUT', 'payment-methods/DEMO_BANK', { provider: 'http', reason: 'x' }, 400, 'payment_method_provider_incomplete'],
      ['PUT', 'payment-methods/NO_SUCH', { enabled: false, reason: 'x' }, 404, 'payment_method_not_found'],
      ['POST', 'payment-methods', { methodCode: 'DEMO_BANK', provider: 'demo', displayName: 'Bank', minAmount: 1, maxAmount: 2, reason: 'x' }, 409, 'payment_method_exists'],
      ['PUT', 'registration-fields/email', { rule: 'sometimes', reason: 'x' }, 400, 'request_param_err'],
      ['PUT', 'registration-fields/shoeSize', { rule: 'required', reason: 'x' }, 404, 'registration_field_unknown'],
      ['PUT', 'withdraw-settings/site', { enabled: true, payoutMethod: 'NO_SUCH', reason: 'x' }, 400, 'payout_method_unknown'],
      ['PUT', 'withdraw-settings/site', { enabled: true, minAmount: 900, maxAmount: 10, reason: 'x' }, 400, 'limits_invalid'],
      ['PUT', 'site-links/telegram', { url: 'http://t.me/x', reason: 'x' }, 400, 'link_invalid'],
      ['PUT', 'site-links/cs', { url: 'https://help.example.net', label: 'Help', reason: 'x' }, 400, 'link_label_not_allowed'],
      ['PUT', 'site-links/fax', { url: 'https://fax.example.net', reason: 'x' }, 404, 'link_type_unknown'],
      ['PUT', 'social-logins/google', { clientId: 'not-a-client', secretName: 'GOOGLE_CLIENT_SECRET', reason: 'x' }, 400, 'social_client_invalid'],
      ['PUT', 'social-logins/facebook', { clientId: '1234567890123', secretName: 'lower_case', reason: 'x' }, 400, 'secret_name_invalid'],
      ['PUT', 'social-logins/constructor', { clientId: '1234567890123', secretName: 'X', reason: 'x' }, 404, 'social_provider_unknown'],
    ];
    for (const [method, path, json, status, errorCode] of cases) {
      const res = await api(path, { method, json });
      expect([res.status, res.body.errorCode], `${method} ${path} ${JSON.stringify(json)}`).toEqual([status, errorCode]);
    }
    expect(await auditCount()).toBe(before);
  });

  it('adds a method, and the roles without settings.read or settings.write are refused', async () => {
    const res = await api('payment-methods', {
      method: 'POST', json: { methodCode: 'WALLET_X', provider: 'demo', displayName: 'Wallet X', minAmount: 1, maxAmount: 50, sortOrder: 90, reason: 'launch' },
    });
    expect([res.status, res.body.value]).toMatchObject([200, { id: 'WALLET_X', enabled: true, minAmount: 1, maxAmount: 50 }]);
    expect((await audit('settings.payment_method', 'payment_method:WALLET_X'))?.before_json).toBeNull();
    for (const role of ['support', 'content']) {
      const s = await signIn(await makeOperator(role));
      const headers = { Cookie: s.cookie, 'X-CSRF-Token': s.csrf };
      expect((await api('payment-methods', { headers })).body.errorCode).toBe('console_role_forbidden');
      expect((await api('payment-methods/WALLET_X', { method: 'PUT', headers, json: { enabled: false, reason: 'x' } })).body.errorCode).toBe('console_role_forbidden');
    }
  });
});

describe('sign-up and payments: registration, withdrawals, links, social log-in', () => {
  it('makes a registration field required, audited', async () => {
    const res = await api('registration-fields/email', { method: 'PUT', json: { rule: 'required', reason: 'KYC by e-mail' } });
    expect([res.status, res.body.value]).toMatchObject([200, { id: 'email', rule: 'required' }]);
    expect((await listRegistrationFieldSettings(env.DB, 'DEMO')).find((r) => r.field === 'email')).toMatchObject({ enabled: true, required: true });
    const row = await audit('settings.registration', 'registration:email');
    expect(row?.reason).toBe('KYC by e-mail');
    expect(JSON.parse(row!.after_json!)).toEqual([expect.objectContaining({ field: 'email', enabled: true, required: true })]);
    expect((await api('registration-fields/email')).body.value).toMatchObject({ id: 'email', rule: 'required' });
    expect((await api('registration-fields/shoeSize')).body.errorCode).toBe('registration_field_unknown');
    const list = await api<{ items: { id: string; rule: string }[] }>('registration-fields');
    expect(list.body.value.items.find((f) => f.id === 'email')?.rule).toBe('required');
  });

  it('changes the withdrawal limits and turns withdrawals off, audited', async () => {
    const res = await api('withdraw-settings/site', { method: 'PUT', json: { enabled: true, payoutMethod: 'DEMO_BANK', minAmount: 20, maxAmount: 2000.5, reason: 'policy' } });
    expect([res.status, res.body.value]).toMatchObject([200, { enabled: true, payoutMethod: 'DEMO_BANK', minAmount: 20, maxAmount: 2000.5 }]);
    expect(await findWithdrawSettings(env.DB, 'DEMO')).toEqual({ payoutMethod: 'DEMO_BANK', minMinor: 2000, maxMinor: 200_050 });
    const off = await api('withdraw-settings/site', { method: 'PUT', json: { enabled: false, reason: 'audit week' } });
    expect(off.body.value).toMatchObject({ enabled: false });
    const row = await audit('settings.withdrawals', 'withdrawals');
    expect([row?.reason, row?.after_json, JSON.parse(row!.before_json!).maxMinor]).toEqual(['audit week', null, 200_050]);
    expect((await api('withdraw-settings/site', { method: 'PUT', json: { enabled: true, minAmount: 1, reason: 'x' } })).body.errorCode).toBe('withdrawals_incomplete');
  });

  it('sets and clears a link, audited; social log-in shows the secret by name and whether it is set', async () => {
    const set = await api('site-links/telegram', { method: 'PUT', json: { url: 'https://t.me/playdeck_demo', label: 'Our Telegram', reason: 'new channel' } });
    expect([set.status, set.body.value]).toMatchObject([200, { id: 'TELEGRAM', url: 'https://t.me/playdeck_demo', label: 'Our Telegram', state: 'set' }]);
    expect((await audit('settings.link', 'link:TELEGRAM'))?.reason).toBe('new channel');
    expect((await api('site-links/TELEGRAM')).body.value).toMatchObject({ url: 'https://t.me/playdeck_demo', hasLabel: true });
    expect((await api('social-logins/facebook')).body.value).toMatchObject({ id: 'facebook' });
    const cleared = await api('site-links/telegram', { method: 'PUT', json: { url: '', reason: 'closed' } });
    expect(cleared.body.value).toMatchObject({ url: '', state: 'cleared' });
    const google = await api('social-logins/google', {
      method: 'PUT', json: { clientId: '123456789012-abcdefghij0123456789.apps.googleusercontent.com', secretName: 'GOOGLE_SECRET_NOT_BOUND', reason: 'log-in' },
    });
    expect([google.status, google.body.value]).toMatchObject([200, { id: 'google', secretName: 'GOOGLE_SECRET_NOT_BOUND', secretSet: false, state: 'secret_missing' }]);
    const row = await audit('settings.social_login', 'social:google');
    expect(row?.after_json).toContain('GOOGLE_SECRET_NOT_BOUND');
    const overview = await api<{ problems: { code: string }[]; registration: { required: string[] } }>('cashier-overview');
    expect(overview.status).toBe(200);
    expect(overview.body.value.registration.required).toContain('email');
  });

  it('each site sees and changes only its own settings', async () => {
    const mine = await api<{ items: { id: string }[] }>('payment-methods', { headers: admin2, host: 'play2.localhost' });
    expect(mine.status).toBe(200);
    const res = await api('registration-fields/qqNum', { method: 'PUT', headers: admin2, host: 'play2.localhost', json: { rule: 'optional', reason: 'site 2' } });
    expect(res.status).toBe(200);
    expect((await audit('settings.registration', 'registration:qqNum'))?.merchant_code).toBe('DEMO2');
    expect((await listRegistrationFieldSettings(env.DB, 'DEMO')).find((r) => r.field === 'qqNum')?.enabled ?? false).toBe(false);
    const demo2Only = await signIn(await makeOperator('support', 'DEMO2'), { host: 'play2.localhost' });
    expect((await api('payment-methods', { headers: { Cookie: demo2Only.cookie, 'X-CSRF-Token': demo2Only.csrf } })).body.errorCode).toBe('console_site_forbidden');
  });

  it('in upstream mode only the links remain', async () => {
    const upstream = { UPSTREAM_API_URL: 'http://127.0.0.1:9' };
    for (const path of ['payment-methods', 'withdraw-settings/site', 'registration-fields', 'social-logins', 'cashier-overview']) {
      expect((await api(path, { env: upstream })).body.errorCode, path).toBe('function.not.available');
    }
    expect((await api('site-links', { env: upstream })).status).toBe(200);
  });
});
