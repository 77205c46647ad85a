import { describe, expect, it } from 'vitest';
import {
  EXPANDABLE_CATEGORIES, groupOne, groupThree, groupTwo, inviteAction, liveChatAction, MENU_TOAST_MS, menuTop,
  rewardCenterAction, serviceLink, type MenuContext,
} from '../../../src/stores/concepts/menu';

const base: MenuContext = {
  loggedIn: true, memberType: 0, switches: { CBS3: true, REWCEN3: true },
  promotions: { REFERRAL: { enabled: true }, MISSION: { enabled: true }, LOGIN: { enabled: true } },
  nativeApp: false, standalone: false,
};
const visitor: MenuContext = { ...base, loggedIn: false, memberType: null };
const ids = (entries: { id: string }[]) => entries.map((e) => e.id);
const off = { enabled: false };

// Rows quote player-shell §2 Side menu, "Top".
describe('menu top: "nickname (else account, else a please-login prompt), currency symbol and total balance (a dash when logged out)"', () => {
  const wallet = { sumBalance: 100000, currencySymbol: '$' };
  it.each([
    [{ nickname: 'Lucky', account: 'player1' }, 'player1', wallet, { name: 'Lucky', balance: '$1,000.00' }],
    [{ nickname: ' ', account: 'player1' }, 'player1', wallet, { name: 'player1', balance: '$1,000.00' }],
    [null, 'player1', null, { name: 'player1', balance: null }],
    [null, null, null, { name: null, balance: null }],
  ])('%j / %s', (member, userName, w, expected) => {
    expect(menuTop(member, userName, w)).toEqual(expected);
  });
});

describe('group one: "app download, invite friends, reward centre, leaderboard, sign-in"', () => {
  it.each([
    ['a member with MISSION and LOGIN', base, ['app', 'invite', 'rewardCenter', 'leaderBoard', 'signIn']],
    ['a member with only MISSION', { ...base, promotions: { ...base.promotions, LOGIN: off } }, ['app', 'invite', 'rewardCenter', 'leaderBoard', 'signIn']],
    ['a member with only LOGIN', { ...base, promotions: { ...base.promotions, MISSION: off } }, ['app', 'invite', 'rewardCenter', 'leaderBoard', 'signIn']],
    ['a member with neither MISSION nor LOGIN', { ...base, promotions: { REFERRAL: { enabled: true }, MISSION: off, LOGIN: off } }, ['app', 'invite', 'rewardCenter']],
    ['a visitor (leaderboard and sign-in only to a logged-in user)', visitor, ['app', 'invite', 'rewardCenter']],
    ['inside the native app (no app download)', { ...base, nativeApp: true }, ['invite', 'rewardCenter', 'leaderBoard', 'signIn']],
    ['in the installed web app (no app download)', { ...base, standalone: true }, ['invite', 'rewardCenter', 'leaderBoard', 'signIn']],
  ] as const)('%s', (_who, ctx, expected) => {
    expect(ids(groupOne(ctx))).toEqual(expected);
  });
});

describe('invite entry: "agent members go to /m/agentRegister; others go to /m/inviteFriends if REFERRAL is enabled, otherwise customer service opens"', () => {
  it.each([
    [1, true, { kind: 'link', href: '/m/agentRegister' }],
    [2, false, { kind: 'link', href: '/m/agentRegister' }],
    [4, true, { kind: 'link', href: '/m/agentRegister' }],
    [0, true, { kind: 'link', href: '/m/inviteFriends' }],
    [null, true, { kind: 'link', href: '/m/inviteFriends' }],
    [0, false, { kind: 'service', csType: 'CS' }],
    [null, false, { kind: 'service', csType: 'CS' }],
  ] as const)('type %s, REFERRAL %s → %j', (type, referral, action) => {
    expect(inviteAction(type, referral)).toEqual(action);
  });
});

describe('reward centre: "opens only if REWCEN3 is on, else the toast contact_service shows for 2 s; it requires login"', () => {
  it.each([
    [true, true, { kind: 'link', href: '/m/rewardCenter' }],
    [true, false, { kind: 'link', href: '/m/login' }],
    [false, true, { kind: 'toast', key: 'contact_service' }],
    [false, false, { kind: 'toast', key: 'contact_service' }],
  ] as const)('REWCEN3 %s, logged in %s → %j', (on, loggedIn, action) => {
    expect(rewardCenterAction(on, loggedIn)).toEqual(action);
  });
  it('menu toasts last 2 s', () => {
    expect(MENU_TOAST_MS).toBe(2000);
  });
});

describe('group two: "the in-house games entry (key inhouse) and one entry per vendor category from the vendor sorting list; RNG, LIVE and FISH expand and collapse on tap; other categories navigate directly"', () => {
  const vendor = (vassalage: string, name: string) => ({ vassalage, gameCount: 3, maintenance: false, vendorNames: [{ vassalage, accountTypeName: name }] });
  const mapping = [
    { gameCategory: 'LIVE' as const, gameType: 'LIVE', sortOrder: 3, vendors: [vendor('PD_LIVE', 'Crown Live')] },
    { gameCategory: 'LOTT' as const, gameType: 'LOTT', sortOrder: 1, vendors: [vendor('TCG', 'TCG Lottery')] },
    { gameCategory: 'RNG' as const, gameType: 'RNG', sortOrder: 2, vendors: [vendor('PD_SLOTS', 'Orbit Originals'), vendor('GR', 'Golden Reel')] },
    { gameCategory: 'FISH' as const, gameType: 'FISH', sortOrder: 4, vendors: [vendor('AF', 'Aurora')] },
    { gameCategory: 'SPORTS' as const, gameType: 'SPORTS', sortOrder: 5, vendors: [vendor('KO', 'Kickoff')] },
  ];
  const { inhouse, categories } = groupTwo(mapping);
  it('starts with the in-house games entry', () => {
    expect(inhouse).toMatchObject({ id: 'inhouse', label: 'menu.inhouse' });
  });
  it('links every draw\'s count-down (/m/lottery) after the in-house entry when the site has a lottery category', () => {
    expect(groupTwo(mapping).lotteryDraws).toEqual({ id: 'lotteryDraws', label: 'menu.lotteryDraws', action: { kind: 'link', href: '/m/lottery' } });
    expect(groupTwo(mapping.filter((e) => e.gameCategory !== 'LOTT')).lotteryDraws).toBeNull();
  });
  it('lists the categories in the sorting order', () => {
    expect(categories.map((c) => c.category)).toEqual(['LOTT', 'RNG', 'LIVE', 'FISH', 'SPORTS']);
  });
  it.each([
    ['LOTT', false], ['RNG', true], ['LIVE', true], ['FISH', true], ['SPORTS', false],
  ])('%s expands: %s', (category, expandable) => {
    const entry = categories.find((c) => c.category === category)!;
    expect(entry.expandable).toBe(expandable);
    expect(entry.vendors.length > 0).toBe(expandable);
  });
  it('an expanded category lists its vendors, each opening its game list', () => {
    expect(categories.find((c) => c.category === 'RNG')!.vendors).toEqual([
      { vassalage: 'PD_SLOTS', name: 'Orbit Originals', href: '/m/gameList?gameType=RNG&vassalage=PD_SLOTS' },
      { vassalage: 'GR', name: 'Golden Reel', href: '/m/gameList?gameType=RNG&vassalage=GR' },
    ]);
  });
  it('a direct category navigates to its game list', () => {
    expect(categories.find((c) => c.category === 'SPORTS')!.href).toBe('/m/gameList?gameType=SPORTS');
  });
  it('expands exactly RNG, LIVE and FISH (player-shell §9)', () => {
    expect([...EXPANDABLE_CATEGORIES]).toEqual(['RNG', 'LIVE', 'FISH']);
  });
});

describe('group three: "promotions, live chat customer service, FAQ, feedback"', () => {
  it.each([
    ['CBS3 on', base, ['promotions', 'liveChat', 'faq', 'feedback']],
    ['CBS3 off (no live chat)', { ...base, switches: { CBS3: false } }, ['promotions', 'faq', 'feedback']],
  ] as const)('%s', (_why, ctx, expected) => {
    expect(ids(groupThree(ctx))).toEqual(expected);
  });
  it('feedback sends a visitor to /m/login (accounts §6)', () => {
    expect(groupThree(visitor).find((e) => e.id === 'feedback')!.action).toEqual({ kind: 'link', href: '/m/login' });
  });
});

describe('live chat: members get the launch-chat flow, guest/trial accounts are refused with free_reject (accounts §6)', () => {
  it.each([
    [true, 0, { kind: 'chat' }],
    [true, 2, { kind: 'chat' }],
    [true, 4, { kind: 'toast', key: 'free_reject' }],
    [true, 40, { kind: 'toast', key: 'free_reject' }],
    [false, null, { kind: 'link', href: '/m/login' }],
  ] as const)('logged in %s, type %s → %j', (loggedIn, type, action) => {
    expect(liveChatAction(loggedIn, type)).toEqual(action);
  });
});

describe('customer-service link', () => {
  const entries = [{ csType: 'CS', path: 'https://cs' }, { csType: 'LIVECHAT', path: 'https://chat' }];
  it.each([
    [entries, 'LIVECHAT', 'https://chat'],
    [entries, 'CS', 'https://cs'],
    [[{ csType: 'CS', path: 'https://cs' }], 'LIVECHAT', 'https://cs'],
    [[{ csType: 'WHATSAPP', path: 'https://wa' }], 'CS', 'https://wa'],
    [[], 'CS', null],
  ] as const)('%j wanting %s → %s', (list, type, url) => {
    expect(serviceLink(list, type)).toBe(url);
  });
});
