import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { PAGE_ROUTES, pageForPath, pathOf } from '../../../rules/routes';
import { VIEW_ROUTES } from '../../../src/pages/_routes';

describe('page routes (player-shell §2 Routes)', () => {
  it.each(['/', '/m', '/m/', '/m/index', '/m/index.html', '/m/home', '/m/home/'])('%s serves home', (path) => {
    expect(pageForPath(path)?.id).toBe('home');
  });
  it.each([
    ['/m/login', 'login'],
    ['/m/register', 'register'],
    ['/m/register.html', 'register'],
    ['/m/gameCenter', 'gameCenter'],
    ['/m/gameList', 'gameList'],
    ['/m/providers', 'providers'],
    ['/m/lottery', 'lottery'],
    ['/m/startLottery', 'startLottery'],
    ['/m/hot', 'hot'],
    ['/m/fav', 'fav'],
    ['/m/slotsCenter', 'slotsCenter'],
    ['/m/app', 'app'],
    ['/m/member/home', 'memberHome'],
    ['/m/voucherCenter', 'voucherCenter'],
    ['/m/withdraw', 'withdraw'],
    ['/m/leaderBoard', 'leaderBoard'],
    ['/m/gameRecord', 'gameRecord'],
    ['/m/activity/signIn', 'signIn'],
    ['/m/rewardCenter', 'rewardCenter'],
    ['/m/trail', 'trail'],
    ['/m/launchGame', 'launchGame'],
  ])('player-shell route %s serves %s', (path, id) => {
    expect(pageForPath(path)?.id).toBe(id);
  });
  it.each([
    ['/m/forget', 'forget'],
    ['/m/changePsw', 'changePsw'],
    ['/m/notice', 'notice'],
    ['/m/message', 'message'],
    ['/m/messages', 'message'],
    ['/m/webEmail', 'webEmail'],
    ['/m/activity', 'activity'],
    ['/m/activityDetail', 'activityDetail'],
    ['/m/help', 'help'],
    ['/m/helpDetail', 'helpDetail'],
    ['/m/feedback', 'feedback'],
    ['/m/member/agent/getSalaryContract', 'getSalaryContract'],
    ['/m/member/agent/getDevidendContract', 'getDevidendContract'],
    ['/m/member/agent/getHourContract', 'getHourContract'],
    ['/m/agentRegister', 'agentRegister'],
    ['/m/inviteFriends', 'inviteFriends'],
    ['/m/policy', 'policy'],
  ])('accounts route %s serves %s', (path, id) => {
    expect(pageForPath(path)?.id).toBe(id);
  });
  it.each([
    '/m/lotto-h5/tcg/trad/games/VN01',
    '/m/lotto-h5/tcg/ent/games/12345/',
  ])('the embedded lottery address %s serves the lotto-h5 page', (path) => {
    expect(pageForPath(path)?.file).toBe('/m/lotto-h5.html');
  });
  it.each(['/m/lotto-h5/tcg/trad/12345', '/m/lotto-h5/tcg/trad/games/1/extra'])('%s is not a lotto-h5 game address and falls back to home', (path) => {
    expect(pageForPath(path)?.id).toBe('home');
  });
  it('falls back to home for any unknown path under /m/', () => {
    expect(pageForPath('/m/no/such/page')?.id).toBe('home');
  });
  it('leaves static files and the API alone', () => {
    expect(pageForPath('/_assets/app.js')).toBeNull();
    expect(pageForPath('/wps/game/list')).toBeNull();
    expect(pageForPath('/favicon.svg')).toBeNull();
  });
  it('names the main path of a page id', () => {
    expect(pathOf('memberHome')).toBe('/m/member/home');
    expect(pathOf('home')).toBe('/m/home');
  });
});

describe('every route has its page and its title', () => {
  it.each(PAGE_ROUTES.map((r) => [r.id, r.file] as const))('%s is built by a row of the page table (%s)', (_id, file) => {
    expect(VIEW_ROUTES.filter((route) => `${route.path}.html` === file)).toHaveLength(1);
  });
  it.each(PAGE_ROUTES.map((r) => r.id))('%s has a translated title label (title.%s)', (id) => {
    expect(Object.hasOwn(en, `title.${id}`)).toBe(true);
  });
});
