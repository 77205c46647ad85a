import { describe, expect, it } from 'vitest';
import { launcherCloseHref, parseLauncherQuery, planLaunch, playTypeFor, prizeModeFor, type LaunchContext, type LaunchGame } from '../../../src/stores/concepts/launch';

// Rows quote player-shell §4 "Game launch (tile click)".
const game = (over: Partial<LaunchGame>): LaunchGame => ({
  nodeId: 10001, vassalage: 'PD_SLOTS', gameType: 'RNG', gameId: 'PDS-1', gameGroupId: null, lottoMode: null, supportPlay: 1, ...over,
});
const vendor = (vassalage: string) => ({ vassalage, gameCount: 1, vendorNames: [], maintenance: false });
const withElott: LaunchContext['mapping'] = [
  { gameCategory: 'LOTT', gameType: 'LOTT', vendors: [vendor('TCG'), vendor('TCG_SEA')] },
  { gameCategory: 'ELOTT', gameType: 'ELOTT', vendors: [vendor('TCG_LOTTO_VN')] },
];
const withoutElott: LaunchContext['mapping'] = [{ gameCategory: 'LOTT', gameType: 'LOTT', vendors: [vendor('TCG')] }];
const member = (over: Partial<LaunchContext> = {}): LaunchContext => ({ memberType: 0, mapping: withElott, from: 'list', ...over });
const query = (href: string) => Object.fromEntries(new URL(href, 'https://x.test').searchParams);

describe('"no session goes to /m/login"', () => {
  it.each([
    ['a slot', game({})],
    ['a lottery game', game({ vassalage: 'TCG', gameType: 'LOTT' })],
    ['a TCG_LOTTO_VN game', game({ vassalage: 'TCG_LOTTO_VN', gameType: 'ELOTT' })],
  ])('a visitor tapping %s is sent to the login page', (_name, tapped) => {
    expect(planLaunch(tapped, member({ memberType: null }))).toEqual({ kind: 'login', href: '/m/login' });
  });
});

describe('"TCG_LOTTO_VN launches the lottery with the Elott prize mode (lobby of that vendor in the list view)"', () => {
  it.each([
    ['with an ELOTT mapping', withElott],
    ['even without an ELOTT mapping', withoutElott],
  ])('opens the launcher at the vendor lobby in Elott mode %s', (_name, mapping) => {
    const plan = planLaunch(game({ vassalage: 'TCG_LOTTO_VN', gameType: 'ELOTT', gameId: 'FAST-3' }), member({ mapping }));
    expect(plan.kind).toBe('lottery');
    if (plan.kind !== 'lottery') return;
    expect(plan.href.startsWith('/m/launchGame?')).toBe(true);
    expect(query(plan.href)).toMatchObject({ prize_mode: 'ELOTT', code: 'lobby', gameId: 'FAST-3' });
  });
});

describe('"TCG_SEA launches with prize mode SEA"', () => {
  it('opens the launcher in prize mode SEA whatever the mapping says', () => {
    const plan = planLaunch(game({ vassalage: 'TCG_SEA', gameType: 'LOTT', gameId: 'SEA-4D' }), member());
    expect(plan).toMatchObject({ kind: 'lottery', prizeMode: 'SEA' });
    if (plan.kind === 'lottery') expect(query(plan.href)).toMatchObject({ prize_mode: 'SEA', gameId: 'SEA-4D' });
  });
});

describe('"LOTT and ELOTT open /m/launchGame (playType ent if lottoMode contains Entertainment, else trad)"', () => {
  it.each([
    ['LOTT', 'Entertainment', 'ent'],
    ['LOTT', 'Tradition,Entertainment', 'ent'],
    ['LOTT', 'Tradition', 'trad'],
    ['ELOTT', null, 'trad'],
  ] as const)('a %s game with lottoMode %s opens the launcher with playType %s', (gameType, lottoMode, playType) => {
    const plan = planLaunch(game({ vassalage: 'TCG', gameType, lottoMode, gameId: 'HN', gameGroupId: 'G7' }), member());
    expect(plan.kind).toBe('lottery');
    if (plan.kind !== 'lottery') return;
    expect(new URL(plan.href, 'https://x.test').pathname).toBe('/m/launchGame');
    expect(query(plan.href)).toMatchObject({ playType, gameId: 'HN', gameGroupId: 'G7' });
  });

  it('a launch from a home row asks the launcher to return home (pageBack)', () => {
    const plan = planLaunch(game({ vassalage: 'TCG', gameType: 'LOTT' }), member({ from: 'home' }));
    if (plan.kind === 'lottery') expect(query(plan.href).pageBack).toBe('home');
    expect(plan.kind).toBe('lottery');
  });
});

describe('"The prize mode is the Elott mode if the mapping has an ELOTT entry for TCG_LOTTO_VN or LOTT, otherwise the lott mode"', () => {
  it.each([
    ['an ELOTT entry for TCG_LOTTO_VN', withElott, 'ELOTT'],
    ['an ELOTT entry for LOTT', [{ gameCategory: 'ELOTT', gameType: 'ELOTT', vendors: [vendor('LOTT')] }], 'ELOTT'],
    ['an ELOTT entry for another vendor only', [{ gameCategory: 'ELOTT', gameType: 'ELOTT', vendors: [vendor('OTHER')] }], 'LOTT'],
    ['no ELOTT entry', withoutElott, 'LOTT'],
    ['no mapping loaded', [], 'LOTT'],
  ] as const)('a mapping with %s gives prize mode %s', (_name, mapping, mode) => {
    expect(prizeModeFor(mapping as LaunchContext['mapping'])).toBe(mode);
    const plan = planLaunch(game({ vassalage: 'TCG', gameType: 'LOTT' }), member({ mapping: mapping as LaunchContext['mapping'] }));
    expect(plan).toMatchObject({ kind: 'lottery', prizeMode: mode });
  });
});

describe('"anything else goes through the generic launcher … (free play and choice allowed when supportPlay is 0)"', () => {
  it.each([
    ['a trial member (type 4)', 4, 0, true],
    ['a trial member (type 4), game without free play', 4, 1, false],
    ['a real member (type 0)', 0, 0, false],
    ['a real member (type 2)', 2, 1, false],
  ] as const)('%s, supportPlay %s → free play %s (with the gameId and vendor the launch call sends)', (_name, memberType, supportPlay, freePlay) => {
    expect(planLaunch(game({ supportPlay, nodeId: 42 }), member({ memberType }))).toEqual({ kind: 'generic', nodeId: 42, gameId: 'PDS-1', vassalage: 'PD_SLOTS', freePlay });
  });
  it.each(['LIVE', 'FISH', 'SPORTS', 'PVP', 'ESPORTS', 'COCKFIGHT'])('a %s game goes through the generic launcher', (gameType) => {
    expect(planLaunch(game({ gameType }), member()).kind).toBe('generic');
  });
});

describe('/m/launchGame: "query playType (trad or ent), gameId, gameGroupId, prize_mode, code (default lobby), pageBack (home)"', () => {
  it('reads every launcher parameter', () => {
    expect(parseLauncherQuery('?playType=ent&gameId=HN&gameGroupId=G7&prize_mode=ELOTT&code=x&pageBack=home&mui=vn')).toEqual({
      playType: 'ent', gameId: 'HN', gameGroupId: 'G7', prizeMode: 'ELOTT', code: 'x', pageBack: 'home', mui: 'vn',
    });
  });
  it('code defaults to lobby and playType to trad', () => {
    expect(parseLauncherQuery('?gameId=HN')).toMatchObject({ code: 'lobby', playType: 'trad', pageBack: null });
  });
  it.each([
    ['home', '/m/home'],
    [null, '/m/game'],
  ])('"closing returns to /m/home if pageBack is set, otherwise to /m/game" (pageBack %s → %s)', (pageBack, href) => {
    expect(launcherCloseHref(pageBack)).toBe(href);
  });
  it('playType reads Entertainment anywhere in lottoMode', () => {
    expect(playTypeFor('Entertainment')).toBe('ent');
    expect(playTypeFor(null)).toBe('trad');
  });
});
