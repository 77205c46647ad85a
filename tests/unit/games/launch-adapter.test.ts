import { describe, expect, it } from 'vitest';
import { assertMayPlay, checkLaunch, launchUrl, lotteryPlayType, lotteryPrizeMode, type LaunchGame } from '../../../worker/services/games/launch';

const base: LaunchGame = {
  nodeId: 10001, vassalage: 'PD_SLOTS', gameId: 'PDS10001', gameGroupId: null, lottoMode: null, gameType: 'RNG', gameClassifyNew: 'slot',
  supportPlay: 1, launchAdapter: 'demo', vendorMaintenance: false,
};

describe('launch adapter choice', () => {
  it("sends 'demo' games to the built-in slot page", () => {
    expect(launchUrl(base, false)).toBe('/play/slot?nodeId=10001');
  });

  it.each<[string, string | null, string]>([
    ['LIVE', 'baccarat', '/play/table?nodeId=10001'],
    ['PVP', 'poker', '/play/table?nodeId=10001'],
    ['FISH', 'fishing', '/play/shooter?nodeId=10001'],
    ['RNG', 'arcade', '/play/crash?nodeId=10001'],
    ['COCKFIGHT', null, '/play/table?nodeId=10001'],
  ])("sends a 'demo' %s (%s) game to the demo of its kind: %s", (gameType, gameClassifyNew, url) => {
    expect(launchUrl({ ...base, gameType, gameClassifyNew }, false)).toBe(url);
  });

  it("sends 'lottery' games to the lottery launcher with game, group, play type and prize mode", () => {
    const game = { ...base, gameType: 'LOTT', vassalage: 'TCG', gameId: '1004', gameGroupId: 'HANOI', lottoMode: 'Tradition,Entertainment', launchAdapter: 'lottery' };
    expect(launchUrl(game, false)).toBe('/m/launchGame?gameId=1004&gameGroupId=HANOI&playType=ent&prize_mode=LOTT');
  });

  it('fails loudly for an adapter nobody implements', () => {
    expect(() => launchUrl({ ...base, launchAdapter: 'carrier-pigeon' }, false)).toThrow(/Unknown launch adapter/);
  });

  it.each<[string, boolean, string]>([
    ['TCG_LOTTO_VN', false, 'ELOTT'],
    ['TCG_SEA', true, 'SEA'],
    ['TCG', true, 'ELOTT'],
    ['TCG', false, 'LOTT'],
  ])('player-shell §4: %s with an ELOTT mapping entry %s plays prize mode %s', (vassalage, hasElott, mode) => {
    expect(lotteryPrizeMode(vassalage, hasElott)).toBe(mode);
  });

  it.each<[string | null, string]>([
    ['Entertainment', 'ent'],
    ['Tradition,Entertainment', 'ent'],
    ['Tradition', 'trad'],
    [null, 'trad'],
  ])('player-shell §4: "playType ent if lottoMode contains Entertainment, else trad" (%s → %s)', (mode, type) => {
    expect(lotteryPlayType(mode)).toBe(type);
  });
});

describe('who may launch (player-shell §4, §6)', () => {
  it.each<[string, boolean, number, boolean, string]>([
    ['real', true, 1, false, 'ok:false'],
    ['real', true, 0, true, 'ok:true'],
    ['real', true, 1, true, 'free_play_unavailable'],
    ['guest/trial', false, 1, false, 'free_reject'],
    ['guest/trial', false, 0, false, 'ok:true'],
  ])('a %s member, supportPlay %i, free play asked %s → %s', (_kind, real, supportPlay, asked, outcome) => {
    const run = () => checkLaunch(real, { ...base, supportPlay }, asked);
    if (outcome.startsWith('ok:')) expect(run()).toEqual({ freePlay: outcome === 'ok:true' });
    else expect(run).toThrow(expect.objectContaining({ errorCode: outcome }));
  });

  it('refuses every member while the vendor is in maintenance', () => {
    expect(() => checkLaunch(true, { ...base, vendorMaintenance: true }, false)).toThrow(expect.objectContaining({ errorCode: 'vendor_maintenance', status: 409 }));
  });
});

describe('one rule for launching and betting (issue 10: trial accounts on lottery games)', () => {
  it.each([
    [true, 0, false], [true, 1, false], [false, 0, false], [false, 1, false],
    [true, 0, true], [true, 1, true], [false, 0, true], [false, 1, true],
  ])('real %s, supportPlay %i, maintenance %s: a bet is refused exactly when the launch is, with the same code', (real, supportPlay, vendorMaintenance) => {
    const game = { ...base, supportPlay, vendorMaintenance };
    const codeOf = (run: () => unknown) => {
      try {
        run();
        return 'ok';
      } catch (error) {
        return (error as { errorCode?: string }).errorCode;
      }
    };
    expect(codeOf(() => assertMayPlay(real, game))).toBe(codeOf(() => checkLaunch(real, game, false)));
  });
});
