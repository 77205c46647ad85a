import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { helpDetailHref, helpSelection } from '../../../rules/help';
import { lottoH5FromPath } from '../../../src/lib/lottoH5';
import { messageRows, type MessageContext } from '../../../src/lib/messageCentre';
import { POLICY_SECTIONS } from '../../../src/lib/policy';

// Rows quote accounts §2 Help centre: "The section to open is chosen by query tag (match by tag), p (index) or c (child index)".
describe('help centre selection', () => {
  // Six sections shaped like the operator's (tag, children).
  const SECTIONS = [
    { tag: 'account', children: [1, 2] }, { tag: 'deposit', children: [1, 2] }, { tag: 'games', children: [1, 2] },
    { tag: 'trial', children: [1] }, { tag: 'security', children: [1, 2] }, { tag: '', children: [1] },
  ];
  it.each([
    ['?tag=games', { section: 2, child: null }],
    ['?tag=games&p=0', { section: 2, child: null }],
    ['?p=1', { section: 1, child: null }],
    ['?p=0&c=1', { section: 0, child: 1 }],
    ['?tag=security&c=0', { section: 4, child: 0 }],
    ['?tag=nope&p=3', { section: 3, child: null }],
    ['?p=99', { section: null, child: null }],
    ['?p=0&c=9', { section: 0, child: null }],
    ['?p=-1', { section: null, child: null }],
    ['', { section: null, child: null }],
    ['?tag=', { section: null, child: null }],
    ['?p=5&c=0', { section: 5, child: 0 }],
    ['?p=1e0', { section: null, child: null }],
  ])('%s opens %j', (search, selection) => {
    expect(helpSelection(SECTIONS, search)).toEqual(selection);
  });
  it('reads a parsed query too (the edge passes the URL’s search parameters)', () => {
    expect(helpSelection(SECTIONS, new URLSearchParams('tag=games&c=1'))).toEqual({ section: 2, child: 1 });
  });
  it('selects nothing in an empty help centre', () => {
    expect(helpSelection([], '?p=0&c=0')).toEqual({ section: null, child: null });
  });
  it('links to a help item page', () => {
    expect(helpDetailHref(1)).toBe('/m/helpDetail?p=1');
    expect(helpDetailHref(1, 0)).toBe('/m/helpDetail?p=1&c=0');
  });
});

// Rows quote accounts §2 Message centre and §6/§8.
describe('message centre rows', () => {
  const member: MessageContext = {
    loggedIn: true, memberType: 0, cbs3: true, telegramUrl: 'https://t', serviceUrl: 'https://cs',
  };
  const rows = (ctx: MessageContext) => messageRows(ctx).map((r) => [r.id, r.action]);
  it('a member sees Telegram, announcements, inbox, live chat and affiliate service in that order', () => {
    expect(rows(member)).toEqual([
      ['telegram', { kind: 'link', href: 'https://t', external: true }],
      ['notice', { kind: 'link', href: '/m/notice', external: false }],
      ['inbox', { kind: 'link', href: '/m/webEmail', external: false }],
      ['liveChat', { kind: 'chat' }],
      ['affiliate', { kind: 'link', href: 'https://cs', external: true }],
    ]);
  });
  it('"Inbox and announcement rows send a non-logged-in visitor to /m/login"', () => {
    const visitor = messageRows({ ...member, loggedIn: false, memberType: null });
    expect(visitor.find((r) => r.id === 'notice')!.action).toEqual({ kind: 'link', href: '/m/login', external: false });
    expect(visitor.find((r) => r.id === 'inbox')!.action).toEqual({ kind: 'link', href: '/m/login', external: false });
  });
  it.each([4, 40, 41])('"Guest/trial accounts (member type 4) are refused for inbox and live chat with free_reject": type %s', (type) => {
    const trial = messageRows({ ...member, memberType: type });
    expect(trial.find((r) => r.id === 'inbox')!.action).toEqual({ kind: 'toast', key: 'free_reject' });
    expect(trial.find((r) => r.id === 'liveChat')!.action).toEqual({ kind: 'toast', key: 'free_reject' });
    expect(trial.find((r) => r.id === 'notice')!.action).toEqual({ kind: 'link', href: '/m/notice', external: false });
  });
  it('"Live chat … only if site switch CBS3 is on"; Telegram only when a link exists', () => {
    expect(messageRows({ ...member, cbs3: false, telegramUrl: null }).map((r) => r.id)).toEqual(['notice', 'inbox', 'affiliate']);
  });
});

describe('embedded lottery address (player-shell §2 /m/lotto-h5/{mui}/{playType}/games/{gameId})', () => {
  it.each([
    ['/m/lotto-h5/tcg/trad/games/VN01', '?prize_mode=LOTT&merchant=DEMO', { mui: 'tcg', playType: 'trad', gameId: 'VN01', prizeMode: 'LOTT', merchant: 'DEMO' }],
    ['/m/lotto-h5/tcg/ent/games/3001/', '', { mui: 'tcg', playType: 'ent', gameId: '3001', prizeMode: null, merchant: null }],
  ])('%s%s', (path, search, target) => {
    expect(lottoH5FromPath(path, search)).toEqual(target);
  });
  it('is null for any other path', () => {
    expect(lottoH5FromPath('/m/lotto-h5', '')).toBeNull();
  });
});

// accounts §2 Static policy page: "Headings: introduction, purpose, access information, confidentiality, recipients of
// customer information, monitoring."
describe('static policy page', () => {
  it('has the six sections in order, in Chinese, each with its translation', () => {
    expect(POLICY_SECTIONS.map((s) => s.id)).toEqual(['introduction', 'purpose', 'access', 'confidentiality', 'recipients', 'monitoring']);
    for (const s of POLICY_SECTIONS) {
      expect(s.title + s.body).toMatch(/\p{Script=Han}/u);
      expect(Object.hasOwn(en, `policy.${s.id}.title`) && Object.hasOwn(en, `policy.${s.id}.body`)).toBe(true);
    }
  });
  it.each([
    ['the player must be at least 18', /18/],
    ['the registered name must be the real name', /真实姓名/],
    ['data travels over encrypted connections', /加密/],
    ['continued use counts as agreement', /继续使用/],
  ])('says %s', (_what, pattern) => {
    expect(POLICY_SECTIONS.map((s) => s.body).join('')).toMatch(pattern);
  });
});
