/**
 * Capability flags of PlayDeck's own extensions (/wps/playdeck/…). The platform has none of these; in upstream
 * mode the worker serves some itself and the rest are off, and the client hides what is off, so no screen calls
 * a path the platform lacks. The edge writes the flags that are on into `<html data-capabilities>`.
 */
export const CAPABILITIES = {
  /** Sealed request bodies (the payload key): always on, the worker opens them in both modes. */
  sealedPayloads: 'sealed',
  /** Remembered login by a revocable token instead of a stored password. */
  rememberMe: 'remember',
  /** Log out on every device. */
  logoutEverywhere: 'logout-all',
  /** Google/Facebook login through OAuth (the worker's own flow and session exchange). */
  oauth: 'oauth',
  /** The built-in demo games (demo slot) on the real wallet. */
  demoGames: 'demo-games',
  /** The built-in lottery's richer calls (sheet, draws with commitments, structured orders). */
  builtInLottery: 'lottery',
  /** Promotion applications with a remark and images (the platform's apply call is not found). */
  promotionApply: 'promotion-apply',
  /**
   * The player protection tools PlayDeck keeps itself in both modes (docs/player-protection.md): the limits page, the
   * session time limit, reality checks and the responsible-gambling page. In upstream mode they are keyed by the
   * platform's member id and enforced at the edge ("Upstream mode").
   */
  protection: 'protection',
  /** Deposits through the site's payment providers, the payment password and the transactions view. */
  payments: 'payments',
  /** Game history of every kind with period totals (/wps/playdeck/history/*). */
  gameHistory: 'game-history',
  /** The built-in live chat (chat tickets and the conversation WebSocket under /wps/playdeck/chat/). */
  builtInChat: 'chat',
  /** Daily sign-in, the leaderboard, the reward centre, invitations and agent applications (/wps/playdeck/rewards/*). */
  rewards: 'rewards',
} as const;

/**
 * Per-site flags beside the capabilities: the edge writes `oauth-google` / `oauth-facebook` into
 * `<html data-capabilities>` only when the deployment serves `oauth` and the site's provider is configured (client
 * id, endpoints and secret), so a switched-on but unconfigured provider shows no button (issue 10).
 */
export const SOCIAL_LOGIN_CAPABILITIES = { google: 'oauth-google', facebook: 'oauth-facebook' } as const;

/** One capability flag (a deployment's, or a site's social provider). */
export type Capability =
  | (typeof CAPABILITIES)[keyof typeof CAPABILITIES]
  | (typeof SOCIAL_LOGIN_CAPABILITIES)[keyof typeof SOCIAL_LOGIN_CAPABILITIES];

/** Every capability: what the built-in API serves (social providers: per site, see SOCIAL_LOGIN_CAPABILITIES). */
export const BUILT_IN_CAPABILITIES: readonly Capability[] = Object.values(CAPABILITIES);

/**
 * What the worker serves in upstream mode: only what it can do without the platform's database (sealed
 * payloads, which it opens and re-encrypts for the platform; the player protection tools, which the edge keeps by the
 * platform's member id). Accounts, games and orders live upstream there.
 */
export const UPSTREAM_CAPABILITIES: readonly Capability[] = [CAPABILITIES.sealedPayloads, CAPABILITIES.protection];

/** The capabilities of a deployment: upstream mode when an upstream URL is configured. */
export function capabilitiesFor(upstreamUrl: string | undefined | null): readonly Capability[] {
  return upstreamUrl ? UPSTREAM_CAPABILITIES : BUILT_IN_CAPABILITIES;
}

/** Reads `<html data-capabilities>` (space-separated); with no attribute (a page not served by the edge) all are on. */
export function parseCapabilities(attribute: string | null | undefined): ReadonlySet<string> {
  if (attribute === null || attribute === undefined) return new Set([...BUILT_IN_CAPABILITIES, ...Object.values(SOCIAL_LOGIN_CAPABILITIES)]);
  return new Set(attribute.split(/\s+/).filter(Boolean));
}

/** Whether the page's deployment serves a capability (browser only; true outside a browser). */
export function hasCapability(capability: Capability): boolean {
  if (typeof document === 'undefined') return true;
  return parseCapabilities(document.documentElement.getAttribute('data-capabilities')).has(capability);
}
