import { describe, expect, it } from 'vitest';
import { addressParams, disallowedPaths, isPublicPage, pageAddress, PUBLIC_PAGE_IDS } from '../../../rules/crawl';
import { PAGE_ROUTES, pathOf } from '../../../rules/routes';

describe('what crawlers may read (docs/edge.md "Crawlers")', () => {
  it('names only pages of the route table as public', () => {
    const ids = new Set(PAGE_ROUTES.map((r) => r.id));
    for (const id of PUBLIC_PAGE_IDS) expect(ids.has(id)).toBe(true);
  });

  it('disallows no public page: no disallowed prefix starts any path of a public page', () => {
    const disallowed = disallowedPaths();
    for (const route of PAGE_ROUTES.filter((r) => isPublicPage(r.id))) {
      for (const path of route.paths) expect(disallowed.filter((prefix) => path.startsWith(prefix)), path).toEqual([]);
    }
  });

  it('disallows every page that is not public, the member pages and the API', () => {
    const disallowed = disallowedPaths();
    expect(disallowed).toEqual(expect.arrayContaining(['/wps/', '/lgw/', '/m/member/', '/play/']));
    for (const route of PAGE_ROUTES.filter((r) => !isPublicPage(r.id))) {
      expect(disallowed.some((prefix) => pathOf(route.id).startsWith(prefix)), route.id).toBe(true);
    }
  });

  it('addresses a page in a language by its path, its naming parameters, then lang', () => {
    expect(pageAddress('/m/home', [], 'FR')).toBe('/m/home?lang=fr');
    expect(pageAddress('/m/home', [], null)).toBe('/m/home');
    expect(pageAddress('/m/activityDetail', [['id', '5']], 'CN')).toBe('/m/activityDetail?id=5&lang=cn');
    expect(addressParams('helpDetail', new URLSearchParams('c=1&p=0&lang=fr&x=1'))).toEqual([['p', '0'], ['c', '1']]);
    expect(addressParams('gameList', new URLSearchParams('gameType=RNG&gameName=a'))).toEqual([['gameType', 'RNG']]);
    expect(addressParams('home', new URLSearchParams('id=1'))).toEqual([]);
  });
});
