import { useStore } from '@nanostores/react';
import type { PagedState, PagedStore } from '../stores/kit/paged';

/** A paged list store's state with its actions, for a view (src/stores/kit/paged.ts). */
export function usePaged<T>(store: PagedStore<T>): PagedState<T> & { loadMore: () => void; retry: () => void } {
  const state = useStore(store);
  return { ...state, loadMore: store.loadMore, retry: store.retry };
}
