import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStandin, type Standin } from '../../platform-standin/app';
import { SEEDED_PLAYER } from '../../platform-standin/shapes';
import { decryptServicePath, encryptLegacyPayload, parseModulusHex } from '../../../worker/services/crypto/legacy-crypto';

/**
 * The platform stand-in (tests/platform-standin) answers every call it serves in the shape platform-contract.md
 * gives in its "Read" column (§2, §3, §1.6, §7), NOT in the shape PlayDeck's own schemas (src/contract) chose: the
 * shapes below are written from the document, one row per call, with the document's words quoted. Where the
 * document says "not found" the row says so and checks the platform-style shape the stand-in chose (noted in
 * tests/platform-standin/shapes.ts). The lottery gateway's rows (§4, §7.5) read plain JSON, as the gateway answers.
 */

let standin: Standin;
let token = '';
const BASE = 'http://standin.test';

interface Answer {
  status: number;
  text: string;
  json: unknown;
}

async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  headers.set('Merchant', 'DEMO');
  const answer = await standin.fetch(new Request(`${BASE}${path}`, { ...init, headers }));
  const text = await answer.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a text answer (the RSA key)
  }
  return { status: answer.status, text, json };
}

/** An encrypted call as the platform's newer client sends it (§1.6), with the key fetched first. */
async function legacy(path: string, method: string, payload: unknown, auth?: string): Promise<Answer> {
  const key = await call(`/wps/session/key/rsa?_=${Date.now()}`);
  const sent = encryptLegacyPayload(payload, { n: parseModulusHex(key.text), e: 65537n });
  return call(path, { method, body: sent.body, headers: { ...sent.headers, ...(auth ? { Authorization: auth } : {}) } });
}

const member = (path: string, init: RequestInit = {}) => call(path, { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: token } });
const json = { 'Content-Type': 'application/json' };

// Shapes written from the document.
/** §1.5: `{ "success": boolean, "value": any, "message": string, "errorCode": string }`. */
const envelope = z.object({ success: z.literal(true), value: z.unknown(), message: z.string(), errorCode: z.string() });
/** §2 "a platform on/off flag": the STRINGS "1"/"0" (mobileTemplate, whitelabel `enabled`). */
const flag = z.enum(['1', '0']);
interface Node { modId: string; enabled: '1' | '0'; childrenNodes: Node[] }
/** §2 whitelabel: "a tree of `{ modId, enabled: "1"/"0", childrenNodes[] }`". */
const tree: z.ZodType<Node[]> = z.array(z.lazy(() => z.object({ modId: z.string(), enabled: flag, childrenNodes: tree })));
/** §2 customer-service link: "`value.version.pathList[{ type, path }]` … `value.domainList[{ domainName }]`". */
const domainRoute = z.object({
  version: z.object({ pathList: z.array(z.object({ type: z.string(), path: z.string() })) }),
  domainList: z.array(z.object({ domainName: z.string() })),
});
/** §3 registration settings: "map field → `{ enabled, required, acceptedPattern ("*" = any), patternId, minLength, maxLength, type }`". */
const registerRules = z.record(z.string(), z.object({
  enabled: z.boolean(), required: z.boolean(), acceptedPattern: z.string(), patternId: z.union([z.string(), z.number()]),
  minLength: z.number(), maxLength: z.number(), type: z.string(),
}));
/** §2 mobileTemplate: "`{ mem_cen: "1", dep_func: "1" }` (strings)". */
const mobileTemplate = z.object({ mem_cen: flag, dep_func: flag });
/** §2 system status, the whole "Read" cell. */
const status = z.object({
  info: z.object({
    customerService: z.array(z.object({ csType: z.string(), path: z.string() })),
    domainRoute,
    mobileTemplate,
    paths: z.record(z.string(), z.unknown()),
    register: registerRules,
    resources: z.array(z.object({ resourceType: z.string(), url: z.string(), labelNameEn: z.string() })),
    whitelabel: tree,
    mainDomain: z.string(),
    imageCDNs: z.array(z.string()),
    launchGameCDNs: z.array(z.string()),
    analytics: z.unknown(),
  }),
  location: z.object({ ip: z.string() }),
  maintenance: z.unknown(),
  regionRestriction: z.unknown(),
});
/** §2 game list tile fields: "`nodeId, nodeName, gameName, displayName, vassalage, roomId, gameId, gameType, supportPlay, gameClassifyNew, showIcon`". */
const tile = z.object({
  nodeId: z.union([z.number(), z.string()]), nodeName: z.string(), gameName: z.string(), displayName: z.string(), vassalage: z.string(),
  roomId: z.union([z.string(), z.number(), z.null()]), gameId: z.union([z.string(), z.number()]), gameType: z.string(),
  // §2 vendor lanes: "supportPlay = freeplay ? 0 : 1".
  supportPlay: z.union([z.literal(0), z.literal(1)]),
  gameClassifyNew: z.union([z.string(), z.null()]), showIcon: z.string(),
});
/** §3 login: "`value { token, id, userName, type or customerType, firstTimeLogin, passwordExpired }`"; §7.2: `customerType`. */
const session = z.object({
  token: z.string().min(1), id: z.union([z.number(), z.string()]), userName: z.string(), customerType: z.number(),
  firstTimeLogin: z.boolean(), passwordExpired: z.boolean(),
});
/** §2 wallet: "`sumBalance`, `currencySymbol` as decimal currency units"; (2nd) v2 `{ balance[{accountTypeId, availBalance}], currency, currencySymbol }`. */
const wallet = z.object({
  sumBalance: z.number(), currencySymbol: z.string(), currency: z.string(),
  balance: z.array(z.object({ accountTypeId: z.number(), availBalance: z.number() })),
});
/** The game URL of a launch: "in `value.content.game_url` (2nd)". */
const launched = z.object({ content: z.object({ game_url: z.url() }) });

/** One call of the document: what is sent, the "Read" cell quoted, and its shape. */
interface Row {
  call: string;
  read: string;
  send: () => Promise<Answer>;
  /** Shape of the envelope's `value` (or of the whole answer when `plain`). */
  shape: z.ZodType;
  /** Answers outside the envelope (the key is bare text, checked by `check`). */
  plain?: boolean;
  /** A lottery-gateway answer (§1.5): plain JSON with the HTTP status, no envelope; `shape` is the whole body. */
  gateway?: boolean;
  /** Further facts of the document the shape cannot say. */
  check?: (value: unknown) => void;
}

const ROWS: Row[] = [
  {
    call: '§1.6.1/§7.1 RSA key GET /wps/session/key/rsa',
    read: 'the RSA public modulus as hex text … at most 1024 bits (256 hex characters)',
    send: () => call(`/wps/session/key/rsa?_=${Date.now()}`),
    shape: z.unknown(),
    plain: true,
  },
  {
    call: '§2 system status GET /wps/v2/system/status',
    read: 'value.info { customerService[{csType, path}], domainRoute, mobileTemplate { mem_cen: "1", dep_func: "1" } (strings), paths, register (field → rule), resources[{resourceType, url, labelNameEn}], whitelabel (tree), mainDomain, imageCDNs[], launchGameCDNs[], analytics }, value.location.ip, value.maintenance, value.regionRestriction',
    send: () => call('/wps/v2/system/status?device=MOBILE&url=standin.test', { headers: { 'cache-control': 'no-cache' } }),
    shape: status,
    // §1.6.6/§7.4: customer-service paths are DES-encrypted (the last 8 characters the key).
    check: (value) => {
      for (const cs of (value as z.output<typeof status>).info.customerService) expect(decryptServicePath(cs.path)).toMatch(/^https?:\/\//);
    },
  },
  {
    call: '§2 system status (older) GET /wps/system/status',
    read: 'as the newer path',
    send: () => call('/wps/system/status?device=MOBILE'),
    shape: status,
  },
  {
    call: '§2 whitelabel switches GET /wps/system/whitelabel',
    read: 'a tree of { modId, enabled: "1"/"0", childrenNodes[] }',
    send: () => call('/wps/system/whitelabel'),
    shape: tree,
  },
  {
    call: '§2 customer-service link GET /wps/system/domainRoute',
    read: 'value.version.pathList[{ type, path }] (type "3" = service link, encrypted as §1.6.6), value.domainList[{ domainName }]',
    send: () => call('/wps/system/domainRoute?device=MOBILE'),
    shape: domainRoute,
    check: (value) => {
      const type3 = (value as z.output<typeof domainRoute>).version.pathList.filter((p) => p.type === '3');
      expect(type3.length).toBeGreaterThan(0);
      for (const p of type3) expect(decryptServicePath(p.path)).toMatch(/^https?:\/\//);
    },
  },
  {
    call: '§3 registration settings GET /wps/system/setting/register',
    read: 'value = map field → { enabled, required, acceptedPattern ("*" = any), patternId, minLength, maxLength, type }',
    send: () => call('/wps/system/setting/register', { headers: { ModuleId: 'REG3' } }),
    shape: registerRules,
  },
  {
    call: '§3 consolidated settings GET /wps/system/settings/consolidated',
    read: 'shape not found (§6); the platform answers { merchantCode, currency, promotion, mobileTemplate } (mobileTemplate as in §2 status; promotion\'s inner shape not found)',
    send: () => call('/wps/system/settings/consolidated', { headers: { ModuleId: 'COMM3' } }),
    shape: z.strictObject({ merchantCode: z.string(), currency: z.string(), promotion: z.record(z.string(), z.unknown()), mobileTemplate }),
  },
  {
    call: '§3 captcha GET /wps/captcha',
    read: 'the envelope, value = base64 PNG (shown as a data URL)',
    send: () => call('/wps/captcha', { headers: { ModuleId: 'CAPTCHA3' } }),
    shape: z.base64(),
    check: (value) => expect(Buffer.from(value as string, 'base64').subarray(1, 4).toString('latin1')).toBe('PNG'),
  },
  {
    call: '§2 game list GET /wps/relay/GCSGAME_gameList',
    read: 'value { games[], pageNum, totalPages }; tile fields nodeId, nodeName, gameName, displayName, vassalage, roomId, gameId, gameType, supportPlay, gameClassifyNew, showIcon',
    send: () => call('/wps/relay/GCSGAME_gameList?merchant=DEMO&clientType=2&platform=html5&gameName=&gameType=RNG&pageNo=1&pageSize=4&vassalage=', { headers: { ModuleId: 'GAMELO3' } }),
    shape: z.object({ games: z.array(tile).min(1), pageNum: z.number(), totalPages: z.number() }),
  },
  {
    call: '§2 hot games GET /wps/relay/GCSGAME_hotGamesV2',
    read: 'value.list',
    send: () => call('/wps/relay/GCSGAME_hotGamesV2?merchantCode=DEMO&isPlatform=2&language=EN&platform=html5&vassalage=', { headers: { ModuleId: 'GAMELOHOT3' } }),
    shape: z.object({ list: z.array(tile) }),
  },
  {
    call: '§2 winner board GET /wps/relay/GCSGAME_getRankList',
    read: 'value.list[{ vo: { gameName, customerName, winAmount, gameId, nodeId, vendor, notAuto } }]',
    send: () => call('/wps/relay/GCSGAME_getRankList?gameCategory=ALL&language=EN&limitNum=20'),
    shape: z.object({
      list: z.array(z.object({
        vo: z.object({
          gameName: z.string(), customerName: z.string(), winAmount: z.number(), gameId: z.union([z.string(), z.number()]),
          nodeId: z.union([z.string(), z.number()]), vendor: z.string(), notAuto: z.boolean(),
        }),
      })),
    }),
  },
  ...['MCSFE', 'CCSFE'].map((service): Row => ({
    call: `§2 banners and announcements GET /wps/relay/${service}_getListAnnouncements`,
    read: 'value { banners, player (notices), popup, promotion, hot }; a banner links by linkageType',
    send: () => call(`/wps/relay/${service}_getListAnnouncements?types=B,PL,PU,A&platform=M&merchantCode=DEMO&token=`, { headers: { ModuleId: 'COMM3' } }),
    shape: z.object({
      banners: z.array(z.object({ linkageType: z.string() }).loose()), player: z.array(z.unknown()), popup: z.array(z.unknown()),
      promotion: z.array(z.unknown()), hot: z.array(z.unknown()),
    }),
  })),
  {
    call: '§3 login POST /wps/session/login (encrypted)',
    read: 'value { token, id, userName, type or customerType, firstTimeLogin, passwordExpired }; §7.2 the client stores type from value.customerType',
    send: () => legacy('/wps/session/login', 'POST', { username: SEEDED_PLAYER.username, password: SEEDED_PLAYER.password, type: 'username' }),
    shape: session,
  },
  {
    call: '§3 register by username PUT /wps/member/register (encrypted, login: true)',
    read: 'with login: true, a session value like login',
    send: () => {
      const username = `sh${Date.now() % 1_000_000}`;
      return legacy('/wps/member/register', 'PUT', { username, password: 'secret123', confirmPassword: 'secret123', captcha: '2468', login: true });
    },
    shape: session,
  },
  {
    call: '§2 member info GET /wps/member/info',
    read: 'value { id, account, nickname, type, clubLabel.labelName, … }',
    send: () => member('/wps/member/info', { headers: { ModuleId: 'COMM3' } }),
    shape: z.object({ id: z.union([z.number(), z.string()]), account: z.string(), nickname: z.string(), type: z.number(), clubLabel: z.object({ labelName: z.string() }) }),
  },
  ...['/wps/wallets/gcs', '/wps/v2/wallets/balance'].map((path): Row => ({
    call: `§2 wallet GET ${path}`,
    read: 'sumBalance, currencySymbol as decimal currency units (exact body not found; (2nd) v2: { balance[{accountTypeId, availBalance}], currency, currencySymbol })',
    send: () => member(path),
    shape: wallet,
  })),
  {
    call: '§2 favourite list GET /wps/relay/MCSFE_getFavoriteGamesList',
    read: 'value { content[], pageNum, totalPages }',
    send: () => member(`/wps/relay/MCSFE_getFavoriteGamesList?token=${token}&pageNo=1&pageSize=20&gameType=&language=EN`, { headers: { ModuleId: 'GAMELOFAV3' } }),
    shape: z.object({ content: z.array(tile), pageNum: z.number(), totalPages: z.number() }),
  },
  {
    call: '§2 add favourite POST /wps/relay/MCSFE_addFavoriteGameV2',
    read: 'success',
    send: () => member('/wps/relay/MCSFE_addFavoriteGameV2', { method: 'POST', headers: { ...json, ModuleId: 'GAMELOFAV3' }, body: JSON.stringify({ nodeId: 101, vendor: 'PG', gameType: 'RNG' }) }),
    shape: z.unknown(),
  },
  {
    call: '§2 favourite ids GET /wps/relay/MCSFE_getFavoriteGames',
    read: 'value = array of nodeIds (compared as strings)',
    send: () => member('/wps/relay/MCSFE_getFavoriteGames?pageNo=1&pageSize=100', { headers: { ModuleId: 'GAMELOFAV3' } }),
    shape: z.array(z.union([z.string(), z.number()])),
  },
  {
    call: '§2 remove favourite DELETE /wps/relay/MCSFE_removeFavoriteGameV2',
    read: 'success',
    send: () => member('/wps/relay/MCSFE_removeFavoriteGameV2', { method: 'DELETE', headers: { ...json, ModuleId: 'GAMELOFAV3' }, body: JSON.stringify({ nodeId: 101, vendor: 'PG', gameType: 'RNG' }) }),
    shape: z.unknown(),
  },
  {
    call: '§2 launch game GET /wps/game/launchGame',
    read: 'the game URL (in value.content.game_url (2nd))',
    send: () => member('/wps/game/launchGame?launchMode=GLS&platform=html5&clientType=2&gameId=pg-dragon&nodeId=101&accountType=1&vassalage=PG&merchantCode=DEMO&language=EN&confirmTrans=0&webView=false', { headers: { ModuleId: 'GAMELO3' } }),
    shape: launched,
  },
  {
    call: '§2 trial launch GET /wps/relay/GCS_gameTrialLaunch',
    read: 'the game URL',
    send: () => call('/wps/relay/GCS_gameTrialLaunch?gameId=pg-dragon&nodeId=101&platform=html5'),
    shape: z.union([z.url(), launched]),
  },
  {
    call: '§2 vendor game types GET /wps/relay/GCSGAME_getVassGameType',
    read: 'value.content (maps gameType to vendor codes)',
    send: () => call('/wps/relay/GCSGAME_getVassGameType?typeId=1&merchant_code=DEMO'),
    shape: z.object({ content: z.record(z.string(), z.union([z.array(z.string()), z.string()])) }),
    check: (value) => expect(Object.keys((value as { content: object }).content).length).toBeGreaterThan(0),
  },
  {
    call: '§2/§7.3 vendor lanes GET /wps/relay/GCSGAME_newGameVendor',
    read: 'value.data.lanes[{ title (gameCategory), cards[{ vassalage/accountTypeName, displayName, gameType, lagerIcon, freeplay }], gameClassify }]; §7.3 gameClassify a list of objects each with its own vendors list; accountTypeName the vendor code; cards carry telGameId/telNodeId',
    send: () => call('/wps/relay/GCSGAME_newGameVendor?platform=html5&merchantCode=DEMO&ext=avif'),
    shape: z.object({
      data: z.object({
        lanes: z.array(z.object({
          title: z.string(),
          cards: z.array(z.object({
            accountTypeName: z.string(), displayName: z.string(), gameType: z.string(), lagerIcon: z.string(), freeplay: z.boolean(),
            telGameId: z.union([z.string(), z.number(), z.null()]), telNodeId: z.union([z.string(), z.number(), z.null()]),
          })),
          gameClassify: z.array(z.object({ vendors: z.array(z.string()) })),
        })).min(1),
      }),
    }),
    check: (value) => {
      // §7.3: the client runs gameClassify.map(c => ({ ...c, vendorsMap: Object.fromEntries(c.vendors.map(…)) })).
      for (const lane of (value as { data: { lanes: { gameClassify: { vendors: string[] }[] }[] } }).data.lanes) {
        for (const c of lane.gameClassify) expect(() => Object.fromEntries(c.vendors.map((v) => [v, true]))).not.toThrow();
      }
    },
  },
  ...[
    ['/lgw/games/mobile', 'the client\'s lottery list is Object.values(data) (a plain object keyed by game, cached as lottList)'],
    ['/lgw/games/popular', 'a plain object (Object.values(data))'],
    ['/lgw/games/opened/numero', 'a plain object (Object.values(data))'],
    ['/lotto/lgw/games/opened/numero', 'the same under /lotto/lgw/…'],
    ['/lgw/vn/games/game_menu?prizeMode=Lott&device=MOBILE', 'a plain object (Object.values(data))'],
    ['/lgw/vn/numeros/opened/game', 'a plain object (Object.values(data))'],
  ].map(([path, read]): Row => ({
    call: `§4/§7.5 lottery GET ${path}`,
    read: read!,
    send: () => member(path!),
    gateway: true,
    shape: z.record(z.string(), z.object({}).loose()),
    check: (value) => expect(Object.values(value as object).length).toBeGreaterThan(0),
  })),
  {
    call: '§7.5 lottery list entries GET /lgw/games/mobile',
    read: 'the entries the client lists: each game with its displayName',
    send: () => member('/lgw/games/mobile'),
    gateway: true,
    shape: z.record(z.string(), z.object({ gameId: z.union([z.string(), z.number()]), displayName: z.string() })),
    check: (value) => expect(Object.values(value as object)).toHaveLength(6),
  },
  {
    call: '§3 change password POST /wps/member/password (encrypted)',
    read: 'success → in_chang_saved',
    // The last row: the seeded player's password changes (no later row logs in with it).
    send: () => legacy('/wps/member/password', 'POST', { oldPassword: SEEDED_PLAYER.password, newPassword: 'secret789', confirmNewPassword: 'secret789' }, token),
    shape: z.unknown(),
  },
];

beforeAll(async () => {
  standin = await createStandin({ captchaAnswer: '2468' });
  const login = await legacy('/wps/session/login', 'POST', { username: SEEDED_PLAYER.username, password: SEEDED_PLAYER.password });
  token = (login.json as { value: { token: string } }).value.token;
});

describe('the platform stand-in answers in the document\'s shapes (platform-contract.md "Read" column)', () => {
  it.each(ROWS.map((row) => [row.call, row] as const))('%s', async (_name, row) => {
    const answer = await row.send();
    if (row.plain) {
      expect(answer.status).toBe(200);
      expect(answer.text).toMatch(/^[0-9a-f]+$/i);
      expect(answer.text.length).toBeLessThanOrEqual(256);
      return;
    }
    expect(answer.status, answer.text).toBe(200);
    if (row.gateway) {
      const body = row.shape.safeParse(answer.json);
      expect(body.success, `${row.read}\n${body.error?.message ?? ''}`).toBe(true);
      row.check?.(answer.json);
      return;
    }
    const outer = envelope.safeParse(answer.json);
    expect(outer.success, answer.text).toBe(true);
    const value = (answer.json as { value: unknown }).value;
    const inner = row.shape.safeParse(value);
    expect(inner.success, `${row.read}\n${inner.error?.message ?? ''}`).toBe(true);
    row.check?.(value);
  });

  it('a launch without launchMode fails as the document says: 500 "#727 system busy" (2nd)', async () => {
    const answer = await member('/wps/game/launchGame?nodeId=101&platform=html5');
    expect(answer.status).toBe(500);
    expect(answer.json).toMatchObject({ success: false, message: '#727 system busy' });
  });

});
