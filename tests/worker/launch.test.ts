import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { LaunchValue } from '../../src/api/types';
import { call } from './helpers';
import { createMember, pickGame, withVendorMaintenance } from './fixtures';

async function launch(token: string | undefined, query: string, host = '127.0.0.1') {
  return call<LaunchValue>(`http://${host}/wps/game/launchGame?${query}`, token ? { token } : {});
}

async function recent(memberId: number) {
  return (await env.DB.prepare(`SELECT node_id, launched_at FROM recent_games WHERE member_id = ?`).bind(memberId)
    .all<{ node_id: number; launched_at: number }>()).results;
}

describe('GET /wps/game/launchGame (player-shell §4 Game launch, §6)', () => {
  it('sends a visitor to log in with 401 not_logged_in, and a stale token with 401 session_expired', async () => {
    const game = await pickGame(`vassalage = 'PD_SLOTS'`);
    expect((await launch(undefined, `nodeId=${game.node_id}`)).body.errorCode).toBe('customer.not.login');
    const stale = await launch('x'.repeat(43), `nodeId=${game.node_id}`);
    expect(stale.status).toBe(401);
    expect(stale.body.errorCode).toBe('user.or.token.invalid');
  });

  it('launches a demo-platform game to the slot page and records it as a recent game', async () => {
    const member = await createMember();
    const game = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 1`);
    const { status, body } = await launch(member.token, `nodeId=${game.node_id}&freePlay=0`);
    expect(status).toBe(200);
    expect(body.value).toEqual({ url: `/play/slot?nodeId=${game.node_id}`, vassalage: 'PD_SLOTS', nodeId: game.node_id, freePlay: false });
    const first = await recent(member.memberId);
    expect(first).toEqual([{ node_id: game.node_id, launched_at: expect.any(Number) }]);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await launch(member.token, `nodeId=${game.node_id}`);
    const second = await recent(member.memberId);
    expect(second).toHaveLength(1);
    expect(second[0]!.launched_at).toBeGreaterThan(first[0]!.launched_at);
  });

  it('launches a lottery game to the lottery launcher with its play type and prize mode', async () => {
    const member = await createMember();
    const trad = await pickGame(`vassalage = 'TCG' AND lotto_mode = 'Tradition'`);
    const ent = await pickGame(`vassalage = 'TCG_LOTTO_VN' AND lotto_mode LIKE '%Entertainment%'`);
    const a = await launch(member.token, `nodeId=${trad.node_id}`);
    expect(a.body.value.url).toBe(
      `/m/launchGame?gameId=${trad.game_id}&gameGroupId=${trad.game_group_id}&playType=trad&prize_mode=ELOTT`,
    );
    const b = await launch(member.token, `nodeId=${ent.node_id}`);
    expect(b.body.value.url).toContain('playType=ent&prize_mode=ELOTT');
  });

  it('uses the SEA prize mode for TCG_SEA games (DEMO2, which has no ELOTT entry)', async () => {
    const member = await createMember({ merchantCode: 'DEMO2' });
    const game = await pickGame(`vassalage = 'TCG_SEA'`);
    const { body } = await launch(member.token, `nodeId=${game.node_id}`, 'play2.localhost');
    expect(body.value.url).toMatch(/^\/m\/launchGame\?.*prize_mode=SEA$/);
  });

  it('answers 404 game_not_found for unknown, disabled and not-offered games', async () => {
    const member = await createMember({ merchantCode: 'DEMO2' });
    const disabled = await env.DB.prepare(`SELECT node_id FROM games WHERE enabled = 0 LIMIT 1`).first<{ node_id: number }>();
    const notOffered = await pickGame(`vassalage = 'NEBULA_SLOTS'`);
    for (const nodeId of [999_999, disabled!.node_id, notOffered.node_id]) {
      const { status, body } = await launch(member.token, `nodeId=${nodeId}`, 'play2.localhost');
      expect(status).toBe(404);
      expect(body.errorCode).toBe('game_not_found');
    }
  });

  it('answers 409 vendor_maintenance while the vendor is in maintenance, and records nothing', async () => {
    const member = await createMember();
    const game = await pickGame(`vassalage = 'PD_LIVE'`);
    await withVendorMaintenance('PD_LIVE', async () => {
      const { status, body } = await launch(member.token, `nodeId=${game.node_id}`);
      expect(status).toBe(409);
      expect(body.errorCode).toBe('vendor_maintenance');
    });
    expect(await recent(member.memberId)).toEqual([]);
  });

  it.each([[4], [40], [41], [42]])('refuses a type %i member a game without free play (403 free_reject) but opens one with it', async (type) => {
    const member = await createMember({ type });
    const paid = await pickGame(`game_type = 'RNG' AND support_play = 1`);
    const free = await pickGame(`game_type = 'RNG' AND support_play = 0`);
    const refused = await launch(member.token, `nodeId=${paid.node_id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('free_reject');
    const allowed = await launch(member.token, `nodeId=${free.node_id}`);
    expect(allowed.status).toBe(200);
    expect(allowed.body.value.freePlay).toBe(true);
  });

  it('lets a real member ask for free play only where the game supports it', async () => {
    const member = await createMember();
    const free = await pickGame(`game_type = 'RNG' AND support_play = 0`);
    const paid = await pickGame(`game_type = 'RNG' AND support_play = 1`);
    expect((await launch(member.token, `nodeId=${free.node_id}&freePlay=1`)).body.value.freePlay).toBe(true);
    const refused = await launch(member.token, `nodeId=${paid.node_id}&freePlay=1`);
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('free_play_unavailable');
  });

  it.each(['', 'nodeId=', 'nodeId=abc', 'nodeId=-4', 'nodeId=10001&freePlay=2', 'nodeId=99999999999'])(
    'answers ?%s with 400 invalid_input',
    async (query) => {
      const member = await createMember();
      const { status, body } = await launch(member.token, query);
      expect(status).toBe(400);
      expect(body.errorCode).toBe('request_param_err');
    },
  );
});
