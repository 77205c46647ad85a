/**
 * The platform stand-in: a fetch-style handler (Request → Response) that behaves as platform-contract.md says
 * and nothing more, for tests of PlayDeck's upstream mode. `server.ts` serves it with Node; worker tests inject
 * `standin.fetch` as the upstream fetch. It:
 * - refuses `Authorization: Bearer …` (401 `user.or.token.invalid`): the platform takes the bare token (§1.2);
 * - requires exactly one `Merchant` header (400 `function.not.available` when missing or duplicated, (2nd));
 * - reads ONLY the legacy encryption on the encrypted calls (§1.6.5, contract/legacy.ts), with its RSA key
 *   published at GET /wps/session/key/rsa as bare hex; anything else there → 400 `request_param_err`
 *   "Cannot decrypt the request body";
 * - answers the envelope `{ success, value, message, errorCode }` on /wps, plain JSON on /lgw, money in
 *   decimal currency units, DES-encrypted customer-service paths in its status and domain-route answers;
 * - keeps accounts, sessions, favourites and wallets in memory (shapes: ./shapes.ts);
 * - honours `Idempotency-Key` on calls that change state (POST, PUT, PATCH, DELETE), as a platform that offers it
 *   would (the contract is silent; PlayDeck's browser sends one key per player action and the worker forwards it,
 *   docs/upstream-mode.md): a second call with the same key, method, path, session and Merchant (whatever its body)
 *   gets the first call's answer again and changes nothing (an answer of 5xx is not kept: the call may be sent again). `counts`
 *   records per `METHOD /path` how many such calls came (`calls`) and how many ran (`applied`), for the tests.
 * The captcha answer is `options.captchaAnswer` (server.ts: env STANDIN_CAPTCHA_ANSWER, default 7364); no
 * request can read it. A login failure makes the captcha required for that user name from then on.
 */
import { isLegacyEncryptedCall, LEGACY_RSA_KEY_PATH } from '../../contract/legacy.ts';
import { minorToWire, wireToMinor } from '../../contract/money.ts';
import {
  LegacyCryptoError, decryptLegacyPayload, encryptServicePath, isLegacyEncryptionHeader, modulusHex, rsaKeyPairOfJwk,
  type LegacyRsaPrivateKey, type LegacyRsaPublicKey,
} from '../../worker/services/crypto/legacy-crypto.ts';
import {
  CAPTCHA_PNG_BASE64, CATALOGUE, CODES, DEFAULT_CAPTCHA_ANSWER, consolidatedSettings, SEEDED_PLAYER, SERVICE_LINKS, announcements,
  domainRoute, gameTile, LOTTERY, lotteryMenu, memberInfo, mobileLotteryGames, openNumeros, registerRules, sessionValue, systemStatus,
  vendorGameTypes, vendorLanes, wallet,
  whitelabelTree, winnerBoard, STANDIN_BANNER, WELCOME_BALANCE_MINOR, type StandinPlayer,
} from './shapes.ts';

/** Stand-in settings. */
export interface StandinOptions {
  captchaAnswer?: string | undefined;
  /** RSA modulus size (default 1024: fast to generate, the scheme is weak anyway). */
  rsaBits?: number;
}

/** What a handler gets. */
interface Ctx {
  request: Request;
  url: URL;
  merchant: string;
  /** The decrypted body of an encrypted call, or the JSON body of another call. */
  body: Record<string, unknown>;
  origin: string;
}

/** An answer or a thrown failure. */
class Failure extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly value: unknown;
  constructor(status: number, errorCode: string, message: string, value: unknown = null) {
    super(message);
    this.status = status;
    this.errorCode = errorCode;
    this.value = value;
  }
}

const envelope = (value: unknown, status = 200) => Response.json({ success: true, value, message: '', errorCode: '' }, { status });
const failure = (f: Failure, gateway: boolean) =>
  gateway
    ? Response.json({ errorCode: f.errorCode }, { status: f.status })
    : Response.json({ success: false, value: f.value, message: f.message, errorCode: f.errorCode }, { status: f.status });

/** Builds a stand-in with fresh in-memory state. */
export async function createStandin(options: StandinOptions = {}) {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: options.rsaBits ?? 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  )) as CryptoKeyPair;
  const rsa: { publicKey: LegacyRsaPublicKey; privateKey: LegacyRsaPrivateKey } = rsaKeyPairOfJwk(
    (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey,
  );
  const captchaAnswer = options.captchaAnswer ?? DEFAULT_CAPTCHA_ANSWER;
  const players = new Map<string, StandinPlayer>();
  const sessions = new Map<string, string>();
  const failedLogins = new Map<string, number>();
  let nextId = 1;
  const addPlayer = (username: string, password: string, nickname = username, balanceMinor = 0) => {
    const player: StandinPlayer = { id: nextId++, username, password, nickname, balanceMinor, favourites: [], firstTimeLogin: true };
    players.set(username.toLowerCase(), player);
    return player;
  };
  addPlayer(SEEDED_PLAYER.username, SEEDED_PLAYER.password, SEEDED_PLAYER.nickname, SEEDED_PLAYER.balanceMinor);
  const seen: Request[] = [];
  /** Answers of state-changing calls by idempotency scope (see the module docstring). */
  const idempotent = new Map<string, { status: number; contentType: string; body: string }>();
  /** Per `METHOD /path` of a state-changing call: calls received and calls that ran (not replays). */
  const counts = new Map<string, { calls: number; applied: number }>();

  const openSession = (player: StandinPlayer, merchant: string) => {
    const token = `sti${crypto.randomUUID().replace(/-/g, '')}`;
    sessions.set(token, player.username.toLowerCase());
    return sessionValue(player, token, merchant);
  };

  const member = (ctx: Ctx): StandinPlayer => {
    const token = ctx.request.headers.get('Authorization');
    if (!token) throw new Failure(401, CODES.notLoggedIn, 'Please log in');
    const player = players.get(sessions.get(token) ?? '');
    if (!player) throw new Failure(401, CODES.tokenInvalid, 'Session expired');
    return player;
  };

  const findGame = (nodeId: unknown) => {
    const game = CATALOGUE.find((g) => g.nodeId === Number(nodeId));
    if (!game) throw new Failure(400, CODES.gameNotFound, 'No such game');
    return game;
  };

  /** A positive decimal amount (number or numeric string, currency units) in minor units, else 400 request_param_err. */
  const amountMinor = (value: unknown): number => {
    try {
      const minor = typeof value === 'number' || typeof value === 'string' ? wireToMinor(value) : 0;
      if (minor > 0) return minor;
    } catch {
      // falls through to the refusal
    }
    throw new Failure(400, CODES.badParam, 'Invalid amount');
  };

  const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

  const checkCaptcha = (username: string, captcha: unknown) => {
    if ((failedLogins.get(username) ?? 0) < 1) return;
    const answer = str(captcha).trim();
    if (!answer) throw new Failure(400, CODES.captchaRequired, 'A captcha is required', { captcha: true });
    if (answer !== captchaAnswer) throw new Failure(400, CODES.captchaInvalid, 'Wrong captcha', { captcha: true });
  };

  const routes: Record<string, (ctx: Ctx) => unknown> = {
    [`GET ${LEGACY_RSA_KEY_PATH}`]: () => new Response(modulusHex(rsa.publicKey.n), { headers: { 'Content-Type': 'text/plain' } }),
    'GET /wps/v2/system/status': (ctx) => status(ctx),
    'GET /wps/system/status': (ctx) => status(ctx),
    'GET /wps/system/whitelabel': () => whitelabelTree(),
    'GET /wps/system/domainRoute': (ctx) => domainRoute(encryptServicePath(SERVICE_LINKS.CS, 'Dr0uTe3k'), ctx.url.hostname),
    'GET /wps/system/setting/register': () => registerRules(),
    'GET /wps/system/settings/consolidated': (ctx) => consolidatedSettings(ctx.merchant),
    'GET /wps/captcha': () => CAPTCHA_PNG_BASE64,
    'GET /wps/relay/GCSGAME_getVassGameType': () => vendorGameTypes(),
    'GET /wps/relay/GCSGAME_newGameVendor': (ctx) => vendorLanes(ctx.origin),
    'GET /wps/relay/GCSGAME_gameList': (ctx) => gameList(ctx),
    'GET /wps/relay/GCSGAME_hotGamesV2': (ctx) => ({ list: CATALOGUE.filter((g) => g.hot).map((g) => gameTile(g, ctx.origin)) }),
    'GET /wps/relay/GCSGAME_getRankList': () => winnerBoard(),
    'GET /wps/relay/MCSFE_getListAnnouncements': (ctx) => announcements(ctx.origin, ctx.url.searchParams.get('types') ?? 'B,PL,PU'),
    'GET /wps/relay/CCSFE_getListAnnouncements': (ctx) => announcements(ctx.origin, ctx.url.searchParams.get('types') ?? 'B,PL,PU'),
    'GET /wps/relay/MCSFE_getFavoriteGamesList': (ctx) => {
      const player = member(ctx);
      const content = player.favourites.map((id) => gameTile(findGame(id), ctx.origin));
      return { content, pageNum: 1, totalPages: content.length ? 1 : 0 };
    },
    'GET /wps/relay/MCSFE_getFavoriteGames': (ctx) => member(ctx).favourites.map(String),
    'POST /wps/relay/MCSFE_addFavoriteGameV2': (ctx) => {
      const player = member(ctx);
      const game = findGame(ctx.body.nodeId);
      if (!player.favourites.includes(game.nodeId)) player.favourites.unshift(game.nodeId);
      return null;
    },
    'DELETE /wps/relay/MCSFE_removeFavoriteGameV2': (ctx) => {
      const player = member(ctx);
      player.favourites = player.favourites.filter((id) => id !== Number(ctx.body.nodeId));
      return null;
    },
    'GET /wps/game/launchGame': (ctx) => {
      const player = member(ctx);
      if (!ctx.url.searchParams.get('launchMode')) throw new Failure(500, '', '#727 system busy');
      const game = findGame(ctx.url.searchParams.get('nodeId'));
      return { content: { game_url: `${ctx.origin}/standin/game/${game.nodeId}?player=${encodeURIComponent(player.username)}` } };
    },
    'GET /wps/relay/GCS_gameTrialLaunch': (ctx) => {
      const game = findGame(ctx.url.searchParams.get('nodeId'));
      if (game.supportPlay !== 0) throw new Failure(400, CODES.notAvailable, 'No free play for this game');
      return { content: { game_url: `${ctx.origin}/standin/game/${game.nodeId}?trial=1` } };
    },
    'GET /wps/wallets/gcs': (ctx) => wallet(member(ctx)),
    'GET /wps/v2/wallets/balance': (ctx) => wallet(member(ctx)),
    'GET /wps/member/info': (ctx) => memberInfo(member(ctx)),
    'DELETE /wps/session/logout': (ctx) => {
      member(ctx);
      sessions.delete(ctx.request.headers.get('Authorization') ?? '');
      return null;
    },
    'POST /wps/session/login': (ctx) => {
      const username = str(ctx.body.username).trim().toLowerCase();
      checkCaptcha(username, ctx.body.captcha);
      const player = players.get(username);
      if (!player || player.password !== str(ctx.body.password)) {
        failedLogins.set(username, (failedLogins.get(username) ?? 0) + 1);
        throw new Failure(401, player ? CODES.credentials : CODES.noUser, 'Wrong user name or password', { captcha: true });
      }
      failedLogins.delete(username);
      const session = openSession(player, ctx.merchant);
      player.firstTimeLogin = false;
      return session;
    },
    'PUT /wps/member/register': (ctx) => register(ctx),
    'PUT /wps/member/register/mobile': (ctx) => register(ctx),
    'POST /wps/member/password': (ctx) => {
      const player = member(ctx);
      const { oldPassword, newPassword, confirmNewPassword } = ctx.body;
      if (str(newPassword).length < 6 || newPassword !== confirmNewPassword) throw new Failure(400, CODES.badParam, 'Invalid new password');
      if (str(oldPassword) !== player.password) throw new Failure(400, CODES.wrongPassword, 'Wrong password');
      if (oldPassword === newPassword) throw new Failure(400, CODES.samePassword, 'Same password');
      player.password = str(newPassword);
      return null;
    },
    // §5 deposits (module DPSTBAS3, JSON `amount` in currency units): the stand-in credits at once and answers the
    // provider's page; the edge counts them against deposit limits (docs/player-protection.md "Upstream mode").
    'POST /wps/relay/MCSFE_depositByLaunchUrl': (ctx) => {
      const player = member(ctx);
      const minor = amountMinor(ctx.body.amount);
      player.balanceMinor += minor;
      return { redirectUrl: `${ctx.origin}/standin/pay?amount=${minorToWire(minor)}` };
    },
    // §4 lottery betting: `betCartAmountSum` is the order's stake, debited from the wallet; errors are `{ errorCode }`.
    'POST /lgw/orders/betting': (ctx) => {
      const player = member(ctx);
      const minor = amountMinor(ctx.body.betCartAmountSum);
      if (minor > player.balanceMinor) throw new Failure(500, 'insufficient_balance', 'Not enough balance');
      player.balanceMinor -= minor;
      return { orderNumber: `SO${Date.now()}`, betCartAmountSum: minorToWire(minor) };
    },
    'GET /lgw/games': () => new Response('[]', { headers: { 'Content-Type': 'application/json' } }),
    // The mobile client's lottery calls (§7.5): plain objects keyed by game.
    'GET /lgw/games/mobile': () => mobileLotteryGames(),
    'GET /lgw/games/popular': () => mobileLotteryGames(),
    'GET /lgw/games/opened/numero': () => openNumeros(Date.now()),
    'GET /lotto/lgw/games/opened/numero': () => openNumeros(Date.now()),
    'GET /lgw/vn/games/game_menu': (ctx) => lotteryMenu(ctx.url.searchParams.get('prizeMode')),
    'GET /lgw/vn/numeros/opened/game': () => openNumeros(Date.now()),
  };

  function status(ctx: Ctx) {
    const customerService = Object.entries(SERVICE_LINKS).map(([csType, path], i) => ({ csType, path: encryptServicePath(path, `Cs${i}key00`) }));
    const ip = (ctx.request.headers.get('X-Forwarded-For') ?? '127.0.0.1').split(',').pop()?.trim() ?? '127.0.0.1';
    return systemStatus(customerService, domainRoute(encryptServicePath(SERVICE_LINKS.CS, 'Dr0uTe3k'), ctx.url.hostname), ip, ctx.url.hostname);
  }

  function gameList(ctx: Ctx) {
    const q = ctx.url.searchParams;
    const name = (q.get('gameName') ?? '').trim().toLowerCase();
    const type = (q.get('gameType') ?? '').toUpperCase();
    const vendors = (q.get('vassalage') ?? '').split(',').map((v) => v.trim().toUpperCase()).filter(Boolean);
    const pageNo = Math.max(1, Number(q.get('pageNo') ?? 1) || 1);
    const pageSize = Math.min(100, Math.max(1, Number(q.get('pageSize') ?? 20) || 20));
    const games = CATALOGUE.filter((g) =>
      (!name || g.gameName.toLowerCase().includes(name))
      && (!type || type === 'ALL' || g.gameType === type || (type === 'HOT' && g.hot))
      && (vendors.length === 0 || vendors.includes(g.vassalage)));
    return {
      games: games.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((g) => gameTile(g, ctx.origin)),
      pageNum: pageNo,
      totalPages: Math.ceil(games.length / pageSize),
      total: games.length,
    };
  }

  function register(ctx: Ctx) {
    const username = str(ctx.body.username).trim();
    const password = str(ctx.body.password);
    if (!/^[A-Za-z0-9]{4,16}$/.test(username) || password.length < 6 || password !== ctx.body.confirmPassword) {
      throw new Failure(400, CODES.badParam, 'Invalid registration');
    }
    if (str(ctx.body.captcha) !== captchaAnswer) throw new Failure(400, CODES.captchaInvalid, 'Wrong captcha');
    if (players.has(username.toLowerCase())) throw new Failure(409, CODES.usernameTaken, 'User name taken');
    const player = addPlayer(username, password, username, WELCOME_BALANCE_MINOR);
    return ctx.body.login === true ? openSession(player, ctx.merchant) : null;
  }

  /** Game pages, icons and banner artwork the stand-in serves itself (no Merchant needed: the browser opens them directly). */
  function own(url: URL): Response | null {
    const game = /^\/standin\/game\/(\d+)$/.exec(url.pathname);
    if (game) {
      const found = CATALOGUE.find((g) => g.nodeId === Number(game[1]));
      if (!found) return new Response('no such game', { status: 404 });
      return new Response(`<!doctype html><html><head><title>${found.gameName}</title></head><body><h1 data-standin-game="${found.nodeId}">${found.gameName}</h1></body></html>`, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    }
    // The platform's own lottery page (§4 /m/lotto-h5/<mui>/<playType>/games/<gameId>?token&merchant&css&prize_mode).
    const lotto = /^\/m\/lotto-h5\/([^/]+)\/(trad|ent)\/games\/([^/]+)$/.exec(url.pathname);
    if (lotto) {
      const found = LOTTERY.find((g) => g.gameId === decodeURIComponent(lotto[3]!));
      if (!found) return new Response('no such lottery game', { status: 404 });
      const q = (name: string) => (url.searchParams.get(name) ?? '').replace(/[^\w.-]/g, '');
      const attrs = `data-standin-lotto="${found.gameId}" data-play-type="${lotto[2]}" data-merchant="${q('merchant')}" data-prize-mode="${q('prize_mode')}" data-css="${q('css')}" data-has-token="${q('token') ? 'yes' : 'no'}"`;
      return new Response(`<!doctype html><html><head><title>${found.displayName}</title></head><body><h1 ${attrs}>${found.displayName}</h1></body></html>`, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    }
    if (url.pathname === STANDIN_BANNER.image) {
      return new Response('<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300"><rect width="750" height="300" fill="#b84"/></svg>', { headers: { 'Content-Type': 'image/svg+xml' } });
    }
    if (/^\/standin\/icon\/[\w-]+\.svg$/.test(url.pathname)) {
      return new Response('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#345"/></svg>', { headers: { 'Content-Type': 'image/svg+xml' } });
    }
    return null;
  }

  async function readBody(request: Request, encrypted: boolean): Promise<Record<string, unknown>> {
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    if (encrypted) {
      const encryption = request.headers.get('Encryption');
      if (!isLegacyEncryptionHeader(encryption)) throw new Failure(400, CODES.badParam, 'Cannot decrypt the request body');
      try {
        const inner = decryptLegacyPayload({ encryption: encryption ?? '', digest: request.headers.get('X-Digest'), body: text }, rsa.privateKey);
        if (!inner || typeof inner !== 'object') throw new LegacyCryptoError('not an object');
        return inner as Record<string, unknown>;
      } catch (error) {
        if (error instanceof LegacyCryptoError) throw new Failure(400, CODES.badParam, 'Cannot decrypt the request body');
        throw error;
      }
    }
    if (!text.trim()) return {};
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      throw new Failure(400, CODES.badParam, 'Malformed JSON');
    }
  }

  async function handle(request: Request): Promise<Response> {
    seen.push(request.clone() as Request);
    const url = new URL(request.url);
    const mine = own(url);
    if (mine) return mine;
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return answer(request, url);
    const name = `${request.method} ${url.pathname}`;
    const count = counts.get(name) ?? { calls: 0, applied: 0 };
    counts.set(name, count);
    count.calls += 1;
    const key = (request.headers.get('Idempotency-Key') ?? '').trim();
    const scope = key && [key, name, request.headers.get('Merchant') ?? '', request.headers.get('Authorization') ?? ''].join('\n');
    const kept = scope ? idempotent.get(scope) : undefined;
    if (kept) return new Response(kept.body, { status: kept.status, headers: { 'Content-Type': kept.contentType } });
    count.applied += 1;
    const result = await answer(request, url);
    if (scope && result.status < 500) {
      const body = await result.text();
      const contentType = result.headers.get('Content-Type') ?? 'application/json';
      idempotent.set(scope, { status: result.status, contentType, body });
      return new Response(body, { status: result.status, headers: { 'Content-Type': contentType } });
    }
    return result;
  }

  /** The stand-in's answer to a platform call (envelope on /wps, plain JSON on /lgw; failures as the contract's). */
  async function answer(request: Request, url: URL): Promise<Response> {
    const gateway = url.pathname.startsWith('/lgw/') || url.pathname.startsWith('/lotto/lgw/');
    try {
      const merchant = request.headers.get('Merchant') ?? '';
      if (!merchant.trim() || merchant.includes(',')) throw new Failure(400, CODES.notAvailable, 'Exactly one Merchant header is required');
      if (/^Bearer\s/i.test(request.headers.get('Authorization') ?? '')) throw new Failure(401, CODES.tokenInvalid, 'Bad token');
      const route = routes[`${request.method} ${url.pathname}`];
      if (!route) throw new Failure(404, CODES.notAvailable, 'No such call');
      const body = await readBody(request, isLegacyEncryptedCall(request.method, url.pathname));
      const result = route({ request, url, merchant: merchant.trim(), body, origin: url.origin });
      if (result instanceof Response) return result;
      return gateway ? Response.json(result) : envelope(result);
    } catch (error) {
      if (error instanceof Failure) return failure(error, gateway);
      console.error('stand-in failure', error);
      return failure(new Failure(500, '', '#727 system busy'), gateway);
    }
  }

  return {
    fetch: handle,
    /** Requests received, newest last (tests read headers and bodies). */
    seen,
    /** Per `METHOD /path` of a state-changing call: calls received and calls that ran (replays of a key do not). */
    counts,
    publicKey: rsa.publicKey,
    privateKey: rsa.privateKey,
    captchaAnswer,
    players,
  };
}

/** A running stand-in (createStandin's result). */
export type Standin = Awaited<ReturnType<typeof createStandin>>;
