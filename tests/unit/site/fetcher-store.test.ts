import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFetcher } from '../../../src/stores/kit/fetcher';
import { $language } from '../../../src/stores/concepts/language';
import { createPagedList } from '../../../src/stores/kit/paged';

/** A server stub: each call waits until the test answers it. */
function deferredServer<T>() {
  const calls: { key: string; language: string; signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }[] = [];
  const fetch = vi.fn((key: string, language: string, signal: AbortSignal) => new Promise<T>((resolve, reject) => {
    calls.push({ key, language, signal, resolve, reject });
  }));
  return { calls, fetch };
}
/** What the paged lists here follow: the player's language; a failed 'more' tells nobody. */
const DEPS = { language: $language, moreFailed: () => {} };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  $language.set('EN');
});

describe('a fetcher store (docs/design.md "Stores": server data in islands)', () => {
  it('loads a key when first used and shows loading meanwhile', async () => {
    const server = deferredServer<string>();
    const $a = createFetcher(server.fetch, $language)('a');
    const seen: unknown[] = [];
    const stop = $a.subscribe((v) => seen.push(v));
    expect($a.get()).toEqual({ data: undefined, loading: true, failed: false });
    server.calls[0]!.resolve('A');
    await tick();
    expect($a.get()).toEqual({ data: 'A', loading: false, failed: false });
    stop();
  });

  it('two islands asking for the same key at once share one request', async () => {
    const server = deferredServer<string>();
    const fetcher = createFetcher(server.fetch, $language);
    const stop1 = fetcher('a').listen(() => {});
    const stop2 = fetcher('a').listen(() => {});
    expect(server.fetch).toHaveBeenCalledTimes(1);
    stop1();
    stop2();
  });

  it('caches per key: coming back to a key answers from the cache without a request', async () => {
    const server = deferredServer<string>();
    const fetcher = createFetcher(server.fetch, $language);
    const stop = fetcher('a').listen(() => {});
    server.calls[0]!.resolve('A');
    await tick();
    stop();
    const again = fetcher('a').listen(() => {});
    expect(fetcher('a').get().data).toBe('A');
    expect(server.fetch).toHaveBeenCalledTimes(1);
    again();
  });

  it('moving to another key aborts the old key’s request at once', () => {
    const server = deferredServer<string>();
    const fetcher = createFetcher(server.fetch, $language);
    const stopA = fetcher('a').listen(() => {});
    const stopB = fetcher('b').listen(() => {});
    stopA();
    expect(server.calls[0]!.signal.aborted).toBe(true);
    expect(server.calls[1]!.signal.aborted).toBe(false);
    stopB();
  });

  it('asks again in the new language when the language changes, aborting the old language’s request', async () => {
    const server = deferredServer<string>();
    const $a = createFetcher(server.fetch, $language)('a');
    const stop = $a.listen(() => {});
    $language.set('FR');
    expect(server.calls.map((c) => c.language)).toEqual(['EN', 'FR']);
    expect(server.calls[0]!.signal.aborted).toBe(true);
    server.calls[1]!.resolve('A-fr');
    await tick();
    expect($a.get().data).toBe('A-fr');
    stop();
  });

  it('a failure is shown and not cached; revalidate asks again', async () => {
    const server = deferredServer<string>();
    const $a = createFetcher(server.fetch, $language)('a');
    const stop = $a.listen(() => {});
    server.calls[0]!.reject(new Error('offline'));
    await tick();
    expect($a.get()).toMatchObject({ failed: true, loading: false });
    $a.revalidate();
    expect(server.fetch).toHaveBeenCalledTimes(2);
    server.calls[1]!.resolve('A');
    await tick();
    expect($a.get()).toEqual({ data: 'A', loading: false, failed: false });
    stop();
  });

  it('a null key loads nothing', () => {
    const server = deferredServer<string>();
    const stop = createFetcher(server.fetch, $language)(null).listen(() => {});
    expect(server.fetch).not.toHaveBeenCalled();
    stop();
  });
});

describe('a paged list (player-shell §4 Paging)', () => {
  const page = (pageNum: number, totalPages: number, ids: number[]) => ({ items: ids.map((id) => ({ id })), pageNum, totalPages });

  it('more appends the next page without duplicates, and does nothing past the last page', async () => {
    const fetchPage = vi.fn(async (_key: string, _language: string, pageNo: number) => (pageNo === 1 ? page(1, 2, [1, 2]) : page(2, 2, [2, 3])));
    const list = createPagedList(fetchPage, (item: { id: number }) => item.id, DEPS)('k');
    const stop = list.listen(() => {});
    await tick();
    expect(list.get().list.items.map((i) => i.id)).toEqual([1, 2]);
    list.loadMore();
    expect(list.get().loadingMore).toBe(true);
    await tick();
    expect(list.get().list).toMatchObject({ pageNum: 2, totalPages: 2 });
    expect(list.get().list.items.map((i) => i.id)).toEqual([1, 2, 3]);
    list.loadMore();
    expect(fetchPage).toHaveBeenCalledTimes(2);
    stop();
  });

  it('a new key starts again at page 1', async () => {
    const fetchPage = vi.fn(async (key: string) => page(1, 3, key === 'a' ? [1] : [9]));
    const lists = createPagedList(fetchPage, (item: { id: number }) => item.id, DEPS);
    const stopA = lists('a').listen(() => {});
    await tick();
    lists('a').loadMore();
    await tick();
    const stopB = lists('b').listen(() => {});
    await tick();
    expect(lists('b').get().list).toMatchObject({ pageNum: 1, items: [{ id: 9 }] });
    stopA();
    stopB();
  });
});

describe('data the server wrote into the page (rules/served.ts)', () => {
  it('a primed key shows its answer at once and is not asked for; another language still asks', async () => {
    const server = deferredServer<string>();
    const fetcher = createFetcher(server.fetch, $language);
    fetcher.prime('a', 'EN', 'served');
    const stop = fetcher('a').listen(() => {});
    expect(fetcher('a').get()).toEqual({ data: 'served', loading: false, failed: false });
    expect(server.fetch).not.toHaveBeenCalled();
    $language.set('FR');
    expect(server.fetch).toHaveBeenCalledTimes(1);
    stop();
  });

  it("a paged list's primed first page is its page 1; 'more' asks for page 2 only", async () => {
    const pages = vi.fn((_key: string, _language: string, pageNo: number) => Promise.resolve({ items: [pageNo * 10], pageNum: pageNo, totalPages: 3 }));
    const lists = createPagedList<number>(pages, (n) => n, DEPS);
    lists.prime('k', 'EN', { items: [1, 2], pageNum: 1, totalPages: 3 });
    const $list = lists('k');
    const stop = $list.listen(() => {});
    expect($list.get()).toMatchObject({ list: { items: [1, 2], pageNum: 1, totalPages: 3 }, loading: false });
    $list.loadMore();
    await tick();
    expect(pages.mock.calls.map((c) => c[2])).toEqual([2]);
    expect($list.get().list.items).toEqual([1, 2, 20]);
    stop();
  });
});
