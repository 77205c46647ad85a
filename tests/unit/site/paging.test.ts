import { describe, expect, it } from 'vitest';
import { appendPage, emptyPaged, hasMore, nextPage, pageIndicator, replacePage, type Paged } from '../../../rules/paging';

// Rows quote player-shell §4 "Paging".
const key = (n: number) => n;
const page = (pageNum: number, totalPages: number, items: number[]) => ({ pageNum, totalPages, items });
const loaded = (pageNum: number, totalPages: number, items: number[]): Paged<number> => ({ pageNum, totalPages, items });

describe('"changing filter, vendor or search resets to page 1 and replaces the list"', () => {
  it('a new first page replaces whatever was listed', () => {
    expect(replacePage(page(1, 2, [7, 8]))).toEqual(loaded(1, 2, [7, 8]));
  });
});

describe('"load more appends the next page and does nothing past the last"', () => {
  it.each([
    ['page 2 of 3 after page 1', loaded(1, 3, [1, 2]), page(2, 3, [3, 4]), loaded(2, 3, [1, 2, 3, 4])],
    ['a late answer for page 2 when page 2 is loaded', loaded(2, 3, [1, 2, 3]), page(2, 3, [3]), loaded(2, 3, [1, 2, 3])],
    ['a page that repeats an item', loaded(1, 2, [1, 2]), page(2, 2, [2, 3]), loaded(2, 2, [1, 2, 3])],
  ])('%s', (_name, before, answer, after) => {
    expect(appendPage(before, answer, key)).toEqual(after);
  });
  it.each([
    [loaded(1, 3, []), 2],
    [loaded(3, 3, []), null],
    [loaded(0, 0, []), null],
  ])('after %j the next page asked for is %s', (list, next) => {
    expect(nextPage(list)).toBe(next);
  });
});

describe('"the more button is disabled on the last page"', () => {
  it.each([
    [loaded(1, 2, []), true],
    [loaded(2, 2, []), false],
    [emptyPaged<number>(), false],
  ])('%j offers more: %s', (list, more) => {
    expect(hasMore(list)).toBe(more);
  });
});

describe('"a \'page / total pages\' indicator"', () => {
  it.each([
    [loaded(1, 5, []), { page: 1, total: 5 }],
    [loaded(0, 0, []), { page: 0, total: 0 }],
  ])('%j reads %j', (list, numbers) => {
    expect(pageIndicator(list)).toEqual(numbers);
  });
});
