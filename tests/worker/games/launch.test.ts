import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { callDef } from '../catalogue-helpers';
import { createMember, pickGame, withVendorMaintenance } from '../fixtures';

/** The platform's fixed GLS launch parameters (platform-contract.md §2 launch game). */
const GLS = 'launchMode=GLS&platform=html5&clientType=2&confirmTrans=0&webView=false&language=EN';

/** Launch game; `query` is sent as given (with no launchMode it tests the refusal). */
async function launchRaw(token: string | undefined, query: string, host = '127.0.0.1') {
  return callDef(catalogueCalls.launchGame, query, { token, host });
}

/** Launch game in GLS mode; `freePlay=1` in the old query becomes accountType=0. */
async function launch(token: string | undefined, query: string, host = '127.0.0.1') {
  return launchRaw(token, `${GLS}&${query.replace('freePlay=1', 'accountType=0').replace('freePlay=0', 'accountType=1')}`, host);
}

const trial = (query: string, host?: string) => callDef(catalogueCalls.trialLaunch, query, host ? { host } : {});

async function recent(memberId: number) {
  return (await env.DB.prepare(`SELECT node_id, launched_at FROM recent_games WHERE member_id = ?`).bind(memberId)
    .all<{ node_id: number; launched_at: number }>()).results;
}

describe('GET /wps/game/launchGame (platform-contract.md §2 launch game; player-shell §4 Game launch, §6)', () => {
  it('sends a visitor to log in with 401 customer.not.login, and a stale token with 401 user.or.token.invalid', async () => {
    const game = await pickGame(`vassalage = 'PD_SLOTS'`);
    expect((await launch(undefined, `nodeId=${game.node_id}`)).body.errorCode).toBe('customer.not.login');
    const stale = await launch('x'.repeat(43), `nodeId=${game.node_id}`);
    expect(stale.status).toBe(401);
    expect(stale.body.errorCode).toBe('user.or.token.invalid');
  });

  it('launches a demo-platform game to the slot page and records it as a recent game', async () => {
    const member = await createMember();
    const game = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 1 AND game_classify = 'slot'`);
    const { status, body } = await launch(
      member.token, `gameId=${game.game_id}&nodeId=${game.node_id}&accountType=1&vassalage=PD_SLOTS&merchantCode=DEMO`,
    );
    expect(status).toBe(200);
    expect(body.value).toEqual({
      content: { game_url: `/play/slot?nodeId=${game.node_id}`, vassalage: 'PD_SLOTS', nodeId: game.node_id, freePlay: false },
    });
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
    expect(a.body.value.content.game_url).toBe(
      `/m/launchGame?gameId=${trad.game_id}&gameGroupId=${trad.game_group_id}&playType=trad&prize_mode=ELOTT`,
    );
    const b = await launch(member.token, `nodeId=${ent.node_id}`);
    expect(b.body.value.content.game_url).toContain('playType=ent&prize_mode=ELOTT');
  });

  it('launches a lottery game in launchMode LOTT by lottoGameCode, at the lobby for lottoView=lobby', async () => {
    const member = await createMember();
    const game = await pickGame(`vassalage = 'TCG_LOTTO_VN'`);
    const { status, body } = await launchRaw(
      member.token,
      `launchMode=LOTT&lottoGameCode=${game.game_id}&lottoPrizeMode=ELOTT&lottoView=lobby&device=MOBILE&hasLobby=true&backUrl=%2Fm%2Fhome`,
    );
    expect(status).toBe(200);
    expect(body.value.content.game_url).toMatch(/^\/m\/launchGame\?.*prize_mode=ELOTT&code=lobby$/);
    expect(body.value.content.nodeId).toBe(game.node_id);
    expect(await recent(member.memberId)).toEqual([{ node_id: game.node_id, launched_at: expect.any(Number) }]);
  });

  it('answers 400 request_param_err without launchMode (the platform answers 500 "#727 system busy")', async () => {
    const member = await createMember();
    const game = await pickGame(`vassalage = 'PD_SLOTS'`);
    const { status, body } = await launchRaw(member.token, `nodeId=${game.node_id}&gameId=${game.game_id}`);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
  });

  it('answers 404 game_not_found when gameId is not the node\'s game', async () => {
    const member = await createMember();
    const game = await pickGame(`vassalage = 'PD_SLOTS'`);
    const { status, body } = await launch(member.token, `nodeId=${game.node_id}&gameId=not-this-game`);
    expect(status).toBe(404);
    expect(body.errorCode).toBe('game_not_found');
  });

  it('uses the SEA prize mode for TCG_SEA games (DEMO2, which has no ELOTT entry)', async () => {
    const member = await createMember({ merchantCode: 'DEMO2' });
    const game = await pickGame(`vassalage = 'TCG_SEA'`);
    const { body } = await launch(member.token, `nodeId=${game.node_id}`, 'play2.localhost');
    expect(body.value.content.game_url).toMatch(/^\/m\/launchGame\?.*prize_mode=SEA$/);
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
    expect(allowed.body.value.content.freePlay).toBe(true);
  });

  it('lets a real member ask for free play only where the game supports it', async () => {
    const member = await createMember();
    const free = await pickGame(`game_type = 'RNG' AND support_play = 0`);
    const paid = await pickGame(`game_type = 'RNG' AND support_play = 1`);
    expect((await launch(member.token, `nodeId=${free.node_id}&freePlay=1`)).body.value.content.freePlay).toBe(true);
    const refused = await launch(member.token, `nodeId=${paid.node_id}&freePlay=1`);
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('free_play_unavailable');
  });

  it.each(['', 'nodeId=', 'nodeId=abc', 'nodeId=-4', 'nodeId=10001&accountType=2', 'nodeId=99999999999', 'nodeId=10001&webView=maybe'])(
    'answers ?%s with 400 request_param_err',
    async (query) => {
      const member = await createMember();
      const { status, body } = await launch(member.token, query);
      expect(status).toBe(400);
      expect(body.errorCode).toBe('request_param_err');
    },
  );
});

describe('GET /wps/relay/GCS_gameTrialLaunch (platform-contract.md §2 trial launch, no token)', () => {
  it('opens a free-play game without a session and records nothing', async () => {
    const game = await pickGame(`vassalage = 'PD_SLOTS' AND support_play = 0 AND game_classify = 'slot'`);
    const { status, body } = await trial(`gameId=${game.game_id}&nodeId=${game.node_id}&platform=html5`);
    expect(status).toBe(200);
    expect(body.value).toEqual({ content: { game_url: `/play/slot?nodeId=${game.node_id}`, nodeId: game.node_id, vassalage: 'PD_SLOTS', freePlay: true } });
  });

  it('answers 400 free_play_unavailable for a game without free play', async () => {
    const game = await pickGame(`game_type = 'RNG' AND support_play = 1`);
    const { status, body } = await trial(`gameId=${game.game_id}&nodeId=${game.node_id}&platform=html5`);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('free_play_unavailable');
  });

  it('answers 404 game_not_found for an unknown game or a gameId of another node, 409 vendor_maintenance, 400 request_param_err', async () => {
    const game = await pickGame(`support_play = 0 AND game_type <> 'LOTT'`);
    expect((await trial('nodeId=999999')).body.errorCode).toBe('game_not_found');
    expect((await trial(`nodeId=${game.node_id}&gameId=other`)).status).toBe(404);
    await withVendorMaintenance(game.vassalage, async () => {
      const { status, body } = await trial(`nodeId=${game.node_id}`);
      expect(status).toBe(409);
      expect(body.errorCode).toBe('vendor_maintenance');
    });
    for (const query of ['', 'nodeId=abc', `nodeId=${game.node_id}&platform=ios`]) {
      const { status, body } = await trial(query);
      expect(status).toBe(400);
      expect(body.errorCode).toBe('request_param_err');
    }
  });
});
