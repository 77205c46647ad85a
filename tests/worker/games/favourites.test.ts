import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { call } from '../helpers';
import { callDef } from '../catalogue-helpers';
import { createMember, pickGame } from '../fixtures';

const ADD = catalogueCalls.addFavourite.path;
const REMOVE = catalogueCalls.removeFavourite.path;

/** The stored game type of a node id (the favourite body names it; RNG for an unknown id). */
async function typeOf(nodeId: number | string): Promise<string> {
  const row = await env.DB.prepare(`SELECT game_type FROM games WHERE node_id = ?`).bind(Number(nodeId)).first<{ game_type: string }>();
  return row?.game_type ?? 'RNG';
}

async function add(token: string, nodeId: number | string, vendor: string, gameType?: string) {
  return callDef(catalogueCalls.addFavourite, '', { token, json: { nodeId, vendor, gameType: gameType ?? await typeOf(nodeId) } });
}

async function remove(token: string, nodeId: number | string, vendor: string, gameType?: string) {
  return callDef(catalogueCalls.removeFavourite, '', { token, json: { nodeId, vendor, gameType: gameType ?? await typeOf(nodeId) } });
}

async function ids(token: string): Promise<string[]> {
  const { body } = await callDef(catalogueCalls.favouriteIds, 'pageNo=1&pageSize=100', { token });
  expect(Array.isArray(body.value)).toBe(true);
  return body.value.map(String);
}

const favouriteList = (token: string, query = '') => callDef(catalogueCalls.favouriteList, query, { token });

describe('favourites (platform-contract.md §2 MCSFE_*Favorite*; player-shell §4 Favourite toggle, §5, §7)', () => {
  it('adds, lists newest first, reports ids as strings and removes', async () => {
    const { token } = await createMember();
    const slot = await pickGame(`game_type = 'RNG'`);
    const live = await pickGame(`game_type = 'LIVE'`);
    expect((await add(token, slot.node_id, slot.vassalage)).body).toMatchObject({ success: true, errorCode: '' });
    expect((await add(token, String(live.node_id), live.vassalage)).status).toBe(200);
    expect(await ids(token)).toEqual([String(live.node_id), String(slot.node_id)]);

    const { body } = await favouriteList(token, `token=${token}&pageNo=1&pageSize=9&gameType=&language=EN`);
    expect(body.value.content.map((g) => g.nodeId)).toEqual([live.node_id, slot.node_id]);
    expect(body.value).toMatchObject({ pageNum: 1, totalPages: 1 });

    expect((await remove(token, slot.node_id, slot.vassalage)).body.success).toBe(true);
    expect(await ids(token)).toEqual([String(live.node_id)]);
  });

  it('accepts adding the same favourite twice and keeps one entry', async () => {
    const { token } = await createMember();
    const game = await pickGame(`game_type = 'FISH'`);
    expect((await add(token, game.node_id, game.vassalage)).status).toBe(200);
    expect((await add(token, game.node_id, game.vassalage)).status).toBe(200);
    expect(await ids(token)).toEqual([String(game.node_id)]);
  });

  it('filters the list by game type and pages it', async () => {
    const { token } = await createMember();
    const rng = (await env.DB.prepare(`SELECT node_id, vassalage FROM games WHERE game_type = 'RNG' AND enabled = 1 ORDER BY node_id LIMIT 3`)
      .all<{ node_id: number; vassalage: string }>()).results;
    const pvp = await pickGame(`game_type = 'PVP'`);
    for (const g of rng) await add(token, g.node_id, g.vassalage);
    await add(token, pvp.node_id, pvp.vassalage);

    const page1 = await favouriteList(token, 'gameType=RNG&pageNo=1&pageSize=2');
    expect(page1.body.value.content.map((g) => g.nodeId)).toEqual([rng[2]!.node_id, rng[1]!.node_id]);
    expect(page1.body.value.totalPages).toBe(2);
    const page2 = await favouriteList(token, 'gameType=RNG&pageNo=2&pageSize=2');
    expect(page2.body.value.content.map((g) => g.nodeId)).toEqual([rng[0]!.node_id]);
    const pvpOnly = await favouriteList(token, 'gameType=PVP');
    expect(pvpOnly.body.value.content.map((g) => g.nodeId)).toEqual([pvp.node_id]);
  });

  it('answers an empty list with 0 total pages', async () => {
    const { token } = await createMember();
    const { body } = await favouriteList(token);
    expect(body.value).toEqual({ content: [], pageNum: 1, totalPages: 0 });
  });

  it("narrows the game list to the member's favourites with gameClassify=favorite, and asks a visitor to log in", async () => {
    const { token } = await createMember();
    const game = await pickGame(`game_type = 'RNG' AND game_classify = 'arcade'`);
    await add(token, game.node_id, game.vassalage);
    const { body } = await callDef(catalogueCalls.gameList, 'gameType=RNG&gameClassify=favorite', { token });
    expect(body.value.games.map((g) => g.nodeId)).toEqual([game.node_id]);
    expect(body.value.total).toBe(1);
    const visitor = await call('/wps/relay/GCSGAME_gameList?gameType=RNG&gameClassify=favorite');
    expect(visitor.status).toBe(401);
    expect(visitor.body.errorCode).toBe('customer.not.login');
  });

  it('keeps favourites per member', async () => {
    const a = await createMember();
    const b = await createMember();
    const game = await pickGame(`game_type = 'RNG'`);
    await add(a.token, game.node_id, game.vassalage);
    expect(await ids(b.token)).toEqual([]);
  });

  it('refuses a vendor or game type that is not the game\'s with 400 vendor_mismatch', async () => {
    const { token } = await createMember();
    const game = await pickGame(`vassalage = 'PD_SLOTS'`);
    for (const send of [add, remove]) {
      const { status, body } = await send(token, game.node_id, 'GOLDEN_REEL');
      expect(status).toBe(400);
      expect(body.errorCode).toBe('vendor_mismatch');
      const wrongType = await send(token, game.node_id, game.vassalage, game.game_type === 'LIVE' ? 'FISH' : 'LIVE');
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.errorCode).toBe('vendor_mismatch');
    }
  });

  it('pages the ids (pageNo, pageSize)', async () => {
    const { token } = await createMember();
    const rng = (await env.DB.prepare(`SELECT node_id, vassalage FROM games WHERE game_type = 'RNG' AND enabled = 1 ORDER BY node_id LIMIT 3`)
      .all<{ node_id: number; vassalage: string }>()).results;
    for (const g of rng) await add(token, g.node_id, g.vassalage, 'RNG');
    const { body } = await callDef(catalogueCalls.favouriteIds, 'pageNo=2&pageSize=2', { token });
    expect(body.value).toEqual([String(rng[0]!.node_id)]);
  });

  it('answers 404 game_not_found for an unknown game, and for adding a game the site does not offer', async () => {
    const { token } = await createMember();
    expect((await add(token, 999_999, 'PD_SLOTS')).body.errorCode).toBe('game_not_found');
    expect((await remove(token, 999_999, 'PD_SLOTS')).status).toBe(404);
    const notOnDemo2 = await pickGame(`vassalage = 'TCG_LOTTO_VN'`);
    const demo2 = await createMember({ merchantCode: 'DEMO2' });
    const { status, body } = await callDef(catalogueCalls.addFavourite, '', {
      host: 'play2.localhost', token: demo2.token, json: { nodeId: notOnDemo2.node_id, vendor: notOnDemo2.vassalage, gameType: notOnDemo2.game_type },
    });
    expect(status).toBe(404);
    expect(body.errorCode).toBe('game_not_found');
  });

  it.each([
    ['GET', '/wps/relay/MCSFE_getFavoriteGamesList'],
    ['GET', '/wps/relay/MCSFE_getFavoriteGames'],
    ['POST', ADD],
    ['DELETE', REMOVE],
  ])('refuses a visitor on %s %s with 401 customer.not.login', async (method, path) => {
    const json = method === 'GET' ? undefined : { nodeId: 10001, vendor: 'PD_SLOTS', gameType: 'RNG' };
    const { status, body } = await call(path, { method, json });
    expect(status).toBe(401);
    expect(body.errorCode).toBe('customer.not.login');
  });

  it.each<[string, string, unknown]>([
    ['POST', 'nodeId missing', { vendor: 'PD_SLOTS', gameType: 'RNG' }],
    ['POST', 'nodeId not a number', { nodeId: 'abc', vendor: 'PD_SLOTS', gameType: 'RNG' }],
    ['POST', 'nodeId negative', { nodeId: -5, vendor: 'PD_SLOTS', gameType: 'RNG' }],
    ['POST', 'nodeId fractional', { nodeId: 1.5, vendor: 'PD_SLOTS', gameType: 'RNG' }],
    ['POST', 'gameType missing', { nodeId: 10001, vendor: 'PD_SLOTS' }],
    ['DELETE', 'vendor missing', { nodeId: 10001, gameType: 'RNG' }],
    ['DELETE', 'vendor with spaces inside', { nodeId: 10001, vendor: 'PD SLOTS', gameType: 'RNG' }],
    ['POST', 'body an array', [10001]],
  ])('answers %s with %s with 400 request_param_err', async (method, _label, json) => {
    const { token } = await createMember();
    const { status, body } = await call(method === 'POST' ? ADD : REMOVE, { method, token, json });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
  });

  it.each([
    '/wps/relay/MCSFE_getFavoriteGamesList?pageSize=0',
    '/wps/relay/MCSFE_getFavoriteGamesList?pageNo=x',
    '/wps/relay/MCSFE_getFavoriteGamesList?gameType=PROMO',
    '/wps/relay/MCSFE_getFavoriteGames?pageSize=0',
  ])('answers %s with 400 request_param_err', async (path) => {
    const { token } = await createMember();
    const { status, body } = await call(path, { token });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
  });

  it('answers a body that is not JSON with 400 request_param_err', async () => {
    const { token } = await createMember();
    const { status, body } = await call(ADD, {
      method: 'POST', token, body: '{nodeId:', headers: { 'Content-Type': 'application/json' },
    });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
  });
});
