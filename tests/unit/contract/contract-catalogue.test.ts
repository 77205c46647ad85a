import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as catalogue from '../../../src/api/catalogue';
import * as demo from '../../../src/api/demo';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { EXTENSION_PREFIX } from '../../../contract/call';
import { base64Utf8 } from '../../../contract/headers';
import { $session } from '../../../src/stores/concepts/session';

/**
 * The catalogue's browser client against platform-contract.md §2: for each wrapper, the method, path, query or
 * JSON body and headers it sends (bare-token Authorization, Merchant, Language, X-Real-UA, ModuleId; never
 * Device), and the money it hands the stores in minor units.
 */

const TOKEN = 'tok_0123456789abcdefghijklmnop';

interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

let sent: Sent[] = [];
let answer: unknown = null;

beforeEach(() => {
  sent = [];
  $session.set({ token: TOKEN, merchantCode: 'DEMO', userName: 'player1', type: 0, firstTimeLogin: false });
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const parsed = new URL(url, 'https://site.example');
    sent.push({
      method: init.method ?? 'GET',
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>)),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    });
    return new Response(JSON.stringify({ success: true, value: answer, message: 'ok', errorCode: '' }), { status: 200 });
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

afterAll(() => {
  $session.set(null);
});

const tile = {
  nodeId: 10001, nodeName: 'Lucky', gameName: 'Lucky', displayName: 'Orbit Originals', vassalage: 'PD_SLOTS', roomId: null,
  gameId: 'PDS-1', gameType: 'RNG', supportPlay: 1, gameClassifyNew: 'slot', showIcon: '/icons/game/10001.svg', minBet: 0.2,
};
const launched = { content: { game_url: '/play/slot?nodeId=10001' } };

type Row = [
  name: string,
  invoke: () => Promise<unknown>,
  answer: unknown,
  expected: { method: string; path: string; moduleId?: string; query?: Record<string, string>; body?: unknown; token?: boolean },
];

const rows: Row[] = [
  ['getVendorGameTypes', () => catalogue.getVendorGameTypes('EN'), { content: { RNG: ['PD_SLOTS'] } },
    { method: 'GET', path: '/wps/relay/GCSGAME_getVassGameType', query: { typeId: '1', merchant_code: 'DEMO', language: 'EN' } }],
  ['getVendorLanes', () => catalogue.getVendorLanes('EN'), { data: { lanes: [] } },
    { method: 'GET', path: '/wps/relay/GCSGAME_newGameVendor', query: { platform: 'html5', merchantCode: 'DEMO', language: 'EN' } }],
  ['listGames', () => catalogue.listGames({ gameType: 'RNG', gameName: 'luck', pageNo: 2, pageSize: 9, gameClassify: 'new', isNew: 1, minBet: 20, minLine: 9 }),
    { games: [tile], pageNum: 2, totalPages: 3 },
    { method: 'GET', path: '/wps/relay/GCSGAME_gameList', moduleId: 'GAMELO3', query: {
      merchant: 'DEMO', clientType: '2', platform: 'html5', gameName: 'luck', gameType: 'RNG', pageNo: '2', pageSize: '9', vassalage: '',
      gameClassify: 'new', isNew: '1', minBet: '0.2', minLine: '9', language: 'EN',
    } }],
  ['listGames with a vendor list', () => catalogue.listGames({ vassalage: ['PD_SLOTS', 'TCG'], pageNo: 1, pageSize: 20 }), { games: [], pageNum: 1, totalPages: 0 },
    { method: 'GET', path: '/wps/relay/GCSGAME_gameList', moduleId: 'GAMELO3', query: {
      merchant: 'DEMO', clientType: '2', platform: 'html5', pageNo: '1', pageSize: '20', vassalage: 'PD_SLOTS,TCG', language: 'EN',
    } }],
  ['getHotGames', () => catalogue.getHotGames('PT-BR'), { list: [tile] },
    { method: 'GET', path: '/wps/relay/GCSGAME_hotGamesV2', moduleId: 'GAMELOHOT3', token: false, query: {
      merchantCode: 'DEMO', isPlatform: '2', language: 'PT-BR', platform: 'html5', vassalage: '',
    } }],
  ['getWinnerBoard', () => catalogue.getWinnerBoard({ language: 'EN' }), { list: [] },
    { method: 'GET', path: '/wps/relay/GCSGAME_getRankList', moduleId: 'COMM3', query: { gameCategory: 'ALL', language: 'EN', limitNum: '20' } }],
  ['launchGame', () => catalogue.launchGame({ nodeId: 10001, gameId: 'PDS-1', vassalage: 'PD_SLOTS' }), launched,
    { method: 'GET', path: '/wps/game/launchGame', moduleId: 'GAMELO3', query: {
      launchMode: 'GLS', platform: 'html5', clientType: '2', gameId: 'PDS-1', nodeId: '10001', accountType: '1', vassalage: 'PD_SLOTS',
      merchantCode: 'DEMO', language: 'EN', confirmTrans: '0', webView: 'false',
    } }],
  ['launchGame for free play', () => catalogue.launchGame({ nodeId: 10001, gameId: 'PDS-1', vassalage: 'PD_SLOTS' }, true), launched,
    { method: 'GET', path: '/wps/game/launchGame', moduleId: 'GAMELO3', query: {
      launchMode: 'GLS', platform: 'html5', clientType: '2', gameId: 'PDS-1', nodeId: '10001', accountType: '0', vassalage: 'PD_SLOTS',
      merchantCode: 'DEMO', language: 'EN', confirmTrans: '0', webView: 'false',
    } }],
  ['trialLaunch', () => catalogue.trialLaunch({ nodeId: 10001, gameId: 'PDS-1' }), launched,
    { method: 'GET', path: '/wps/relay/GCS_gameTrialLaunch', token: false, query: { gameId: 'PDS-1', nodeId: '10001', platform: 'html5' } }],
  ['listRecentGames', () => catalogue.listRecentGames({ gameType: 'RNG', pageNo: 2, pageSize: 9 }), [tile],
    { method: 'GET', path: '/wps/relay/GCS_recentGame', moduleId: 'GAMELOREC3', query: { gameType: 'RNG', pageNo: '1', pageSize: '50', language: 'EN' } }],
  ['addRecentGame', () => catalogue.addRecentGame(10001), null,
    { method: 'GET', path: '/wps/relay/MCS2_addRecentGame', query: { nodeId: '10001' } }],
  ['listFavourites', () => catalogue.listFavourites({ pageNo: 1, pageSize: 9, gameType: 'RNG' }), { content: [tile], pageNum: 1, totalPages: 1 },
    { method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGamesList', moduleId: 'GAMELOFAV3', query: {
      token: TOKEN, pageNo: '1', pageSize: '9', gameType: 'RNG', language: 'EN',
    } }],
  ['getFavouriteIds', () => catalogue.getFavouriteIds(), ['10001', 10002],
    { method: 'GET', path: '/wps/relay/MCSFE_getFavoriteGames', moduleId: 'GAMELOFAV3', query: { pageNo: '1', pageSize: '100' } }],
  ['addFavourite', () => catalogue.addFavourite({ nodeId: 10001, vassalage: 'PD_SLOTS', gameType: 'RNG' }), null,
    { method: 'POST', path: '/wps/relay/MCSFE_addFavoriteGameV2', moduleId: 'GAMELOFAV3', body: { nodeId: 10001, vendor: 'PD_SLOTS', gameType: 'RNG' } }],
  ['removeFavourite', () => catalogue.removeFavourite({ nodeId: 10001, vassalage: 'PD_SLOTS', gameType: 'RNG' }), null,
    { method: 'DELETE', path: '/wps/relay/MCSFE_removeFavoriteGameV2', moduleId: 'GAMELOFAV3', body: { nodeId: 10001, vendor: 'PD_SLOTS', gameType: 'RNG' } }],
  ['getDemoSlotGame', () => demo.getDemoSlotGame(10001), { nodeId: 10001, gameName: 'x', displayName: 'y', stakes: [0.1, 5], freePlay: false, symbols: [], paytable: [] },
    { method: 'GET', path: `${EXTENSION_PREFIX}/demo/slot/game`, token: false, query: { nodeId: '10001' } }],
  ['spinDemoSlot', () => demo.spinDemoSlot({ nodeId: 10001, stakeMinor: 50, idempotencyKey: 'key-12345678' }),
    { roundId: 7, reels: ['BAR', 'BAR', 'BELL'], stake: 0.5, winAmount: 2, balance: 1234.56, freePlay: false },
    { method: 'POST', path: `${EXTENSION_PREFIX}/demo/slot/spin`, body: { nodeId: 10001, stake: 0.5, idempotencyKey: 'key-12345678' } }],
  ['getDemoGame', () => demo.getDemoGame(15000),
    { nodeId: 15000, kind: 'table', gameName: 'x', displayName: 'y', stakes: [0.1], freePlay: false, minTarget: 101, maxTarget: 10000, targets: [] },
    { method: 'GET', path: `${EXTENSION_PREFIX}/demo/game`, token: false, query: { nodeId: '15000' } }],
  ['getDemoFair', () => demo.getDemoFair(), { commitment: 'c', nonce: 0 }, { method: 'GET', path: `${EXTENSION_PREFIX}/demo/fair` }],
  ['playDemoRound', () => demo.playDemoRound({ nodeId: 15000, stakeMinor: 100, choice: 'TIE', clientSeed: 'abc', idempotencyKey: 'key-12345678', freePlay: false }),
    {
      round: {
        roundId: 1, nodeId: 15000, outcome: { kind: 'table', bet: 'TIE', dragon: 0, tiger: 13 }, stake: 1, winAmount: 12, freePlay: false,
        fair: { serverSeed: 's', commitment: 'c', clientSeed: 'abc', nonce: 0 }, createdAt: 1,
      },
      balance: 11, nextCommitment: 'd',
    },
    { method: 'POST', path: `${EXTENSION_PREFIX}/demo/play`, body: { nodeId: 15000, stake: 1, choice: 'TIE', clientSeed: 'abc', idempotencyKey: 'key-12345678' } }],
];

describe('the catalogue client sends each call as platform-contract.md §2 names it', () => {
  it.each(rows)('%s', async (_name, invoke, value, expected) => {
    answer = value;
    await invoke();
    expect(sent).toHaveLength(1);
    const request = sent[0]!;
    expect(request.method).toBe(expected.method);
    expect(request.path).toBe(expected.path);
    expect(request.query).toEqual(expected.query ?? {});
    if (expected.body !== undefined) {
      expect(request.headers['Content-Type']).toBe('application/json');
      expect(request.body).toEqual(expected.body);
    } else {
      expect(request.body ?? null).toBeNull();
    }
    // Module ids travel only in the ModuleId header (§1.3), never in the query or the body.
    expect(request.headers.ModuleId).toBe(expected.moduleId);
    expect(request.query).not.toHaveProperty('moduleId');
    expect(JSON.stringify(request.body ?? {})).not.toContain('moduleId');
    expect(request.headers.Authorization).toBe(expected.token === false ? undefined : TOKEN);
    expect(request.headers.Merchant).toBe('DEMO');
    expect(request.headers.Language).toBe('EN');
    expect(request.headers['X-Real-UA']).toBe(base64Utf8(navigator.userAgent));
    expect(request.headers).not.toHaveProperty('Device');
  });

  it('covers every catalogue call of the contract', () => {
    const paths = new Set(rows.map((r) => r[3].path));
    // vendorLanesOlder is served for the platform's older client only; PlayDeck's browser reads vendorLanes.
    for (const def of Object.values(catalogueCalls)) if (def.name !== 'vendorLanesOlder') expect(paths, def.name).toContain(def.path);
  });
});

describe('money reaches the stores in minor units', () => {
  it('turns tile minBet, winAmount, demo stakes and spin amounts into minor units', async () => {
    answer = { games: [tile], pageNum: 1, totalPages: 1 };
    expect((await catalogue.listGames({ pageNo: 1, pageSize: 9 })).games[0]?.minBet).toBe(20);
    answer = { list: [{ vo: { gameName: 'g', customerName: 'pl***er', winAmount: 487.5, gameId: 'HN', nodeId: 1, vendor: 'TCG', notAuto: true } }] };
    expect((await catalogue.getWinnerBoard())[0]?.vo.winAmount).toBe(48_750);
    answer = { nodeId: 1, gameName: 'x', displayName: 'y', stakes: [0.1, 0.5, 1, 5, 10], freePlay: true, symbols: [], paytable: [] };
    expect((await demo.getDemoSlotGame(1)).stakes).toEqual([10, 50, 100, 500, 1000]);
    answer = { roundId: 7, reels: [], stake: 0.5, winAmount: 2, balance: 1234.56, freePlay: false };
    expect(await demo.spinDemoSlot({ nodeId: 1, stakeMinor: 50, idempotencyKey: 'key-12345678' }))
      .toEqual({ roundId: 7, reels: [], stakeMinor: 50, winMinor: 200, balanceMinor: 123_456, freePlay: false });
  });

  it('reads the launch URL from value.content.game_url and favourite ids as strings', async () => {
    answer = launched;
    expect(await catalogue.launchGame({ nodeId: 10001, gameId: 'PDS-1', vassalage: 'PD_SLOTS' })).toBe('/play/slot?nodeId=10001');
    answer = ['10001', 10002];
    expect(await catalogue.getFavouriteIds()).toEqual(['10001', '10002']);
  });
});

describe('recent games: the call answers a plain list (platform-contract.md §2 recent list), the screen shows pages', () => {
  const recentTiles = Array.from({ length: 20 }, (_, i) => ({ ...tile, nodeId: 20_000 + i }));

  it('asks once for the whole capped list and cuts the asked page of 9 out of it, latest launch first', async () => {
    answer = recentTiles;
    const first = await catalogue.listRecentGames({ gameType: 'RNG', pageNo: 1, pageSize: 9 });
    expect(first.games.map((g) => g.nodeId)).toEqual(recentTiles.slice(0, 9).map((g) => g.nodeId));
    expect(first).toMatchObject({ pageNum: 1, totalPages: 3 });
    expect(first.games[0]?.minBet).toBe(20);
    const last = await catalogue.listRecentGames({ gameType: 'RNG', pageNo: 3, pageSize: 9 });
    expect(last.games.map((g) => g.nodeId)).toEqual([20_018, 20_019]);
    expect(last).toMatchObject({ pageNum: 3, totalPages: 3 });
    expect(sent.map((r) => r.query.pageSize)).toEqual(['50', '50']);
  });

  it('reads an empty list as no pages', async () => {
    answer = [];
    expect(await catalogue.listRecentGames({ pageNo: 1, pageSize: 9 })).toEqual({ games: [], pageNum: 1, totalPages: 0 });
  });

  it('refuses the old paged object, which neither the platform nor the built-in API answers any more', async () => {
    answer = { list: [tile], pageNum: 1, totalPages: 1 };
    await expect(catalogue.listRecentGames({ pageNo: 1, pageSize: 9 })).rejects.toThrow();
  });
});
