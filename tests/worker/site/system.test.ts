import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountsWire } from '../accounts-wire';
import { envelopeSchema } from '../../../contract/envelope';
import { accountsCalls } from '../../../contract/calls/accounts';
import {
  systemCalls, type ConsolidatedSettingsValue, type CountryListValue, type SystemStatusValue, type WhitelabelNode,
} from '../../../contract/calls/system';
import { flattenWhitelabel } from '../../../rules/whitelabel';
import { clearMerchantCache } from '../../../worker/middleware/merchant';
import { call } from '../helpers';
import { ensureAccountSettings } from '../accounts-fixtures';
import { clientServicePath } from '../client-crypto';
import { PLAYDECK_CLIENT_HEADER, PLAYDECK_CLIENT_VALUE } from '../../../contract/headers';

/** What PlayDeck's browser adds to every call (src/api/client.ts): it reads plain customer-service paths. */
const FROM_PLAYDECK = { [PLAYDECK_CLIENT_HEADER]: PLAYDECK_CLIENT_VALUE };

beforeAll(ensureAccountSettings);

/**
 * The spec's registration fields, in spec order (accounts §2 Registration screen), and the date of birth of the
 * site's age check (docs/honest-money.md; disabled unless the site requires it).
 */
const SPEC_FIELDS = [
  'countryDialingCode', 'username', 'password', 'confirmPassword', 'paymentPassword', 'affiliateCode',
  'recommenderId', 'nickname', 'payeeName', 'email', 'mobileNum', 'idNumber', 'qqNum', 'facebook', 'wechat',
  'line', 'whatsapp', 'zalo', 'dateOfBirth', 'captcha', 'verificationCode',
];

async function switchesInDb(): Promise<Record<string, boolean>> {
  const { results } = await env.DB.prepare(`SELECT module_id, enabled FROM site_switches WHERE merchant_code = 'DEMO'`)
    .all<{ module_id: string; enabled: number }>();
  return Object.fromEntries(results.map((r) => [r.module_id, r.enabled === 1]));
}

/** Registration field rows of the demo merchant. */
async function registrationRows() {
  const { results } = await env.DB.prepare(`SELECT field, enabled, required FROM registration_fields WHERE merchant_code = 'DEMO'`)
    .all<{ field: string; enabled: number; required: number }>();
  return results;
}

describe.each(['/wps/v2/system/status', '/wps/system/status'])('GET %s', (path) => {
  it('describes the site behind the host: switches tree, string templates, register rules, links, paths and the client IP', async () => {
    const { status, body } = await call<SystemStatusValue>(`${path}?device=MOBILE&originalDomain=127.0.0.1&url=127.0.0.1&track=abc`, {
      headers: { 'CF-Connecting-IP': '203.0.113.9', 'cache-control': 'no-cache', ModuleId: 'COMM3' },
    });
    expect(status).toBe(200);
    expect(envelopeSchema(systemCalls.systemStatus.value).safeParse(body).success).toBe(true);
    const { info } = body.value;
    expect(info.domainRoute.domainList).toContainEqual({ domainName: '127.0.0.1' });
    expect(info.paths).toEqual({ home: '/m/home', login: '/m/login', register: '/m/register' });
    expect(flattenWhitelabel(info.whitelabel)).toEqual(await switchesInDb());
    for (const node of info.whitelabel) expect(node.enabled === '1' || node.enabled === '0').toBe(true);
    // register: the same field → rule map as the registration settings, for every spec field.
    expect(Object.keys(info.register).sort()).toEqual([...SPEC_FIELDS].sort());
    for (const row of await registrationRows()) {
      expect(info.register[row.field]).toMatchObject({ enabled: row.enabled === 1, required: row.enabled === 1 && row.required === 1 });
    }
    expect(info.register.captcha).toMatchObject({ enabled: true, required: true, acceptedPattern: '*', patternId: 'captcha' });
    expect(info.register.username).toMatchObject({ minLength: 4, maxLength: 16 });
    expect(['0', '1']).toContain(info.mobileTemplate.mem_cen);
    expect(['0', '1']).toContain(info.mobileTemplate.dep_func);
    expect(Array.isArray(info.resources) && Array.isArray(info.customerService) && Array.isArray(info.imageCDNs)).toBe(true);
    expect(info.launchGameCDNs).toEqual([]);
    expect(info.analytics).toEqual({});
    expect(typeof info.mainDomain).toBe('string');
    expect(body.value.location).toEqual({ ip: '203.0.113.9' });
    expect(body.value.maintenance).toBe(false);
    expect(body.value.regionRestriction).toBe(false);
  });

  it('answers the template flags as the strings "1"/"0" of the merchant flags', async () => {
    const flags = await env.DB.prepare(`SELECT flag_key, value FROM merchant_flags WHERE merchant_code = 'DEMO' AND kind = 'template'`)
      .all<{ flag_key: string; value: number }>();
    const { body } = await call<SystemStatusValue>(path);
    for (const key of ['mem_cen', 'dep_func'] as const) {
      const row = flags.results.find((r) => r.flag_key === key);
      expect(body.value.info.mobileTemplate[key]).toBe(row?.value === 1 ? '1' : '0');
    }
  });

  it('lists the configured customer-service entries and links', async () => {
    await env.DB.batch([
      env.DB.prepare(`INSERT OR REPLACE INTO customer_service (merchant_code, cs_type, path) VALUES ('DEMO', 'ZZTEST', 'https://cs.example/zz')`),
      env.DB.prepare(
        `INSERT OR REPLACE INTO merchant_resources (merchant_code, resource_type, url, label_name_en, sort_order)
         VALUES ('DEMO', 'ZZTEST', 'https://t.example/zz', 'ZZTEST', 999)`,
      ),
    ]);
    const { body, headers } = await call<SystemStatusValue>(path, { headers: FROM_PLAYDECK });
    expect(body.value.info.customerService).toContainEqual({ csType: 'ZZTEST', path: 'https://cs.example/zz' });
    expect(body.value.info.domainRoute.version.pathList).toContainEqual({ type: '3', path: 'https://cs.example/zz' });
    expect(body.value.info.resources.at(-1)).toEqual({ resourceType: 'ZZTEST', url: 'https://t.example/zz', labelNameEn: 'ZZTEST' });
    expect(headers.get('Vary')).toContain(PLAYDECK_CLIENT_HEADER);
  });

  it("sends the platform's client (no PlayDeck header) its customer-service paths DES-encrypted, as the platform does (§1.6.6, §7.4)", async () => {
    await env.DB.prepare(`INSERT OR REPLACE INTO customer_service (merchant_code, cs_type, path) VALUES ('DEMO', 'ZZTEST', 'https://cs.example/zz')`).run();
    const plain = (await call<SystemStatusValue>(path, { headers: FROM_PLAYDECK })).body.value.info;
    const { body } = await call<SystemStatusValue>(path, { headers: { ModuleId: 'COMM3' } });
    expect(envelopeSchema(systemCalls.systemStatus.value).safeParse(body).success).toBe(true);
    const { info } = body.value;
    expect(info.customerService.map((e) => e.csType)).toEqual(plain.customerService.map((e) => e.csType));
    for (const [i, entry] of info.customerService.entries()) {
      const real = plain.customerService[i]!.path;
      if (!real) continue;
      expect(entry.path).not.toBe(real);
      expect(entry.path).toMatch(/^[A-Za-z0-9+/]+=*[A-Za-z0-9]{8}$/);
      expect(clientServicePath(entry.path)).toBe(real);
    }
    expect(info.domainRoute.version.pathList.map((p) => clientServicePath(p.path))).toEqual(plain.domainRoute.version.pathList.map((p) => p.path));
    // The same path seals to the same text on every call (the client caches the status answer).
    expect((await call<SystemStatusValue>(path)).body.value.info.customerService).toEqual(info.customerService);
  });

  it('flags regionRestriction when the visitor country is one the merchant restricts, and maintenance when set', async () => {
    const before = await env.DB.prepare(`SELECT restricted_regions, maintenance FROM merchants WHERE code = 'DEMO'`)
      .first<{ restricted_regions: string; maintenance: number }>();
    await env.DB.prepare(`UPDATE merchants SET restricted_regions = '["US","FR"]', maintenance = 1 WHERE code = 'DEMO'`).run();
    clearMerchantCache();
    try {
      const restricted = await call<SystemStatusValue>(path, { headers: { 'CF-IPCountry': 'fr' } });
      const allowed = await call<SystemStatusValue>(path, { headers: { 'CF-IPCountry': 'VN' } });
      const unknown = await call<SystemStatusValue>(path);
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
    const { status, body } = await call(`${path}?merchantCode=ELSEWHERE`);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('merchant_mismatch');
  });

  it('answers 400 request_param_err for a malformed query', async () => {
    const { status, body } = await call(`${path}?device=${'X'.repeat(40)}`);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
  });

  it('answers 404 domain_not_available on a domain no site serves', async () => {
    const { status, body } = await call(`http://nobody.example${path}`);
    expect(status).toBe(404);
    expect(body.errorCode).toBe('domain_not_available');
  });
});

describe('GET /wps/system/whitelabel', () => {
  it('answers the switch tree: every switch a node { modId, enabled "1"/"0", childrenNodes }', async () => {
    const { status, body } = await call<WhitelabelNode[]>('/wps/system/whitelabel', { headers: { ModuleId: 'COMM3' } });
    expect(status).toBe(200);
    expect(envelopeSchema(systemCalls.whitelabel.value).safeParse(body).success).toBe(true);
    expect(flattenWhitelabel(body.value)).toEqual(await switchesInDb());
    expect(body.value.map((n) => n.modId)).toEqual([...body.value.map((n) => n.modId)].sort());
  });

  it('answers 404 unknown_site on a domain no site serves', async () => {
    const { status, body } = await call('http://nobody.example/wps/system/whitelabel');
    expect(status).toBe(404);
    expect(body.errorCode).toBe('unknown_site');
  });
});

describe('GET /wps/system/domainRoute', () => {
  it('answers type "3" customer-service paths (plain) and the site domains', async () => {
    await env.DB.prepare(`INSERT OR REPLACE INTO customer_service (merchant_code, cs_type, path) VALUES ('DEMO', 'ZZROUTE', 'https://cs.example/route')`).run();
    const { status, body } = await call<{ version: { pathList: { type: string; path: string }[] }; domainList: { domainName: string }[] }>(
      '/wps/system/domainRoute?device=MOBILE', { headers: FROM_PLAYDECK },
    );
    expect(status).toBe(200);
    expect(envelopeSchema(systemCalls.domainRoute.value).safeParse(body).success).toBe(true);
    expect(body.value.version.pathList).toContainEqual({ type: '3', path: 'https://cs.example/route' });
    expect(body.value.domainList).toContainEqual({ domainName: '127.0.0.1' });
    const { results } = await env.DB.prepare(`SELECT cs_type, path FROM customer_service WHERE merchant_code = 'DEMO' AND path != ''`)
      .all<{ cs_type: string; path: string }>();
    expect(body.value.version.pathList).toHaveLength(results.length);
    const main = results.find((r) => r.cs_type === 'CS');
    if (main) expect(body.value.version.pathList[0]).toEqual({ type: '3', path: main.path });

    // The platform's client gets the same type "3" paths DES-encrypted; its own decryption reads the real links.
    const platform = await call<{ version: { pathList: { type: string; path: string }[] } }>('/wps/system/domainRoute?device=MOBILE', { headers: { ModuleId: 'COMM3' } });
    expect(platform.body.value.version.pathList).not.toContainEqual({ type: '3', path: 'https://cs.example/route' });
    expect(platform.body.value.version.pathList.map((p) => ({ type: p.type, path: clientServicePath(p.path) }))).toEqual(body.value.version.pathList);
  });

  it('answers 400 request_param_err for a malformed device', async () => {
    const { status, body } = await call(`/wps/system/domainRoute?device=${'X'.repeat(40)}`);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
  });
});

describe('GET /wps/system/country', () => {
  it('answers the dialling codes as { list: [{ countryCode, dialingCode, name }] }', async () => {
    const { status, body } = await call<CountryListValue>('/wps/system/country', { headers: { ModuleId: 'COMM3' } });
    expect(status).toBe(200);
    expect(envelopeSchema(systemCalls.systemCountry.value).safeParse(body).success).toBe(true);
    expect(body.value.list.length).toBeGreaterThan(0);
    for (const country of body.value.list) expect(country.dialingCode).toMatch(/^\d{1,4}$/);
  });

  it('answers 404 unknown_site on a domain no site serves', async () => {
    const { status, body } = await call('http://nobody.example/wps/system/country');
    expect(status).toBe(404);
    expect(body.errorCode).toBe('unknown_site');
  });
});

describe('GET /wps/system/settings/consolidated', () => {
  it('answers the platform\'s fields (merchantCode, currency, promotion, mobileTemplate as strings) and PlayDeck\'s own', async () => {
    const { status, body } = await call<ConsolidatedSettingsValue>('/wps/system/settings/consolidated?merchant_code=DEMO');
    expect(status).toBe(200);
    expect(envelopeSchema(systemCalls.consolidatedSettings.value).safeParse(body).success).toBe(true);
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
      expect(body.value.promotion?.[key]).toEqual({ enabled: expect.any(Boolean) });
    }
    expect(body.value.promotion?.REFERRAL).toEqual({ enabled: true });
    expect(body.value.mobileTemplate).toEqual({ mem_cen: expect.stringMatching(/^[01]$/), dep_func: expect.stringMatching(/^[01]$/) });
    // The same template flags as the status answer (platform-contract.md §2 info.mobileTemplate).
    const statusAnswer = await call<SystemStatusValue>('/wps/v2/system/status');
    expect(body.value.mobileTemplate).toEqual(statusAnswer.body.value.info.mobileTemplate);
  });

  it('answers 400 merchant_mismatch when the merchant parameter names another site', async () => {
    const { status, body } = await call('/wps/system/settings/consolidated?merchant_code=ELSEWHERE');
    expect(status).toBe(400);
    expect(body.errorCode).toBe('merchant_mismatch');
  });

  it('reports a promotion as disabled when its flag is off', async () => {
    await env.DB.prepare(`UPDATE merchant_flags SET value = 0 WHERE merchant_code = 'DEMO' AND flag_key = 'MISSION'`).run();
    try {
      const { body } = await call<ConsolidatedSettingsValue>('/wps/system/settings/consolidated');
      expect(body.value.promotion?.MISSION).toEqual({ enabled: false });
    } finally {
      await env.DB.prepare(`UPDATE merchant_flags SET value = 1 WHERE merchant_code = 'DEMO' AND flag_key = 'MISSION'`).run();
    }
  });
});

describe('GET /wps/system/setting/register', () => {
  it('maps all 20 spec fields and the date of birth to their rule, configured ones first in sort order, others disabled', async () => {
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
