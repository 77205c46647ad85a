import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { catalogueCalls } from '../../../contract/calls/catalogue';
import { wireToMinor } from '../../../contract/money';
import { crashRtpOf, roundConfigOf, shooterRtpOf, shooterTargetsOf, tableConfigOf, verifyRound, type FairOutcome } from '../../../rules/demoGames';
import { callDef } from '../catalogue-helpers';
import { balanceOf, createMember, pickGame, withVendorMaintenance } from '../fixtures';
import { expectLedgerInvariants } from '../money-invariants';

let counter = 0;
const newKey = () => `round-${Date.now().toString(36)}-${++counter}`;

/** One round: stake in minor units (sent as currency units). */
async function play(token: string, nodeId: number, stakeMinor: number, choice: string, extra: { key?: string; freePlay?: boolean; clientSeed?: string } = {}) {
  return callDef(catalogueCalls.demoPlay, '', {
    token,
    json: {
      nodeId, stake: stakeMinor / 100, choice, clientSeed: extra.clientSeed ?? 'seed-of-player', idempotencyKey: extra.key ?? newKey(),
      ...(extra.freePlay !== undefined ? { freePlay: extra.freePlay } : {}),
    },
  });
}

const tableGame = () => pickGame(`game_type = 'LIVE' AND support_play = 1`);
const crashGame = () => pickGame(`game_type = 'RNG' AND game_classify = 'arcade'`);
const fishGame = () => pickGame(`game_type = 'FISH'`);

describe('GET /wps/playdeck/demo/game: every game its own kind', () => {
  it.each([
    ['LIVE', `game_type = 'LIVE'`, 'table'],
    ['PVP', `game_type = 'PVP'`, 'table'],
    ['COCKFIGHT', `game_type = 'COCKFIGHT'`, 'table'],
    ['FISH', `game_type = 'FISH'`, 'shooter'],
    ['RNG arcade', `game_type = 'RNG' AND game_classify = 'arcade'`, 'crash'],
    ['RNG slot', `game_type = 'RNG' AND game_classify = 'slot'`, 'slot'],
  ])('a %s game is a %s', async (_label, where, kind) => {
    const game = await pickGame(where);
    const { status, body } = await callDef(catalogueCalls.demoGame, `nodeId=${game.node_id}`);
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ nodeId: game.node_id, kind, gameName: game.game_name, freePlay: game.support_play === 0 });
  });

  it('launches each game on the page of its kind', async () => {
    const member = await createMember({ balanceMinor: 0 });
    for (const [where, page] of [[`game_type = 'LIVE'`, 'table'], [`game_type = 'FISH'`, 'shooter'], [`game_type = 'RNG' AND game_classify = 'arcade'`, 'crash']] as const) {
      const game = await pickGame(where);
      const { body } = await callDef(catalogueCalls.launchGame, `launchMode=GLS&nodeId=${game.node_id}`, { token: member.token });
      expect((body.value as { content: { game_url: string } }).content.game_url).toBe(`/play/${page}?nodeId=${game.node_id}`);
    }
  });

  it('opens a free-play game in its free mode when a member asks for free play', async () => {
    const member = await createMember({ balanceMinor: 0 });
    const game = await pickGame(`game_type = 'FISH' AND support_play = 0`);
    const { body } = await callDef(catalogueCalls.launchGame, `launchMode=GLS&nodeId=${game.node_id}&accountType=0`, { token: member.token });
    expect((body.value as { content: { game_url: string } }).content.game_url).toBe(`/play/shooter?nodeId=${game.node_id}&freePlay=1`);
  });
});

describe("GET /wps/playdeck/demo/game: each title's own configuration and return to player", () => {
  it('answers a head-to-head title its two sides (from its name) and tie pay, with each bet\'s return', async () => {
    const game = await pickGame(`game_type = 'SPORTS'`);
    const { body } = await callDef(catalogueCalls.demoGame, `nodeId=${game.node_id}`);
    const config = tableConfigOf(game.game_id, 'SPORTS', game.game_name);
    expect(game.game_name).toMatch(/^.+ v .+$/);
    expect(config.sides).toEqual(game.game_name.split(' v '));
    expect(body.value).toMatchObject({ kind: 'table', slot: null, table: { sides: config.sides, tiePays: config.tiePays, rtpPercent: config.rtpPercent }, rtpPercent: 96.15 });
  });

  it('names every card-table title of the live, PvP and RNG table blocks Dragon Tiger', async () => {
    const { results } = await env.DB.prepare(`SELECT game_name FROM games WHERE game_type IN ('LIVE', 'PVP') OR (game_type = 'RNG' AND game_classify = 'table')`).all<{ game_name: string }>();
    expect(results.length).toBeGreaterThan(100);
    for (const { game_name } of results) expect(game_name).toMatch(/^Dragon Tiger( Duel)? · /);
  });

  it("answers crash and shooter titles their own return, and a slot title its reels and paytable", async () => {
    const crash = await crashGame();
    const fish = await fishGame();
    const slot = await pickGame(`game_type = 'RNG' AND game_classify = 'slot'`);
    expect((await callDef(catalogueCalls.demoGame, `nodeId=${crash.node_id}`)).body.value).toMatchObject({ kind: 'crash', rtpPercent: crashRtpOf(crash.game_id), table: null, slot: null });
    const shooter = (await callDef(catalogueCalls.demoGame, `nodeId=${fish.node_id}`)).body.value;
    expect(shooter).toMatchObject({ kind: 'shooter', rtpPercent: shooterRtpOf(fish.game_id), targets: shooterTargetsOf(shooterRtpOf(fish.game_id)) });
    const sheet = (await callDef(catalogueCalls.demoGame, `nodeId=${slot.node_id}`)).body.value;
    expect(sheet.slot?.reelCount === 3 || sheet.slot?.reelCount === 5).toBe(true);
    expect(sheet.rtpPercent).toBeGreaterThanOrEqual(94);
    expect(sheet.rtpPercent).toBeLessThanOrEqual(97);
  });
});

describe('POST /wps/playdeck/demo/play: provably fair rounds on the wallet', () => {
  it("plays a tie bet at the title's own tie pay, verifiable with the title's configuration", async () => {
    const member = await createMember({ balanceMinor: 100_000 });
    const game = await tableGame();
    const config = roundConfigOf('table', { gameId: game.game_id, gameType: game.game_type, gameName: game.game_name });
    for (let i = 0; i < 30; i++) {
      const { body } = await play(member.token, game.node_id, 100, 'TIE');
      const round = body.value.round;
      const winMinor = wireToMinor(round.winAmount);
      expect([0, 100 * config.tiePays!]).toContain(winMinor);
      expect(verifyRound({ outcome: round.outcome as FairOutcome, stakeMinor: 100, winMinor, fair: round.fair }).outcomeMatches).toBe(true);
    }
  }, 20_000);

  it('plays a card table round: stake debited, win credited, the round verifiable from its revealed seed', async () => {
    const member = await createMember({ balanceMinor: 10_000 });
    const game = await tableGame();
    const fair = await callDef(catalogueCalls.demoFair, '', { token: member.token });
    expect(fair.status).toBe(200);
    const { status, body } = await play(member.token, game.node_id, 100, 'DRAGON');
    expect(status).toBe(200);
    const round = body.value.round;
    expect(round.fair.commitment).toBe(fair.body.value.commitment);
    expect(round.fair.nonce).toBe(fair.body.value.nonce);
    expect(body.value.nextCommitment).not.toBe(round.fair.commitment);
    const winMinor = wireToMinor(round.winAmount);
    expect(wireToMinor(body.value.balance)).toBe(10_000 - 100 + winMinor);
    expect(verifyRound({ outcome: round.outcome as FairOutcome, stakeMinor: 100, winMinor, fair: round.fair })).toEqual({ seedMatches: true, outcomeMatches: true });
    await expectLedgerInvariants(member.memberId, 10_000);
  });

  it('plays crash and shooter rounds and keeps the ledger invariant over many rounds', async () => {
    const member = await createMember({ balanceMinor: 50_000 });
    const crash = await crashGame();
    const fish = await fishGame();
    let balance = 50_000;
    const nonces: number[] = [];
    for (let i = 0; i < 15; i++) {
      for (const [nodeId, choice] of [[crash.node_id, '200'], [fish.node_id, 'CLOWNFISH']] as const) {
        const { status, body } = await play(member.token, nodeId, 100, choice);
        expect(status).toBe(200);
        balance += wireToMinor(body.value.round.winAmount) - 100;
        expect(wireToMinor(body.value.balance)).toBe(balance);
        nonces.push(body.value.round.fair.nonce);
      }
    }
    expect(nonces).toEqual(nonces.map((_, i) => i));
    expect(await balanceOf(member.memberId)).toBe(balance);
    await expectLedgerInvariants(member.memberId, 50_000);
  });

  it('returns the same round for a retried key, moving money once, and refuses a key reused for another round', async () => {
    const member = await createMember({ balanceMinor: 1_000 });
    const game = await tableGame();
    const key = newKey();
    const first = await play(member.token, game.node_id, 100, 'TIGER', { key });
    const again = await play(member.token, game.node_id, 100, 'TIGER', { key });
    expect(again.body.value.round).toEqual(first.body.value.round);
    expect((await play(member.token, game.node_id, 500, 'TIGER', { key })).body.errorCode).toBe('idempotency_conflict');
    await expectLedgerInvariants(member.memberId, 1_000);
    const { n } = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ledger_entries WHERE member_id = ? AND kind = 'bet'`).bind(member.memberId).first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it('plays concurrent rounds each on its own seed, the money counted once each', async () => {
    const member = await createMember({ balanceMinor: 5_000 });
    const game = await fishGame();
    const results = await Promise.all(Array.from({ length: 6 }, () => play(member.token, game.node_id, 100, 'TURTLE')));
    for (const r of results) expect([200, 409]).toContain(r.status);
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    const commitments = ok.map((r) => r.body.value.round.fair.commitment);
    expect(new Set(commitments).size).toBe(commitments.length);
    await expectLedgerInvariants(member.memberId, 5_000);
  });

  it('refuses bad input with stable codes and moves no money', async () => {
    const member = await createMember({ balanceMinor: 99 });
    const table = await tableGame();
    const crash = await crashGame();
    const slot = await pickGame(`game_type = 'RNG' AND game_classify = 'slot'`);
    const lottery = await pickGame(`vassalage = 'TCG'`);
    expect((await play(member.token, table.node_id, 100, 'PLAYER')).body.errorCode).toBe('invalid_choice');
    expect((await play(member.token, crash.node_id, 100, '100')).body.errorCode).toBe('invalid_choice');
    expect((await play(member.token, table.node_id, 20, 'DRAGON')).body.errorCode).toBe('invalid_stake');
    expect((await play(member.token, slot.node_id, 100, 'DRAGON')).body.errorCode).toBe('not_demo_game');
    expect((await play(member.token, lottery.node_id, 100, 'DRAGON')).body.errorCode).toBe('not_demo_game');
    const poor = await play(member.token, table.node_id, 100, 'DRAGON');
    expect([poor.status, poor.body.errorCode]).toEqual([409, 'insufficient_balance']);
    expect((await play('', table.node_id, 100, 'DRAGON')).status).toBe(401);
    expect(await balanceOf(member.memberId)).toBe(99);
    const vassalage = table.vassalage;
    const maintenance = await withVendorMaintenance(vassalage, () => play(member.token, table.node_id, 10, 'DRAGON'));
    expect(maintenance.body.errorCode).toBe('vendor_maintenance');
  });

  it('lets a member play a free-play game for free (no money moves) but not a game without free play', async () => {
    const member = await createMember({ balanceMinor: 0 });
    const free = await pickGame(`game_type = 'FISH' AND support_play = 0`);
    const { status, body } = await play(member.token, free.node_id, 1000, 'DRAGON', { freePlay: true });
    expect(status).toBe(200);
    expect(body.value.round.freePlay).toBe(true);
    expect(await balanceOf(member.memberId)).toBe(0);
    const paid = await tableGame();
    expect((await play(member.token, paid.node_id, 100, 'DRAGON', { freePlay: true })).body.errorCode).toBe('free_play_unavailable');
  });

  it('refuses trial accounts on games without free play (free_reject) and lets them play free-play games with trial credit', async () => {
    const trial = await createMember({ type: 4, balanceMinor: 1_000 });
    expect((await play(trial.token, (await tableGame()).node_id, 100, 'DRAGON')).body.errorCode).toBe('free_reject');
    const free = await pickGame(`game_type = 'FISH' AND support_play = 0`);
    const { status, body } = await play(trial.token, free.node_id, 100, 'SHARK');
    expect(status).toBe(200);
    expect(body.value.round.freePlay).toBe(false);
    await expectLedgerInvariants(trial.memberId, 1_000);
  });
});
