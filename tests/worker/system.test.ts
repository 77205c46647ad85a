import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsolidatedSettingsValue, SystemStatusValue } from '../../src/api/types';
import type { AccountsWire } from './accounts-wire';
import { envelopeSchema } from '../../src/contract/envelope';
import { accountsCalls } from '../../src/contract/calls/accounts';
import { clearMerchantCache } from '../../worker/edge/merchant';
import { call } from './helpers';
import { ensureAccountSettings } from './accounts-fixtures';

beforeAll(ensureAccountSettings);

/** The spec's registration fields, in spec order (accounts §2 Registration screen). */
const SPEC_FIELDS = [
  'countryDialingCode', 'username', 'password', 'confirmPassword', 'paymentPassword', 'affiliateCode',
  'recommenderId', 'nickname', 'payeeName', 'email', 'mobileNum', 'idNumber', 'qqNum', 'facebook', 'wechat',
  'line', 'whatsapp', 'zalo', 'captcha', 'verificationCode',
];

async function switchesInDb(): Promise<Record<string, boolean>> {
  const { results } = await env.DB.prepare(`SELECT module_id, enabled FROM site_switches WHERE merchant_code = 'DEMO'`)
    .all<{ module_id: string; enabled: number }>();
  return Object.fromEntries(results.map((r) => [r.module_id, r.enabled === 1]));
}

describe('GET /wps/system/status', () => {
  it('describes the site behind the host: route, switches, templates, links, paths and the client IP', async () => {
    const { status, body } = await call<SystemStatusValue>('/wps/system/status', { headers: { 'CF-Connecting-IP': '203.0.113.9' } });
    expect(status).toBe(200);
    const { info } = body.value;
    expect(info.domainRoute).toEqual({ merchantCode: 'DEMO', host: '127.0.0.1' });
    expect(info.paths).toEqual({ home: '/m/home', login: '/m/login', register: '/m/register' });
    expect(info.whitelabel).toEqual(await switchesInDb());
    expect(info.register).toEqual({
      USERNAMEREG3: info.whitelabel.USERNAMEREG3 ?? false,
      MOBILENUMREG3: info.whitelabel.MOBILENUMREG3 ?? false,
      REGMOBVERF3: info.whitelabel.REGMOBVERF3 ?? false,
      MOBILENUMPASSREG3: info.whitelabel.MOBILENUMPASSREG3 ?? false,
    });
    expect(info.register.USERNAMEREG3).toBe(true);
    expect([0, 1]).toContain(info.mobileTemplate.mem_cen);
    expect([0, 1]).toContain(info.mobileTemplate.dep_func);
    expect(Array.isArray(info.resources) && Array.isArray(info.customerService) && Array.isArray(info.imageCDNs)).toBe(true);
    expect(typeof info.mainDomain).toBe('string');
    expect(body.value.location).toEqual({ ip: '203.0.113.9' });
    expect(body.value.maintenance).toBe(false);
    expect(body.value.regionRestriction).toBe(false);
  });

  it('lists the configured customer-service entries and links', async () => {
    await env.DB.batch([
      env.DB.prepare(`INSERT OR REPLACE INTO customer_service (merchant_code, cs_type, path) VALUES ('DEMO', 'ZZTEST', 'https://cs.example/zz')`),
      env.DB.prepare(
        `INSERT OR REPLACE INTO merchant_resources (merchant_code, resource_type, url, label_name_en, sort_order)
         VALUES ('DEMO', 'ZZTEST', 'https://t.example/zz', 'ZZTEST', 999)`,
      ),
    ]);
    const { body } = await call<SystemStatusValue>('/wps/system/status');
    expect(body.value.info.customerService).toContainEqual({ csType: 'ZZTEST', path: 'https://cs.example/zz' });
    expect(body.value.info.resources.at(-1)).toEqual({ resourceType: 'ZZTEST', url: 'https://t.example/zz', labelNameEn: 'ZZTEST' });
  });

  it('flags regionRestriction when the visitor country is one the merchant restricts, and maintenance when set', async () => {
    const before = await env.DB.prepare(`SELECT restricted_regions, maintenance FROM merchants WHERE code = 'DEMO'`)
      .first<{ restricted_regions: string; maintenance: number }>();
    await env.DB.prepare(`UPDATE merchants SET restricted_regions = '["US","FR"]', maintenance = 1 WHERE code = 'DEMO'`).run();
    clearMerchantCache();
    try {
      const restricted = await call<SystemStatusValue>('/wps/system/status', { headers: { 'CF-IPCountry': 'fr' } });
      const allowed = await call<SystemStatusValue>('/wps/system/status', { headers: { 'CF-IPCountry': 'VN' } });
      const unknown = await call<SystemStatusValue>('/wps/system/status');
      expect(restricted.body.value.regionRestriction).toBe(true);
      expect(allowed.body.value.regionRestriction).toBe(false);
      expect(unknown.body.value.regionRestriction).toBe(false);
      expect(restricted.body.value.maintenance).toBe(true);
    } finally {
      await env.DB.prepare(`UPDATE merchants SET restricted_regions = ?, maintenance = ? WHERE code = 'DEMO'`)
        .bind(before?.restricted_regions ?? '[]', before?.maintenance ?? 0)
        .run();
      clearMerchantCache();
    }
  });

  it('answers 400 merchant_mismatch when the merchant parameter names another site', async () => {
    const { status, body } = await call('/wps/system/status?merchantCode=ELSEWHERE');
    expect(status).toBe(400);
    expect(body.errorCode).toBe('merchant_mismatch');
  });
});

describe('GET /wps/system/settings/consolidated', () => {
  it('returns the merchant, its switches, the three promotion keys and the template flags', async () => {
    const { status, body } = await call<ConsolidatedSettingsValue>('/wps/system/settings/consolidated?merchant_code=DEMO');
    expect(status).toBe(200);
    const merchant = await env.DB.prepare(`SELECT name, currency, currency_symbol, theme FROM merchants WHERE code = 'DEMO'`)
      .first<{ name: string; currency: string; currency_symbol: string; theme: string }>();
    expect(body.value).toMatchObject({
      merchantCode: 'DEMO',
      name: merchant?.name,
      currency: merchant?.currency,
      currencySymbol: merchant?.currency_symbol,
      theme: merchant?.theme,
    });
    expect(body.value.switches).toEqual(await switchesInDb());
    for (const key of ['REFERRAL', 'MISSION', 'LOGIN']) {
      expect(body.value.promotions[key]).toEqual({ enabled: expect.any(Boolean) });
    }
    expect(body.value.promotions.REFERRAL?.enabled).toBe(true);
    expect(body.value.templates).toEqual({ mem_cen: expect.any(Number), dep_func: expect.any(Number) });
  });

  it('reports a promotion as disabled when its flag is off', async () => {
    await env.DB.prepare(`UPDATE merchant_flags SET value = 0 WHERE merchant_code = 'DEMO' AND flag_key = 'MISSION'`).run();
    try {
      const { body } = await call<ConsolidatedSettingsValue>('/wps/system/settings/consolidated');
      expect(body.value.promotions.MISSION).toEqual({ enabled: false });
    } finally {
      await env.DB.prepare(`UPDATE merchant_flags SET value = 1 WHERE merchant_code = 'DEMO' AND flag_key = 'MISSION'`).run();
    }
  });
});

describe('GET /wps/system/setting/register', () => {
  it('maps all 20 spec fields to their rule, configured ones first in sort order, others disabled', async () => {
    const { status, body } = await call<AccountsWire['RegisterSettingsValue']>('/wps/system/setting/register', { headers: { ModuleId: 'REG3' } });
    expect(status).toBe(200);
    expect(envelopeSchema(accountsCalls.registerSettings.value).safeParse(body).success).toBe(true);
    const fields = Object.entries(body.value).map(([field, rule]) => ({ field, ...rule }));
    expect(fields.map((f) => f.field).sort()).toEqual([...SPEC_FIELDS].sort());
    const { results: rows } = await env.DB.prepare(
      `SELECT field, enabled, required, sort_order FROM registration_fields WHERE merchant_code = 'DEMO'`,
    ).all<{ field: string; enabled: number; required: number; sort_order: number }>();
    for (const setting of fields) {
      const row = rows.find((r) => r.field === setting.field);
      expect({ enabled: setting.enabled, required: setting.required }).toEqual({
        enabled: row?.enabled === 1,
        required: row?.enabled === 1 && row.required === 1,
      });
    }
    const configured = fields.slice(0, rows.length).map((f) => rows.find((r) => r.field === f.field)?.sort_order ?? -1);
    expect(configured).toEqual([...configured].sort((a, b) => a - b));
    expect(body.value.captcha).toMatchObject({ enabled: true, required: true, acceptedPattern: '*', patternId: 'captcha' });
    expect(body.value.username).toMatchObject({ acceptedPattern: '^[A-Za-z][A-Za-z0-9]+$', patternId: 'username', minLength: 4, maxLength: 16 });
  });
});
