import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { backTarget, FOOTER_MENU, frameFor, isSwipeBack, PAGE_TRANSITION_MS, SWIPE_BACK_PX } from '../../../src/lib/frame';
import { pageForPath } from '../../../rules/routes';

// Rows quote player-shell §2 "Page frame rules".
describe('top header: "on every route except home, login, register, message, app, gameList, lottery, forget, providers, hot, fav, changePsw, activity and gameCenter"', () => {
  it.each([
    'home', 'login', 'register', 'message', 'app', 'gameList', 'lottery', 'forget', 'providers', 'hot', 'fav',
    'changePsw', 'activity', 'gameCenter',
  ])('%s has no top header', (route) => {
    expect(frameFor(route).topHeader).toBe(false);
  });
  it.each(['memberHome', 'voucherCenter', 'withdraw', 'launchGame', 'trail', 'notice', 'help', 'feedback', 'policy', 'signIn'])(
    '%s has the top header',
    (route) => {
      expect(frameFor(route).topHeader).toBe(true);
    },
  );
});

describe('footer menu: "hidden on login, register, providers, gameList, hot, fav, lottery, forget, changePsw, app, notice, help, helpDetail and activityDetail"', () => {
  it.each([
    'login', 'register', 'providers', 'gameList', 'hot', 'fav', 'lottery', 'forget', 'changePsw', 'app', 'notice',
    'help', 'helpDetail', 'activityDetail',
  ])('%s hides the footer menu', (route) => {
    expect(frameFor(route).footerMenu).toBe(false);
  });
  it.each(['home', 'activity', 'gameCenter', 'memberHome', 'message', 'trail', 'policy'])('%s shows the footer menu', (route) => {
    expect(frameFor(route).footerMenu).toBe(true);
  });
});

describe('back arrow: "home and change-password show no back arrow; on login, register, trail, activity and forget the back arrow goes to home; elsewhere one step back"', () => {
  it.each([
    ['home', 'none'],
    ['changePsw', 'none'],
    ['login', 'home'],
    ['register', 'home'],
    ['trail', 'home'],
    ['activity', 'home'],
    ['forget', 'home'],
    ['gameList', 'history'],
    ['fav', 'history'],
    ['launchGame', 'history'],
    ['help', 'history'],
  ] as const)('%s → %s', (route, back) => {
    expect(frameFor(route).back).toBe(back);
  });
  it('the message centre\'s back goes to home (accounts §2: "Back goes to /m/home")', () => {
    expect(frameFor('message').back).toBe('home');
  });
});

describe('gate pages (player-shell §4 App status) lead nowhere into the site', () => {
  it.each(['maintenance', 'restricted'])('%s has no side menu and no footer menu', (route) => {
    expect(frameFor(route)).toMatchObject({ menu: false, footerMenu: false });
  });
  it.each(['home', 'memberHome', 'gameList'])('%s has the side menu', (route) => {
    expect(frameFor(route).menu).toBe(true);
  });
});

// player-shell §9: "swipe-back threshold 100 px".
describe('swipe back from the left edge at 100 px', () => {
  it.each([
    [{ startX: 4, startY: 300, endX: 4 + SWIPE_BACK_PX, endY: 310 }, true, 'exactly 100 px to the right from the edge'],
    [{ startX: 10, startY: 300, endX: 200, endY: 340 }, true, 'a long swipe from the edge'],
    [{ startX: 4, startY: 300, endX: 103, endY: 300 }, false, '99 px is not enough'],
    [{ startX: 120, startY: 300, endX: 300, endY: 300 }, false, 'a swipe starting mid-screen'],
    [{ startX: 4, startY: 300, endX: 110, endY: 450 }, false, 'a mostly vertical gesture'],
    [{ startX: 200, startY: 300, endX: 4, endY: 300 }, false, 'a swipe to the left'],
  ])('%j → %s (%s)', (swipe, expected) => {
    expect(isSwipeBack(swipe)).toBe(expected);
  });
});

describe('the back action', () => {
  it.each([
    ['none', true, 'none'],
    ['home', true, 'home'],
    ['history', true, 'history'],
    ['history', false, 'home'],
  ] as const)('%s with site history %s → %s', (back, history, target) => {
    expect(backTarget(back, history)).toBe(target);
  });
});

it('pages change with a 300 ms view transition (player-shell §9 "page transition 300 ms")', () => {
  expect(PAGE_TRANSITION_MS).toBe(300);
  const css = readFileSync('src/styles/frame.css', 'utf8');
  expect(css).toContain('@view-transition { navigation: auto; }');
  expect(css).toContain(`animation-duration: ${PAGE_TRANSITION_MS}ms`);
  expect(css).toMatch(/prefers-reduced-motion: reduce\)[\s\S]*navigation: none/);
});

describe('footer menu entries: "home, activity, a customer-service or refer action, member home, game center"', () => {
  it('lists the five entries in order, each leading to its route', () => {
    expect(FOOTER_MENU.map((e) => [e.id, e.href, pageForPath(e.href)?.id === e.route])).toEqual([
      ['home', '/m/home', true],
      ['activity', '/m/activity', true],
      ['service', '/m/message', true],
      ['member', '/m/member/home', true],
      ['gameCenter', '/m/gameCenter', true],
    ]);
  });
});
