import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { listSiteSwitches } from '../db/queries/merchants';
import {
  listCustomerService,
  listMerchantFlags,
  listMerchantHosts,
  listRegistrationFields,
  listResources,
} from '../db/queries/settings';
import { listCountries } from '../db/queries/countries';
import { hostOf } from '../edge/merchant';
import { isRestrictedRegion } from '../edge/gating';
import { REGISTER_FIELDS } from '../services/registration-rules';
import type {
  ConsolidatedSettingsValue, CountryListValue, RegisterSettingsValue, SystemStatusValue,
} from '../../src/api/types';

/** The registration switches the status reports (accounts §3 Site switches). */
const REGISTER_SWITCHES = ['USERNAMEREG3', 'MOBILENUMREG3', 'REGMOBVERF3', 'MOBILENUMPASSREG3'] as const;
/** Promotion keys the client always reads (player-shell §1). */
const PROMOTION_KEYS = ['REFERRAL', 'MISSION', 'LOGIN'] as const;

function isIpLiteral(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}

/** The merchant's main domain: its first real host name; an IP or localhost only when it has nothing else. */
function mainDomainOf(hosts: string[], requestHost: string): string {
  return hosts.find((h) => h !== 'localhost' && !isIpLiteral(h)) ?? requestHost;
}

/**
 * Router for /wps/system (player-shell §3 System status, accounts §7 settings calls). No session needed.
 * - GET /status → SystemStatusValue. `regionRestriction` is true when the `CF-IPCountry` header names one
 *   of the merchant's restricted regions; `location.ip` is the client IP the edge saw.
 * - GET /settings/consolidated → ConsolidatedSettingsValue (switches, promotions REFERRAL/MISSION/LOGIN, templates).
 * - GET /setting/register → RegisterSettingsValue: all 20 spec fields; a field without a row is disabled.
 * - GET /country → `{ list: [{ countryCode, dialingCode, name }] }` (dialingCode digits without '+'), in list
 *   order: the dialling codes the SMS and mobile-registration calls accept (accounts §7 "system country").
 */
export const systemRouter = new Hono<AppEnv>()
  .get('/status', async (c) => {
    const merchant = c.var.merchant;
    const db = c.env.DB;
    const [switches, flags, resources, customerService, hosts] = await Promise.all([
      listSiteSwitches(db, merchant.code),
      listMerchantFlags(db, merchant.code),
      listResources(db, merchant.code),
      listCustomerService(db, merchant.code),
      listMerchantHosts(db, merchant.code),
    ]);
    const host = hostOf(c.req.url);
    const value: SystemStatusValue = {
      info: {
        customerService,
        domainRoute: { merchantCode: merchant.code, host },
        mobileTemplate: { mem_cen: flags.templates.mem_cen ?? 0, dep_func: flags.templates.dep_func ?? 0 },
        paths: { home: '/m/home', login: '/m/login', register: '/m/register' },
        register: Object.fromEntries(REGISTER_SWITCHES.map((id) => [id, switches[id] ?? false])),
        resources,
        whitelabel: switches,
        mainDomain: mainDomainOf(hosts, host),
        imageCDNs: merchant.imageCdns,
      },
      location: { ip: c.var.clientIp },
      maintenance: merchant.maintenance,
      // The same rule as the page gate (worker/edge/gating.ts), so the status and the served page agree.
      regionRestriction: isRestrictedRegion(merchant.restrictedRegions, c.req.header('CF-IPCountry')),
    };
    return ok(c, value);
  })
  .get('/settings/consolidated', async (c) => {
    const merchant = c.var.merchant;
    const [switches, flags] = await Promise.all([
      listSiteSwitches(c.env.DB, merchant.code),
      listMerchantFlags(c.env.DB, merchant.code),
    ]);
    const promotions: Record<string, { enabled: boolean }> = {};
    for (const key of PROMOTION_KEYS) promotions[key] = { enabled: false };
    for (const [key, enabled] of Object.entries(flags.promotions)) promotions[key] = { enabled };
    const value: ConsolidatedSettingsValue = {
      merchantCode: merchant.code,
      name: merchant.name,
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      theme: merchant.theme,
      switches,
      promotions,
      templates: { mem_cen: flags.templates.mem_cen ?? 0, dep_func: flags.templates.dep_func ?? 0 },
    };
    return ok(c, value);
  })
  .get('/setting/register', async (c) => {
    const rows = await listRegistrationFields(c.env.DB, c.var.merchant.code);
    const byField = new Map(rows.map((r) => [r.field, r]));
    // Configured fields first in the operator's order, then the rest in spec order.
    const unconfigured = Number.MAX_SAFE_INTEGER;
    const fields = REGISTER_FIELDS.map((field, index) => ({ field, index, row: byField.get(field) }))
      .sort((a, b) => (a.row?.sortOrder ?? unconfigured) - (b.row?.sortOrder ?? unconfigured) || a.index - b.index)
      .map(({ field, row }) => ({ field, enabled: row?.enabled ?? false, required: row?.required ?? false }));
    const value: RegisterSettingsValue = { fields };
    return ok(c, value);
  })
  .get('/country', async (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    const value: CountryListValue = { list: await listCountries(c.env.DB) };
    return ok(c, value);
  });
