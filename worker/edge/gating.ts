/**
 * Site status gating rules (player-shell §3 System status, §4 App status): which page a visitor gets while a
 * merchant is in maintenance or the visitor's region is restricted. Pure: no bindings, no request objects.
 */

/** Why a page request is answered with a gate page instead of the page asked for. */
export type Gate = 'maintenance' | 'restricted';

/** The merchant fields the gate reads. */
export interface GatedSite {
  maintenance: boolean;
  /** ISO 3166-1 alpha-2 codes (any case) whose visitors may not use the site. */
  restrictedRegions: readonly string[];
}

/** The gate pages in the build, with the HTTP status each one is served with. */
export const GATE_PAGES: Readonly<Record<Gate, { file: string; status: 503 | 451 }>> = {
  maintenance: { file: '/m/maintenance.html', status: 503 },
  // 451 Unavailable For Legal Reasons: the refusal is about where the visitor is, not about the site.
  restricted: { file: '/m/restricted.html', status: 451 },
};

/**
 * The built platform-unavailable page (src/views/Unavailable.astro) and its status: 502, the platform failed
 * (upstream mode; edge/pages.ts platformPageGuard).
 */
export const UNAVAILABLE_PAGE = { file: '/m/unavailable.html', status: 502 } as const;

/** Seconds a client or crawler should wait before retrying a page during maintenance (Retry-After). */
export const MAINTENANCE_RETRY_AFTER_S = 300;

/** The visitor country as Cloudflare reports it (`CF-IPCountry`): upper-case, empty when unknown. */
export function normaliseCountry(header: string | undefined | null): string {
  return (header ?? '').trim().toUpperCase();
}

/**
 * True when the visitor country is one the merchant restricts (case-insensitive). An unknown country is never
 * restricted: without the header we cannot tell, and refusing everyone would take the site down.
 */
export function isRestrictedRegion(restrictedRegions: readonly string[], countryHeader: string | undefined | null): boolean {
  const country = normaliseCountry(countryHeader);
  return country !== '' && restrictedRegions.some((r) => r.trim().toUpperCase() === country);
}

/**
 * The gate for a page request, or null to serve the page. Maintenance wins over a region restriction, as the
 * status cache reading of player-shell §4 says ("1 maintenance (also when both maintenance and region
 * restriction)").
 */
export function gateFor(site: GatedSite, countryHeader: string | undefined | null): Gate | null {
  if (site.maintenance) return 'maintenance';
  if (isRestrictedRegion(site.restrictedRegions, countryHeader)) return 'restricted';
  return null;
}
