import { z } from 'zod';
import { defineCall } from '../call';
import { registerFieldRule } from './accounts-schemas';
import {
  collectBody, downloadSettingQuery, downloadSettingValue, flagString, locationValue, templatesValue,
} from './system-client-schemas';

/**
 * Calls of the system area (platform-contract.md §2 "system status", "whitelabel switches", "customer-service
 * link"; §3 "captcha", "system country", "consolidated settings"). Each entry is a defineCall(); see
 * contract/call.ts. The registration-settings call (`/wps/system/setting/register`) belongs to the accounts
 * area.
 */

/**
 * One node of the whitelabel switch tree (§2 "whitelabel switches"): `{ modId, enabled: "1"/"0",
 * childrenNodes[] }`. The client flattens it to modId → boolean (rules/whitelabel.ts).
 */
export interface WhitelabelNode {
  modId: string;
  enabled: '1' | '0';
  childrenNodes: WhitelabelNode[];
}

/** Schema of one whitelabel tree node (recursive). */
export const whitelabelNodeSchema: z.ZodType<WhitelabelNode> = z
  .lazy(() => z.object({ modId: z.string(), enabled: flagString, childrenNodes: z.array(whitelabelNodeSchema) }))
  .meta({ id: 'WhitelabelNode' });

/** The whitelabel tree: a list of root nodes. */
export const whitelabelTreeSchema = z.array(whitelabelNodeSchema);


/**
 * The domain-route answer (§2 "customer-service link"): `version.pathList[{ type, path }]` (type "3" = the
 * customer-service link; DES-encrypted as §1.6.6 and §7.4 say for the platform's clients, plain for PlayDeck's
 * browser, which sends `X-PlayDeck-Client` (contract/headers.ts): the built-in API answers each form, the
 * upstream adapter decrypts the platform's paths for PlayDeck's browser only) and `domainList[{ domainName }]` (the
 * site's hosts).
 */
export const domainRouteSchema = z.object({
  version: z.object({ pathList: z.array(z.object({ type: z.string(), path: z.string() })) }),
  domainList: z.array(z.object({ domainName: z.string() })),
});

/**
 * `info.domainRoute` of the status answer (§2 "system status", §7.4): the contract names it without a shape and
 * says only that it holds a type-3 path, the (encrypted) customer-service link, so this is the domain-route answer's
 * shape held loosely: `version.pathList` (where that path is) required, `domainList` optional, unknown fields
 * passing. No screen of PlayDeck reads it (the browser asks the domain-route call itself, src/api/system.ts
 * getDomainRoute); the upstream adapter only decrypts its type-3 path (worker/edge/upstream/forwarding.ts). PlayDeck's
 * built-in API answers the full domain-route shape.
 */
export const statusDomainRouteSchema = z.object({
  version: z.object({ pathList: z.array(z.object({ type: z.string(), path: z.string() }).loose()) }).loose(),
  domainList: z.array(z.object({ domainName: z.string() }).loose()).optional(),
}).loose();

/** Query of the domain-route call (§2): `device` (MOBILE from the mobile client). */
export const domainRouteQuery = z.object({ device: z.string().max(16).optional() });

/** Query the platform's mobile client sends with the status call (§2): all optional for other clients. */
export const statusQuerySchema = z.object({
  device: z.string().max(16).optional(),
  track: z.string().max(200).optional(),
  originalDomain: z.string().max(255).optional(),
  url: z.string().max(255).optional(),
});

/**
 * The status answer (§2 "system status"). `mobileTemplate` flags are STRINGS "1"/"0"; `register` is the same
 * field → rule map as the registration-settings call; `whitelabel` is the switch TREE; `paths` maps page names to
 * paths (shape not found: PlayDeck's home/login/register); `analytics` maps tracker names to ids (shape not found:
 * built-in answers {}); `domainRoute` (shape not found in the status: statusDomainRouteSchema, the domain-route
 * call's shape held loosely). `location.ip` is the client IP the edge saw; `regionRestriction` is true when the
 * visitor's country is one the site restricts.
 */
export const systemStatusValue = z.object({
  info: z.object({
    customerService: z.array(z.object({ csType: z.string(), path: z.string() })),
    domainRoute: statusDomainRouteSchema,
    mobileTemplate: z.object({ mem_cen: flagString, dep_func: flagString }),
    paths: z.record(z.string(), z.string()),
    register: z.record(z.string(), registerFieldRule),
    resources: z.array(z.object({ resourceType: z.string(), url: z.string(), labelNameEn: z.string() })),
    whitelabel: whitelabelTreeSchema,
    mainDomain: z.string(),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
    analytics: z.record(z.string(), z.string()),
  }),
  location: z.object({ ip: z.string() }),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
});

/** Answer type of the status call. */
export type SystemStatusValue = z.output<typeof systemStatusValue>;

/**
 * A promotion flag of the consolidated settings as PlayDeck reads it: `{ enabled: boolean }`, or a bare boolean or
 * "1"/"0" (the platform's `promotion` entries: shape not found, read tolerantly; src/lib/siteSettings.ts).
 */
export const promotionFlag = z.union([z.object({ enabled: z.boolean() }).loose(), z.boolean(), flagString]);

/**
 * Consolidated settings (§3 "consolidated settings": shape NOT FOUND in the clients). The platform answers
 * `{ merchantCode, currency, promotion, mobileTemplate }`; this schema reads that TOLERANTLY (unknown fields pass,
 * every field past `merchantCode` and `currency` optional), so a platform that adds or leaves out a field still
 * fits:
 * - `merchantCode`, `currency` (ISO 4217 code): the site's;
 * - `promotion`: promotion key (REFERRAL, MISSION, LOGIN, …) → flag (promotionFlag; inner shape not found);
 * - `mobileTemplate`: `{ mem_cen, dep_func }` as STRINGS "1"/"0", as in the status answer (§2).
 * PlayDeck's built-in API adds what its browser reads besides (the platform has none of these; the browser takes
 * them from the status answer and the page when they are missing, src/lib/siteSettings.ts): `name`,
 * `currencySymbol`, `theme`, and `switches` (the flat modId → on/off map of the whitelabel tree).
 */
export const consolidatedSettingsValue = z.object({
  merchantCode: z.string(),
  currency: z.string(),
  promotion: z.record(z.string(), promotionFlag).optional(),
  mobileTemplate: z.object({ mem_cen: flagString.optional(), dep_func: flagString.optional() }).loose().optional(),
  name: z.string().optional(),
  currencySymbol: z.string().optional(),
  theme: z.enum(['dark', 'light']).optional(),
  switches: z.record(z.string(), z.boolean()).optional(),
}).loose();

/** Answer type of the consolidated settings call. */
export type ConsolidatedSettingsValue = z.output<typeof consolidatedSettingsValue>;

/**
 * The dialling-code list (§3 "system country": shape NOT FOUND; PlayDeck keeps its existing shape):
 * `{ list: [{ countryCode, dialingCode (digits, no '+'), name }] }`.
 */
export const countryListValue = z.object({
  list: z.array(z.object({ countryCode: z.string(), dialingCode: z.string(), name: z.string() })),
});

/** Answer type of the system country call. */
export type CountryListValue = z.output<typeof countryListValue>;

/** Query of the manifest call: the site's merchant code (must agree with the host, as every merchant parameter). */
export const manifestQuery = z.object({ merchantCode: z.string().max(40).optional() });

/**
 * A site's PWA manifest (platform-contract.md §3 "a per-merchant PWA manifest"; the Web App Manifest fields the
 * platform's file carries): app name, short name, start URL, scope, display, colours and icons.
 */
export const webManifest = z.object({
  name: z.string(),
  short_name: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.enum(['standalone', 'fullscreen', 'minimal-ui', 'browser']),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string().optional() })),
});

/** A site's web app manifest. */
export type WebManifest = z.output<typeof webManifest>;

/** The system calls (platform-contract.md §2, §3). */
export const systemCalls = {
  /**
   * GET /wps/v2/system/status (newer mobile client, §2). Query `device=MOBILE`, `track`, `originalDomain`, `url`
   * (host); the client sends `cache-control: no-cache`. Errors: 404 `domain_not_available` (no site on this host:
   * the client shows the dedicated page), 400 `request_param_err`, 400 `merchant_mismatch`.
   */
  systemStatus: defineCall({
    name: 'systemStatus',
    method: 'GET',
    path: '/wps/v2/system/status',
    moduleId: 'COMM3',
    auth: 'optional',
    query: statusQuerySchema,
    value: systemStatusValue,
    summary: 'System status of the site (platform-contract.md §2 "system status", newer mobile path).',
  }),
  /** GET /wps/system/status (older clients, COMM3, §2): the same query, answer and errors as systemStatus. */
  systemStatusLegacy: defineCall({
    name: 'systemStatusLegacy',
    method: 'GET',
    path: '/wps/system/status',
    moduleId: 'COMM3',
    auth: 'optional',
    query: statusQuerySchema,
    value: systemStatusValue,
    summary: 'System status of the site (platform-contract.md §2 "system status", older path).',
  }),
  /** GET /wps/system/whitelabel (COMM3, §2 "whitelabel switches"): the switch tree `[{ modId, enabled, childrenNodes }]`. */
  whitelabel: defineCall({
    name: 'whitelabel',
    method: 'GET',
    path: '/wps/system/whitelabel',
    moduleId: 'COMM3',
    auth: 'optional',
    value: whitelabelTreeSchema,
    summary: 'Whitelabel switch tree (platform-contract.md §2 "whitelabel switches").',
  }),
  /**
   * GET /wps/system/domainRoute?device= (COMM3, §2 "customer-service link"): `version.pathList` (type "3" = the
   * customer-service link: plain for PlayDeck's browser, DES-encrypted for the platform's clients, §1.6.6, §7.4)
   * and `domainList`. Errors: 400 `request_param_err`.
   */
  domainRoute: defineCall({
    name: 'domainRoute',
    method: 'GET',
    path: '/wps/system/domainRoute',
    moduleId: 'COMM3',
    auth: 'optional',
    query: domainRouteQuery,
    value: domainRouteSchema,
    summary: 'Domain route: customer-service link paths and the site domains (platform-contract.md §2).',
  }),
  /**
   * GET /wps/captcha (CAPTCHA3, §3 "captcha"): `value` = base64 PNG, shown as `data:image/png;base64,…`. The
   * challenge is bound to the browser by the `pd_captcha` cookie (5 minutes, single use). Errors: 400
   * `request_param_err` (malformed ModuleId header), 429 `TOO_MANY_REQUEST` (60 images per 10 minutes per IP).
   */
  captcha: defineCall({
    name: 'captcha',
    method: 'GET',
    path: '/wps/captcha',
    moduleId: 'CAPTCHA3',
    auth: 'none',
    value: z.string().regex(/^[A-Za-z0-9+/]+=*$/),
    summary: 'Captcha image as base64 PNG (platform-contract.md §3 "captcha").',
  }),
  /** GET /wps/system/country (COMM3, §3 "system country"; shape not found, PlayDeck's): dialling codes. */
  systemCountry: defineCall({
    name: 'systemCountry',
    method: 'GET',
    path: '/wps/system/country',
    moduleId: 'COMM3',
    auth: 'optional',
    value: countryListValue,
    summary: 'Dialling codes accepted by SMS and mobile registration (platform-contract.md §3 "system country").',
  }),
  /**
   * GET /wps/system/settings/consolidated (COMM3, §3; shape not found: the platform's `{ merchantCode, currency,
   * promotion, mobileTemplate }`, read tolerantly, plus PlayDeck's `name`, `currencySymbol`, `theme`, `switches`).
   */
  consolidatedSettings: defineCall({
    name: 'consolidatedSettings',
    method: 'GET',
    path: '/wps/system/settings/consolidated',
    moduleId: 'COMM3',
    auth: 'optional',
    value: consolidatedSettingsValue,
    summary: 'Consolidated site settings (platform-contract.md §3 "consolidated settings"; the platform\'s shape read tolerantly).',
  }),
  /**
   * GET /wps/system/manifest.json?merchantCode (§3 "a per-merchant PWA manifest"): the site's web app manifest as
   * plain JSON (`application/manifest+json`, no envelope; pages link it). Errors: 400 `merchant_mismatch` when
   * merchantCode names another site than the host's.
   */
  webManifest: defineCall({
    name: 'webManifest',
    method: 'GET',
    path: '/wps/system/manifest.json',
    auth: 'none',
    plain: true,
    query: manifestQuery,
    value: webManifest,
    summary: 'The site\'s PWA manifest: its app name, colours and icon (platform-contract.md §3).',
  }),
  /**
   * GET /wps/system/templates (COMM3, §7.6): TemplatesValue, from the site's template flags and icon. No session
   * needed.
   */
  templates: defineCall({
    name: 'templates',
    method: 'GET',
    path: '/wps/system/templates',
    moduleId: 'COMM3',
    auth: 'optional',
    value: templatesValue,
    summary: 'The site\'s templates: member-centre flags and app parameters (platform-contract.md §7.6).',
  }),
  /** GET /wps/system/location (COMM3, §7.6): LocationValue, the visitor's IP and country as the edge saw them. */
  location: defineCall({
    name: 'location',
    method: 'GET',
    path: '/wps/system/location',
    moduleId: 'COMM3',
    auth: 'optional',
    value: locationValue,
    summary: 'The visitor\'s IP address and country as the edge sees them (platform-contract.md §7.6).',
  }),
  /**
   * POST /wps/system/collect (§7.6): the client's timing beacon, `text/plain` (or any type, or empty). Accepted
   * and dropped: nothing is parsed or stored; `value` null.
   */
  collect: defineCall({
    name: 'collect',
    method: 'POST',
    path: '/wps/system/collect',
    auth: 'none',
    body: collectBody,
    value: z.null(),
    summary: 'The client\'s timing beacon: accepted and dropped (platform-contract.md §7.6).',
  }),
  /**
   * GET /wps/relay/WPSCORE_getDownloadSetting?domain= (§7.6; no module id in the client): DownloadSettingValue from
   * the site's download links.
   */
  downloadSetting: defineCall({
    name: 'downloadSetting',
    method: 'GET',
    path: '/wps/relay/WPSCORE_getDownloadSetting',
    auth: 'optional',
    query: downloadSettingQuery,
    value: downloadSettingValue,
    summary: 'The app download setting from the site\'s download links (platform-contract.md §7.6).',
  }),
  /**
   * GET /wps/relay/WPSCORE_getCustomerServiceScript (§7.6; no token, no module id): a third-party customer-service
   * widget script to inject. PlayDeck has its own chat, so `value` is '' (nothing to inject: the feature is off).
   */
  customerServiceScript: defineCall({
    name: 'customerServiceScript',
    method: 'GET',
    path: '/wps/relay/WPSCORE_getCustomerServiceScript',
    auth: 'none',
    value: z.literal(''),
    summary: 'Customer-service widget script: none, PlayDeck has its own chat (platform-contract.md §7.6).',
  }),
};
