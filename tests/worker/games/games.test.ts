import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../worker/db/queries/games';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { wireToMinor } from '../../../contract/money';
import { callDef } from '../catalogue-helpers';
import { call } from '../helpers';
import { withVendorMaintenance } from '../fixtures';

/** Enabled games DEMO offers, filtered by a SQL condition on `g` (bound parameters). */
async function offered(where = '1 = 1', ...params: (string | number)[]): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT COUNT(*) AS n FROM games g JOIN merchant_vendors mv ON mv.vassalage = g.vassalage AND mv.game_type = g.game_type
       AND mv.merchant_code = 'DEMO' AND mv.enabled = 1
     WHERE g.enabled = 1 AND ${where}`,
  ).bind(...params).first<{ n: number }>();
  return row?.n ?? 0;
}

async function list(query: string, host = '127.0.0.1') {
  return callDef(catalogueCalls.gameList, query, { host });
}

const vendorTypes = (query = 'typeId=1', host?: string) => callDef(catalogueCalls.vendorGameTypes, query, host ? { host } : {});

describe('GET /wps/relay/GCSGAME_gameList paging (player-shell §9: page size 9 on the list page)', () => {
  it('walks every LIVE game in pages of 9 without overlap, the last page holding the remainder', async () => {
    const total = await offered(`g.game_type = 'LIVE'`);
    const totalPages = Math.ceil(total / 9);
    const seen = new Set<number>();
    for (let page = 1; page <= totalPages; page++) {
      const { status, body } = await list(`gameType=LIVE&pageNo=${page}&pageSize=9&platform=html5&clientType=2&language=EN`);
      expect(status).toBe(200);
      expect(body.value.pageNum).toBe(page);
      expect(body.value.totalPages).toBe(totalPages);
      expect(body.value.total).toBe(total);
      expect(body.value.games).toHaveLength(page < totalPages ? 9 : total - 9 * (totalPages - 1));
      for (const g of body.value.games) seen.add(g.nodeId);
    }
    expect(seen.size).toBe(total);
  });

  it('answers a page past the last with no games and the requested page number', async () => {
    const { body } = await list('gameType=LIVE&pageNo=500&pageSize=9');
    expect(body.value).toMatchObject({ games: [], pageNum: 500 });
    expect(body.value.totalPages).toBeGreaterThan(0);
  });

  it('defaults to page 1 of 20 games across every type', async () => {
    const { body } = await list('');
    expect(body.value.pageNum).toBe(1);
    expect(body.value.games).toHaveLength(20);
    expect(body.value.total).toBe(await offered());
  });

  it('reports 0 total pages when nothing matches', async () => {
    const { body } = await list('gameName=zzzz-no-such-game');
    expect(body.value).toEqual({ games: [], pageNum: 1, totalPages: 0, total: 0 });
  });

  it('keeps a stable order: sort order, then node id', async () => {
    const { body } = await list('gameType=RNG&pageSize=100');
    const keys = body.value.games.map((g) => g.nodeId);
    const rows = await env.DB.prepare(`SELECT node_id, sort_order FROM games WHERE node_id IN (${keys.join(',')})`).all<{ node_id: number; sort_order: number }>();
    const sort = new Map(rows.results.map((r) => [r.node_id, r.sort_order]));
    const expected = [...keys].sort((a, b) => (sort.get(a) ?? 0) - (sort.get(b) ?? 0) || a - b);
    expect(keys).toEqual(expected);
  });
});

describe('GET /wps/relay/GCSGAME_gameList search (player-shell §5: the game-name search is trimmed)', () => {
  it('finds a game by a trimmed, differently cased part of its name', async () => {
    const game = await env.DB.prepare(`SELECT node_id, game_name FROM games WHERE vassalage = 'PD_SLOTS' AND enabled = 1 ORDER BY node_id LIMIT 1`)
      .first<{ node_id: number; game_name: string }>();
    const needle = game!.game_name.slice(0, 6).toUpperCase();
    const { body } = await list(`gameName=${encodeURIComponent(`   ${needle}  `)}&pageSize=100`);
    expect(body.value.games.map((g) => g.nodeId)).toContain(game!.node_id);
    for (const g of body.value.games) expect(g.gameName.toLowerCase()).toContain(needle.toLowerCase());
  });

  it.each(['%', '_', '\\'])('treats %s in the search as a literal character, not a wildcard', async (wildcard) => {
    const { body } = await list(`gameName=${encodeURIComponent(wildcard)}`);
    expect(body.value.total).toBe(0);
  });

  it('matches names with apostrophes and ampersands', async () => {
    for (const needle of ["dragon's", 'hold & win']) {
      const { body } = await list(`gameName=${encodeURIComponent(needle)}`);
      expect(body.value.total).toBeGreaterThan(0);
      for (const g of body.value.games) expect(g.gameName.toLowerCase()).toContain(needle);
    }
  });
});

describe('GET /wps/relay/GCSGAME_gameList filters (player-shell §7 game list query)', () => {
  it.each<[string, string, (g: Game) => boolean, string, (string | number)[]]>([
    ['gameType=FISH', 'gameType', (g) => g.gameType === 'FISH', `g.game_type = 'FISH'`, []],
    ['gameType=ALL', 'ALL', () => true, '1 = 1', []],
    ['gameType=HOT', 'HOT', (g) => g.isHot, 'g.is_hot = 1', []],
    ['vassalage=nebula_slots', 'vassalage (any case)', (g) => g.vassalage === 'NEBULA_SLOTS', `g.vassalage = 'NEBULA_SLOTS'`, []],
    ['vassalage=nebula_slots,PD_SLOTS', 'vassalage (a comma list)', (g) => ['NEBULA_SLOTS', 'PD_SLOTS'].includes(g.vassalage), `g.vassalage IN ('NEBULA_SLOTS', 'PD_SLOTS')`, []],
    ['vassalage=', 'vassalage "" (every vendor)', () => true, '1 = 1', []],
    ['gameType=RNG&gameClassify=table', 'gameClassify', (g) => g.gameClassifyNew === 'table', `g.game_type = 'RNG' AND g.game_classify = 'table'`, []],
    ['gameType=RNG&gameClassify=new', "gameClassify 'new'", (g) => g.isNew, `g.game_type = 'RNG' AND g.is_new = 1`, []],
    ['gameType=RNG&gameClassify=all', "gameClassify 'all'", (g) => g.gameType === 'RNG', `g.game_type = 'RNG'`, []],
    ['isNew=1', 'isNew', (g) => g.isNew, 'g.is_new = 1', []],
    ['minBet=0.2', 'minBet (decimal: minimum bet at most 0.20, i.e. 20 minor units)', (g) => wireToMinor(g.minBet) <= 20, 'g.min_bet_minor <= 20', []],
    ['gameType=RNG&minLine=9', 'minLine (at most 9 lines)', (g) => g.minLine <= 9, `g.game_type = 'RNG' AND g.min_line <= 9`, []],
    ['isNew=&minBet=&gameName=', 'empty values (absent)', () => true, '1 = 1', []],
  ])('%s filters by %s', async (query, _label, predicate, where, params) => {
    const { status, body } = await list(`${query}&pageSize=100`);
    expect(status).toBe(200);
    expect(body.value.total).toBe(await offered(where, ...params));
    expect(body.value.games.length).toBeGreaterThan(0);
    for (const g of body.value.games) expect(predicate(g as Game)).toBe(true);
  });

  it('never lists a disabled game', async () => {
    const disabled = await env.DB.prepare(`SELECT node_id, game_type FROM games WHERE enabled = 0 LIMIT 1`).first<{ node_id: number; game_type: string }>();
    const { body } = await list(`gameType=${disabled!.game_type}&pageSize=100`);
    expect(body.value.games.map((g) => g.nodeId)).not.toContain(disabled!.node_id);
  });

  it('lists only the vendors the site offers (DEMO2)', async () => {
    const offeredVendors = (await env.DB.prepare(`SELECT DISTINCT vassalage FROM merchant_vendors WHERE merchant_code = 'DEMO2'`).all<{ vassalage: string }>())
      .results.map((r) => r.vassalage);
    const { body } = await list('pageSize=100', 'play2.localhost');
    expect(body.value.total).toBeGreaterThan(0);
    for (const g of body.value.games) expect(offeredVendors).toContain(g.vassalage);
    const { body: tcg } = await list('vassalage=TCG_LOTTO_VN', 'play2.localhost');
    expect(tcg.value.total).toBe(0);
  });

  it('fills every Game field the client reads; showIcon is the icon URL and minBet a decimal', async () => {
    const { body } = await list('gameType=LOTT&pageSize=1');
    const game = body.value.games[0] as Game;
    const row = await env.DB.prepare(`SELECT min_bet_minor FROM games WHERE node_id = ?`).bind(game.nodeId).first<{ min_bet_minor: number }>();
    expect(wireToMinor(game.minBet)).toBe(row!.min_bet_minor);
    expect(game).toMatchObject({
      nodeName: game.gameName, vendorCode: game.vassalage, showIcon: `/icons/game/${game.nodeId}.svg`, url: null,
      iconUrl: `/icons/game/${game.nodeId}.svg`, mobileLargeIcon: `/icons/game/${game.nodeId}.svg`,
    });
    expect(game.lottoMode).toMatch(/Tradition|Entertainment/);
    expect(game.displayName).toBe('TCG Lottery');
  });
});

describe('GET /wps/relay/GCSGAME_getVassGameType (§2 vendor game types)', () => {
  it("maps each of the site's categories, in its sorting order, to its vendor codes in the vendor order", async () => {
    const { status, body } = await vendorTypes('typeId=1&merchant_code=DEMO');
    expect(status).toBe(200);
    const content = body.value.content;
    expect(Object.keys(content)).toEqual(['LOTT', 'ELOTT', 'RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT']);
    for (const [type, codes] of Object.entries(content)) {
      expect(Array.isArray(codes)).toBe(true);
      expect(codes.length).toBeGreaterThan(0);
      const { results } = await env.DB.prepare(
        `SELECT vassalage FROM merchant_vendors WHERE merchant_code = 'DEMO' AND game_type = ? AND enabled = 1 ORDER BY sort_order, vassalage`,
      ).bind(type).all<{ vassalage: string }>();
      expect(codes).toEqual(results.map((r) => r.vassalage));
    }
  });

  it("follows another site's own category order (DEMO2 puts COCKFIGHT first)", async () => {
    const { body } = await vendorTypes('typeId=1', 'play2.localhost');
    expect(Object.keys(body.value.content)[0]).toBe('COCKFIGHT');
    expect(Object.keys(body.value.content)).not.toContain('ELOTT');
  });

  it('reads a comma string of vendor codes as its list (the schema the browser and the edge read with)', () => {
    const parsed = catalogueCalls.vendorGameTypes.value.parse({ content: { RNG: 'pg, JDB,,PG', LIVE: ['EVO'] } });
    expect(parsed.content).toEqual({ RNG: ['PG', 'JDB'], LIVE: ['EVO'] });
    expect(catalogueCalls.vendorGameTypes.value.safeParse({ content: [{ gameType: 'RNG', vendors: [] }] }).success).toBe(false);
  });
});

describe('GET /wps/relay/GCSGAME_hotGamesV2 (§2 hot games, no token)', () => {
  it('lists every hot game the site offers', async () => {
    const { status, body } = await callDef(catalogueCalls.hotGames, 'merchantCode=DEMO&isPlatform=2&language=EN&platform=html5&vassalage=');
    expect(status).toBe(200);
    expect(body.value.list.length).toBe(await offered('g.is_hot = 1'));
    for (const g of body.value.list) expect(g.isHot).toBe(true);
  });

  it('narrows to a comma list of vendors', async () => {
    const { body } = await callDef(catalogueCalls.hotGames, 'vassalage=PD_SLOTS,PD_LIVE');
    expect(body.value.list.length).toBe(await offered(`g.is_hot = 1 AND g.vassalage IN ('PD_SLOTS', 'PD_LIVE')`));
    expect(body.value.list.every((g) => ['PD_SLOTS', 'PD_LIVE'].includes(g.vassalage))).toBe(true);
  });
});

describe('catalogue input validation', () => {
  it.each([
    '/wps/relay/GCSGAME_getVassGameType?typeId=7',
    '/wps/relay/GCSGAME_gameList?pageNo=0',
    '/wps/relay/GCSGAME_gameList?pageNo=abc',
    '/wps/relay/GCSGAME_gameList?pageSize=101',
    '/wps/relay/GCSGAME_gameList?pageSize=-1',
    '/wps/relay/GCSGAME_gameList?gameType=NOPE',
    '/wps/relay/GCSGAME_gameList?isNew=yes',
    '/wps/relay/GCSGAME_gameList?minBet=1.555',
    '/wps/relay/GCSGAME_gameList?minBet=-1',
    '/wps/relay/GCSGAME_gameList?ext=png',
    '/wps/relay/GCSGAME_newGameVendor?platform=desktop',
    '/wps/relay/GCSGAME_gameList?minLine=x',
    '/wps/relay/GCSGAME_gameList?vassalage=a%20b',
    '/wps/relay/GCSGAME_gameList?gameClassify=%25',
    '/wps/relay/GCSGAME_gameList?platform=desktop',
    '/wps/relay/GCSGAME_gameList?clientType=9',
    '/wps/relay/GCSGAME_gameList?language=english',
    `/wps/relay/GCSGAME_gameList?gameName=${'x'.repeat(101)}`,
    '/wps/relay/GCSGAME_gameList?pageNo=1&pageNo=2',
    '/wps/relay/GCSGAME_hotGamesV2?isPlatform=abc',
    '/wps/playdeck/demo/slot/game?nodeId=abc',
    '/wps/playdeck/demo/slot/game',
  ])('answers 400 request_param_err for %s', async (path) => {
    const { status, body } = await call(path);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, errorCode: 'request_param_err' });
  });
});

describe('GET /wps/relay/GCSGAME_newGameVendor (§2 vendor lanes, §7.3)', () => {
  it('gives one lane per category of the vendor game types, one card per vendor, ESPORTS and COCKFIGHT apart from SPORTS', async () => {
    const { status, body } = await callDef(catalogueCalls.vendorLanes, 'platform=html5&merchantCode=DEMO&ext=avif');
    expect(status).toBe(200);
    const lanes = body.value.data.lanes;
    const { body: types } = await vendorTypes();
    expect(lanes.map((l) => l.title)).toEqual(Object.keys(types.value.content));
    expect(lanes.map((l) => l.title)).toEqual(expect.arrayContaining(['SPORTS', 'ESPORTS', 'COCKFIGHT']));
    for (const lane of lanes) {
      expect(lane.cards.map((c) => c.accountTypeName)).toEqual(types.value.content[lane.title]);
      expect(lane.gameCount).toBe(await offered('g.game_type = ?', lane.title));
      for (const card of lane.cards) {
        expect(card.gameType).toBe(lane.title);
        expect(card.vassalage).toBe(card.accountTypeName);
        const paid = await offered('g.vassalage = ? AND g.game_type = ? AND g.support_play <> 0', card.accountTypeName, lane.title);
        const all = await offered('g.vassalage = ? AND g.game_type = ?', card.accountTypeName, lane.title);
        expect(card.freeplay).toBe(all > 0 && paid === 0);
        expect(card.gameCount).toBe(all);
      }
    }
  });

  it("runs the platform's client's reading of the lanes: classification objects with vendors, cards keyed by vendor code", async () => {
    const { body } = await callDef(catalogueCalls.vendorLanes, 'platform=html5');
    const lanes = body.value.data.lanes;
    // The client's own steps (§7.3): gameClassify.map(c => ({ ...c, vendorsMap })), cards keyed by accountTypeName.
    const sorting = lanes.map((lane) => ({
      gameCategory: lane.title,
      vendorNames: lane.cards.map((c) => ({ accountTypeName: c.accountTypeName.toUpperCase() })),
      gameClassify: lane.gameClassify.map((c) => ({ ...c, vendorsMap: Object.fromEntries(c.vendors.map((v) => [v, true])) })),
      ...Object.fromEntries(lane.cards.map((c) => [c.accountTypeName, c])),
    }));
    const rng = sorting.find((s) => s.gameCategory === 'RNG')!;
    expect(rng.gameClassify.map((c) => c.gameClassify)).toEqual(['arcade', 'slot', 'table']);
    for (const entry of sorting) {
      for (const name of entry.vendorNames) expect((entry as Record<string, unknown>)[name.accountTypeName]).toBeDefined();
      for (const c of entry.gameClassify) {
        for (const vendor of c.vendors) {
          expect(await offered('g.vassalage = ? AND g.game_type = ? AND g.game_classify = ?', vendor, entry.gameCategory, c.gameClassify!)).toBeGreaterThan(0);
        }
      }
    }
  });

  it("names each card's first game and first free-play game, and the game list takes the card's code as vassalage", async () => {
    const { body } = await callDef(catalogueCalls.vendorLanes, 'platform=html5');
    const cards = body.value.data.lanes.flatMap((l) => l.cards);
    const withTrial = cards.filter((c) => c.telNodeId != null);
    expect(withTrial.length).toBeGreaterThan(0);
    for (const card of cards.slice(0, 6)) {
      const { body: page } = await list(`gameType=${card.gameType}&vassalage=${card.accountTypeName.toUpperCase()}&pageSize=100`);
      expect(page.value.total).toBe(card.gameCount);
      expect(page.value.games[0]?.nodeId).toBe(card.nodeId);
      expect(page.value.games[0]?.gameId).toBe(card.gameId);
    }
    for (const card of withTrial.slice(0, 4)) {
      const { status, body: launched } = await callDef(
        catalogueCalls.trialLaunch, `gameId=${encodeURIComponent(card.telGameId!)}&nodeId=${card.telNodeId}&platform=html5`,
      );
      expect(status).toBe(200);
      expect(launched.value.content.game_url).toBeTruthy();
      expect(launched.value.content.freePlay).toBe(true);
    }
  });

  it('answers the older client at GCSGAME_gameVendor with the same lanes', async () => {
    const { body: newer } = await callDef(catalogueCalls.vendorLanes, 'platform=html5');
    const { status, body: older } = await callDef(catalogueCalls.vendorLanesOlder, 'platform=html5');
    expect(status).toBe(200);
    expect(older.value).toEqual(newer.value);
  });

  it('shows a vendor in maintenance as such', async () => {
    await withVendorMaintenance('PD_LIVE', async () => {
      const { body } = await callDef(catalogueCalls.vendorLanes, 'platform=html5');
      const live = body.value.data.lanes.find((l) => l.title === 'LIVE')!;
      expect(live.cards.find((c) => c.accountTypeName === 'PD_LIVE')?.maintenance).toBe(true);
      expect(live.cards.find((c) => c.accountTypeName === 'EVERLIGHT_LIVE')?.maintenance).toBe(false);
    });
  });

  it('refuses a merchantCode of another site with 400 merchant_mismatch', async () => {
    const { status, body } = await callDef(catalogueCalls.vendorLanes, 'platform=html5&merchantCode=DEMO2');
    expect(status).toBe(400);
    expect(body.errorCode).toBe('merchant_mismatch');
  });
});
