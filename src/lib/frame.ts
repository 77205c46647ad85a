/**
 * Page frame rules (player-shell §2 "Page frame rules"), keyed by the route name: the last path segment
 * of the page's main path (home, login, gameList, changePsw, …).
 */

/** Routes without the shared top header (they draw their own title bar or, for home, the home header). */
export const NO_TOP_HEADER: ReadonlySet<string> = new Set([
  'home', 'login', 'register', 'message', 'app', 'gameList', 'lottery', 'forget', 'providers', 'hot', 'fav',
  'changePsw', 'activity', 'gameCenter',
]);

/** Routes without the footer menu. */
export const NO_FOOTER_MENU: ReadonlySet<string> = new Set([
  'login', 'register', 'providers', 'gameList', 'hot', 'fav', 'lottery', 'forget', 'changePsw', 'app', 'notice',
  'help', 'helpDetail', 'activityDetail',
  // Gate pages (served by the edge instead of any page): every menu entry would lead back to the gate.
  'maintenance', 'restricted', 'unavailable',
]);

/** Routes whose page header has no back arrow. */
export const NO_BACK_ARROW: ReadonlySet<string> = new Set(['home', 'changePsw', 'maintenance', 'restricted', 'unavailable']);

/**
 * Routes whose back arrow goes to home instead of one step back: login, register, trail, activity and forget
 * (player-shell §2), and the message centre (accounts §2: "Back goes to /m/home").
 */
export const BACK_TO_HOME: ReadonlySet<string> = new Set(['login', 'register', 'trail', 'activity', 'forget', 'message']);

/**
 * The gate pages the edge serves during maintenance or to a restricted region (player-shell §4 App status), and
 * in upstream mode when the platform fails (docs/upstream-mode.md): nothing on them may lead into the site, so
 * they have no menus.
 */
export const GATE_ROUTES: ReadonlySet<string> = new Set(['maintenance', 'restricted', 'unavailable']);

/** What the back arrow of a route does: nothing shown, go to /m/home, or one step back in history. */
export type BackAction = 'none' | 'home' | 'history';

/** The frame of one route. */
export interface FrameRules {
  topHeader: boolean;
  footerMenu: boolean;
  back: BackAction;
  /** The side menu and its header button. */
  menu: boolean;
}

/** Frame rules for a route name. */
export function frameFor(route: string): FrameRules {
  return {
    topHeader: !NO_TOP_HEADER.has(route),
    footerMenu: !NO_FOOTER_MENU.has(route) && !GATE_ROUTES.has(route),
    back: NO_BACK_ARROW.has(route) ? 'none' : BACK_TO_HOME.has(route) ? 'home' : 'history',
    menu: !GATE_ROUTES.has(route),
  };
}

/** Swipe-back threshold (player-shell §9: "swipe-back threshold 100 px"). */
export const SWIPE_BACK_PX = 100;
/** A swipe-back must start this close to the left edge of the screen. */
export const SWIPE_EDGE_PX = 24;
/** Page transition length (player-shell §9: "page transition 300 ms"); the CSS in frame.css uses the same value. */
export const PAGE_TRANSITION_MS = 300;

/** One touch gesture: where the finger went down and where it lifted, in CSS pixels. */
export interface Swipe {
  startX: number;
  startY: number;
  endX: number;
  endY: number;
}

/**
 * True when a gesture is a swipe back: it starts at the left edge, travels at least 100 px to the right and
 * more sideways than up or down.
 */
export function isSwipeBack({ startX, startY, endX, endY }: Swipe): boolean {
  const dx = endX - startX;
  return startX <= SWIPE_EDGE_PX && dx >= SWIPE_BACK_PX && Math.abs(endY - startY) < dx;
}

/**
 * What the back action does (back arrow and swipe back): nothing, go to /m/home, or one step back in history —
 * or /m/home when there is no page of this site to go back to.
 */
export function backTarget(back: BackAction, hasSiteHistory: boolean): 'none' | 'home' | 'history' {
  if (back === 'none') return 'none';
  if (back === 'history' && hasSiteHistory) return 'history';
  return 'home';
}

/** Footer menu entries in order (player-shell §2): home, activity, customer service, member home, game center. */
/** Each entry names the route it leads to, which marks it as the current page there. */
export const FOOTER_MENU = [
  { id: 'home', route: 'home', href: '/m/home', label: 'nav.home' },
  { id: 'activity', route: 'activity', href: '/m/activity', label: 'nav.activity' },
  { id: 'service', route: 'message', href: '/m/message', label: 'nav.service' },
  { id: 'member', route: 'memberHome', href: '/m/member/home', label: 'nav.member' },
  { id: 'gameCenter', route: 'gameCenter', href: '/m/gameCenter', label: 'nav.gameCenter' },
] as const;
