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

/**
 * API calls that still answer during maintenance (the rest answer 503 `maintenance` with Retry-After):
 * - the status calls `/wps/system/status` and `/wps/v2/system/status` (platform-contract.md §2): the client reads
 *   `value.maintenance` there and shows its maintenance page;
 * - what that page and the shell around it read: the whitelabel switches, the domain route (the customer-service
 *   link, §2) and the site's PWA manifest;
 * - the payment provider's notices (`/wps/playdeck/payments/notify/<method>`, server to server): a deposit paid
 *   before maintenance began must still be credited;
 * - the game providers' wallet calls (`/wps/playdeck/games/wallet/<provider>/<operation>`, server to server): a
 *   round that began before maintenance must settle (a new bet still needs a live game session).
 * Paths without a trailing slash; a prefix ends with `/`.
 */
export const MAINTENANCE_OPEN_CALLS: readonly string[] = [
  '/wps/system/status', '/wps/v2/system/status', '/wps/system/whitelabel', '/wps/system/domainRoute',
  '/wps/system/manifest.json', '/wps/playdeck/payments/notify/', '/wps/playdeck/games/wallet/',
];

/** One API call that plays or moves money: method (`*`: any) and path. */
export interface MoneyCall {
  method: 'GET' | 'POST' | 'PUT' | '*';
  path: string;
  what: string;
}

/**
 * THE list of API calls that PLAY or MOVE MONEY, refused to a visitor from a restricted region with 451
 * `region_restricted` (player-shell §4 IP-restricted; the pages are gated by gateFor, the API by apiGateFor), in both
 * modes: the platform's calls (platform-contract.md §2–§5, the platform's client) and PlayDeck's built-in extensions.
 * Reading (lists, balances, history, the status) stays open so the client can show the restricted page, the balance
 * and the orders; cancelling lottery orders stays open too (it gives stakes back, and a player who travelled must
 * be able to get them). Add a new money or play call here, and only here.
 */
export const PLAY_OR_MONEY_CALLS: readonly MoneyCall[] = [
  { method: 'GET', path: '/wps/game/launchGame', what: 'game and lottery launch (§2)' },
  { method: 'GET', path: '/wps/relay/GCS_gameTrialLaunch', what: 'trial launch (§2)' },
  { method: '*', path: '/wps/relay/GCS_gameLaunchFB', what: 'launch, older client' },
  { method: 'POST', path: '/wps/session/login/freeplay', what: 'free-play session (§2)' },
  { method: 'POST', path: '/lgw/orders/betting', what: 'lottery betting (§4)' },
  { method: '*', path: '/wps/relay/GCS_walletTransfer', what: 'wallet transfer (FUNDTRANS3, §5)' },
  { method: 'POST', path: '/wps/transaction/withdraw', what: 'withdrawal request' },
  { method: 'POST', path: '/wps/playdeck/payments/deposit', what: 'deposit (built-in payments)' },
  { method: 'POST', path: '/wps/playdeck/demo/slot/spin', what: 'demo slot spin on the demo wallet' },
  { method: 'POST', path: '/wps/playdeck/demo/play', what: 'demo game round on the demo wallet' },
  { method: 'POST', path: '/wps/playdeck/rewards/claim', what: 'reward claim (credits the wallet)' },
  { method: 'POST', path: '/wps/playdeck/promotion/apply', what: 'promotion application (bonus)' },
  { method: '*', path: '/wps/relay/MCS2_claimRafflePromotion', what: 'raffle promotion claim (REWCEN3, §5)' },
  { method: '*', path: '/wps/relay/passwordCheck/MCS2_redeemPointReward', what: 'points redeemed for a reward (§1.6.5)' },
  { method: '*', path: '/wps/relay/passwordCheck/MCS2_convertPoint', what: 'points converted to money (§1.6.5)' },
];

/** Why an API call is refused by the site's state, or null to let it through. */
export type ApiGate = 'maintenance' | 'restricted';

/**
 * The gate an API call meets (`pathname` without a trailing slash matters not):
 * - maintenance: every call but MAINTENANCE_OPEN_CALLS (answered 503 `maintenance` + Retry-After);
 * - a restricted region (isRestrictedRegion): the calls of PLAY_OR_MONEY_CALLS (answered 451 `region_restricted`);
 * - null otherwise. Maintenance wins when both apply, as for pages (gateFor). HEAD is matched as GET.
 */
export function apiGateFor(site: GatedSite, countryHeader: string | undefined | null, method: string, pathname: string): ApiGate | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (site.maintenance) {
    const open = MAINTENANCE_OPEN_CALLS.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p));
    return open ? null : 'maintenance';
  }
  if (!isRestrictedRegion(site.restrictedRegions, countryHeader)) return null;
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return PLAY_OR_MONEY_CALLS.some((call) => call.path === path && (call.method === '*' || call.method === verb)) ? 'restricted' : null;
}
