import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { createMember } from '../fixtures';
import { clearMerchantCache } from '../../../worker/middleware/merchant';
import { newSiteRowSets, type NewSiteOptions } from '../../../worker/db/seed/new-site';
import { NEW_SITE_SWITCHES } from '../../../worker/db/seed/site-rows';
import { findSiteDetails, insertSiteRows, listCatalogueVendors, updateSite } from '../../../worker/db/queries/site-lifecycle';
import type { ConsolidatedSettingsValue, SystemStatusValue } from '../../../contract/calls/system';
import { flattenWhitelabel } from '../../../rules/whitelabel';

/** Tables a site's rows live in (everything `site create` writes). */
const SITE_TABLES = [
  'merchant_domains', 'site_switches', 'merchant_flags', 'merchant_resources', 'customer_service', 'registration_fields',
  'merchant_vendors', 'merchant_categories', 'payment_methods', 'payment_method_names', 'withdraw_settings', 'identity_providers',
];

async function rowsOf(code: string): Promise<number> {
  let total = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM merchants WHERE code = ?`).bind(code).first<{ n: number }>())?.n ?? 0;
  for (const table of SITE_TABLES) {
    total += (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE merchant_code = ?`).bind(code).first<{ n: number }>())?.n ?? 0;
  }
  return total;
}

/** Runs `site create`'s write as the command does: the shared builders over the database's catalogue, one batch. */
async function create(site: NewSiteOptions): Promise<void> {
  await insertSiteRows(env.DB, newSiteRowSets(site, await listCatalogueVendors(env.DB), Date.now()));
}

const LUCKY: NewSiteOptions = {
  code: 'LUCKYPH', name: 'Lucky Star PH', domain: ['lucky.example.ph', 'www.lucky.example.ph'], currency: 'PHP', theme: 'light', language: 'VI', payments: 'demo',
};

beforeEach(clearMerchantCache);

describe('site create (docs/sites.md): one batch, then the worker serves the new host', () => {
  it('answers the new host with its name, currency, theme, switches, categories and demo payment method in its default language', async () => {
    await create(LUCKY);
    const settings = await call<ConsolidatedSettingsValue>('http://lucky.example.ph/wps/system/settings/consolidated');
    expect(settings.status).toBe(200);
    expect(settings.body.value).toMatchObject({ merchantCode: 'LUCKYPH', name: 'Lucky Star PH', currency: 'PHP', currencySymbol: '₱', theme: 'light' });
    expect(settings.body.value.promotion?.REFERRAL).toEqual({ enabled: true });

    const status = await call<SystemStatusValue>('http://www.lucky.example.ph/wps/v2/system/status');
    expect(status.status).toBe(200);
    expect(flattenWhitelabel(status.body.value.info.whitelabel)).toEqual(Object.fromEntries(Object.entries(NEW_SITE_SWITCHES).map(([id, on]) => [id, on === 1])));
    expect(status.body.value.info.resources).toEqual([]);
    expect(status.body.value.info.customerService).toEqual([]);
    expect(JSON.stringify(status.body.value)).not.toContain('example.com');
    expect(status.body.value.info.register.username).toMatchObject({ enabled: true, required: true });

    const lanes = await call<{ data: { lanes: { title: string }[] } }>('http://lucky.example.ph/wps/relay/GCSGAME_newGameVendor?platform=html5&merchantCode=LUCKYPH');
    expect(lanes.status).toBe(200);
    expect(lanes.body.value.data.lanes.map((l) => l.title).slice(0, 3)).toEqual(['LOTT', 'ELOTT', 'RNG']);

    // No Language header and no cookie: the site's default language (VI) names the method.
    const member = await createMember({ merchantCode: 'LUCKYPH' });
    const methods = await call<{ currency: string; methods: { methodCode: string; displayName: string }[] }>(
      'http://lucky.example.ph/wps/playdeck/payments/methods', { token: member.token },
    );
    expect(methods.status).toBe(200);
    expect(methods.body.value.currency).toBe('PHP');
    expect(methods.body.value.methods).toEqual([expect.objectContaining({ methodCode: 'DEMO_BANK', displayName: 'Chuyển khoản ngân hàng (demo)' })]);
  });

  it('writes nothing when any row fails: an existing code, or a host routed to another site', async () => {
    const before = await rowsOf('DEMO');
    await expect(create({ ...LUCKY, code: 'DEMO', domain: ['fresh.example.net'] })).rejects.toThrow(/constraint/i);
    expect(await rowsOf('DEMO')).toBe(before);
    expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM merchant_domains WHERE host = 'fresh.example.net'`).first('n')).toBe(0);

    // The merchant row is written first and the routed host second: the whole batch rolls back.
    await expect(create({ ...LUCKY, code: 'HALF', domain: ['fresh2.example.net', 'play2.localhost'] })).rejects.toThrow(/constraint/i);
    expect(await rowsOf('HALF')).toBe(0);
    expect(await env.DB.prepare(`SELECT merchant_code FROM merchant_domains WHERE host = 'play2.localhost'`).first('merchant_code')).toBe('DEMO2');
    const unknown = await call('http://fresh2.example.net/wps/system/settings/consolidated');
    expect(unknown.status).toBe(404);
  });

  it('site set changes theme, currency, colours, balances and flags in one batch; the worker answers the new values', async () => {
    await create({ ...LUCKY, code: 'SETME', domain: ['setme.example.net'], payments: 'none' });
    await updateSite(env.DB, 'SETME', {
      theme: 'dark', currency: 'THB', currency_symbol: '฿', welcome_bonus_minor: 10_000, default_language: 'TH',
      colors: { primaryColor: '#ff8800', accentColor: '#00aa88' },
      flags: [{ kind: 'template', key: 'mem_cen', value: 0 }, { kind: 'promotion', key: 'REFERRAL', value: 0 }],
    });
    clearMerchantCache();
    const settings = await call<ConsolidatedSettingsValue>('http://setme.example.net/wps/system/settings/consolidated');
    expect(settings.body.value).toMatchObject({ currency: 'THB', currencySymbol: '฿', theme: 'dark', mobileTemplate: { mem_cen: '0' } });
    expect(settings.body.value.promotion?.REFERRAL).toEqual({ enabled: false });
    const details = await findSiteDetails(env.DB, 'SETME');
    expect(details?.site).toMatchObject({ welcome_bonus_minor: 10_000, default_language: 'TH' });
    expect(JSON.parse(details?.site.branding ?? '{}')).toEqual({ primaryColor: '#ff8800', accentColor: '#00aa88' });
    await updateSite(env.DB, 'SETME', { colors: { accentColor: null } });
    expect(JSON.parse((await findSiteDetails(env.DB, 'SETME'))?.site.branding ?? '{}')).toEqual({ primaryColor: '#ff8800' });
    expect(details?.paymentMethods).toEqual([]);
    expect(details?.withdraw).toBeNull();
  });
});
