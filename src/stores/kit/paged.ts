import { atom, computed, type ReadableAtom } from 'nanostores';
import type { Language } from '../../../rules/i18n';
import { appendPage, emptyPaged, FIRST_PAGE, nextPage, replacePage, type PageAnswer, type Paged, type PagedState } from '../../../rules/paging';
export type { PagedState } from '../../../rules/paging';
import { createFetcher } from './fetcher';

/** A paged list store of one key, with its actions. */
export interface PagedStore<T> extends ReadableAtom<PagedState<T>> {
  /** Appends the next page; does nothing past the last page or while one is loading (player-shell §4 Paging). */
  loadMore: () => void;
  /** Asks for page 1 again. */
  retry: () => void;
}

/** A family of paged list stores, one per key. */
export interface PagedLists<T> {
  /** The store of `key` (null: nothing to load); the same store for the same key. */
  (key: string | null): PagedStore<T>;
  /** Caches page 1 of `key` in `language` (the page the server wrote into the page): it is not asked for again. */
  prime: (key: string, language: Language, page: PageAnswer<T>) => void;
}

/** Loads page `pageNo` (1-based) of `key` in `language`. */
export type FetchPage<T> = (key: string, language: Language, pageNo: number, signal: AbortSignal) => Promise<PageAnswer<T>>;

/** What a paged list follows and tells, given by the page store that makes it (the kit knows no concept). */
export interface PagedListDeps {
  /** The language store the pages follow (src/stores/concepts/language.ts `$language`). */
  language: ReadableAtom<Language>;
  /** Called when a 'more' page fails to load (the page's list stays as it was; e.g. a toast). */
  moreFailed: () => void;
}

/**
 * Paged lists (player-shell §4 "Paging"): page 1 of each key comes through a fetcher store (cached per key and
 * language, one request for islands asking at once, aborted when the key changes, asked again on a language
 * change); 'more' appends the next page, listing no item twice (`idOf`), and a 'more' that fails calls
 * `deps.moreFailed`. A new key starts again at page 1.
 */
export function createPagedList<T>(fetchPage: FetchPage<T>, idOf: (item: T) => string | number, deps: PagedListDeps): PagedLists<T> {
  const { language: $language, moreFailed } = deps;
  const first = createFetcher<PageAnswer<T>>((key, language, signal) => fetchPage(key, language, FIRST_PAGE, signal), $language);
  const stores = new Map<string | null, PagedStore<T>>();
  const storeOf = (key: string | null): PagedStore<T> => {
    const $first = first(key);
    // Pages appended after page 1 (`base`: the page-1 answer they extend; a new page 1 drops them).
    const $more = atom<{ base: PageAnswer<T>; list: Paged<T> } | null>(null);
    const $loadingMore = atom(false);
    const $state = computed([$first, $more, $loadingMore], (page1, more, loadingMore): PagedState<T> => {
      const list = page1.data === undefined ? emptyPaged<T>() : more && more.base === page1.data ? more.list : replacePage(page1.data);
      return { list, loading: key !== null && page1.loading, loadingMore, failed: page1.failed };
    });
    const loadMore = () => {
      const { list, loading, loadingMore } = $state.get();
      const base = $first.get().data;
      const page = nextPage(list);
      if (key === null || base === undefined || page === null || loading || loadingMore) return;
      $loadingMore.set(true);
      fetchPage(key, $language.get(), page, new AbortController().signal)
        .then((answer) => {
          if ($first.get().data === base) $more.set({ base, list: appendPage(list, answer, idOf) });
        })
        .catch(() => moreFailed())
        .finally(() => $loadingMore.set(false));
    };
    return Object.assign($state, { loadMore, retry: () => $first.revalidate() });
  };
  const lists = (key: string | null) => {
    let store = stores.get(key);
    if (!store) {
      store = storeOf(key);
      stores.set(key, store);
    }
    return store;
  };
  return Object.assign(lists, { prime: first.prime });
}
