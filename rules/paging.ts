/**
 * Paging of game lists (player-shell §4 "Paging"): "changing filter, vendor or search resets to page 1 and
 * replaces the list; load more appends the next page and does nothing past the last; the more button is
 * disabled on the last page."
 */

/** A paged list as shown: the items so far, the last page loaded (1-based) and the page count. */
export interface Paged<T> {
  items: T[];
  pageNum: number;
  totalPages: number;
}

/** One page as the API answers it. */
export interface PageAnswer<T> {
  items: readonly T[];
  pageNum: number;
  totalPages: number;
}

/** Page size of the game list screen (player-shell §9: "Page size 9 (list)"). */
export const LIST_PAGE_SIZE = 9;
/** Page size of the home rows (player-shell §9: "20 (home rows)"). */
export const HOME_PAGE_SIZE = 20;

/** The empty list before anything loaded. */
export function emptyPaged<T>(): Paged<T> {
  return { items: [], pageNum: 0, totalPages: 0 };
}

/** The page to ask for after a change of filter, vendor or search: always page 1. */
export const FIRST_PAGE = 1;

/** A first page (after a filter, vendor or search change) replaces the list. */
export function replacePage<T>(answer: PageAnswer<T>): Paged<T> {
  return { items: [...answer.items], pageNum: answer.pageNum, totalPages: answer.totalPages };
}

/** True while a next page exists; the more button is disabled when this is false. */
export function hasMore(list: Paged<unknown>): boolean {
  return list.pageNum < list.totalPages;
}

/** The page number 'more' asks for, or null past the last page ("does nothing past the last"). */
export function nextPage(list: Paged<unknown>): number | null {
  return hasMore(list) ? list.pageNum + 1 : null;
}

/**
 * Appends the next page. An answer that is not the page after the current one (a late or repeated answer)
 * changes nothing; items already listed (same key) are not listed twice.
 */
export function appendPage<T>(list: Paged<T>, answer: PageAnswer<T>, key: (item: T) => string | number): Paged<T> {
  if (answer.pageNum !== list.pageNum + 1) return list;
  const seen = new Set(list.items.map(key));
  const fresh = answer.items.filter((item) => !seen.has(key(item)));
  return { items: [...list.items, ...fresh], pageNum: answer.pageNum, totalPages: answer.totalPages };
}

/** Numbers for the 'page / total pages' indicator; an empty result reads 0 / 0. */
export function pageIndicator(list: Paged<unknown>): { page: number; total: number } {
  return { page: Math.min(list.pageNum, list.totalPages), total: list.totalPages };
}

/** A paged list as a view shows it. */
export interface PagedState<T> {
  list: Paged<T>;
  /** True while page 1 of this key loads. */
  loading: boolean;
  /** True while a next page loads. */
  loadingMore: boolean;
  /** True when page 1 failed (the retry button shows). */
  failed: boolean;
}
