import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { FavouriteListValue } from '../../src/api/types';
import { call } from './helpers';
import { createMember, pickGame } from './fixtures';

async function add(token: string, nodeId: number | string, vendor: string) {
  return call('/wps/favourite', { method: 'POST', token, json: { nodeId, vendor } });
}

async function remove(token: string, nodeId: number | string, vendor: string) {
  return call('/wps/favourite', { method: 'DELETE', token, json: { nodeId, vendor } });
}

async function ids(token: string): Promise<string[]> {
  return (await call<{ list: string[] }>('/wps/favourite/ids', { token })).body.value.list;
}

describe('favourites (player-shell §4 Favourite toggle, §5, §7)', () => {
  it('adds, lists newest first, reports ids as strings and removes', async () => {
    const { token } = await createMember();
    const slot = await pickGame(`game_type = 'RNG'`);
    const live = await pickGame(`game_type = 'LIVE'`);
    expect((await add(token, slot.node_id, slot.vassalage)).body).toMatchObject({ success: true, errorCode: '' });
    expect((await add(token, String(live.node_id), live.vassalage)).status).toBe(200);
    expect(await ids(token)).toEqual([String(live.node_id), String(slot.node_id)]);

    const { body } = await call<FavouriteListValue>('/wps/favourite/list?pageNo=1&pageSize=9&language=EN', { token });
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

    const page1 = await call<FavouriteListValue>('/wps/favourite/list?gameType=RNG&pageNo=1&pageSize=2', { token });
    expect(page1.body.value.content.map((g) => g.nodeId)).toEqual([rng[2]!.node_id, rng[1]!.node_id]);
    expect(page1.body.value.totalPages).toBe(2);
    const page2 = await call<FavouriteListValue>('/wps/favourite/list?gameType=RNG&pageNo=2&pageSize=2', { token });
    expect(page2.body.value.content.map((g) => g.nodeId)).toEqual([rng[0]!.node_id]);
    const pvpOnly = await call<FavouriteListValue>('/wps/favourite/list?gameType=PVP', { token });
    expect(pvpOnly.body.value.content.map((g) => g.nodeId)).toEqual([pvp.node_id]);
  });

  it('answers an empty list with 0 total pages', async () => {
    const { token } = await createMember();
    const { body } = await call<FavouriteListValue>('/wps/favourite/list', { token });
    expect(body.value).toEqual({ content: [], pageNum: 1, totalPages: 0 });
  });

  it("narrows the game list to the member's favourites with gameClassify=favorite, and asks a visitor to log in", async () => {
    const { token } = await createMember();
    const game = await pickGame(`game_type = 'RNG' AND game_classify = 'arcade'`);
    await add(token, game.node_id, game.vassalage);
    const { body } = await call<{ games: { nodeId: number }[]; total: number }>('/wps/game/list?gameType=RNG&gameClassify=favorite', { token });
    expect(body.value.games.map((g) => g.nodeId)).toEqual([game.node_id]);
    expect(body.value.total).toBe(1);
    const visitor = await call('/wps/game/list?gameType=RNG&gameClassify=favorite');
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

  it('refuses a vendor that is not the game vendor with 400 vendor_mismatch', async () => {
    const { token } = await createMember();
    const game = await pickGame(`vassalage = 'PD_SLOTS'`);
    for (const send of [add, remove]) {
      const { status, body } = await send(token, game.node_id, 'GOLDEN_REEL');
      expect(status).toBe(400);
      expect(body.errorCode).toBe('vendor_mismatch');
    }
  });

  it('answers 404 game_not_found for an unknown game, and for adding a game the site does not offer', async () => {
    const { token } = await createMember();
    expect((await add(token, 999_999, 'PD_SLOTS')).body.errorCode).toBe('game_not_found');
    expect((await remove(token, 999_999, 'PD_SLOTS')).status).toBe(404);
    const notOnDemo2 = await pickGame(`vassalage = 'TCG_LOTTO_VN'`);
    const demo2 = await createMember({ merchantCode: 'DEMO2' });
    const { status, body } = await call('http://play2.localhost/wps/favourite', {
      method: 'POST', token: demo2.token, json: { nodeId: notOnDemo2.node_id, vendor: notOnDemo2.vassalage },
    });
    expect(status).toBe(404);
    expect(body.errorCode).toBe('game_not_found');
  });

  it.each([
    ['GET', '/wps/favourite/list'],
    ['GET', '/wps/favourite/ids'],
    ['POST', '/wps/favourite'],
    ['DELETE', '/wps/favourite'],
  ])('refuses a visitor on %s %s with 401 not_logged_in', async (method, path) => {
    const json = method === 'GET' ? undefined : { nodeId: 10001, vendor: 'PD_SLOTS' };
    const { status, body } = await call(path, { method, json });
    expect(status).toBe(401);
    expect(body.errorCode).toBe('customer.not.login');
  });

  it.each<[string, string, unknown]>([
    ['POST', 'nodeId missing', { vendor: 'PD_SLOTS' }],
    ['POST', 'nodeId not a number', { nodeId: 'abc', vendor: 'PD_SLOTS' }],
    ['POST', 'nodeId negative', { nodeId: -5, vendor: 'PD_SLOTS' }],
    ['POST', 'nodeId fractional', { nodeId: 1.5, vendor: 'PD_SLOTS' }],
    ['DELETE', 'vendor missing', { nodeId: 10001 }],
    ['DELETE', 'vendor with spaces inside', { nodeId: 10001, vendor: 'PD SLOTS' }],
    ['POST', 'body an array', [10001]],
  ])('answers %s with %s with 400 invalid_input', async (method, _label, json) => {
    const { token } = await createMember();
    const { status, body } = await call('/wps/favourite', { method, token, json });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
  });

  it.each([
    '/wps/favourite/list?pageSize=0',
    '/wps/favourite/list?pageNo=x',
    '/wps/favourite/list?gameType=PROMO',
  ])('answers %s with 400 invalid_input', async (path) => {
    const { token } = await createMember();
    const { status, body } = await call(path, { token });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
  });

  it('answers a body that is not JSON with 400 malformed_request', async () => {
    const { token } = await createMember();
    const { status, body } = await call('/wps/favourite', {
      method: 'POST', token, body: '{nodeId:', headers: { 'Content-Type': 'application/json' },
    });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
  });
});
