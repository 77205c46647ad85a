/**
 * The platform stand-in's data and answer SHAPES, in one place. They follow platform-contract.md (§2–§7, the "Read"
 * column), not PlayDeck's own schemas: where the two differ, the stand-in keeps the document's shape and PlayDeck
 * follows (tests/unit/upstream/standin-shapes.test.ts checks every answer against shapes written from the document). Where
 * the document says "not found", the stand-in uses a platform-style shape (envelope, decimal money, camelCase,
 * "1"/"0" flags), noted per builder.
 */
import { minorToWire } from '../../contract/money.ts';

/** A game of the stand-in's catalogue. */
export interface StandinGame {
  nodeId: number;
  gameId: string;
  gameName: string;
  vassalage: string;
  vendorName: string;
  gameType: 'RNG' | 'LIVE' | 'FISH';
  /** 0 = free play supported (§2 vendor lanes). */
  supportPlay: 0 | 1;
  hot: boolean;
  /** Minimum bet in minor units. */
  minBetMinor: number;
}

/** Three vendors, three game types, eight games: enough to browse, filter, search and page (pageSize 4). */
export const CATALOGUE: readonly StandinGame[] = [
  { nodeId: 101, gameId: 'pg-dragon', gameName: 'Lucky Dragon', vassalage: 'PG', vendorName: 'PG Soft', gameType: 'RNG', supportPlay: 0, hot: true, minBetMinor: 10 },
  { nodeId: 102, gameId: 'pg-tiger', gameName: 'Fortune Tiger', vassalage: 'PG', vendorName: 'PG Soft', gameType: 'RNG', supportPlay: 0, hot: false, minBetMinor: 20 },
  { nodeId: 103, gameId: 'pg-mahjong', gameName: 'Mahjong Ways', vassalage: 'PG', vendorName: 'PG Soft', gameType: 'RNG', supportPlay: 1, hot: false, minBetMinor: 20 },
  { nodeId: 201, gameId: 'evo-baccarat', gameName: 'Speed Baccarat', vassalage: 'EVO', vendorName: 'Evolution', gameType: 'LIVE', supportPlay: 1, hot: true, minBetMinor: 100 },
  { nodeId: 202, gameId: 'evo-roulette', gameName: 'Lightning Roulette', vassalage: 'EVO', vendorName: 'Evolution', gameType: 'LIVE', supportPlay: 1, hot: false, minBetMinor: 50 },
  { nodeId: 301, gameId: 'jdb-fish', gameName: 'Fish Hunter', vassalage: 'JDB', vendorName: 'JDB', gameType: 'FISH', supportPlay: 0, hot: false, minBetMinor: 10 },
  { nodeId: 302, gameId: 'jdb-reels', gameName: 'Golden Reels', vassalage: 'JDB', vendorName: 'JDB', gameType: 'RNG', supportPlay: 0, hot: true, minBetMinor: 5 },
  { nodeId: 303, gameId: 'jdb-dragon-fish', gameName: 'Dragon Fishing', vassalage: 'JDB', vendorName: 'JDB', gameType: 'FISH', supportPlay: 1, hot: false, minBetMinor: 10 },
];

/** The seeded player (tests log in with it). */
export const SEEDED_PLAYER = { username: 'standin1', password: 'secret123', nickname: 'Stand-in One', balanceMinor: 123_456 } as const;

/** What a newly registered stand-in account holds (minor units), so journeys have a balance to read. */
export const WELCOME_BALANCE_MINOR = 10_000;

/** Currency of every stand-in wallet. */
export const CURRENCY = { code: 'USD', symbol: '$' } as const;

/** A 4×4 red PNG: the captcha image (its answer comes from STANDIN_CAPTCHA_ANSWER, never from the image). */
export const CAPTCHA_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGM4IScHRwzEcQCxYxBBO0tjggAAAABJRU5ErkJggg==';

/** Default captcha answer when STANDIN_CAPTCHA_ANSWER is not set. */
export const DEFAULT_CAPTCHA_ANSWER = '7364';

/** Plain customer-service links; the status and domain-route answers carry them DES-encrypted (§1.6.6). */
export const SERVICE_LINKS = { CS: 'https://support.standin.test/chat', LINE: 'https://line.standin.test/contact' } as const;

/** Error codes the stand-in answers: the platform's (§1.5) where it has one, the built-in API's where not. */
export const CODES = {
  badParam: 'request_param_err',
  notAvailable: 'function.not.available',
  notLoggedIn: 'customer.not.login',
  tokenInvalid: 'user.or.token.invalid',
  credentials: 'login.cred.err',
  noUser: 'not.exists.user',
  /** Not found in the contract: the built-in API's codes for a missing / wrong captcha. */
  captchaRequired: 'captcha_required',
  captchaInvalid: 'captcha_invalid',
  usernameTaken: 'username_taken',
  wrongPassword: 'wrong_password',
  samePassword: 'same_password',
  gameNotFound: 'game_not_found',
} as const;

/** A game tile (§2 game list; src/contract/calls catalogue `gameTile`), minBet in decimal currency units. */
export function gameTile(game: StandinGame, origin: string) {
  return {
    nodeId: game.nodeId,
    nodeName: game.gameName,
    gameName: game.gameName,
    displayName: game.vendorName,
    vassalage: game.vassalage,
    roomId: null,
    gameId: game.gameId,
    gameType: game.gameType,
    supportPlay: game.supportPlay,
    gameClassifyNew: game.hot ? 'hot' : null,
    showIcon: `${origin}/standin/icon/${game.nodeId}.svg`,
    isHot: game.hot,
    minBet: minorToWire(game.minBetMinor),
  };
}

const GAME_TYPES = ['RNG', 'LIVE', 'FISH'] as const;

/**
 * §2 vendor game types: `value.content` maps each game type to its vendor codes (a list per type, in the
 * catalogue's type order), as the contract gives it.
 */
export function vendorGameTypes() {
  return {
    content: Object.fromEntries(GAME_TYPES.map((type) => [type, [...new Set(CATALOGUE.filter((g) => g.gameType === type).map((g) => g.vassalage))]])),
  };
}

/**
 * §2 vendor lanes as §7.3 has the platform's client read them: `value.data.lanes[{ title, gameCount, cards[],
 * gameClassify[] }]`. A card's `accountTypeName` is the vendor CODE (the game list's `vassalage`), `displayName` the
 * vendor's name, `gameId`/`nodeId` its first game of the type, `telGameId`/`telNodeId` its first free-play game
 * (null without one; the stand-in's games have no separate tel ids, so telNodeId is the node id), `freeplay` when
 * every game supports it. `gameClassify` is a list of objects, each with its own `vendors` list.
 */
export function vendorLanes(origin: string) {
  return {
    data: {
      lanes: GAME_TYPES.map((type) => {
        const games = CATALOGUE.filter((g) => g.gameType === type);
        const vendors = [...new Set(games.map((g) => g.vassalage))];
        const hotVendors = [...new Set(games.filter((g) => g.hot).map((g) => g.vassalage))];
        return {
          title: type,
          gameCount: games.length,
          gameClassify: hotVendors.length ? [{ gameClassify: 'hot', name: 'hot', vendors: hotVendors }] : [],
          cards: vendors.map((v) => {
            const own = games.filter((g) => g.vassalage === v);
            const trial = own.find((g) => g.supportPlay === 0);
            return {
              vassalage: v, accountTypeName: v, displayName: own[0]?.vendorName ?? v, gameType: type,
              lagerIcon: `${origin}/standin/icon/vendor-${v}.svg`, freeplay: own.every((g) => g.supportPlay === 0),
              gameId: own[0]?.gameId ?? null, nodeId: own[0]?.nodeId ?? null,
              telGameId: trial?.gameId ?? null, telNodeId: trial?.nodeId ?? null,
            };
          }),
        };
      }),
    },
  };
}

/** §1.3/§2 whitelabel tree: every module of §1.3 on, as the STRING "1". */
export const MODULE_IDS = [
  'COMM3', 'VERIFICATION3', 'REG3', 'MOBILENUMREG3', 'REGMOBVERF3', 'PASS3', 'CHNGPASSVERIF3', 'PWRESETSMS3', 'LOGINIPVERF3',
  'AFFMAN3', 'FREEPLAY3', 'CAPTCHA3', 'PROFPIC3', 'FUNDTRANS3', 'GAMELO3', 'GAMELOHOT3', 'GAMELOFAV3', 'GAMELOREC3', 'INBOX3',
  'FEEDBACK3', 'PTSYS3', 'MEMTRANS3',
] as const;

export function whitelabelTree() {
  return MODULE_IDS.map((modId) => ({ modId, enabled: '1' as const, childrenNodes: [] }));
}

/** §3 registration settings: field → rule (accounts `registerFieldRule`). */
export function registerRules() {
  const rule = (required: boolean, minLength: number, maxLength: number, type: string, patternId = '0') => ({
    enabled: true, required, acceptedPattern: '*', patternId, minLength, maxLength, type,
  });
  return {
    username: rule(true, 4, 16, 'text', '1'),
    password: rule(true, 6, 20, 'password', '2'),
    confirmPassword: rule(true, 6, 20, 'password', '2'),
    captcha: rule(true, 4, 4, 'captcha'),
  };
}

/** §2 domain route: `version.pathList[{ type, path }]` (type "3" encrypted by the caller) and `domainList`. */
export function domainRoute(encryptedServicePath: string, host: string) {
  return {
    version: { pathList: [{ type: '3', path: encryptedServicePath }] },
    domainList: [{ domainName: host }],
  };
}

/** §2 `mobileTemplate` flags as the platform writes them: STRINGS "1"/"0" (the new member centre, the classic deposit). */
export const MOBILE_TEMPLATE = { mem_cen: '1', dep_func: '0' } as const;

/** §3 consolidated settings `promotion`: promotion key → "1"/"0" (inner shape not found; the platform's flag style). */
export const STANDIN_PROMOTIONS = { REFERRAL: '1', MISSION: '0', LOGIN: '1' } as const;

/**
 * §3 consolidated settings: `{ merchantCode, currency, promotion, mobileTemplate }`, the platform's answer (the
 * contract's §6 lists the body as not found; these four fields are what the platform answers). The inner shape of
 * `promotion` is not found either: the stand-in writes promotion key → "1"/"0", in the platform's string-flag
 * style (as `mobileTemplate` and the whitelabel tree). No switches, name, symbol or theme: the platform has none
 * here (its switches are the whitelabel tree).
 */
export function consolidatedSettings(merchantCode: string) {
  return { merchantCode, currency: CURRENCY.code, promotion: { ...STANDIN_PROMOTIONS }, mobileTemplate: { ...MOBILE_TEMPLATE } };
}

/** §2 system status (system `systemStatusValue`); `customerService` paths are encrypted by the caller. */
export function systemStatus(customerService: { csType: string; path: string }[], route: ReturnType<typeof domainRoute>, ip: string, host: string) {
  return {
    info: {
      customerService,
      domainRoute: route,
      mobileTemplate: { ...MOBILE_TEMPLATE },
      paths: { home: '/m/home', login: '/m/login', register: '/m/register' },
      register: registerRules(),
      resources: [],
      whitelabel: whitelabelTree(),
      mainDomain: host,
      imageCDNs: [],
      launchGameCDNs: [],
      analytics: {},
    },
    location: { ip },
    maintenance: false,
    regionRestriction: false,
  };
}

/** A stand-in account. */
export interface StandinPlayer {
  id: number;
  username: string;
  password: string;
  nickname: string;
  balanceMinor: number;
  favourites: number[];
  firstTimeLogin: boolean;
}

/**
 * §3 login "Read" `value { token, id, userName, type or customerType, firstTimeLogin, passwordExpired }`; §7.2: the
 * client stores its member type from `customerType` (1 = a real account), so the stand-in sends both.
 */
export function sessionValue(player: StandinPlayer, token: string, merchantCode: string) {
  return {
    token, id: player.id, userName: player.username, type: 1, customerType: 1, firstTimeLogin: player.firstTimeLogin, passwordExpired: false,
    merchantCode,
  };
}

/** §2 member info: `{ id, account, nickname, type, clubLabel.labelName }`. */
export function memberInfo(player: StandinPlayer) {
  return { id: player.id, account: player.username, nickname: player.nickname, type: 1, clubLabel: { labelName: 'Bronze' } };
}

/** §2 wallet (exact body not found: the built-in API's v2 style), decimal currency units. */
export function wallet(player: StandinPlayer) {
  return {
    sumBalance: minorToWire(player.balanceMinor),
    currency: CURRENCY.code,
    currencySymbol: CURRENCY.symbol,
    balance: [{ accountTypeId: 1, availBalance: minorToWire(player.balanceMinor) }],
  };
}

/** §2 winner board: `value.list[{ vo: {…} }]`, winAmount decimal. */
export function winnerBoard() {
  return {
    list: CATALOGUE.slice(0, 3).map((g, i) => ({
      vo: { gameName: g.gameName, customerName: `pl***${i + 1}`, winAmount: minorToWire(150_000 - i * 25_000), gameId: g.gameId, nodeId: g.nodeId, vendor: g.vassalage, notAuto: true },
    })),
  };
}

/** §2 banners and announcements: nothing to announce. */
export const NO_ANNOUNCEMENTS = { banners: [], player: [], popup: [], promotion: [], hot: [] };

/** The stand-in's one home banner: its artwork on the platform's own address (as a platform's CDN would serve it). */
export const STANDIN_BANNER = { id: 9001, title: 'Stand-in platform welcome', image: '/standin/banner/welcome.svg' };
/** The stand-in's one notice (the home marquee). */
export const STANDIN_NOTICE = { id: 9002, title: 'Stand-in platform notice' };

/**
 * §2 banners and announcements as the platform sends them for the `types` asked: one m_home banner (B, absolute
 * image URL on `origin`, linked to the promotions page) and one notice (A); no popups, promotions or hot items.
 */
export function announcements(origin: string, types: string) {
  const asked = new Set(types.split(',').map((t) => t.trim().toUpperCase()));
  const common = { content: '', startDate: Date.UTC(2026, 0, 1), endDate: null, execution: 'B', promotionType: '', label: '', read: false, applicable: false, status: '' };
  const url = `${origin}${STANDIN_BANNER.image}`;
  return {
    ...NO_ANNOUNCEMENTS,
    banners: asked.has('B')
      ? [{ ...common, id: STANDIN_BANNER.id, type: 'B', title: STANDIN_BANNER.title, groupName: 'm_home', linkageType: 'URL', linkage: '/m/activity', url, announcementImages: [{ sequence: 1, url }] }]
      : [],
    player: asked.has('A') ? [{ ...common, id: STANDIN_NOTICE.id, type: 'A', title: STANDIN_NOTICE.title, groupName: '', linkageType: '', linkage: '', url: '', announcementImages: [] }] : [],
  };
}

/** A lottery game of the stand-in (platform-contract.md §7.5 lists; §4 lotto-h5 page). */
export interface StandinLotteryGame {
  gameId: string;
  displayName: string;
  gameType: 'LOTT' | 'ELOTT';
  vassalage: string;
  vendorName: string;
  gameGroupId: string;
  /** Tradition / Entertainment: the play types (trad / ent). */
  lottoMode: string;
  prizeModes: readonly string[];
  /** Draws every this many ms (numero = the draw of the current interval). */
  intervalMs: number;
}

/** Six lottery games of two vendors (the platform's lottery list, §7.5). */
export const LOTTERY: readonly StandinLotteryGame[] = [
  { gameId: 'VNC', displayName: 'Hanoi Lottery', gameType: 'LOTT', vassalage: 'TCG_LOTTO_VN', vendorName: 'TCG Lotto VN', gameGroupId: 'VN', lottoMode: 'Tradition', prizeModes: ['LOTT'], intervalMs: 86_400_000 },
  { gameId: 'VNS', displayName: 'Saigon Lottery', gameType: 'LOTT', vassalage: 'TCG_LOTTO_VN', vendorName: 'TCG Lotto VN', gameGroupId: 'VN', lottoMode: 'Tradition', prizeModes: ['LOTT'], intervalMs: 86_400_000 },
  { gameId: 'VN45', displayName: 'Lotto 45 Seconds', gameType: 'ELOTT', vassalage: 'TCG_LOTTO_VN', vendorName: 'TCG Lotto VN', gameGroupId: 'VNF', lottoMode: 'Entertainment', prizeModes: ['ELOTT'], intervalMs: 45_000 },
  { gameId: 'VN1M', displayName: 'Lotto 1 Minute', gameType: 'ELOTT', vassalage: 'TCG_LOTTO_VN', vendorName: 'TCG Lotto VN', gameGroupId: 'VNF', lottoMode: 'Entertainment', prizeModes: ['ELOTT'], intervalMs: 60_000 },
  { gameId: 'SEA5', displayName: 'SEA 5 Minutes', gameType: 'LOTT', vassalage: 'TCG_SEA', vendorName: 'TCG SEA', gameGroupId: 'SEA', lottoMode: 'Tradition,Entertainment', prizeModes: ['SEA'], intervalMs: 300_000 },
  { gameId: 'SEA10', displayName: 'SEA 10 Minutes', gameType: 'LOTT', vassalage: 'TCG_SEA', vendorName: 'TCG SEA', gameGroupId: 'SEA', lottoMode: 'Tradition', prizeModes: ['SEA'], intervalMs: 600_000 },
];

/** A lottery game in the mobile client's lists (§7.5: `displayName` read; the rest as contract/calls/lottery-shapes.ts). */
function mobileLotteryGame(g: StandinLotteryGame) {
  return {
    gameId: g.gameId, displayName: g.displayName, gameName: g.displayName, gameType: g.gameType, vassalage: g.vassalage,
    vendorName: g.vendorName, gameGroupId: g.gameGroupId, lottoMode: g.lottoMode, prizeModes: [...g.prizeModes],
  };
}

/** GET /lgw/games/mobile and /lgw/games/popular (§7.5): a plain object keyed by game id. */
export function mobileLotteryGames(): Record<string, ReturnType<typeof mobileLotteryGame>> {
  return Object.fromEntries(LOTTERY.map((g) => [g.gameId, mobileLotteryGame(g)]));
}

/** GET /lgw/vn/games/game_menu?prizeMode (§7.5): the games of the prize mode grouped by vendor, keyed by vendor code. */
export function lotteryMenu(prizeMode: string | null) {
  const mode = prizeMode?.toUpperCase() ?? null;
  const menu: Record<string, { menuCode: string; menuName: string; games: ReturnType<typeof mobileLotteryGame>[] }> = {};
  for (const g of LOTTERY.filter((game) => mode === null || game.prizeModes.includes(mode))) {
    (menu[g.vassalage] ??= { menuCode: g.vassalage, menuName: g.vendorName, games: [] }).games.push(mobileLotteryGame(g));
  }
  return menu;
}

/** GET /lgw/games/opened/numero, /lgw/vn/numeros/opened/game (§7.5): each game's open draw (numero), keyed by game id. */
export function openNumeros(now: number) {
  return Object.fromEntries(LOTTERY.map((g) => {
    const openAt = Math.floor(now / g.intervalMs) * g.intervalMs;
    const day = new Date(openAt).toISOString().slice(0, 10).replace(/-/g, '');
    const index = Math.floor((openAt % 86_400_000) / g.intervalMs) + 1;
    return [g.gameId, {
      gameId: g.gameId, numero: `${day}-${String(index).padStart(4, '0')}`, displayName: g.displayName, gameName: g.displayName,
      openAt, closeAt: openAt + g.intervalMs, drawAt: openAt + g.intervalMs, serverTime: now,
    }];
  }));
}
