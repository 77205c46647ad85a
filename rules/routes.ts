/**
 * The page route table (player-shell §2 Routes, accounts §2): which public paths each pre-rendered page
 * answers. The worker serves pages from it and the frame rules read it. Shared by browser and worker.
 */
export interface PageRoute {
  /** Stable page id: the route name the frame rules use, also the key of its title label (title.<id>). */
  id: string;
  /** Exact public paths (no trailing slash except "/" and "/m/"). */
  paths: readonly string[];
  /** File of the pre-rendered page inside the Astro build. */
  file: string;
  /** Paths with variable segments answered by the same page (matched after the exact paths). */
  pattern?: RegExp;
}

const page = (id: string, path: string, extra: readonly string[] = []): PageRoute => ({
  id,
  paths: [path, ...extra],
  file: `${path}.html`,
});

/** Every page of both specs' route tables, home first. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { id: 'home', paths: ['/', '/m', '/m/', '/m/index', '/m/index.html', '/m/home'], file: '/m/home.html' },
  page('login', '/m/login'),
  page('register', '/m/register', ['/m/register.html']),
  page('forget', '/m/forget'),
  page('changePsw', '/m/changePsw'),
  page('gameCenter', '/m/gameCenter'),
  page('gameList', '/m/gameList'),
  page('providers', '/m/providers'),
  page('lottery', '/m/lottery'),
  page('startLottery', '/m/startLottery'),
  page('hot', '/m/hot'),
  page('fav', '/m/fav'),
  page('slotsCenter', '/m/slotsCenter'),
  page('app', '/m/app'),
  { id: 'memberHome', paths: ['/m/member/home'], file: '/m/member/home.html' },
  { id: 'memberSecurity', paths: ['/m/member/security'], file: '/m/member/security.html' },
  { id: 'memberTransactions', paths: ['/m/member/transactions'], file: '/m/member/transactions.html' },
  // The player's limits (docs/player-protection.md).
  { id: 'limits', paths: ['/m/member/limits'], file: '/m/member/limits.html' },
  // Activity statements and the responsible-gambling page (docs/player-protection.md).
  { id: 'statement', paths: ['/m/member/statement'], file: '/m/member/statement.html' },
  page('responsibleGambling', '/m/responsibleGambling'),
  page('voucherCenter', '/m/voucherCenter'),
  page('withdraw', '/m/withdraw'),
  page('leaderBoard', '/m/leaderBoard'),
  page('gameRecord', '/m/gameRecord'),
  { id: 'signIn', paths: ['/m/activity/signIn'], file: '/m/activity/signIn.html' },
  page('rewardCenter', '/m/rewardCenter'),
  page('trail', '/m/trail'),
  page('launchGame', '/m/launchGame'),
  {
    id: 'lottoH5',
    paths: ['/m/lotto-h5'],
    file: '/m/lotto-h5.html',
    pattern: /^\/m\/lotto-h5\/[^/]+\/[^/]+\/games\/[^/]+$/,
  },
  page('notice', '/m/notice'),
  { id: 'message', paths: ['/m/message', '/m/messages'], file: '/m/message.html' },
  page('webEmail', '/m/webEmail'),
  page('liveChat', '/m/liveChat'),
  page('activity', '/m/activity'),
  page('activityDetail', '/m/activityDetail'),
  page('help', '/m/help'),
  page('helpDetail', '/m/helpDetail'),
  page('feedback', '/m/feedback'),
  page('agentRegister', '/m/agentRegister'),
  page('inviteFriends', '/m/inviteFriends'),
  { id: 'getSalaryContract', paths: ['/m/member/agent/getSalaryContract'], file: '/m/member/agent/getSalaryContract.html' },
  { id: 'getDevidendContract', paths: ['/m/member/agent/getDevidendContract'], file: '/m/member/agent/getDevidendContract.html' },
  { id: 'getHourContract', paths: ['/m/member/agent/getHourContract'], file: '/m/member/agent/getHourContract.html' },
  page('policy', '/m/policy'),
  { id: 'demoSlot', paths: ['/play/slot'], file: '/play/slot.html' },
  { id: 'demoTable', paths: ['/play/table'], file: '/play/table.html' },
  { id: 'demoCrash', paths: ['/play/crash'], file: '/play/crash.html' },
  { id: 'demoShooter', paths: ['/play/shooter'], file: '/play/shooter.html' },
];

const HOME = PAGE_ROUTES[0]!;
const byPath = new Map<string, PageRoute>(PAGE_ROUTES.flatMap((r) => r.paths.map((p) => [p, r] as const)));
const patterned = PAGE_ROUTES.filter((r) => r.pattern);

/**
 * The page that answers a request path, or null when the path is not a page (static assets, API).
 * A trailing slash is ignored; /m/lotto-h5/{mui}/{playType}/games/{gameId} is the embedded lottery page; any
 * other path under /m/ falls back to home (player-shell §2).
 */
export function pageForPath(pathname: string): PageRoute | null {
  const exact = byPath.get(pathname);
  if (exact) return exact;
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const route = byPath.get(trimmed) ?? patterned.find((r) => r.pattern!.test(trimmed));
  if (route) return route;
  if (trimmed.startsWith('/m/')) return HOME;
  return null;
}

/** The main public path of a page id (its first path), e.g. memberHome → /m/member/home. */
export function pathOf(id: string): string {
  const route = PAGE_ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`no page ${id}`);
  return route.id === 'home' ? '/m/home' : route.paths[0]!;
}
