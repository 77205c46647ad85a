import { describe, expect, it } from 'vitest';
import type { GameListValue, LaunchValue } from '../../src/api/types';
import { call } from './helpers';
import { createMember, pickGame } from './fixtures';

const recent = (token: string | undefined, query = '') =>
  call<GameListValue>(`/wps/game/recent${query ? `?${query}` : ''}`, token ? { token } : {});
const addRecent = (token: string | undefined, nodeId: number | string) =>
  call<null>(`/wps/game/recent/add?nodeId=${nodeId}`, token ? { token } : {});
const launch = (token: string, nodeId: number) => call<LaunchValue>(`/wps/game/launchGame?nodeId=${nodeId}`, { token });
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('GET /wps/game/recent (player-shell §2 Game list screen "recent"; §7 recent list)', () => {
  it('asks a visitor to log in with 401 not_logged_in', async () => {
    const { status, body } = await recent(undefined);
    expect(status).toBe(401);
    expect(body.errorCode).toBe('customer.not.login');
  });

  it('lists nothing for a member who launched nothing, with 0 total pages', async () => {
    const member = await createMember();
    const { status, body } = await recent(member.token);
    expect(status).toBe(200);
    expect(body.value).toEqual({ games: [], pageNum: 1, totalPages: 0, total: 0 });
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
    expect(body.value.games.map((g) => g.nodeId)).toEqual([lottery.node_id, slotB.node_id, slotA.node_id]);
    await pause();
    await launch(member.token, slotA.node_id);
    ({ body } = await recent(member.token, 'pageSize=10'));
    expect(body.value.games.map((g) => g.nodeId)).toEqual([slotA.node_id, lottery.node_id, slotB.node_id]);
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
    expect(rng.body.value).toMatchObject({ pageNum: 1, totalPages: 2, total: 3 });
    const second = await recent(member.token, 'gameType=RNG&pageSize=2&pageNo=2');
    expect(second.body.value.games.map((g) => g.nodeId)).toEqual([slots[0]!.node_id]);
    expect(rng.body.value.games.map((g) => g.nodeId)).toEqual([slots[2]!.node_id, slots[1]!.node_id]);
    const named = await recent(member.token, `gameType=RNG&gameName=${encodeURIComponent(` ${slots[1]!.game_name.toUpperCase()} `)}`);
    expect(named.body.value.games.map((g) => g.nodeId)).toContain(slots[1]!.node_id);
    expect(named.body.value.games.every((g) => g.gameName.toLowerCase().includes(slots[1]!.game_name.toLowerCase()))).toBe(true);
    const lott = await recent(member.token, 'gameType=LOTT&vassalage=tcg');
    expect(lott.body.value.games.every((g) => g.vassalage === 'TCG')).toBe(true);
    expect(lott.body.value.total).toBe(1);
  });

  it('answers 404 game_not_found when recording a game the site does not offer, and 400 for a bad node id', async () => {
    const member = await createMember();
    expect((await addRecent(member.token, 999_999_999)).body.errorCode).toBe('game_not_found');
    expect((await addRecent(member.token, 'abc')).status).toBe(400);
  });
});

describe('GET /wps/game/list gameClassify=hot (player-shell §2 Game list screen "hot")', () => {
  it('lists only hot games of the type', async () => {
    const { body } = await call<GameListValue>('/wps/game/list?gameType=RNG&gameClassify=hot&pageSize=100');
    expect(body.value.games.length).toBeGreaterThan(0);
    expect(body.value.games.every((g) => g.isHot && g.gameType === 'RNG')).toBe(true);
  });
});
