import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { settleDueDraws } from '../../../worker/services/lottery/settlement';
import { callDef } from '../catalogue-helpers';
import { createMember } from '../fixtures';
import { dailyGame, newKey, openDraw, postOrder } from '../lottery-helpers';

/** Every first-digit bet at `stake`: exactly one wins, paying stake × 9.75 (ELOTT digit odds). */
const allDigits = (stake: number) => Array.from({ length: 10 }, (_, digit) => ({ betType: 'digit', selection: { position: 1, digit }, stakeMinor: stake }));

/** The winner board (platform-contract.md §2 GCSGAME_getRankList); `query` starts with '?' (answers validated by callDef). */
async function board(query = '', host = '127.0.0.1') {
  return callDef(catalogueCalls.winnerBoard, query.replace(/^\?/, ''), { host });
}

describe('GET /wps/relay/GCSGAME_getRankList (§2 winner board)', () => {
  it('shows settled wins of real players with masked names, newest or biggest first', async () => {
    const game = await dailyGame();
    // Trial accounts bet only where their launch is allowed: a game that supports free play.
    await env.DB.prepare(`UPDATE games SET support_play = 0 WHERE node_id = ?`).bind(game.nodeId).run();
    const draw = await openDraw(game);
    const small = await createMember({ balanceMinor: 100_000 });
    const big = await createMember({ balanceMinor: 100_000 });
    const trial = await createMember({ type: 4, balanceMinor: 100_000 });
    for (const [m, stake] of [[small, 100], [big, 5000], [trial, 9000]] as const) {
      const { status } = await postOrder(m.token, { nodeId: game.nodeId, issueNo: draw.issueNo, prizeMode: 'ELOTT', idempotencyKey: newKey(), items: allDigits(stake) });
      expect(status).toBe(200);
    }
    expect((await board()).body.value.list).toEqual([]); // nothing settled yet
    await settleDueDraws(env.DB, { now: draw.drawAt, nodeId: game.nodeId });

    const newest = await board('?gameCategory=ALL&language=EN&limitNum=20');
    expect(newest.status).toBe(200);
    const names = newest.body.value.list.map((e) => e.vo.customerName);
    expect(names).toHaveLength(2); // the trial account's play-money win is not shown
    expect(names).toEqual(expect.arrayContaining([`${small.username.slice(0, 2)}***${small.username.slice(-2)}`, `${big.username.slice(0, 2)}***${big.username.slice(-2)}`]));
    for (const name of names) expect(name).not.toContain('fixture_');

    const biggest = await board('?sort=biggest&limitNum=1');
    expect(biggest.body.value.list).toEqual([{
      vo: expect.objectContaining({
        customerName: `${big.username.slice(0, 2)}***${big.username.slice(-2)}`, winAmount: 487.5, gameType: 'LOTT', nodeId: game.nodeId,
        gameId: game.gameId, vendor: game.vassalage, notAuto: true,
      }),
    }]);
    const gameName = (await env.DB.prepare(`SELECT game_name FROM games WHERE node_id = ?`).bind(game.nodeId).first<{ game_name: string }>())?.game_name;
    expect(biggest.body.value.list[0]?.vo.gameName).toBe(gameName);
    expect(biggest.body.value.list[0]?.vo.wonAt).toBe(draw.drawAt);

    expect((await board('?gameCategory=LOTT')).body.value.list).toHaveLength(2);
    expect((await board('?gameCategory=ELOTT')).body.value.list).toHaveLength(0);
    expect((await board('', 'play2.localhost')).body.value.list).toHaveLength(0); // another site's players
  });

  it('includes winning rounds of the demo slot', async () => {
    const member = await createMember({ balanceMinor: 0 });
    const slot = await env.DB.prepare(`SELECT node_id, game_name FROM games WHERE vassalage = 'PD_SLOTS' AND enabled = 1 LIMIT 1`).first<{ node_id: number; game_name: string }>();
    await env.DB.prepare(
      `INSERT INTO demo_rounds (member_id, node_id, stake_minor, win_minor, reels, idempotency_key, created_at) VALUES (?, ?, 100, 30000, '[]', ?, ?)`,
    ).bind(member.memberId, slot?.node_id ?? 0, newKey(), Date.now() + 86_400_000 * 400).run();
    const newest = await board('?limitNum=1');
    expect(newest.body.value.list[0]?.vo).toMatchObject({ gameName: slot?.game_name, winAmount: 300, gameType: 'RNG' });
    expect((await board('?gameCategory=RNG')).body.value.list).toHaveLength(1);
    expect((await board('?gameCategory=LOTT')).body.value.list.every((e) => e.vo.gameType === 'LOTT')).toBe(true);
  });
});

describe('GCSGAME_getRankList input', () => {
  it.each(['limitNum=21', 'limitNum=0', 'gameCategory=NOPE', 'sort=random'])('answers ?%s with 400 request_param_err', async (query) => {
    const { status, body } = await board(`?${query}`);
    expect(status).toBe(400);
    expect(body.errorCode).toBe('request_param_err');
  });
});
