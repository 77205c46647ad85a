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
 * maintenance or restricted page (worker/edge/gating.ts), so the page reloads to get it. The gate pages
 * themselves never reload.
 */
export function statusNeedsReload(status: StatusFlags, route: string): boolean {
  if (route === 'maintenance' || route === 'restricted') return false;
  return appStatus(status) !== 0;
}
