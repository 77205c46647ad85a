/**
 * Every platform API path the site calls, in one place (player-shell §7, accounts §7). Paths the specs
 * give are used as given; the rest are PlayDeck's choice under /wps/.
 */
export const API = {
  registerSettings: '/wps/system/setting/register',
  login: '/wps/session/login',
  logout: '/wps/session/logout',
  freePlay: '/wps/session/login/freeplay',
  register: '/wps/member/register',
  memberInfo: '/wps/member/info',
  trialUser: '/wps/member/trialuser',
  wallet: '/wps/wallets/gcs',
  vendorGameTypes: '/wps/game/vendorGameTypes',
  gameList: '/wps/game/list',
  hotGames: '/wps/game/hot',
  launchGame: '/wps/game/launchGame',
  favouriteList: '/wps/favourite/list',
  favouriteIds: '/wps/favourite/ids',
  favourite: '/wps/favourite',
  demoSlotSpin: '/wps/demo/slot/spin',
  demoSlotGame: '/wps/demo/slot/game',
  winnerBoard: '/wps/game/winners',
  recentGames: '/wps/game/recent',
  addRecentGame: '/wps/game/recent/add',
  lotteryGames: '/lgw/lottery/games',
  lotteryGame: '/lgw/lottery/game',
  lotteryDraws: '/lgw/lottery/draws',
  lotteryOrders: '/lgw/orders',
  lotteryOrderDetail: '/lgw/orders/detail',
  lotteryCancelSubOrders: '/lgw/orders/suborders/cancel',
  passwordChange: '/wps/member/password/verification',
  passwordReset: '/wps/member/password/reset',
  smsNoLogin: '/wps/verification/sms/noLogin',
  registerMobile: '/wps/member/register/mobile',
  smsRegister: '/wps/verification/sms/register',
  rememberLogin: '/wps/session/remember',
  logoutAll: '/wps/session/logoutAll',
  sessionExchange: '/wps/session/exchange',
  checkUsername: '/wps/check/username',
  affiliate: '/wps/agent/affiliate',
  oauthStart: '/wps/oauth',
} as const;

/** Session storage key of the session info (player-shell §3). */
export const SESSION_STORAGE_KEY = 'MC_SESSION_INFO';
