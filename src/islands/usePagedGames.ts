import { useEffect, useEffectEvent, useState } from 'react';
import type { Game } from '../api/catalogue';
import { appendPage, emptyPaged, FIRST_PAGE, nextPage, replacePage, type PageAnswer, type Paged } from '../lib/paging';
import { showToast } from '../stores/toast';

/** Loads one page of games (1-based). */
export type PageLoader = (pageNo: number, signal: AbortSignal) => Promise<PageAnswer<Game>>;

/** A paged game list bound to a query key: what is listed, whether it is loading, and the 'more' action. */
export interface PagedGames {
  list: Paged<Game>;
  loading: boolean;
  loadingMore: boolean;
  failed: boolean;
  loadMore: () => void;
  retry: () => void;
}

/**
 * Paging for game lists (player-shell §4 "Paging"): a new `key` (filter, vendor or search) loads page 1 and
 * replaces the list; loadMore appends the next page and does nothing past the last. A null key loads nothing.
 */
export function usePagedGames(key: string | null, loader: PageLoader): PagedGames {
  const [state, setState] = useState<{ key: string | null; list: Paged<Game>; failed: boolean }>({
    key: null, list: emptyPaged(), failed: false,
  });
  const [moreFor, setMoreFor] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const loadFirst = useEffectEvent((signal: AbortSignal) => loader(FIRST_PAGE, signal));

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    loadFirst(controller.signal).then(
      (answer) => setState({ key, list: replacePage(answer), failed: false }),
      () => {
        if (!controller.signal.aborted) setState({ key, list: emptyPaged(), failed: true });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const current = state.key === key && key !== null;
  const list = current ? state.list : emptyPaged<Game>();

  const loadMore = () => {
    const page = nextPage(list);
    if (page === null || key === null || moreFor === key) return;
    setMoreFor(key);
    loader(page, new AbortController().signal)
      .then((answer) => setState((s) => (s.key === key ? { ...s, list: appendPage(s.list, answer, (g) => g.nodeId) } : s)))
      .catch(() => showToast('games.loadFailed', 'error', 3000))
      .finally(() => setMoreFor((k) => (k === key ? null : k)));
  };

  return {
    list,
    loading: key !== null && !current,
    loadingMore: moreFor === key && key !== null,
    failed: current && state.failed,
    loadMore,
    retry: () => setAttempt((n) => n + 1),
  };
}
