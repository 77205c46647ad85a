import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { RECENT_GAMES_CAP } from '../../../contract/calls/favourites';
import { recordRecentGame } from '../../../worker/db/queries/games';
import { callDef } from '../catalogue-helpers';
import { createMember, pickGame } from '../fixtures';

const recent = (token: string | undefined, query = '') => callDef(catalogueCalls.recentGames, query, { token });
const addRecent = (token: string | undefined, nodeId: number | string) => callDef(catalogueCalls.addRecentGame, `nodeId=${nodeId}`, { token });
const launch = (token: string, nodeId: number) => callDef(catalogueCalls.launchGame, `launchMode=GLS&nodeId=${nodeId}`, { token });
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('GET /wps/relay/GCS_recentGame and MCS2_addRecentGame (§2 recent list, add recent game; player-shell §2 "recent")', () => {
  it('asks a visitor to log in with 401 customer.not.login', async () => {
    for (const answer of [await recent(undefined), await addRecent(undefined, 10001)]) {
      expect(answer.status).toBe(401);
      expect(answer.body.errorCode).toBe('customer.not.login');
    }
  });

  it('lists nothing for a member who launched nothing, with 0 total pages', async () => {
    const member = await createMember();
    const { status, body } = await recent(member.token);
    expect(status).toBe(200);
    expect(body.value).toEqual([]);
  });

  it('lists the launched games latest launch first, and a repeated launch moves a game to the front', async () => {
    const member = await createMember();
    const slotA = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 1`);
    const slotB = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 1 AND node_id <> ${slotA.node_id}`);
    const lottery = await pickGame(`vassalage = 'TCG_LOTTO_VN'`);
    await launch(member.token, slotA.node_id);
    await pause();
    await launch(member.token, slotB.node_id);
    await pause();
    expect((await addRecent(member.token, lottery.node_id)).status).toBe(200);
    let { body } = await recent(member.token, 'pageSize=10');
    expect(body.value.map((g) => g.nodeId)).toEqual([lottery.node_id, slotB.node_id, slotA.node_id]);
    await pause();
    await launch(member.token, slotA.node_id);
    ({ body } = await recent(member.token));
    expect(body.value.map((g) => g.nodeId)).toEqual([slotA.node_id, lottery.node_id, slotB.node_id]);
  });

  it('filters by game type and vendor and pages without overlap', async () => {
    const member = await createMember();
    const slots: Awaited<ReturnType<typeof pickGame>>[] = [];
    for (let i = 0; i < 3; i++) {
      const taken = slots.map((s) => s.node_id).join(',') || '0';
      slots.push(await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 1 AND node_id NOT IN (${taken})`));
    }
    for (const slot of slots) {
      await addRecent(member.token, slot.node_id);
      await pause();
    }
    await addRecent(member.token, (await pickGame(`vassalage = 'TCG'`)).node_id);
    const rng = await recent(member.token, 'gameType=RNG&pageSize=2&pageNo=1');
    const second = await recent(member.token, 'gameType=RNG&pageSize=2&pageNo=2');
    expect(second.body.value.map((g) => g.nodeId)).toEqual([slots[0]!.node_id]);
    expect(rng.body.value.map((g) => g.nodeId)).toEqual([slots[2]!.node_id, slots[1]!.node_id]);
    expect((await recent(member.token, 'gameType=RNG&pageSize=2&pageNo=3')).body.value).toEqual([]);
    const named = await recent(member.token, `gameType=RNG&gameName=${encodeURIComponent(` ${slots[1]!.game_name.toUpperCase()} `)}`);
    expect(named.body.value.map((g) => g.nodeId)).toContain(slots[1]!.node_id);
    expect(named.body.value.every((g) => g.gameName.toLowerCase().includes(slots[1]!.game_name.toLowerCase()))).toBe(true);
    const lott = await recent(member.token, 'gameType=LOTT&vassalage=tcg');
    expect(lott.body.value.every((g) => g.vassalage === 'TCG')).toBe(true);
    expect(lott.body.value).toHaveLength(1);
  });

  it(`answers the platform client's call (pageNo=1, pageSize=25, ext=avif) with tiles it maps, and keeps only the latest ${RECENT_GAMES_CAP}`, async () => {
    const member = await createMember();
    const games = await env.DB.prepare(
      `SELECT node_id FROM games WHERE vassalage = 'PD_SLOTS' AND game_type = 'RNG' AND enabled = 1 ORDER BY node_id LIMIT ?`,
    ).bind(RECENT_GAMES_CAP + 5).all<{ node_id: number }>();
    const ids = games.results.map((g) => g.node_id);
    expect(ids.length).toBe(RECENT_GAMES_CAP + 5);
    const t0 = Date.now() - 1_000_000;
    for (const [i, nodeId] of ids.entries()) await recordRecentGame(env.DB, member.memberId, nodeId, t0 + i);
    const latestFirst = [...ids].reverse();

    const client = await recent(member.token, 'gameType=RNG&pageNo=1&pageSize=25&language=EN&ext=avif');
    expect(client.status).toBe(200);
    expect(Array.isArray(client.body.value)).toBe(true);
    expect(client.body.value.map((g) => g.nodeId)).toEqual(latestFirst.slice(0, 25));
    for (const g of client.body.value) {
      expect(g).toMatchObject({ nodeName: expect.any(String), nodeId: expect.any(Number), vassalage: 'PD_SLOTS', supportPlay: expect.any(Number) });
      expect(g).toHaveProperty('roomId');
    }
    const whole = await recent(member.token);
    expect(whole.body.value.map((g) => g.nodeId)).toEqual(latestFirst.slice(0, RECENT_GAMES_CAP));
    const big = await recent(member.token, 'pageSize=100');
    expect(big.body.value).toHaveLength(RECENT_GAMES_CAP);
    const pastCap = await recent(member.token, 'pageNo=3&pageSize=25');
    expect(pastCap.body.value).toEqual([]);
    const straddling = await recent(member.token, 'pageNo=2&pageSize=30');
    expect(straddling.body.value.map((g) => g.nodeId)).toEqual(latestFirst.slice(30, RECENT_GAMES_CAP));
  });

  it('answers 400 request_param_err for a bad page size', async () => {
    const member = await createMember();
    for (const query of ['pageSize=0', 'pageSize=101', 'pageNo=0', 'ext=gif']) {
      const { status, body } = await recent(member.token, query);
      expect(status, query).toBe(400);
      expect(body.errorCode, query).toBe('request_param_err');
    }
  });

  it('answers 404 game_not_found when recording a game the site does not offer, and 400 for a bad node id', async () => {
    const member = await createMember();
    expect((await addRecent(member.token, 999_999_999)).body.errorCode).toBe('game_not_found');
    expect((await addRecent(member.token, 'abc')).status).toBe(400);
  });
});

describe('GET /wps/relay/GCSGAME_gameList gameClassify=hot (player-shell §2 Game list screen "hot")', () => {
  it('lists only hot games of the type', async () => {
    const { body } = await callDef(catalogueCalls.gameList, 'gameType=RNG&gameClassify=hot&pageSize=100');
    expect(body.value.games.length).toBeGreaterThan(0);
    expect(body.value.games.every((g) => g.isHot && g.gameType === 'RNG')).toBe(true);
  });
});
