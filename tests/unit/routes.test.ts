import { describe, expect, it } from 'vitest';
import { pageForPath } from '../../src/lib/routes';

describe('page routes (player-shell §2 Routes)', () => {
  it.each(['/', '/m', '/m/', '/m/index', '/m/index.html', '/m/home', '/m/home/'])('%s serves home', (path) => {
    expect(pageForPath(path)?.id).toBe('home');
  });
  it.each([
    ['/m/login', 'login'],
    ['/m/register', 'register'],
    ['/m/register.html', 'register'],
    ['/m/gameList', 'gameList'],
    ['/m/fav', 'fav'],
    ['/m/launchGame', 'launchGame'],
  ])('%s serves %s', (path, id) => {
    expect(pageForPath(path)?.id).toBe(id);
  });
  it('falls back to home for any unknown path under /m/', () => {
    expect(pageForPath('/m/no/such/page')?.id).toBe('home');
  });
  it('leaves static files and the API alone', () => {
    expect(pageForPath('/_assets/app.js')).toBeNull();
    expect(pageForPath('/wps/game/list')).toBeNull();
    expect(pageForPath('/favicon.svg')).toBeNull();
  });
});
