import { sha256 } from '@noble/hashes/sha2.js';
import type { SystemStatusValue, WhitelabelNode } from '../../../contract/calls/system';
import {
  listCustomerService, listMerchantFlags, listMerchantHosts, listResources, type CustomerServiceEntry,
} from '../../db/queries/settings';
import { listSiteSwitches, type Merchant } from '../../db/queries/merchants';
import { isRestrictedRegion } from '../../model/gating';
import { encryptServicePath } from '../crypto/legacy-crypto';
import { registerSettings } from '../accounts/registration-settings';

/**
 * The whitelabel tree (platform-contract.md §2) of a flat switch map: PlayDeck stores no hierarchy, so every
 * switch is a root node without children, sorted by module id; `enabled` is the platform's string "1"/"0".
 */
export function whitelabelTree(switches: Readonly<Record<string, boolean>>): WhitelabelNode[] {
  return Object.keys(switches)
    .sort()
    .map((modId) => ({ modId, enabled: switches[modId] === true ? '1' : '0', childrenNodes: [] }));
}

/** Customer-service link type in the domain route's pathList (platform-contract.md §2). */
export const SERVICE_LINK_TYPE = '3';

/**
 * The domain-route answer (platform-contract.md §2): pathList holds one type "3" entry per customer-service
 * link (the entries' paths as given: plain, or sealed by sealServicePaths; the main "CS" entry first), domainList
 * the site's host names.
 */
export function domainRoute(customerService: readonly CustomerServiceEntry[], hosts: readonly string[]) {
  const links = customerService.filter((entry) => entry.path);
  const ordered = [...links.filter((e) => e.csType === 'CS'), ...links.filter((e) => e.csType !== 'CS')];
  return {
    version: { pathList: ordered.map((entry) => ({ type: SERVICE_LINK_TYPE, path: entry.path })) },
    domainList: hosts.map((domainName) => ({ domainName })),
  };
}

function isIpLiteral(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}

/** The merchant's main domain: its first real host name; an IP or localhost only when it has nothing else. */
export function mainDomainOf(hosts: readonly string[], requestHost: string): string {
  return hosts.find((h) => h !== 'localhost' && !isIpLiteral(h)) ?? requestHost;
}

/** Characters of a service-path key: 8 ASCII letters and digits (the client parses the key as UTF-8, §1.6.6). */
const PATH_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The 8-character DES key of one service path: derived from the path's SHA-256, so one path always seals to the same
 * text. The contract does not say how the platform picks the key (§1.6.6 only says it travels with the
 * ciphertext); a derived one keeps the status answer stable from one call to the next (the platform's client caches
 * it in `status`) without storing anything. It hides nothing (the key travels along): the scheme exists because
 * the platform's client only reads paths in this form.
 */
export function servicePathKey(path: string): string {
  return [...sha256(new TextEncoder().encode(path)).slice(0, 8)].map((b) => PATH_KEY_ALPHABET.charAt(b % PATH_KEY_ALPHABET.length)).join('');
}

/**
 * The customer-service entries as the platform sends them to its own clients (platform-contract.md §1.6.6, §7.4):
 * each non-empty `path` DES-encrypted, `<base64 ciphertext><8-character key>` (services/legacy-crypto.ts
 * encryptServicePath, key from servicePathKey); the client decrypts with the last 8 characters and would read a
 * plain path as an empty string. An empty path stays empty (no link). PlayDeck's own browser is answered with the
 * plain entries instead (contract/headers.ts PLAYDECK_CLIENT_HEADER; api/system.ts).
 */
export function sealServicePaths(entries: readonly CustomerServiceEntry[]): CustomerServiceEntry[] {
  return entries.map((entry) => (entry.path ? { ...entry, path: encryptServicePath(entry.path, servicePathKey(entry.path)) } : { ...entry }));
}

/** A 0|1 template flag as the platform's string "1"/"0" (platform-contract.md §2 mobileTemplate). */
export const templateFlag = (value: 0 | 1 | undefined): '1' | '0' => (value === 1 ? '1' : '0');

/**
 * Who asks for the system status, as the status answer depends on it: the host name the request came to (the main
 * domain when the site has no real one), the client IP the edge saw, the `CF-IPCountry` country (undefined when
 * unknown) and whether the caller is PlayDeck's own browser or edge (`X-PlayDeck-Client`: customer-service paths
 * plain) rather than the platform's client (paths sealed). One object, so a new parameter adds a field.
 */
export interface StatusVisitor {
  host: string;
  clientIp: string;
  country: string | undefined;
  plainServicePaths: boolean;
}

/**
 * The system status (platform-contract.md §2 "system status") of `merchant` for `visitor`: `info` (customer-service
 * entries and the domain route, their paths DES-encrypted for the platform's clients and plain for PlayDeck's:
 * sealServicePaths, §1.6.6, §7.4; mobileTemplate flags as strings, paths, the registration rule map, the resources
 * (db/queries/settings.ts listResources, which the app page's fill reads directly: docs/edge.md), the whitelabel switch
 * tree, main domain, image and launch CDNs, analytics), `location.ip`, `maintenance`, and `regionRestriction` (the
 * country is one of the site's restricted regions: the page gate's rule, worker/model/gating.ts). Called by both
 * status routes (worker/api/system.ts). Reads only; never throws for a site's settings (D1 errors propagate).
 */
export async function systemStatus(db: D1Database, merchant: Merchant, visitor: StatusVisitor): Promise<SystemStatusValue> {
  const [switches, flags, resources, storedCustomerService, hosts, register] = await Promise.all([
    listSiteSwitches(db, merchant.code),
    listMerchantFlags(db, merchant.code),
    listResources(db, merchant.code),
    listCustomerService(db, merchant.code),
    listMerchantHosts(db, merchant.code),
    registerSettings(db, merchant.code),
  ]);
  const customerService = visitor.plainServicePaths ? storedCustomerService : sealServicePaths(storedCustomerService);
  return {
    info: {
      customerService,
      domainRoute: domainRoute(customerService, hosts),
      mobileTemplate: { mem_cen: templateFlag(flags.templates.mem_cen), dep_func: templateFlag(flags.templates.dep_func) },
      paths: { home: '/m/home', login: '/m/login', register: '/m/register' },
      register,
      resources,
      whitelabel: whitelabelTree(switches),
      mainDomain: mainDomainOf(hosts, visitor.host),
      imageCDNs: merchant.imageCdns,
      launchGameCDNs: [],
      analytics: {},
    },
    location: { ip: visitor.clientIp },
    maintenance: merchant.maintenance,
    regionRestriction: isRestrictedRegion(merchant.restrictedRegions, visitor.country),
  };
}
