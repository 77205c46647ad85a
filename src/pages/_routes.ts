/**
 * The page table of the build (README "Languages"): every pre-rendered page, the public path it is built at and the
 * view in `src/views/` that renders it. `astro.config.mjs` (pageRoutes) injects one Astro route per row,
 * `/[...i18n]<path>` with the view as its entry point, and each view's `getStaticPaths` (`pagePaths`,
 * src/views/locale.ts) builds the row in all 27 languages: EN at `dist/client<path>.html`, every other language at
 * `dist/client/i18n/<code><path>.html`. The rows are the worker's pages (rules/routes.ts PAGE_ROUTES) and its three
 * gate pages (worker/edge/gating.ts); tests/unit/page-files.test.ts keeps them in step.
 *
 * The file sits in `src/pages/` and starts with `_`, so Astro reads it as no route of its own.
 */

/** One pre-rendered page: where it is built and which view renders it. */
export interface ViewRoute {
  /** Public path of the page without `.html`, e.g. `/m/member/home`. */
  path: string;
  /** The view rendering it: `src/views/<view>.astro`. */
  view: string;
  /** Props the view takes besides the language (the agent contract screens name their route). */
  props?: Readonly<Record<string, string>>;
}

const contract = (route: string): ViewRoute => ({ path: `/m/member/agent/${route}`, view: 'AgentContract', props: { route } });

/** Every page of the build, in the order of the worker's route table, the gate pages last. */
export const VIEW_ROUTES: readonly ViewRoute[] = [
  { path: '/m/home', view: 'Home' },
  { path: '/m/login', view: 'Login' },
  { path: '/m/register', view: 'Register' },
  { path: '/m/forget', view: 'Forget' },
  { path: '/m/changePsw', view: 'ChangePsw' },
  { path: '/m/gameCenter', view: 'GameCenter' },
  { path: '/m/gameList', view: 'GameList' },
  { path: '/m/providers', view: 'Providers' },
  { path: '/m/lottery', view: 'Lottery' },
  { path: '/m/startLottery', view: 'StartLottery' },
  { path: '/m/hot', view: 'Hot' },
  { path: '/m/fav', view: 'Fav' },
  { path: '/m/slotsCenter', view: 'SlotsCenter' },
  { path: '/m/app', view: 'App' },
  { path: '/m/member/home', view: 'MemberHome' },
  { path: '/m/member/security', view: 'MemberSecurity' },
  { path: '/m/member/transactions', view: 'MemberTransactions' },
  { path: '/m/voucherCenter', view: 'VoucherCenter' },
  { path: '/m/withdraw', view: 'Withdraw' },
  { path: '/m/leaderBoard', view: 'LeaderBoard' },
  { path: '/m/gameRecord', view: 'GameRecord' },
  { path: '/m/activity/signIn', view: 'SignIn' },
  { path: '/m/rewardCenter', view: 'RewardCenter' },
  { path: '/m/trail', view: 'Trail' },
  { path: '/m/launchGame', view: 'LaunchGame' },
  { path: '/m/lotto-h5', view: 'LottoH5' },
  { path: '/m/notice', view: 'Notice' },
  { path: '/m/message', view: 'Message' },
  { path: '/m/webEmail', view: 'WebEmail' },
  { path: '/m/liveChat', view: 'LiveChat' },
  { path: '/m/activity', view: 'Activity' },
  { path: '/m/activityDetail', view: 'ActivityDetail' },
  { path: '/m/help', view: 'Help' },
  { path: '/m/helpDetail', view: 'HelpDetail' },
  { path: '/m/feedback', view: 'Feedback' },
  { path: '/m/agentRegister', view: 'AgentRegister' },
  { path: '/m/inviteFriends', view: 'InviteFriends' },
  contract('getSalaryContract'),
  contract('getDevidendContract'),
  contract('getHourContract'),
  { path: '/m/policy', view: 'Policy' },
  { path: '/play/slot', view: 'DemoSlot' },
  { path: '/play/table', view: 'DemoTable' },
  { path: '/play/crash', view: 'DemoCrash' },
  { path: '/play/shooter', view: 'DemoShooter' },
  // The gate pages are never reached by their own route: the edge answers with them (worker/edge/gate-pages.ts,
  // worker/edge/pages.ts): maintenance with status 503 and Retry-After, a restricted region with 451 and the
  // visitor's IP address written into `data-client-ip`, a failed platform page in upstream mode with 502.
  { path: '/m/maintenance', view: 'Maintenance' },
  { path: '/m/restricted', view: 'Restricted' },
  { path: '/m/unavailable', view: 'Unavailable' },
];

/** The Astro route pattern of a page path: `/m/home` → `/[...i18n]/m/home` (the language prefix left to getStaticPaths). */
export function routePatternOf(path: string): string {
  return `/[...i18n]${path}`;
}
