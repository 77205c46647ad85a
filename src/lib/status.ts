/**
 * App status (player-shell §4 "App status"): how the cached and fresh system status decide what renders.
 * Reading from the status cache: 0 normal, 1 maintenance (also when both maintenance and region restriction),
 * 2 region-restricted only.
 */

/** Local storage key of the cached system status (player-shell §3). */
export const STATUS_STORAGE_KEY = 'status';

/** The status fields the reading needs. */
export interface StatusFlags {
  maintenance: boolean;
  regionRestriction: boolean;
}

/** 0 normal, 1 maintenance (also when both), 2 region-restricted only. */
export function appStatus(status: StatusFlags): 0 | 1 | 2 {
  if (status.maintenance) return 1;
  if (status.regionRestriction) return 2;
  return 0;
}

/**
 * True when a fresh status means this page should not render: the edge answers page requests with the
 * maintenance or restricted page (worker/model/gating.ts), so the page reloads to get it. The gate pages
 * themselves (and the platform-unavailable page) never reload.
 */
export function statusNeedsReload(status: StatusFlags, route: string): boolean {
  if (route === 'maintenance' || route === 'restricted' || route === 'unavailable') return false;
  return appStatus(status) !== 0;
}

/** Where the page is: the parts of `location` the status query needs. */
export interface PageLocation {
  hostname: string;
  host: string;
  search: string;
}

/**
 * The query the platform's mobile client sends with the status call (platform-contract.md §2): `device=MOBILE`,
 * `originalDomain` (the page's host name), `url` (the page's host) and `track` (the page's `track` parameter,
 * left out when there is none).
 */
export function statusQuery(page: PageLocation): { device: string; originalDomain: string; url: string; track?: string } {
  const track = new URLSearchParams(page.search).get('track');
  return { device: 'MOBILE', originalDomain: page.hostname, url: page.host, ...(track ? { track } : {}) };
}
