import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CRASH_MAX_TARGET, CRASH_MIN_TARGET, SHOOTER_TARGETS, TABLE_PAYS, crashPointOf, crashWin, demoKindOf, parseChoice, playRound,
  TABLE_BETS, crashRtpOf, matchSidesOf, shooterRtpOf, shooterTargetsOf, tableBetLabel, tableConfigOf, tableWin, tableWinner, verifyRound, type DemoKind,
} from '../../../rules/demoGames';
import { commitmentOf, fairStream, newServerSeed } from '../../../rules/fair';

describe('demoKindOf: every catalogue game opens the demo of its own kind', () => {
  describe.each<[string, string | null, DemoKind | null]>([
    ['LIVE', 'baccarat', 'table'],
    ['LIVE', 'roulette', 'table'],
    ['PVP', 'poker', 'table'],
    ['COCKFIGHT', null, 'table'],
    ['SPORTS', null, 'table'],
    ['ESPORTS', 'moba', 'table'],
    ['FISH', 'fishing', 'shooter'],
    ['FISH', 'shooter', 'shooter'],
    ['RNG', 'slot', 'slot'],
    ['RNG', 'table', 'table'],
    ['RNG', 'arcade', 'crash'],
    ['RNG', null, 'slot'],
    ['LOTT', 'lotto', null],
    ['ELOTT', 'fast', null],
    ['SOMETHING_NEW', null, 'slot'],
  ])('%s / %s', (gameType, classify, kind) => {
    it(`opens ${kind ?? 'no demo'}`, () => expect(demoKindOf(gameType, classify)).toBe(kind));
  });
});

describe('dragon tiger: the higher card wins, a tie returns half of a side bet, Tie pays 11:1', () => {
  // Cards 0–51: rank = card % 13 + 1 (ace low).
  it.each<[number, number, 'DRAGON' | 'TIGER' | 'TIE']>([
    [12, 0, 'DRAGON'], [0, 12, 'TIGER'], [5, 18, 'TIE'], [13, 26, 'TIE'],
  ])('dragon %i vs tiger %i → %s', (d, t, winner) => expect(tableWinner(d, t)).toBe(winner));

  it.each<['DRAGON' | 'TIGER' | 'TIE', number, number, number]>([
    ['DRAGON', 12, 0, 200], ['TIGER', 12, 0, 0], ['TIE', 12, 0, 0], ['DRAGON', 5, 18, 50], ['TIGER', 5, 18, 50], ['TIE', 5, 18, 1200],
  ])('a %s bet of 100 on %i vs %i returns %i', (bet, d, t, win) => expect(tableWin(bet, d, t, 100)).toBe(win));

  it('returns 96.15 % on a side and 92.31 % on Tie over every deal', () => {
    for (const [bet, rtp] of [['DRAGON', 25 / 26], ['TIGER', 25 / 26], ['TIE', 12 / 13]] as const) {
      let paid = 0;
      for (let d = 0; d < 52; d++) for (let t = 0; t < 52; t++) paid += tableWin(bet, d, t, 100);
      expect(paid / (52 * 52 * 100)).toBeCloseTo(rtp, 10);
    }
    expect(TABLE_PAYS.TIE).toBe(12);
  });
});

describe('table titles: each with its own sides and tie pay, the return computed in its info', () => {
  const titles = Array.from({ length: 60 }, (_, i) => tableConfigOf(`PDL${15001 + i}`, 'LIVE', `Dragon Tiger · Room ${i}`));

  it("states each bet's return exactly: an enumeration of every deal at the title's tie pay agrees", () => {
    for (const config of titles.slice(0, 12)) {
      for (const bet of TABLE_BETS) {
        let paid = 0;
        for (let d = 0; d < 52; d++) for (let t = 0; t < 52; t++) paid += tableWin(bet, d, t, 100, config.tiePays);
        expect(config.rtpPercent[bet]).toBe(Math.round((paid / (52 * 52)) * 100) / 100);
      }
    }
  });

  it('gives titles tie pays of 11:1 and 10:1 and names the sides of a head-to-head title from its name', () => {
    expect(new Set(titles.map((c) => c.tiePays))).toEqual(new Set([11, 12]));
    expect(titles.every((c) => c.sides === null)).toBe(true);
    expect(tableConfigOf('KO17001', 'SPORTS', 'Harbour Lions v Mountain Eagles').sides).toEqual(['Harbour Lions', 'Mountain Eagles']);
    expect(tableConfigOf('RP20001', 'COCKFIGHT', 'Cebu Red v Manila White').sides).toEqual(['Cebu Red', 'Manila White']);
    expect(tableConfigOf('PDL15001', 'LIVE', 'Dragon Tiger · Lotus v Jade').sides).toBeNull();
  });

  it("names a table round's bets as the title does: a match's sides and a draw, else Dragon, Tiger and Tie", () => {
    const translate = (key: string) => `<${key}>`;
    const sides = matchSidesOf('Harbour Lions v Mountain Eagles');
    expect(TABLE_BETS.map((bet) => tableBetLabel(sides, bet, translate))).toEqual(['Harbour Lions', 'Mountain Eagles', '<demo.table.DRAW>']);
    expect(matchSidesOf('Dragon Tiger · Pearl Room Gold')).toBeNull();
    expect(TABLE_BETS.map((bet) => tableBetLabel(null, bet, translate))).toEqual(['<demo.table.DRAGON>', '<demo.table.TIGER>', '<demo.table.TIE>']);
  });

  it('plays and verifies a round at the title\'s tie pay', () => {
    const serverSeed = newServerSeed();
    const fair = { serverSeed, commitment: commitmentOf(serverSeed), clientSeed: 'c', nonce: 0 };
    const played = playRound('table', fairStream(serverSeed, 'c', 0), 100, 'TIE', { tiePays: 11 });
    const round = { ...played, stakeMinor: 100, fair };
    expect(round.outcome).toMatchObject({ tiePays: 11 });
    expect(verifyRound(round).outcomeMatches).toBe(true);
    expect(verifyRound({ ...round, outcome: { ...round.outcome, tiePays: undefined } as never }).outcomeMatches).toBe(played.winMinor === 0);
    if (played.winMinor > 0) expect(played.winMinor).toBe(1100);
  });
});

describe('crash: auto cash-out at the target', () => {
  it.each([[0, 100], [2 ** 31, 198], [2 ** 32 - 1, 1_000_000]])('word %i crashes at %i hundredths', (x, point) => expect(crashPointOf(x)).toBe(point));
  it('pays stake × target when the crash comes at or after the target', () => {
    expect(crashWin(200, 200, 100)).toBe(200);
    expect(crashWin(201, 200, 100)).toBe(0);
    expect(crashWin(150, 10000, 10)).toBe(15);
  });
  it('returns 99 % for any target (P(point ≥ t) = floor(99·2^32/t)/2^32)', () => {
    for (const t of [101, 150, 200, 1000, 10_000]) {
      const p = Math.floor((99 * 2 ** 32) / t) / 2 ** 32;
      expect(p * (t / 100)).toBeCloseTo(0.99, 6);
    }
  });
});

describe('shooter: a target paying m× is hit 0.96/m of the time', () => {
  it.each(SHOOTER_TARGETS.map((t) => [t.id, t.multiplier, t.hitsIn10000] as const))('%s pays %i× with a 96 %% return', (_id, m, hits) => {
    expect((hits / 10_000) * m).toBeCloseTo(0.96, 10);
  });
});

describe('crash and shooter titles: each with its own return to player', () => {
  const ids = Array.from({ length: 60 }, (_, i) => `JD${13001 + i}`);

  it('gives crash titles 97, 98 or 99 % and shooter titles 95, 96 or 97 %', () => {
    expect(new Set(ids.map(crashRtpOf))).toEqual(new Set([97, 98, 99]));
    expect(new Set(ids.map(shooterRtpOf))).toEqual(new Set([95, 96, 97]));
  });

  it.each([97, 98, 99])('crash at %i %%: every target returns that share, exactly from the crash-point rule', (r) => {
    for (const target of [101, 150, 200, 1000, 10_000]) {
      // crashPointOf(x, r) ≥ t exactly for x ≥ 2^32 − r·2^32/t: floor(r·2^32/t) of the 2^32 words.
      const hits = Math.floor((r * 2 ** 32) / target);
      const first = 2 ** 32 - hits;
      expect(crashPointOf(first, r)).toBeGreaterThanOrEqual(target);
      expect(crashPointOf(first - 1, r)).toBeLessThan(target);
      expect(((hits / 2 ** 32) * target) / 100).toBeCloseTo(r / 100, 6);
    }
  });

  it.each([95, 96, 97])('shooter at %i %%: whole hit chances, every target returns that share', (r) => {
    for (const target of shooterTargetsOf(r)) {
      expect(Number.isInteger(target.hitsIn10000)).toBe(true);
      expect((target.hitsIn10000 * target.multiplier) / 10_000).toBeCloseTo(r / 100, 12);
    }
    expect(shooterTargetsOf(96)).toEqual(SHOOTER_TARGETS.map((t) => ({ ...t })));
  });

  it("plays and verifies crash and shooter rounds at the title's return", () => {
    const serverSeed = newServerSeed();
    const fair = { serverSeed, commitment: commitmentOf(serverSeed), clientSeed: 'c', nonce: 3 };
    for (const [kind, choice, config] of [['crash', 200, { crashRtp: 97 }], ['shooter', 'CLOWNFISH', { shooterRtp: 95 }]] as const) {
      const played = playRound(kind, fairStream(serverSeed, 'c', 3), 100, choice, config);
      expect(verifyRound({ ...played, stakeMinor: 100, fair }).outcomeMatches).toBe(true);
    }
  });
});

describe('parseChoice: what each kind accepts', () => {
  it.each<['table' | 'crash' | 'shooter', string, unknown]>([
    ['table', 'DRAGON', 'DRAGON'], ['table', 'dragon', null], ['crash', String(CRASH_MIN_TARGET), 101], ['crash', '100', null],
    ['crash', String(CRASH_MAX_TARGET), 10_000], ['crash', '10001', null], ['crash', '1.5', null], ['shooter', 'SHARK', 'SHARK'], ['shooter', 'WHALE', null],
  ])('%s %s → %s', (kind, choice, parsed) => expect(parseChoice(kind, choice)).toBe(parsed));
});

describe('provably fair rounds', () => {
  it('replays to the same outcome from the same seeds, and the revealed seed matches its commitment', () => {
    const serverSeed = newServerSeed();
    const fair = { serverSeed, commitment: commitmentOf(serverSeed), clientSeed: 'lucky-7', nonce: 3 };
    for (const [kind, choice] of [['table', 'TIGER'], ['crash', 250], ['shooter', 'TURTLE']] as const) {
      const played = playRound(kind, fairStream(serverSeed, 'lucky-7', 3), 100, choice);
      expect(verifyRound({ ...played, stakeMinor: 100, fair })).toEqual({ seedMatches: true, outcomeMatches: true });
      expect(verifyRound({ ...played, stakeMinor: 100, fair: { ...fair, nonce: 4 } }).seedMatches).toBe(true);
      expect(verifyRound({ ...played, stakeMinor: 100, fair: { ...fair, serverSeed: newServerSeed() } }).seedMatches).toBe(false);
    }
  });

  it('changes the result when the client seed or nonce changes', () => {
    const seed = 'a'.repeat(64);
    const a = Array.from({ length: 8 }, (_, i) => fairStream(seed, 'x', i)(52));
    const b = Array.from({ length: 8 }, (_, i) => fairStream(seed, 'y', i)(52));
    expect(a).not.toEqual(b);
  });

  it('follows the published recipe (recomputed here with node:crypto, as any language could)', () => {
    const seed = '0'.repeat(64);
    const block = createHmac('sha256', Buffer.from(seed, 'hex')).update('client:0:0').digest();
    const words = [0, 4, 8].map((at) => block.readUInt32BE(at));
    const expected: number[] = [];
    const limits = [52, 52, 10_000];
    let w = 0;
    for (const n of limits) {
      for (;;) {
        const x = words[w++] as number;
        if (x < Math.floor(2 ** 32 / n) * n) { expected.push(x % n); break; }
      }
    }
    const random = fairStream(seed, 'client', 0);
    expect([random(52), random(52), random(10_000)]).toEqual(expected);
    expect(commitmentOf(seed)).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
  });
});
