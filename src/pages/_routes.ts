/**
 * The pages of the build (docs/languages.md): the worker's route table (rules/routes.ts PAGE_ROUTES) and the three
 * gate pages, each with the view in `src/views/` that renders it. `astro.config.mjs` (pageRoutes) injects one Astro
 * route per row, `/[...i18n]<path>` with the view as its entry point, and each view's `getStaticPaths`
 * (`pagePaths`, src/pages/_locale.ts) builds the row in all 27 languages: EN at `dist/client<path>.html`, every other
 * language at `dist/client/i18n/<code><path>.html`. A page's path is written once, in PAGE_ROUTES; this file only
 * names its view. tests/unit/site/page-files.test.ts keeps the rows in step with the pages the worker serves.
 *
 * The file sits in `src/pages/` and starts with `_`, so Astro reads it as no route of its own.
 */
import { PAGE_ROUTES } from '../../rules/routes';

/** One pre-rendered page: where it is built and which view renders it. */
export interface ViewRoute {
  /** Public path of the page without `.html`, e.g. `/m/member/home` (its built file is `<path>.html`). */
  path: string;
  /** The view rendering it: `src/views/<view>.astro`. */
  view: string;
  /** Props the view takes besides the language (the agent contract screens name their route). */
  props?: Readonly<Record<string, string>>;
}

/** The view of each page of the worker's route table, by page id (PAGE_ROUTES `id`). */
const VIEW_OF: Readonly<Record<string, string>> = {
  home: 'Home',
  login: 'Login',
  register: 'Register',
  forget: 'Forget',
  changePsw: 'ChangePsw',
  gameCenter: 'GameCenter',
  gameList: 'GameList',
  providers: 'Providers',
  lottery: 'Lottery',
  startLottery: 'StartLottery',
  hot: 'Hot',
  fav: 'Fav',
  slotsCenter: 'SlotsCenter',
  app: 'App',
  memberHome: 'MemberHome',
  memberSecurity: 'MemberSecurity',
  memberTransactions: 'MemberTransactions',
  limits: 'Limits',
  statement: 'Statement',
  responsibleGambling: 'ResponsibleGambling',
  voucherCenter: 'VoucherCenter',
  withdraw: 'Withdraw',
  leaderBoard: 'LeaderBoard',
  gameRecord: 'GameRecord',
  signIn: 'SignIn',
  rewardCenter: 'RewardCenter',
  trail: 'Trail',
  launchGame: 'LaunchGame',
  lottoH5: 'LottoH5',
  notice: 'Notice',
  message: 'Message',
  webEmail: 'WebEmail',
  liveChat: 'LiveChat',
  activity: 'Activity',
  activityDetail: 'ActivityDetail',
  help: 'Help',
  helpDetail: 'HelpDetail',
  feedback: 'Feedback',
  agentRegister: 'AgentRegister',
  inviteFriends: 'InviteFriends',
  policy: 'Policy',
  demoSlot: 'DemoSlot',
  demoTable: 'DemoTable',
  demoCrash: 'DemoCrash',
  demoShooter: 'DemoShooter',
  getSalaryContract: 'AgentContract',
  getDevidendContract: 'AgentContract',
  getHourContract: 'AgentContract',
};

/**
 * The gate pages, never reached by their own route: the edge answers with them (worker/model/gating.ts GATE_PAGES,
 * UNAVAILABLE_PAGE): maintenance with status 503 and Retry-After, a restricted region with 451 and the visitor's IP
 * address written into `data-client-ip`, a failed platform page in upstream mode with 502.
 */
const GATE_ROUTES: readonly ViewRoute[] = [
  { path: '/m/maintenance', view: 'Maintenance' },
  { path: '/m/restricted', view: 'Restricted' },
  { path: '/m/unavailable', view: 'Unavailable' },
];

/**
 * Every page of the build, in the order of the worker's route table, the gate pages last.
 *
 * @throws Error when a page of PAGE_ROUTES has no view in VIEW_OF (the build stops at its configuration).
 */
export const VIEW_ROUTES: readonly ViewRoute[] = [
  ...PAGE_ROUTES.map((route): ViewRoute => {
    const view = VIEW_OF[route.id];
    if (!view) throw new Error(`page ${route.id} has no view in src/pages/_routes.ts`);
    const path = route.file.replace(/\.html$/, '');
    return view === 'AgentContract' ? { path, view, props: { route: route.id } } : { path, view };
  }),
  ...GATE_ROUTES,
];

/** The Astro route pattern of a page path: `/m/home` → `/[...i18n]/m/home` (the language prefix left to getStaticPaths). */
export function routePatternOf(path: string): string {
  return `/[...i18n]${path}`;
}
