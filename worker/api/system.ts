import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { listSiteSwitches } from '../db/queries/merchants';
import {
  listCustomerService,
  listMerchantFlags,
  listMerchantHosts,
  listResources,
} from '../db/queries/settings';
import { listCountries } from '../db/queries/countries';
import { hostOf } from '../edge/merchant';
import { isRestrictedRegion } from '../edge/gating';
import type {
  ConsolidatedSettingsValue, CountryListValue, SystemStatusValue,
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
 * (GET /setting/register moved to api/register-settings.ts, the accounts area.)
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
  .get('/country', async (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    const value: CountryListValue = { list: await listCountries(c.env.DB) };
    return ok(c, value);
  });
