/**
 * The page route table (player-shell §2 Routes, accounts §2): which public paths each pre-rendered page
 * answers. The worker serves pages from it and the frame rules read it. Shared by browser and worker.
 */
export interface PageRoute {
  /** Stable page id, also the key of its title label. */
  id: string;
  /** Exact public paths (no trailing slash except "/" and "/m/"). */
  paths: readonly string[];
  /** File of the pre-rendered page inside the Astro build. */
  file: string;
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  { id: 'home', paths: ['/', '/m', '/m/', '/m/index', '/m/index.html', '/m/home'], file: '/m/home.html' },
  { id: 'login', paths: ['/m/login'], file: '/m/login.html' },
  { id: 'register', paths: ['/m/register', '/m/register.html'], file: '/m/register.html' },
  { id: 'gameList', paths: ['/m/gameList'], file: '/m/gameList.html' },
  { id: 'fav', paths: ['/m/fav'], file: '/m/fav.html' },
  { id: 'launchGame', paths: ['/m/launchGame'], file: '/m/launchGame.html' },
  { id: 'demoSlot', paths: ['/play/slot'], file: '/play/slot.html' },
];

const HOME = PAGE_ROUTES[0]!;
const byPath = new Map<string, PageRoute>(PAGE_ROUTES.flatMap((r) => r.paths.map((p) => [p, r] as const)));

/**
 * The page that answers a request path, or null when the path is not a page (static assets, API).
 * A trailing slash is ignored; any other path under /m/ falls back to home (player-shell §2).
 */
export function pageForPath(pathname: string): PageRoute | null {
  const exact = byPath.get(pathname);
  if (exact) return exact;
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const route = byPath.get(trimmed);
  if (route) return route;
  if (trimmed.startsWith('/m/')) return HOME;
  return null;
}
