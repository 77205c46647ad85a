import { describe, expect, it } from 'vitest';
import { frameFor } from '../../src/lib/frame';

// Rows quote player-shell §2 "Page frame rules".
describe('top header: "on every route except home, login, register, message, app, gameList, lottery, forget, providers, hot, fav, changePsw, activity and gameCenter"', () => {
  it.each([
    'home', 'login', 'register', 'message', 'app', 'gameList', 'lottery', 'forget', 'providers', 'hot', 'fav',
    'changePsw', 'activity', 'gameCenter',
  ])('%s has no top header', (route) => {
    expect(frameFor(route).topHeader).toBe(false);
  });
  it.each(['member', 'voucherCenter', 'withdraw', 'launchGame', 'trail', 'notice', 'help', 'feedback'])(
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
  it.each(['home', 'activity', 'gameCenter', 'member', 'message'])('%s shows the footer menu', (route) => {
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
  ] as const)('%s → %s', (route, back) => {
    expect(frameFor(route).back).toBe(back);
  });
});
