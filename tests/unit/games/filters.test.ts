import { describe, expect, it } from 'vitest';
import {
  classificationOptions, classificationQuery, needsSession, showsClassificationFilter, showsVendorFilter, showsVendorTiles,
} from '../../../rules/filters';

// Rows quote player-shell §2 "Game list screen".
describe('"category filters (all, new, favourites, hot, recent)": "\'new\' is offered only for RNG; \'all\' and \'favorite\' always; type-specific classifications are appended only when more than one exists"', () => {
  it.each([
    ['RNG', ['slot', 'table', 'arcade'], ['all', 'new', 'favorite', 'hot', 'recent', 'slot', 'table', 'arcade']],
    ['RNG', ['slot'], ['all', 'new', 'favorite', 'hot', 'recent']],
    ['LIVE', ['baccarat', 'roulette'], ['all', 'favorite', 'hot', 'recent', 'baccarat', 'roulette']],
    ['FISH', ['fishing'], ['all', 'favorite', 'hot', 'recent']],
    ['PVP', [], ['all', 'favorite', 'hot', 'recent']],
    ['RNG', ['hot', 'recent', 'slot'], ['all', 'new', 'favorite', 'hot', 'recent']],
  ])('%s with classifications %j offers %j', (gameType, specific, options) => {
    expect(classificationOptions(gameType, specific)).toEqual(options);
  });
});

describe('"The classification filter shows only if at least one classification exists and the game type is not SPORTS"', () => {
  it.each([
    ['RNG', ['all', 'new', 'favorite'], true],
    ['LIVE', ['all', 'favorite'], true],
    ['SPORTS', ['all', 'favorite'], false],
    ['RNG', [], false],
  ])('%s with %j shows the filter: %s', (gameType, options, shown) => {
    expect(showsClassificationFilter(gameType, options)).toBe(shown);
  });
});

describe('"the vendor filter shows only when the classification filter shows and the active classification is not new" (types with vendor selectors: RNG, PVP, FISH, LIVE)', () => {
  it.each([
    ['RNG', true, 'all', true],
    ['RNG', true, 'new', false],
    ['RNG', false, 'all', false],
    ['PVP', true, 'favorite', true],
    ['FISH', true, 'fishing', true],
    ['LIVE', true, 'all', true],
    ['ESPORTS', true, 'all', false],
    ['COCKFIGHT', true, 'all', false],
  ])('%s, classification filter shown %s, active %s → vendor filter %s', (gameType, shown, active, vendor) => {
    expect(showsVendorFilter(gameType, shown, active)).toBe(vendor);
  });
});

describe('"SPORTS and ELOTT show only vendor tiles"', () => {
  it.each([
    ['SPORTS', undefined, true],
    ['ELOTT', undefined, true],
    ['SPORTS', 'KICKOFF', false],
    ['RNG', undefined, false],
  ])('%s with vendor %s shows vendor tiles: %s', (gameType, vassalage, tiles) => {
    expect(showsVendorTiles(gameType, vassalage)).toBe(tiles);
  });
});

describe('one active classification becomes the list query', () => {
  it.each([
    ['all', {}],
    ['favorite', { gameClassify: 'favorite' }],
    ['new', { isNew: 1 }],
    ['hot', { gameClassify: 'hot' }],
    ['slot', { gameClassify: 'slot' }],
  ])('%s asks for %j', (active, query) => {
    expect(classificationQuery(active)).toEqual(query);
  });
});

describe('"Favourites require a logged-in session" (player-shell §5), and so do the member\'s recent games', () => {
  it.each([
    ['favorite', true],
    ['recent', true],
    ['all', false],
    ['hot', false],
    ['new', false],
  ])('%s needs a session: %s', (active, needed) => {
    expect(needsSession(active)).toBe(needed);
  });
});
