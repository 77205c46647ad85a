import { describe, expect, it } from 'vitest';
import { placeholderVariant, sliderGroups, tileVariant } from '../../../rules/tiles';

// Rows quote player-shell §2 "Game category menu and tile" and §9.
describe('"Tile style variant is nodeId modulo 4 plus 1"', () => {
  it.each([
    [10000, 1], [10001, 2], [10002, 3], [10003, 4], [10004, 1],
  ])('a list tile of node %i uses variant %i', (nodeId, variant) => {
    expect(tileVariant({ nodeId, telNodeId: 7 }, 'list')).toBe(variant);
  });
});

describe('"home rows use telNodeId modulo 4 plus 1"', () => {
  it.each([
    [8, 1], [9, 2], [10, 3], [11, 4],
  ])('a home tile with telNodeId %i uses variant %i', (telNodeId, variant) => {
    expect(tileVariant({ nodeId: 10000, telNodeId }, 'home')).toBe(variant);
  });
});

describe('"or random 1 to 4 for placeholders"', () => {
  it.each([
    [0, 1], [0.24, 1], [0.25, 2], [0.5, 3], [0.99, 4], [0.999999, 4],
  ])('a random draw of %f gives placeholder variant %i', (draw, variant) => {
    expect(placeholderVariant(() => draw)).toBe(variant);
  });
});

describe('"Rows are horizontal sliders of 3 per group"', () => {
  it.each([
    [0, []],
    [3, [3]],
    [7, [3, 3, 1]],
    [20, [3, 3, 3, 3, 3, 3, 2]],
  ])('a row of %i games makes groups of sizes %j', (count, sizes) => {
    const items = Array.from({ length: count }, (_, i) => i);
    expect(sliderGroups(items).map((g) => g.length)).toEqual(sizes);
  });
});
