import type { WhitelabelNode } from '../../src/contract/calls/system';
import type { CustomerServiceEntry } from '../db/queries/settings';

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
 * link (plain paths; the main "CS" entry first), domainList the site's host names.
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
