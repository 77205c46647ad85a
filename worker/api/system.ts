import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { CallRouter } from './call-router';
import { systemCalls } from '../../contract/calls/system';
import { ok } from '../lib/envelope';
import { plain } from '../lib/answer';
import { listSiteSwitches } from '../db/queries/merchants';
import { listCustomerService, listMerchantFlags, listMerchantHosts, listResources } from '../db/queries/settings';
import { listCountries } from '../db/queries/countries';
import { hostOf } from '../middleware/merchant';
import { isRestrictedRegion, normaliseCountry } from '../model/gating';
import { safeDownloadUrl } from '../../rules/download';
import { downloadLinks } from '../../rules/download';
import { domainRoute, sealServicePaths, systemStatus, templateFlag as flag, whitelabelTree } from '../services/content/system-status';
import type { CustomerServiceEntry } from '../db/queries/settings';
import { PLAYDECK_CLIENT_HEADER, isPlayDeckClient } from '../../contract/headers';
import { manifestFor } from '../services/content/manifest';
import type { ConsolidatedSettingsValue, CountryListValue, SystemStatusValue } from '../../contract/calls/system';
import type { DownloadSettingValue, LocationValue, TemplatesValue } from '../../contract/calls/system-client-schemas';

/** Promotion keys the client always reads (player-shell §1). */
const PROMOTION_KEYS = ['REFERRAL', 'MISSION', 'LOGIN'] as const;

/**
 * The customer-service entries for this caller (platform-contract.md §1.6.6, §7.4): DES-encrypted as the platform
 * sends them (services/system-status.ts sealServicePaths), or plain for PlayDeck's own browser and edge (the
 * `X-PlayDeck-Client` header, contract/headers.ts). The answer says it varies with that header.
 */
function servicePathsFor(c: Context<AppEnv>, entries: CustomerServiceEntry[]): CustomerServiceEntry[] {
  c.header('Vary', PLAYDECK_CLIENT_HEADER);
  return isPlayDeckClient(c.req.raw.headers) ? entries : sealServicePaths(entries);
}

/**
 * The system status (platform-contract.md §2 "system status"), answered on both paths for the host's site and this
 * caller (services/content/system-status.ts systemStatus): customer-service paths plain for PlayDeck's own browser
 * and edge, sealed for the platform's clients (the answer varies with `X-PlayDeck-Client`, servicePathsFor), the
 * client IP the edge saw, the `CF-IPCountry` region check. Query `device`, `track`, `originalDomain`, `url` are
 * accepted and not needed. Never cached. An unknown host never gets here: merchantResolver answers 404
 * `domain_not_available` for the status paths.
 */
async function answerStatus(c: Context<AppEnv>) {
  c.header('Vary', PLAYDECK_CLIENT_HEADER);
  const value: SystemStatusValue = await systemStatus(c.env.DB, c.var.merchant, {
    host: hostOf(c.req.url),
    clientIp: c.var.clientIp,
    country: c.req.header('CF-IPCountry'),
    plainServicePaths: isPlayDeckClient(c.req.raw.headers),
  });
  c.header('Cache-Control', 'no-store');
  return ok(c, value);
}

/**
 * Router for /wps/v2/system (platform-contract.md §2): GET /status → SystemStatusValue (see answerStatus);
 * errors 400 `request_param_err` (query), 400 `merchant_mismatch`, 404 `domain_not_available`.
 */
export const systemV2Router = new CallRouter('/wps/v2/system')
  .serve(systemCalls.systemStatus, (c) => answerStatus(c));

/**
 * Router for /wps/system (platform-contract.md §2, §3; COMM3). No session needed.
 * - GET /status → SystemStatusValue (older path; as /wps/v2/system/status).
 * - GET /whitelabel → the switch tree `[{ modId, enabled: "1"/"0", childrenNodes: [] }]` (every switch a root).
 * - GET /domainRoute?device= → `{ version: { pathList: [{ type: "3", path }] }, domainList: [{ domainName }] }`:
 *   the customer-service links (type "3": DES-encrypted for the platform's clients, plain for PlayDeck's browser,
 *   servicePathsFor; §1.6.6, §7.4) and the site's hosts. 400 `request_param_err` for a malformed query.
 * - GET /settings/consolidated → ConsolidatedSettingsValue (shape not found in the contract): the platform's fields
 *   `merchantCode`, `currency`, `promotion` (REFERRAL/MISSION/LOGIN → `{ enabled }`, always present) and
 *   `mobileTemplate` (`mem_cen`/`dep_func` as "1"/"0", as the status answer writes them), then PlayDeck's own
 *   `name`, `currencySymbol`, `theme` and `switches` (flat modId → on/off) that its browser reads.
 * (GET /setting/register: api/register-settings.ts, the accounts area.)
 * - GET /country → `{ list: [{ countryCode, dialingCode, name }] }` (shape not found: PlayDeck's; dialingCode digits
 *   without '+'), in list order: the dialling codes the SMS and mobile-registration calls accept.
 * - GET /manifest.json?merchantCode → the site's web app manifest (§3 "a per-merchant PWA manifest"; services/content/manifest.ts
 *   manifestFor), plain JSON as `application/manifest+json`, cacheable for 5 minutes. The merchant is the host's
 *   (merchantResolver: a merchantCode naming another site → 400 `merchant_mismatch`), so a site never shows another's
 *   name. In upstream mode the platform's own file is forwarded.
 */
export const systemRouter = new CallRouter('/wps/system')
  .serve(systemCalls.systemStatusLegacy, (c) => answerStatus(c))
  .serve(systemCalls.whitelabel, async (c) => {
    const switches = await listSiteSwitches(c.env.DB, c.var.merchant.code);
    return ok(c, whitelabelTree(switches));
  })
  .serve(systemCalls.domainRoute, async (c) => {
    const [customerService, hosts] = await Promise.all([
      listCustomerService(c.env.DB, c.var.merchant.code),
      listMerchantHosts(c.env.DB, c.var.merchant.code),
    ]);
    return ok(c, domainRoute(servicePathsFor(c, customerService), hosts));
  })
  .serve(systemCalls.consolidatedSettings, async (c) => {
    const merchant = c.var.merchant;
    const [switches, flags] = await Promise.all([
      listSiteSwitches(c.env.DB, merchant.code),
      listMerchantFlags(c.env.DB, merchant.code),
    ]);
    const promotion: Record<string, { enabled: boolean }> = {};
    for (const key of PROMOTION_KEYS) promotion[key] = { enabled: false };
    for (const [key, enabled] of Object.entries(flags.promotions)) promotion[key] = { enabled };
    const value: ConsolidatedSettingsValue = {
      merchantCode: merchant.code,
      currency: merchant.currency,
      promotion,
      mobileTemplate: { mem_cen: flag(flags.templates.mem_cen), dep_func: flag(flags.templates.dep_func) },
      name: merchant.name,
      currencySymbol: merchant.currencySymbol,
      theme: merchant.theme,
      switches,
    };
    return ok(c, value);
  })
  .serve(systemCalls.webManifest, (c) => {
    const merchant = c.var.merchant;
    c.header('Cache-Control', 'public, max-age=300');
    return plain(c, manifestFor(merchant.brand, merchant.theme), 'application/manifest+json; charset=utf-8');
  })
  .serve(systemCalls.systemCountry, async (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    const value: CountryListValue = { list: await listCountries(c.env.DB) };
    return ok(c, value);
  })
  /**
   * GET /templates (COMM3, platform-contract.md §7.6) → TemplatesValue: `mobileTemplate` from the site's template
   * flags (the status answer's strings), `parameters.desktop_app_feature` 1 (PlayDeck serves the site's manifest at
   * /wps/system/manifest.json, so the client links that one), `apple_touch_icon` the site's icon, `pwa` '' (no
   * second manifest for the client to build). Cacheable for a minute (the operator's flags change rarely).
   */
  .serve(systemCalls.templates, async (c) => {
    const merchant = c.var.merchant;
    const flags = await listMerchantFlags(c.env.DB, merchant.code);
    const value: TemplatesValue = {
      mobileTemplate: { mem_cen: flag(flags.templates.mem_cen), dep_func: flag(flags.templates.dep_func) },
      parameters: { desktop_app_feature: 1, apple_touch_icon: merchant.brand.favicon, pwa: '' },
    };
    c.header('Cache-Control', 'public, max-age=60');
    return ok(c, value);
  })
  /**
   * GET /location (COMM3, §7.6) → `{ ip, country, regionRestriction }`: the client IP the edge saw (services/
   * client-ip.ts), the `CF-IPCountry` country (upper case, '' unknown, edge/gating.ts normaliseCountry) and whether
   * the site restricts it (the page gate's rule). Never cached: it is the visitor's own.
   */
  .serve(systemCalls.location, (c) => {
    const country = c.req.header('CF-IPCountry');
    const value: LocationValue = {
      ip: c.var.clientIp,
      country: normaliseCountry(country),
      regionRestriction: isRestrictedRegion(c.var.merchant.restrictedRegions, country),
    };
    c.header('Cache-Control', 'no-store');
    return ok(c, value);
  })
  /**
   * POST /collect (§7.6): the client's timing beacon (`navigator.sendBeacon`, `text/plain` `{ merchant, value }`).
   * Accepted and dropped: any content type or an empty body answers success with `value` null; the body is never
   * read (its stream is cancelled), so a large one costs nothing and nothing is stored.
   * Declared raw (api/call-router.ts serveRaw): the body is never read, so it is not validated either.
   */
  .serveRaw(systemCalls.collect, async (c) => {
    await c.req.raw.body?.cancel().catch(() => undefined);
    return ok(c, null);
  });

/**
 * Relays of the system area, mounted at /wps/relay (platform-contract.md §7.6; no module id in the client):
 * - GET /WPSCORE_getDownloadSetting?domain= → DownloadSettingValue: the site's Android, iOS and iOS-profile links
 *   from its status resources (only http(s) and itms-services addresses, as /m/app links them: rules/download.ts),
 *   `app_desc` `{ value: [{ codes: ['EN'], text: <app name> }] }` when there is a link (the client falls back to
 *   EN for every language, and the name is not translated), null when none (the client shows no app description),
 *   `login_prompt_text` null (PlayDeck keeps no login prompt text: the client's prompt text stays off), `icon` the
 *   AppDownloadIcon resource, else the site's icon. `domain` is accepted and not needed (the host names the site).
 *   400 `request_param_err` for a malformed query.
 * - GET /WPSCORE_getCustomerServiceScript → '' (PlayDeck's customer service is its own chat: no third-party
 *   widget script for the client to inject).
 */
export const systemRelayRouter = new CallRouter('/wps/relay')
  .serve(systemCalls.downloadSetting, async (c) => {
    const merchant = c.var.merchant;
    const resources = (await listResources(c.env.DB, merchant.code)).flatMap((r) => {
      const url = safeDownloadUrl(r.url);
      return url ? [{ ...r, url }] : [];
    });
    const links = downloadLinks(resources);
    const any = links.android !== null || links.ios !== null || links.profile !== null;
    const icon = resources.find((r) => r.resourceType.toUpperCase() === 'APPDOWNLOADICON')?.url;
    const value: DownloadSettingValue = {
      app_desc: any ? { value: [{ codes: ['EN'], text: merchant.brand.appName }] } : null,
      login_prompt_text: null,
      android: links.android ?? '',
      ios: links.ios ?? '',
      profile: links.profile ?? '',
      icon: icon ?? merchant.brand.favicon,
    };
    c.header('Cache-Control', 'public, max-age=60');
    return ok(c, value);
  })
  .serve(systemCalls.customerServiceScript, (c) => ok(c, ''));
