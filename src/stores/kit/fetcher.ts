import { atom, onStart, onStop, type ReadableAtom } from 'nanostores';
import type { Language } from '../../../rules/i18n';

/** What a fetcher store holds: the answer (undefined until known), whether a request runs, and whether it failed (and why). */
export interface Fetched<T> {
  data: T | undefined;
  loading: boolean;
  failed: boolean;
  error?: unknown;
}

/** Loads one key's data in `language`; must give up when `signal` aborts. */
export type Fetch<T> = (key: string, language: Language, signal: AbortSignal) => Promise<T>;

/** A store of server data for one key, with the actions that refresh it. */
export interface FetcherStore<T> extends ReadableAtom<Fetched<T>> {
  /** Drops the cached answer of the current key and asks again (retry, or after the data changed). */
  revalidate: () => void;
}

/** A family of fetcher stores sharing one cache and one set of requests under way. */
export interface Fetcher<T> {
  /** The store of `key` (null: nothing to load); the same store for the same key. */
  (key: string | null): FetcherStore<T>;
  /** Forgets every cached answer; stores in use ask again. */
  invalidate: () => void;
  /** Caches `value` as the answer of `key` in `language` (data the server wrote into the page): no request for it. */
  prime: (key: string, language: Language, value: T) => void;
}

const IDLE: Fetched<never> = { data: undefined, loading: false, failed: false };

/**
 * Server data for islands (docs/design.md "Stores"; the pattern of @nanostores/query, written small): each key's store
 * loads when first used; answers are cached per key and language; two stores (or two islands) asking for the
 * same key at once share one request; a language change asks again in the new language and aborts the request of
 * the old one; a store no longer listened to aborts its request at once. A failed request is not cached.
 * `$language` is the language store the answers follow (the page store making the fetcher passes the player's,
 * src/stores/concepts/language.ts: the kit knows no concept).
 */
export function createFetcher<T>(fetch: Fetch<T>, $language: ReadableAtom<Language>): Fetcher<T> {
  const cache = new Map<string, T>();
  const running = new Map<string, { promise: Promise<T>; controller: AbortController; users: number }>();
  const stores = new Map<string, FetcherStore<T>>();
  const live = new Set<() => void>();

  /** Joins (or starts) the request of `key` in `language`; the returned release lets go of it. */
  const request = (key: string, language: Language) => {
    const id = `${language}\u0000${key}`;
    let entry = running.get(id);
    if (!entry) {
      const controller = new AbortController();
      const promise = fetch(key, language, controller.signal);
      entry = { promise, controller, users: 0 };
      running.set(id, entry);
      const mine = entry;
      promise.then((value) => {
        if (!mine.controller.signal.aborted) cache.set(id, value);
      }, () => undefined).finally(() => {
        if (running.get(id) === mine) running.delete(id);
      });
    }
    entry.users += 1;
    const held = entry;
    let released = false;
    return {
      id,
      promise: held.promise,
      release: () => {
        if (released) return;
        released = true;
        held.users -= 1;
        if (held.users === 0 && running.get(id) === held) {
          held.controller.abort();
          running.delete(id);
        }
      },
    };
  };

  const storeOf = (key: string): FetcherStore<T> => {
    const $store = atom<Fetched<T>>({ data: undefined, loading: true, failed: false });
    let release = () => {};
    let language: Language | null = null;
    const run = (force: boolean) => {
      release();
      if (language === null) return;
      const id = `${language}\u0000${key}`;
      if (force) cache.delete(id);
      if (cache.has(id)) {
        $store.set({ data: cache.get(id), loading: false, failed: false });
        release = () => {};
        return;
      }
      $store.set({ data: $store.get().data, loading: true, failed: false });
      const current = request(key, language);
      release = current.release;
      current.promise.then(
        (data) => {
          if (release === current.release) $store.set({ data, loading: false, failed: false });
        },
        (error: unknown) => {
          if (release === current.release) $store.set({ data: undefined, loading: false, failed: true, error });
        },
      );
    };
    const refresh = () => run(true);
    // Started by its first listener and stopped with its last one (at once, not after nanostores' unmount delay),
    // so a view moving to another key aborts the old key's request right away.
    let unlisten = () => {};
    onStart($store, () => {
      live.add(refresh);
      unlisten = $language.subscribe((next) => {
        language = next;
        run(false);
      });
    });
    onStop($store, () => {
      unlisten();
      live.delete(refresh);
      release();
      release = () => {};
    });
    return Object.assign($store, { revalidate: refresh });
  };

  const idle = Object.assign(atom<Fetched<T>>(IDLE), { revalidate: () => {} });
  const fetcher = (key: string | null): FetcherStore<T> => {
    if (key === null) return idle;
    let store = stores.get(key);
    if (!store) {
      store = storeOf(key);
      stores.set(key, store);
    }
    return store;
  };
  return Object.assign(fetcher, {
    invalidate: () => {
      cache.clear();
      for (const refresh of live) refresh();
    },
    prime: (key: string, language: Language, value: T) => {
      cache.set(`${language}\u0000${key}`, value);
    },
  });
}
