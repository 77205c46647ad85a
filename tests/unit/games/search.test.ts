import { describe, expect, it } from 'vitest';
import { browserModeFromQuery, normaliseSearch, queryForBrowserMode } from '../../../rules/search';

// Rows quote player-shell §5: "Game-name search is trimmed."
describe('"Game-name search is trimmed"', () => {
  it.each([
    ['  Golden Koi  ', 'Golden Koi'],
    ['Mines', 'Mines'],
    ['\tLucky Panda\n', 'Lucky Panda'],
  ])('%j is searched as %j', (typed, sent) => {
    expect(normaliseSearch(typed)).toBe(sent);
  });
  it.each(['', '   ', null, undefined])('%j searches nothing', (typed) => {
    expect(normaliseSearch(typed)).toBeUndefined();
  });
});

// player-shell §2 Home: "A startup query pageType=list&gameType={category} opens a category directly."
describe('"A startup query pageType=list&gameType={category} opens a category directly"', () => {
  it.each([
    ['?pageType=list&gameType=RNG', { kind: 'list', gameType: 'RNG' }],
    ['?gameType=LIVE&pageType=list', { kind: 'list', gameType: 'LIVE' }],
    ['?pageType=list', { kind: 'all' }],
    ['?gameType=RNG', { kind: 'all' }],
    ['', { kind: 'all' }],
  ])('%j opens %j', (search, mode) => {
    expect(browserModeFromQuery(search)).toEqual(mode);
  });
  it.each([
    [{ kind: 'list', gameType: 'FISH' } as const, '?pageType=list&gameType=FISH'],
    [{ kind: 'all' } as const, ''],
    [{ kind: 'filter', query: 'koi' } as const, ''],
  ])('%j is reopened by %j', (mode, query) => {
    expect(queryForBrowserMode(mode)).toBe(query);
    expect(browserModeFromQuery(query)).toEqual(mode.kind === 'list' ? mode : { kind: 'all' });
  });
});
