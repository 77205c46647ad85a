import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../../worker/index';
import { decryptServicePath } from '../../../worker/services/crypto/legacy-crypto';
import { clientEncrypt } from '../client-crypto';
import { ensureAccountSettings, TEST_ANSWER, uniqueIp, uniqueUsername } from '../accounts-fixtures';
import { createMember, pickGame } from '../fixtures';
import { idOf, importContent, uniqueSlug } from '../content-fixtures';

/**
 * The platform's own mobile client, replayed call by call against the built-in API (platform-contract.md §7).
 *
 * One table: the calls the client's code makes on a player's journeys, in journey order, each with the method,
 * path, query, headers and body exactly as that code sends them, and a READER that does with the answer what the
 * client does with it (a zod schema of the fields it reads, or a small function that throws where the client's
 * code would). A row fails when the call is missing (404), refused (4xx/5xx) or answers a shape the client
 * cannot read. Earlier rows give later rows their state as the client keeps it (the session token from
 * registration or login, the vendor codes and free-play ids of the lanes, the nodeIds of the game list…).
 *
 * Where a row quotes a module id (`kmXh`, `QxIB`, `tsKX`…), it is the webpack module of the client bundle where
 * that code lives (platform-contract.md §7 names the bundle). The client's two transports add the same headers:
 * `X-Real-UA` (base64 of the user agent), `Merchant`, `Language`, and the BARE session token as `Authorization`
 * while a session exists; `kmXh` (the calls module `QxIB`) sends it on every call unless the call switches it off;
 * `uJlv` (the stores' services `IcYl`, `6Spj`, `KLB8`) leaves it off a fixed list of paths (`K/Zb`), drops any
 * `token`/`authorization` query parameter from the URL, and sends `ModuleId` only on POST/PUT/DELETE. Empty
 * headers are deleted, so a plain mobile browser sends no `Device` header. Image-bearing lists get `ext=avif`.
 *
 * So that one broken call does not hide the verdict of the rows after it, a row whose state an earlier row
 * failed to give falls back to state made directly in the database (a member with a session, a seeded game);
 * the failing row itself still fails.
 */

const app = createApp();
const MERCHANT = 'DEMO';
const ORIGIN = 'http://127.0.0.1';
const USER_AGENT = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IP = uniqueIp();

type Query = Record<string, string | number | boolean>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What the client keeps between calls (session storage, its stores), plus the fallbacks described above. */
interface State {
  token?: string;
  username: string;
  password: string;
  newPassword: string;
  modulusHex?: string;
  /** Vendor code of a lane card (`accountTypeName` upper-cased, RNG/PVP → TCG) and its lane title. */
  vendor?: { code: string; gameType: string };
  /** A lane card's free-play ids (`telGameId`/`telNodeId`), as the game frame `IVtk` finds them. */
  trial?: { gameId: string | number; nodeId: string | number };
  /** A tile of the game list, as `tsKX.getGameItem` keeps it. */
  game?: { nodeId: string | number; gameId: string | number; vassalage: string; gameType: string };
  announcementId?: string | number;
  fallback: { token: string; announcementId: number; game: { nodeId: number; gameId: string; vassalage: string; gameType: string } };
}

interface Row {
  journey: string;
  call: string;
  method: Method;
  path: string;
  query?: Query | ((s: State) => Query);
  /** Headers of this call on top of the transport's own (ModuleId, Content-Type, Device, Cache-Control…). */
  headers?: Record<string, string>;
  /** `never`: the client sends no Authorization on this call (visitor calls, `K/Zb` paths, `Authorization: !1`). */
  auth?: 'session' | 'never';
  body?: unknown;
  bodyOf?: (s: State) => unknown;
  /** Encrypted as `kmXh` does it (`newer`: `{ value }` + X-Digest + X-RSA) or `uJlv` (`older`: the raw base64). */
  encrypt?: 'newer' | 'older';
  /** `sendBeacon`: no headers but a text/plain body. */
  beacon?: boolean;
  /** Not the envelope: /lgw answers plain JSON, the key endpoint plain text. */
  plain?: 'json' | 'text';
  /** Does with the answer (the envelope's `value`, or the plain body) what the client does; throws where it would. */
  read: (answer: unknown, s: State) => void;
}

const id = z.union([z.string().min(1), z.number()]);
const anything = (): void => undefined;
const plainObject = z.record(z.string(), z.unknown());
/** `Object.values(data)` of a plain object, as `tsKX.getLottList`, `tgjs.getNumero` and `tgjs.homePopulor` read it. */
const objectValues = (answer: unknown): unknown[] => Object.values(plainObject.parse(answer));

/** `tgjs.setConsSetting` / `tgjs.getService`: `window.desDecrypt(path.slice(0, -8), path.slice(-8))` must give a link. */
function desDecryptPath(path: string): string {
  const plain = decryptServicePath(path);
  if (!plain) throw new Error(`customer-service path ${path} decrypts to nothing`);
  return plain;
}

const statusValue = z.object({
  info: z.object({
    customerService: z.array(z.object({ csType: z.unknown(), path: z.string() })),
    mobileTemplate: z.object({ mem_cen: z.string(), dep_func: z.string() }),
    resources: z.array(z.object({ resourceType: z.string(), url: z.string() })),
    imageCDNs: z.array(z.string()).nullish(),
    register: plainObject,
  }),
  location: z.object({ ip: z.string() }),
  maintenance: z.unknown(),
  regionRestriction: z.unknown(),
});

interface WhitelabelNode { modId: string; enabled: string; childrenNodes?: WhitelabelNode[] | null | undefined }
const whitelabelNode: z.ZodType<WhitelabelNode> = z.lazy(() =>
  z.object({ modId: z.string(), enabled: z.enum(['0', '1']), childrenNodes: z.array(whitelabelNode).nullish() }),
);

const laneCard = z.object({
  accountTypeName: z.string().min(1),
  displayName: z.string().nullish(),
  freeplay: z.unknown(),
  telGameId: id.nullish(),
  telNodeId: id.nullish(),
});
const lanesValue = z.object({
  data: z.object({
    lanes: z.array(
      z.object({
        title: z.string().min(1),
        cards: z.array(laneCard),
        // InnU: t.gameClassify.map(e => ({ ...e, vendorsMap: Object.fromEntries(e.vendors.map(…)) }))
        gameClassify: z.array(z.object({ vendors: z.array(z.string()) })),
      }),
    ),
  }),
});

const tile = z.object({
  nodeId: id,
  nodeName: z.string().nullish(),
  gameName: z.string().nullish(),
  roomId: id.nullish(),
  gameId: id,
  vassalage: z.string().min(1),
  gameType: z.string().min(1),
  supportPlay: z.number(),
});
const gameListValue = z.object({ games: z.array(tile), pageNum: z.number(), totalPages: z.number() });
const envelopeUrl = z.object({ content: z.object({ game_url: z.string().min(1) }) });
const sessionValue = z.object({
  token: z.string().min(1),
  id,
  userName: z.string().min(1),
  // oe(): type = value.customerType (§7.2)
  customerType: z.number(),
  firstTimeLogin: z.unknown(),
});

/** The game list query of the home category rows (`lILe.getQuery` + `IcYl.getGameList`'s merchant and clientType). */
function categoryQuery(gameType: string): Query {
  return {
    merchant: MERCHANT, clientType: 2, platform: 'html5', gameType, pageNo: 1, pageSize: 25, vassalage: '',
    gameClassify: '', minBet: '', minLine: '', language: 'EN', ext: 'avif',
  };
}

function gameOf(s: State) {
  return s.game ?? s.fallback.game;
}

function rememberTile(s: State, value: z.infer<typeof gameListValue>): void {
  const first = value.games[0];
  if (first && !s.game) s.game = { nodeId: first.nodeId, gameId: first.gameId, vassalage: first.vassalage, gameType: first.gameType };
}

const json = { 'Content-Type': 'application/json' };

function loginPayload(s: State, password: string, device?: string): Record<string, unknown> {
  // QxIB ce(): the form's fields, then loginDeviceId, isOfficialAppLogin and device (dropped when undefined).
  return {
    username: s.username, password, captcha: '', type: 'username', loginDeviceId: 'f1e2d3c4b5a697887766554433221100',
    isOfficialAppLogin: device !== undefined, ...(device ? { device } : {}),
  };
}

/** The journeys of platform-contract.md §7, in order. */
const rows: Row[] = [
  // ── Visitor: home and frame ────────────────────────────────────────────────────────────────────────────
  {
    journey: 'home', call: 'system status', method: 'GET', path: '/wps/v2/system/status', auth: 'never',
    query: { device: 'MOBILE', url: '127.0.0.1' }, headers: { 'cache-control': 'no-cache' },
    // QxIB ke(); tgjs getStatus/setConsSetting/setTemplate: info.customerService paths DES-decrypted,
    // mobileTemplate.mem_cen === "1", resources reduced by resourceType, location.ip.
    read: (v) => statusValue.parse(v).info.customerService.forEach((cs) => desDecryptPath(cs.path)),
  },
  {
    journey: 'home', call: 'whitelabel switches', method: 'GET', path: '/wps/system/whitelabel', auth: 'never',
    // mcMenu.whitelabelVal: the tree flattened to modId → enabled === "1"
    read: (v) => z.union([z.array(whitelabelNode), whitelabelNode]).parse(v),
  },
  {
    journey: 'home', call: 'domain route', method: 'GET', path: '/wps/system/domainRoute', auth: 'never',
    query: { device: 'MOBILE' },
    // tgjs getService: value.version.pathList, type "3" DES-decrypted (§7.4)
    read: (v) => {
      const route = z.object({ version: z.object({ pathList: z.array(z.object({ type: z.string(), path: z.string() })) }) }).parse(v);
      route.version.pathList.filter((p) => p.type === '3').forEach((p) => desDecryptPath(p.path));
    },
  },
  {
    journey: 'home', call: 'promo code enabled', method: 'GET', path: '/wps/relay/PROMOFE_getPromoCodeEnable',
    read: anything, // QxIB it(), on mount and on each token change (Q/+x layout)
  },
  {
    journey: 'home', call: 'download setting', method: 'GET', path: '/wps/relay/WPSCORE_getDownloadSetting',
    query: { domain: '127.0.0.1' },
    // QxIB Xe(); layout processDownloadSetting: const { app_desc, login_prompt_text } = value, each `?.value` through
    // F3er's language picker: a list reduced over `{ codes, text }` (codes.forEach), '' when absent or not a list.
    read: (v) => {
      const text = z.object({ value: z.array(z.object({ codes: z.array(z.string()), text: z.string() })) }).nullish();
      return z.object({ app_desc: text, login_prompt_text: text }).parse(v);
    },
  },
  {
    journey: 'home', call: 'merchant promotions', method: 'GET', path: '/wps/relay/MCSFE_getMerchantAvailablePromotions',
    auth: 'never', read: anything, // QxIB we(), Authorization: false
  },
  {
    journey: 'home', call: 'promotion categories', method: 'GET', path: '/wps/relay/PROMOFE_getPromotionAnnouncementCategory',
    read: (v) => z.array(z.unknown()).nullable().parse(v), // QxIB We(); layout: promotionCategoryData.length
  },
  {
    journey: 'home', call: 'hot matches', method: 'GET', path: '/wps/relay/GCSGAME_getGameMatchV2',
    read: (v) => z.array(z.unknown()).nullable().parse(v), // QxIB Ze(); layout: gameMatches.length
  },
  {
    journey: 'home', call: 'customer-service script', method: 'GET', path: '/wps/relay/WPSCORE_getCustomerServiceScript',
    read: anything, // QxIB qe()
  },
  { journey: 'home', call: 'jackpot', method: 'GET', path: '/wps/relay/VIS_getJackpot', read: anything }, // §7.6
  { journey: 'home', call: 'templates', method: 'GET', path: '/wps/system/templates', read: anything }, // §7.6
  { journey: 'home', call: 'location', method: 'GET', path: '/wps/system/location', read: anything }, // K/Zb list; §7.6
  {
    journey: 'home', call: 'collect (beacon)', method: 'POST', path: '/wps/system/collect', beacon: true, plain: 'text',
    body: { merchant: MERCHANT, value: 'api:status,elapsed:118' }, // QxIB Qe(): navigator.sendBeacon, text/plain
    read: anything,
  },
  {
    journey: 'home', call: 'announcements (banners, notices, popups)', method: 'GET', path: '/wps/relay/CCSFE_getListAnnouncements',
    query: { types: 'B,PL,PU', groupName: '', platform: 'M', merchantCode: MERCHANT, ext: 'avif' },
    // tgjs annount: anData(value.banners), anNotice(value.player) (t.read), popup[0].content.replace, value.hot
    read: (v) => z.object({
      banners: z.array(z.unknown()).nullish(),
      player: z.array(z.object({ id, read: z.boolean().nullish() })).nullish(),
      popup: z.array(z.object({ content: z.string() })).nullish(),
      hot: z.array(z.unknown()).nullish(),
    }).parse(v),
  },
  {
    journey: 'home', call: 'app-download announcements', method: 'GET', path: '/wps/relay/CCSFE_getListAnnouncements',
    auth: 'never', query: { types: 'PR', platform: 'M', category: 'app_download', ext: 'avif' }, read: anything, // QxIB Ce()
  },
  {
    journey: 'home', call: 'hot games', method: 'GET', path: '/wps/relay/GCSGAME_hotGamesV2',
    query: { merchantCode: MERCHANT, isPlatform: 2, language: 'EN', platform: 'html5', vassalage: '', ext: 'avif' },
    read: (v) => z.object({ list: z.array(tile) }).parse(v), // tsKX getGameHot: setGamesHot(value.list)
  },
  {
    journey: 'home', call: 'winner board', method: 'GET', path: '/wps/relay/GCSGAME_getRankList',
    query: { gameCategory: 'ALL', language: 'EN', limitNum: 20, ext: 'avif' },
    read: (v) => z.object({ list: z.array(z.object({ vo: z.object({ gameName: z.string(), customerName: z.string() }) })) }).parse(v), // tsKX getWinnerBoard
  },
  {
    journey: 'home', call: 'help centre', method: 'GET', path: '/wps/system/helpCenter', auth: 'never',
    query: { device: 'MOBILE', lang: 'EN' }, read: (v) => z.array(z.unknown()).nullable().parse(v), // tgjs setHelpCenter(value || [])
  },

  // ── Visitor: game centre, game list, search, free play ──────────────────────────────────────────────────────
  {
    journey: 'game centre', call: 'vendor lanes', method: 'GET', path: '/wps/relay/GCSGAME_newGameVendor',
    query: { platform: 'html5', ext: 'avif' },
    // QxIB ze() → InnU W(lanes): cards' accountTypeName upper-cased (RNG/PVP → TCG), gameClassify[].vendors
    read: (v, s) => {
      const lanes = lanesValue.parse(v).data.lanes;
      expect(lanes.length, 'the demo merchant has vendor lanes').toBeGreaterThan(0);
      for (const lane of lanes) {
        for (const card of lane.cards) {
          let code = card.accountTypeName.toUpperCase();
          if (code === 'RNG' || code === 'PVP') code = 'TCG';
          s.vendor ??= { code, gameType: lane.title };
          if (card.telGameId != null && card.telNodeId != null) s.trial ??= { gameId: card.telGameId, nodeId: card.telNodeId };
        }
      }
    },
  },
  {
    journey: 'game centre', call: 'vendor game types', method: 'GET', path: '/wps/relay/GCSGAME_getVassGameType', auth: 'never',
    query: { typeId: '1', merchant_code: MERCHANT }, // IcYl getVassGameType; tsKX/tgjs keep value.content (a map)
    read: (v) => z.object({ content: z.record(z.string(), z.union([z.array(z.string()), z.string()])) }).parse(v),
  },
  ...['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ELOTT'].map((gameType): Row => ({
    journey: 'game centre', call: `game list ${gameType}`, method: 'GET', path: '/wps/relay/GCSGAME_gameList', auth: 'never',
    query: categoryQuery(gameType), // lILe getQuery (ESPORTS is sent as SPORTS); tsKX setGameList / getGameItem
    read: (v, s) => rememberTile(s, gameListValue.parse(v)),
  })),
  {
    journey: 'game centre', call: 'game list of a lane vendor', method: 'GET', path: '/wps/relay/GCSGAME_gameList', auth: 'never',
    // §7.3: the card's accountTypeName is the vassalage GCSGAME_gameList accepts
    query: (s) => ({ ...categoryQuery(s.vendor?.gameType ?? 'RNG'), vassalage: s.vendor?.code ?? 'NO_LANE_VENDOR' }),
    read: (v, s) => {
      const list = gameListValue.parse(v);
      expect(list.games.length, 'games of the lane card’s vendor').toBeGreaterThan(0);
      rememberTile(s, list);
    },
  },
  {
    journey: 'game centre', call: 'search', method: 'GET', path: '/wps/relay/GCSGAME_gameList', auth: 'never',
    query: (s) => ({ ...categoryQuery(''), gameName: 'a', gameType: gameOf(s).gameType }),
    read: (v) => gameListValue.parse(v),
  },
  {
    journey: 'game centre', call: 'free-play launch of a lane card', method: 'GET', path: '/wps/relay/GCS_gameTrialLaunch', auth: 'never',
    query: (s) => ({ gameId: s.trial?.gameId ?? 'none', nodeId: s.trial?.nodeId ?? 'none', platform: 'html5' }),
    // IVtk loadGameTrial: value.content.game_url || value.content.game_url2
    read: (v) => z.object({ content: z.object({ game_url: z.string().nullish(), game_url2: z.string().nullish() })
      .refine((c) => !!(c.game_url || c.game_url2), 'no game URL') }).parse(v),
  },
  { journey: 'free play', call: 'trial user', method: 'GET', path: '/wps/member/trialuser', auth: 'never', read: (v) => z.string().min(1).parse(v) },
  {
    journey: 'free play', call: 'free-play session', method: 'POST', path: '/wps/session/login/freeplay', auth: 'never',
    headers: { ModuleId: 'FREEPLAY3', ...json },
    read: (v) => z.object({ token: z.string().min(1), userName: z.string(), customerType: z.literal(4) }).parse(v),
  },

  // ── Visitor: lottery ────────────────────────────────────────────────────────────────────────────────────
  {
    journey: 'lottery', call: 'lottery list', method: 'GET', path: '/lgw/games/mobile', plain: 'json',
    // tsKX getLottList: Object.values(data), cached as lottList; getLottType reads each game's displayName
    read: (v) => {
      const games = z.array(z.object({ displayName: z.string() })).parse(objectValues(v));
      expect(games.length, 'the demo merchant has lottery games').toBeGreaterThan(0);
    },
  },
  { journey: 'lottery', call: 'popular', method: 'GET', path: '/lgw/games/popular', plain: 'json', read: objectValues }, // tgjs homePopulor
  { journey: 'lottery', call: 'opened numeros', method: 'GET', path: '/lgw/games/opened/numero', plain: 'json', read: objectValues }, // tgjs getNumero
  { journey: 'lottery', call: 'opened numeros (lotto prefix)', method: 'GET', path: '/lotto/lgw/games/opened/numero', plain: 'json', read: objectValues },
  {
    journey: 'lottery', call: 'VN game menu', method: 'GET', path: '/lgw/vn/games/game_menu', plain: 'json',
    query: { prizeMode: 'Lott', device: 'MOBILE' }, read: objectValues, // IcYl getLottMenu
  },
  { journey: 'lottery', call: 'VN opened game', method: 'GET', path: '/lgw/vn/numeros/opened/game', plain: 'json', read: objectValues }, // IcYl getVnNumero

  // ── Register ─────────────────────────────────────────────────────────────────────────────────────────────
  { journey: 'register', call: 'registration settings', method: 'GET', path: '/wps/system/setting/register', auth: 'never',
    read: (v) => z.record(z.string(), z.object({ enabled: z.unknown(), required: z.unknown() })).parse(v) }, // tgjs registerValidate
  { journey: 'register', call: 'captcha', method: 'GET', path: '/wps/captcha', auth: 'never', read: (v) => z.string().min(20).parse(v) },
  { journey: 'register', call: 'username check', method: 'GET', path: '/wps/check/username', auth: 'never',
    query: (s) => ({ username: s.username }), read: anything },
  { journey: 'register', call: 'country', method: 'GET', path: '/wps/system/country', read: anything }, // QxIB Te()
  { journey: 'register', call: 'consolidated settings', method: 'GET', path: '/wps/system/settings/consolidated', auth: 'never', read: anything },
  {
    journey: 'register', call: 'RSA key', method: 'GET', path: '/wps/session/key/rsa', plain: 'text',
    query: () => ({ _: Date.now() }), headers: { 'Cache-Control': 'no-cache' },
    // HyKd: setMaxDigits(130); new RSAKeyPair("10001", "", modulus) — correct only up to 1024 bits (§7.1)
    read: (v, s) => {
      const hex = z.string().regex(/^[0-9a-fA-F]+$/).parse(String(v).trim());
      s.modulusHex = hex;
      expect(BigInt(`0x${hex}`).toString(2).length, 'modulus bits the client can use').toBeLessThanOrEqual(1024);
    },
  },
  {
    journey: 'register', call: 'register (username, login: true)', method: 'PUT', path: '/wps/member/register', auth: 'never',
    headers: { ModuleId: 'REG3', ...json }, encrypt: 'newer',
    // QxIB pe()/ue(): the form's fields plus registerMethod, registerUrl, loginDeviceId, isOfficialAppLogin, linkId,
    // domain, pixelTrack (null when no tracking ids); then oe() stores value.token and value.customerType.
    bodyOf: (s) => ({
      username: s.username, password: s.password, confirmPassword: s.password, captcha: TEST_ANSWER, login: true,
      registerMethod: 'H5', registerUrl: `${ORIGIN}/m/register`, loginDeviceId: 'f1e2d3c4b5a697887766554433221100',
      isOfficialAppLogin: false, linkId: 'l-5f1c2a', domain: '127.0.0.1', pixelTrack: null,
    }),
    read: (v, s) => {
      s.token = z.object({ token: z.string().min(1) }).parse(v).token;
      sessionValue.parse(v);
    },
  },

  // ── Signed in: frame, member centre, wallet, messages ──────────────────────────────────────────────────────
  { journey: 'signed in', call: 'rank progress', method: 'GET', path: '/wps/relay/MCSFE_getPlayerRankProgress', read: anything }, // Q/+x processLogin
  { journey: 'signed in', call: 'promo code enabled (token change)', method: 'GET', path: '/wps/relay/PROMOFE_getPromoCodeEnable', read: anything },
  {
    journey: 'signed in', call: 'member info', method: 'GET', path: '/wps/member/info',
    read: (v) => z.object({ id, account: z.string().nullish(), nickname: z.string().nullish() }).parse(v), // KLB8; tgjs renew → customerId
  },
  {
    journey: 'signed in', call: 'merchant wallet', method: 'GET', path: '/wps/relay/GCS_merchantWallet',
    read: (v) => z.object({ isSingle: z.boolean() }).parse(v), // §7.6
  },
  {
    journey: 'signed in', call: 'wallet', method: 'GET', path: '/wps/wallets/gcs',
    read: (v) => z.object({ sumBalance: z.union([z.number(), z.string()]), currencySymbol: z.string() }).parse(v),
  },
  {
    journey: 'signed in', call: 'wallet balance v2', method: 'GET', path: '/wps/v2/wallets/balance',
    read: (v) => z.object({
      balance: z.array(z.object({ accountTypeId: z.unknown(), availBalance: z.union([z.number(), z.string()]) })),
      currency: z.string(), currencySymbol: z.string(),
    }).parse(v),
  },
  {
    journey: 'signed in', call: 'promotion announcements v2', method: 'GET', path: '/wps/relay/PROMOFE_getPromoAnnounceV2',
    query: { types: 'PR', platform: 'M' }, read: anything, // QxIB ut()
  },
  {
    journey: 'signed in', call: 'member language', method: 'PUT', path: '/wps/member/language',
    headers: { Merchant: MERCHANT, ...json }, body: { language: 'EN' }, read: anything, // QxIB be()
  },
  {
    journey: 'signed in', call: 'inbox unread', method: 'GET', path: '/wps/relay/CSP_unreadCount',
    read: (v) => expect(Number.isFinite(+(v as number))).toBe(true), // tgjs getInboxUnreadCount: +value
  },
  {
    journey: 'signed in', call: 'chat unread', method: 'GET', path: '/wps/relay/CBS_unreadCount',
    read: (v) => z.object({ unReadCount: z.union([z.number(), z.string()]) }).parse(v), // QxIB ye(); tgjs
  },
  {
    journey: 'signed in', call: 'announcements with session', method: 'GET', path: '/wps/relay/CCSFE_getListAnnouncements',
    query: { types: 'B,PL,PU', groupName: '', platform: 'M', merchantCode: MERCHANT, ext: 'avif' },
    read: (v, s) => {
      const notices = z.object({ player: z.array(z.object({ id, read: z.boolean().nullish() })) }).parse(v).player;
      // tgjs annountMarkRead(id): the notice the player opens (the one this test published)
      s.announcementId = notices.find((notice) => notice.read === false)?.id;
      expect(s.announcementId, 'an unread notice').toBeDefined();
    },
  },
  {
    journey: 'signed in', call: 'mark announcement read', method: 'POST', path: '/wps/relay/MCSFE_markAnnouncementAsRead',
    headers: { ModuleId: 'COMM3', ...json }, bodyOf: (s) => ({ announcementId: s.announcementId ?? state.fallback.announcementId, read: true }), read: anything,
  },
  { journey: 'signed in', call: 'inbox', method: 'GET', path: '/wps/relay/CSP_getInbox', read: anything },
  {
    journey: 'signed in', call: 'chat launch', method: 'GET', path: '/wps/relay/CBS_launchChat',
    query: { b2c: 1, title: 'PlayDeck', backUrl: `${ORIGIN}/m/home`, language: 'EN' }, // QxIB ve()
    read: (v) => z.object({ chatUrl: z.string().min(1) }).parse(v), // message centre: location.href = value.chatUrl
  },
  {
    journey: 'signed in', call: 'live chat models', method: 'GET', path: '/wps/relay/CBS_modelList',
    query: { active: true, streaming: true }, read: (v) => z.array(z.unknown()).parse(v), // tgjs getModels: value.length
  },
  { journey: 'signed in', call: 'contract requests', method: 'GET', path: '/wps/member/info/funds/consolidated', read: (v) => plainObject.parse(v) },
  { journey: 'signed in', call: 'help centre', method: 'GET', path: '/wps/system/helpCenter', auth: 'never',
    query: { device: 'MOBILE', lang: 'EN' }, read: (v) => z.array(z.unknown()).nullable().parse(v) },

  // ── Signed in: favourites, launch, recent, lottery lobby ─────────────────────────────────────────────────────
  {
    journey: 'games', call: 'favourite ids', method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGames',
    query: { pageNo: 1, pageSize: 100 }, read: (v) => z.array(id).parse(v), // tsKX getFavGames; compared as strings
  },
  {
    journey: 'games', call: 'add favourite', method: 'POST', path: '/wps/relay/MCSFE_addFavoriteGameV2', headers: { ModuleId: 'GAMELOFAV3', ...json },
    bodyOf: (s) => ({ nodeId: gameOf(s).nodeId, vendor: gameOf(s).vassalage, gameType: gameOf(s).gameType }), read: anything,
  },
  {
    journey: 'games', call: 'favourite list', method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGamesList',
    // IcYl getFavGameList sends token=…, which uJlv strips from the URL
    query: (s) => ({ pageNo: 1, pageSize: 25, gameType: gameOf(s).gameType, language: 'EN', ext: 'avif' }),
    read: (v, s) => {
      const list = z.object({ content: z.array(z.object({ nodeId: id })), pageNum: z.number(), totalPages: z.number() }).parse(v);
      expect(list.content.map((g) => String(g.nodeId))).toContain(String(gameOf(s).nodeId));
    },
  },
  {
    journey: 'games', call: 'remove favourite', method: 'DELETE', path: '/wps/relay/MCSFE_removeFavoriteGameV2', headers: { ModuleId: 'GAMELOFAV3', ...json },
    bodyOf: (s) => ({ nodeId: gameOf(s).nodeId, vendor: gameOf(s).vassalage, gameType: gameOf(s).gameType }), read: anything,
  },
  {
    journey: 'games', call: 'launch', method: 'GET', path: '/wps/game/launchGame',
    query: (s) => ({
      confirmTrans: 0, launchMode: 'GLS', platform: 'html5', clientType: '2', gameId: gameOf(s).gameId, nodeId: gameOf(s).nodeId,
      accountType: 1, vassalage: gameOf(s).vassalage, merchantCode: MERCHANT, language: 'EN', webView: false,
    }),
    read: (v) => envelopeUrl.parse(v), // QxIB je(); IVtk fetchMemberGameUrl: value.content.game_url
  },
  {
    journey: 'games', call: 'add recent game', method: 'GET', path: '/wps/relay/MCS2_addRecentGame',
    query: (s) => ({ nodeId: gameOf(s).nodeId }), read: anything, // IcYl addRecentGame
  },
  {
    journey: 'games', call: 'recent games', method: 'GET', path: '/wps/relay/GCS_recentGame',
    query: (s) => ({ gameType: gameOf(s).gameType, pageNo: 1, pageSize: 25, language: 'EN', ext: 'avif' }),
    // tsKX setRecentGameList(value); recentGameItem: RecentGameList.map(…) — a list of tiles
    read: (v) => z.array(tile.pick({ nodeId: true, vassalage: true, supportPlay: true })).parse(v),
  },
  {
    journey: 'games', call: 'VN lottery lobby launch', method: 'GET', path: '/wps/game/launchGame',
    // QxIB Oe(): lobby view carries no lottoGameCode and no nodeId (§7.5)
    query: { lottoArea: 'VN', launchMode: 'LOTT', lottoPrizeMode: 'Lott', lottoView: 'lobby', device: 'MOBILE',
      backUrl: `${ORIGIN}/m/lottery`, hasLobby: true, language: 'EN', title: 'PlayDeck' },
    read: (v) => envelopeUrl.parse(v),
  },
  {
    journey: 'games', call: 'SEA lottery lobby launch', method: 'GET', path: '/wps/game/launchGame',
    query: { lottoMode: 'SEA_Tradition_Mobile', launchMode: 'LOTT', lottoView: 'lobby', device: 'MOBILE',
      backUrl: `${ORIGIN}/m/lottery`, hasLobby: true, language: 'EN', title: 'PlayDeck' }, // QxIB Se()
    read: (v) => envelopeUrl.parse(v),
  },

  // ── Change password, log out, log in ───────────────────────────────────────────────────────────────────────
  {
    journey: 'password', call: 'change password', method: 'POST', path: '/wps/member/password', headers: { ModuleId: 'PASS3', ...json },
    encrypt: 'newer', bodyOf: (s) => ({ oldPassword: s.password, newPassword: s.newPassword, confirmNewPassword: s.newPassword }),
    read: anything, // success → in_chang_saved
  },
  { journey: 'password', call: 'logout', method: 'DELETE', path: '/wps/session/logout', headers: { ModuleId: 'COMM3', ...json },
    read: (_v, s) => { delete s.token; } },
  {
    journey: 'login', call: 'RSA key', method: 'GET', path: '/wps/session/key/rsa', plain: 'text', auth: 'never',
    query: () => ({ _: Date.now() }), headers: { 'Cache-Control': 'no-cache' },
    read: (v, s) => { s.modulusHex = String(v).trim(); },
  },
  {
    journey: 'login', call: 'login (new password)', method: 'POST', path: '/wps/session/login', auth: 'never', headers: json, encrypt: 'newer',
    bodyOf: (s) => loginPayload(s, s.newPassword), // QxIB ce(); no Device header on a plain mobile browser
    read: (v, s) => {
      s.token = z.object({ token: z.string().min(1) }).parse(v).token;
      sessionValue.parse(v);
    },
  },
  { journey: 'login', call: 'rank progress after login', method: 'GET', path: '/wps/relay/MCSFE_getPlayerRankProgress', read: anything },
  {
    journey: 'login', call: 'change password back (older form)', method: 'POST', path: '/wps/member/password', headers: { ModuleId: 'PASS3', ...json },
    encrypt: 'older', bodyOf: (s) => ({ oldPassword: s.newPassword, newPassword: s.password, confirmNewPassword: s.password }),
    read: anything, // uJlv post with encrypt: the raw DES base64 as the body, Encryption only
  },
  { journey: 'login', call: 'logout', method: 'DELETE', path: '/wps/session/logout', headers: { ModuleId: 'COMM3', ...json },
    read: (_v, s) => { delete s.token; } },
  {
    journey: 'login', call: 'login from the home-screen app (Device: PWA)', method: 'POST', path: '/wps/session/login', auth: 'never',
    headers: { ...json, Device: 'PWA' }, encrypt: 'newer', bodyOf: (s) => loginPayload(s, s.password, 'PWA'),
    read: (v, s) => {
      s.token = z.object({ token: z.string().min(1) }).parse(v).token;
      sessionValue.parse(v);
    },
  },
  { journey: 'login', call: 'member info', method: 'GET', path: '/wps/member/info', read: (v) => z.object({ id }).parse(v) },
  { journey: 'login', call: 'logout', method: 'DELETE', path: '/wps/session/logout', headers: { ModuleId: 'COMM3', ...json }, read: anything },
];

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.append(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Sends one row as the client's transport would and returns the status and the parsed answer. */
async function send(row: Row, s: State): Promise<{ status: number; text: string; answer: unknown }> {
  const query = typeof row.query === 'function' ? row.query(s) : row.query;
  const payload = row.bodyOf ? row.bodyOf(s) : row.body;
  const headers: Record<string, string> = row.beacon
    ? { 'Content-Type': 'text/plain;charset=UTF-8' }
    : { 'X-Real-UA': btoa(USER_AGENT), Merchant: MERCHANT, Language: 'EN', ...row.headers };
  // Signed-in rows after a failed registration or login use a member made in the database (see the top comment).
  const signedIn = ['signed in', 'games', 'password', 'login'].includes(row.journey);
  const fallback = row.path === '/wps/session/logout' ? (await createMember()).token : s.fallback.token;
  const token = s.token ?? (signedIn ? fallback : undefined);
  if (!row.beacon && row.auth !== 'never' && token) headers.Authorization = token;
  headers['CF-Connecting-IP'] = IP;
  let body: string | undefined;
  if (row.encrypt) {
    if (!s.modulusHex) throw new Error('no RSA key was read before this encrypted call');
    const sealed = clientEncrypt(payload, s.modulusHex);
    if (row.encrypt === 'newer') {
      Object.assign(headers, sealed.headers);
      body = sealed.body;
    } else {
      headers.Encryption = sealed.headers.Encryption ?? '';
      body = (JSON.parse(sealed.body) as { value: string }).value;
    }
  } else if (payload !== undefined) {
    body = JSON.stringify(payload);
  } else if (row.method === 'DELETE') {
    body = '';
  }
  const response = await app.request(`${ORIGIN}${row.path}${queryString(query)}`, { method: row.method, headers, body }, {
    ...env, TEST_CAPTCHA_ANSWER: TEST_ANSWER,
  });
  const text = await response.text();
  let answer: unknown = text;
  if (row.plain !== 'text') {
    try {
      answer = JSON.parse(text);
    } catch {
      answer = undefined;
    }
  }
  return { status: response.status, text, answer };
}

const state: State = {
  username: uniqueUsername('cr'),
  password: 'secret123',
  newPassword: 'secret456',
  fallback: { token: '', announcementId: 0, game: { nodeId: 0, gameId: '', vassalage: '', gameType: '' } },
};

beforeAll(async () => {
  await ensureAccountSettings();
  // The operator has published a notice and a popup (the demo seed has no announcements).
  const notice = uniqueSlug('replay-notice');
  await importContent(MERCHANT, { announcements: [
    { slug: notice, type: 'PL', title: 'Maintenance tonight', startDate: Date.now() - 60_000 },
    { slug: uniqueSlug('replay-popup'), type: 'PU', title: 'Welcome', startDate: Date.now() - 60_000 },
  ] });
  const [member, game, announcementId] = await Promise.all([
    createMember({ balanceMinor: 100_000 }), pickGame(`game_type = 'RNG'`), idOf(notice),
  ]);
  state.fallback = {
    token: member.token, announcementId,
    game: { nodeId: game.node_id, gameId: game.game_id, vassalage: game.vassalage, gameType: game.game_type },
  };
});

describe('the platform’s mobile client, replayed against the built-in API (platform-contract.md §7)', () => {
  it.each(rows.map((row, index) => ({ ...row, n: String(index + 1).padStart(2, '0') })))(
    '$n $journey: $call — $method $path',
    async (row) => {
      const { status, text, answer } = await send(row, state);
      expect(status, `${row.method} ${row.path} answered ${status}: ${text.slice(0, 300)}`).toBeLessThan(300);
      if (row.plain) {
        row.read(answer, state);
        return;
      }
      const envelope = z.object({ success: z.literal(true), value: z.unknown() }).safeParse(answer);
      expect(envelope.success, `not a success envelope: ${text.slice(0, 300)}`).toBe(true);
      if (envelope.success) row.read(envelope.data.value, state);
    },
  );
});
