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
]);

/** Routes whose page header has no back arrow. */
export const NO_BACK_ARROW: ReadonlySet<string> = new Set(['home', 'changePsw']);

/** Routes whose back arrow goes to home instead of one step back. */
export const BACK_TO_HOME: ReadonlySet<string> = new Set(['login', 'register', 'trail', 'activity', 'forget']);

/** Routes that count as home for the app-download banner and the header download icon. */
export const HOME_ROUTES: ReadonlySet<string> = new Set(['home']);

/** What the back arrow of a route does: nothing shown, go to /m/home, or one step back in history. */
export type BackAction = 'none' | 'home' | 'history';

/** The frame of one route. */
export interface FrameRules {
  topHeader: boolean;
  footerMenu: boolean;
  back: BackAction;
}

/** Frame rules for a route name. */
export function frameFor(route: string): FrameRules {
  return {
    topHeader: !NO_TOP_HEADER.has(route),
    footerMenu: !NO_FOOTER_MENU.has(route),
    back: NO_BACK_ARROW.has(route) ? 'none' : BACK_TO_HOME.has(route) ? 'home' : 'history',
  };
}

/** Footer menu entries in order (player-shell §2): home, activity, customer service, member home, game center. */
export const FOOTER_MENU = [
  { id: 'home', href: '/m/home', label: 'nav.home' },
  { id: 'activity', href: '/m/activity', label: 'nav.activity' },
  { id: 'service', href: '/m/message', label: 'nav.service' },
  { id: 'member', href: '/m/member/home', label: 'nav.member' },
  { id: 'gameCenter', href: '/m/gameCenter', label: 'nav.gameCenter' },
] as const;
