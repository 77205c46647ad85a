import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { lotteryCalls } from '../../../contract/calls/lottery';
import { openSlot } from '../../../worker/model/lottery/schedule';
import { createStandin } from '../../platform-standin/app';
import { callDef } from '../catalogue-helpers';
import { createMember } from '../fixtures';
import { countOf, dailyGame, gateway, openDraw, postOrder } from '../lottery-helpers';

/**
 * The lottery calls of the platform's own mobile client (platform-contract.md §7.5), made as its code makes them:
 * each answer a plain object keyed by game that the client reads with `Object.values(data)`, and the lottery lobby
 * launch without a game code.
 */

type Games = z.output<typeof lotteryCalls.lotteryMobileGames.value>;
type Popular = z.output<typeof lotteryCalls.popularLotteryGames.value>;
type Menu = z.output<typeof lotteryCalls.lotteryGameMenu.value>;
type Numeros = z.output<typeof lotteryCalls.openedNumeros.value>;

const OFFERED = `SELECT COUNT(DISTINCT g.game_id) AS n FROM games g
  JOIN lottery_games lg ON lg.node_id = g.node_id AND lg.enabled = 1
  JOIN merchant_vendors mv ON mv.vassalage = g.vassalage AND mv.game_type = g.game_type AND mv.merchant_code = ? AND mv.enabled = 1
  WHERE g.enabled = 1`;

/** The client's own reading: `Object.values(data)`, then each entry's displayName (its `lottList` and lott types). */
const lottList = (data: Record<string, { displayName: string }>) => Object.values(data).map((g) => g.displayName);

describe('GET /lgw/games/mobile (§7.5: the client\'s lottery list)', () => {
  it('answers the site\'s lottery games as a plain object keyed by game id, each with its displayName', async () => {
    const { status, body } = await gateway<Games>('/lgw/games/mobile', { headers: { Merchant: 'DEMO', Language: 'EN' } });
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(false);
    expect(lotteryCalls.lotteryMobileGames.value.safeParse(body).success).toBe(true);
    const offered = await countOf(OFFERED.replace('?', `'DEMO'`));
    expect(Object.keys(body)).toHaveLength(offered);
    expect(lottList(body).every((name) => name.length > 0)).toBe(true);
    for (const [key, game] of Object.entries(body)) {
      expect(game.gameId).toBe(key);
      expect(['LOTT', 'ELOTT']).toContain(game.gameType);
      expect(game.prizeModes?.length).toBeGreaterThan(0);
    }
    const daily = await dailyGame();
    expect(body[daily.gameId]).toMatchObject({ gameId: daily.gameId, vassalage: 'TCG', lottoMode: 'Tradition' });
  });

  it('shows a site only its own lottery vendors', async () => {
    const { body } = await gateway<Games>('http://play2.localhost/lgw/games/mobile');
    expect(Object.keys(body).length).toBeGreaterThan(0);
    expect(new Set(Object.values(body).map((g) => g.vassalage))).toEqual(new Set(['TCG_SEA']));
  });
});

describe('GET /lgw/games/popular (§7.5)', () => {
  it('lists every game, the most played of the last week first', async () => {
    const daily = await dailyGame(1);
    const member = await createMember({ balanceMinor: 1_000_00 });
    const draw = await openDraw(daily);
    const placed = await postOrder(member.token, {
      gameId: daily.gameId, issueNo: draw.issueNo, prizeMode: 'LOTT', idempotencyKey: `popular-${Date.now()}`,
      items: [{ betType: 'sum_big_small', selection: { pick: 'big' }, stakeMinor: 1000 }],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { status, body } = await gateway<Popular>('/lgw/games/popular');
    expect(status).toBe(200);
    expect(lotteryCalls.popularLotteryGames.value.safeParse(body).success).toBe(true);
    const ranked = Object.values(body).sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
    expect(ranked[0]?.gameId).toBe(daily.gameId);
    expect(ranked.map((g) => g.rank)).toEqual(ranked.map((_, i) => i + 1));
    const all = await gateway<Games>('/lgw/games/mobile');
    expect(new Set(Object.keys(body))).toEqual(new Set(Object.keys(all.body)));
  });
});

describe('GET /lgw/games/opened/numero and /lgw/vn/numeros/opened/game (§7.5: open draws)', () => {
  for (const path of ['/lgw/games/opened/numero', '/lotto/lgw/games/opened/numero', '/lgw/vn/numeros/opened/game']) {
    it(`${path}: each game's draw taking bets now, keyed by game id`, async () => {
      const { status, body, headers } = await gateway<Numeros>(path, { headers: { Merchant: 'DEMO' } });
      expect(status).toBe(200);
      expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(lotteryCalls.openedNumeros.value.safeParse(body).success).toBe(true);
      const daily = await dailyGame();
      const entry = body[daily.gameId];
      const open = openSlot(daily.schedule, Date.now());
      expect(entry?.numero).toBe(open.issueNo);
      expect(entry?.closeAt).toBe(open.closeAt);
      expect(Math.abs((entry?.serverTime ?? 0) - Date.now())).toBeLessThan(5_000);
      expect(Object.values(body).every((n) => /^\d{8}-\d{4}$/.test(n.numero))).toBe(true);
    });
  }

  it('answers an unknown path under /lotto/lgw as the gateway does (plain errorCode, 404)', async () => {
    const { status, body } = await gateway<Record<string, never>>('/lotto/lgw/nothing');
    expect(status).toBe(404);
    expect(body.errorCode).toBe('not_found');
    expect('success' in body).toBe(false);
  });
});

describe('GET /lgw/vn/games/game_menu (§7.5: the lottery menu)', () => {
  it('groups the games of the prize mode by vendor; each group carries its games', async () => {
    const { status, body } = await gateway<Menu>('/lgw/vn/games/game_menu?prizeMode=Lott&device=MOBILE');
    expect(status).toBe(200);
    expect(lotteryCalls.lotteryGameMenu.value.safeParse(body).success).toBe(true);
    const groups = Object.values(body);
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) {
      expect(body[group.menuCode]).toBe(group);
      expect(group.games.every((g) => g.vassalage === group.menuCode && g.prizeModes?.includes('LOTT'))).toBe(true);
    }
    // The client's lottery centre reads each group's games.
    const games = groups.flatMap((g) => g.games);
    expect(games.length).toBeGreaterThan(0);
    const sea = await gateway<Menu>('/lgw/vn/games/game_menu?prizeMode=SEA&device=MOBILE');
    expect(Object.keys(sea.body)).toEqual(['TCG_SEA']);
    const all = await gateway<Menu>('/lgw/vn/games/game_menu');
    expect(Object.values(all.body).flatMap((g) => g.games).length).toBe(await countOf(OFFERED.replace('?', `'DEMO'`)));
  });

  it('refuses an unknown prize mode with 400 request_param_err', async () => {
    const { status, body } = await gateway<Menu>('/lgw/vn/games/game_menu?prizeMode=Keno');
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
  });
});

describe('GET /wps/game/launchGame lottery lobby (§7.5: no lottoGameCode, no nodeId)', () => {
  const VN = 'launchMode=LOTT&lottoView=lobby&lottoArea=VN&lottoPrizeMode=Lott&device=MOBILE&backUrl=https%3A%2F%2Fexample.test%2Fm%2Fhome&hasLobby=true&language=VI&title=Play&labelName=';
  const SEA = 'lottoMode=SEA_Tradition_Mobile&launchMode=LOTT&lottoGameCode=lobby&lottoView=lobby&device=MOBILE&backUrl=https%3A%2F%2Fexample.test%2Fm%2Fhome&hasLobby=true&language=VI&title=Play';

  it('answers the lobby URL for the VN and the SEA lobby launch', async () => {
    const member = await createMember();
    for (const query of [VN, SEA]) {
      const { status, body } = await callDef(catalogueCalls.launchGame, query, { token: member.token });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(catalogueCalls.launchGame.value.safeParse(body.value).success).toBe(true);
      expect(body.value.content.game_url).toBe('/m/lottery');
    }
  });

  it('still needs a session, and a LOTT launch naming nothing at all is still refused', async () => {
    expect((await callDef(catalogueCalls.launchGame, VN, {})).status).toBe(401);
    const member = await createMember();
    const bare = await callDef(catalogueCalls.launchGame, 'launchMode=LOTT&device=MOBILE', { token: member.token });
    expect(bare.status).toBe(400);
    expect(bare.body.errorCode).toBe('request_param_err');
  });

  it('answers 404 game_not_found on a site without lottery games', async () => {
    const member = await createMember({ merchantCode: 'DEMO2' });
    await env.DB.prepare(`UPDATE merchant_vendors SET enabled = 0 WHERE merchant_code = 'DEMO2' AND game_type IN ('LOTT', 'ELOTT')`).run();
    try {
      const { status, body } = await callDef(catalogueCalls.launchGame, VN, { token: member.token, host: 'play2.localhost' });
      expect(status).toBe(404);
      expect(body.errorCode).toBe('game_not_found');
    } finally {
      await env.DB.prepare(`UPDATE merchant_vendors SET enabled = 1 WHERE merchant_code = 'DEMO2' AND game_type IN ('LOTT', 'ELOTT')`).run();
    }
  });
});

describe('the platform stand-in answers the §7.5 lottery calls in the contract\'s shapes', () => {
  it('lists six lottery games and their open draws, as the contract definitions read them', async () => {
    const standin = await createStandin();
    const get = async (path: string) => {
      const response = await standin.fetch(new Request(`http://standin.test${path}`, { headers: { Merchant: 'DEMO' } }));
      expect(response.status, path).toBe(200);
      return response.json();
    };
    const games = lotteryCalls.lotteryMobileGames.value.parse(await get('/lgw/games/mobile'));
    expect(Object.values(games)).toHaveLength(6);
    expect(lotteryCalls.popularLotteryGames.value.safeParse(await get('/lgw/games/popular')).success).toBe(true);
    expect(lotteryCalls.lotteryGameMenu.value.safeParse(await get('/lgw/vn/games/game_menu?prizeMode=Lott&device=MOBILE')).success).toBe(true);
    for (const path of ['/lgw/games/opened/numero', '/lotto/lgw/games/opened/numero', '/lgw/vn/numeros/opened/game']) {
      const numeros = lotteryCalls.openedNumeros.value.parse(await get(path));
      expect(Object.keys(numeros).sort()).toEqual(Object.keys(games).sort());
    }
  });
});
