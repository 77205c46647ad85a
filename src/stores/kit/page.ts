import type { ReadableAtom } from 'nanostores';
import { env, type TimerHandle } from './environment';

/**
 * What a page store's builder gets for one visit (docs/design.md "Stores"): timers and subscriptions that end when
 * the page exits, on the environment's clock (./environment.ts), so a test drives them as the browser would.
 */
export interface Visit {
  /** Runs `fn` once after `ms` milliseconds unless the page exits first. */
  later(fn: () => void, ms: number): TimerHandle;
  /** Runs `fn` every `ms` milliseconds until the page exits. */
  every(fn: () => void, ms: number): TimerHandle;
  /** Calls `fn` on each change of `store` until the page exits (nanostores `listen`: not at once). */
  listen<T>(store: ReadableAtom<T>, fn: (value: T) => void): void;
  /** Adds a clean-up that runs once when the page exits (in the order added). */
  onExit(fn: () => void): void;
  /** True once the page has exited: a flow drops answers that arrive later. */
  readonly exited: boolean;
}

/** A page store of one visit: the builder's stores and actions, the page's name, and `exit`. */
export type Page<S extends object> = S & {
  /** The page's name (its route without /m/, as in docs/design.md). */
  readonly name: string;
  /**
   * Ends the visit: cancels its timers, unbinds its subscriptions and runs its clean-ups; idempotent. The stores
   * keep their last values (a view still showing reads them) but nothing changes them any more.
   */
  exit(): void;
};

/**
 * Declares a page store made per visit (slowreader's `createPage` is the model): `build` creates the page's
 * stores and actions when the page is opened and registers, through the {@link Visit}, whatever must stop when it
 * is left. Calling the returned function opens one visit; its `exit()` unbinds it. A view opens the page once per
 * mount and exits it on unmount (src/hooks/usePage.ts); a test opens a fresh page per case instead of resetting
 * module-level atoms.
 */
export function createPage<S extends object>(name: string, build: (visit: Visit) => S): () => Page<S> {
  return () => {
    const timers = new Set<TimerHandle>();
    const intervals = new Set<TimerHandle>();
    const cleanups: (() => void)[] = [];
    let exited = false;
    const visit: Visit = {
      later(fn, ms) {
        const handle = env().setTimeout(() => {
          timers.delete(handle);
          if (!exited) fn();
        }, ms);
        timers.add(handle);
        return handle;
      },
      every(fn, ms) {
        const handle = env().setInterval(() => {
          if (!exited) fn();
        }, ms);
        intervals.add(handle);
        return handle;
      },
      listen(store, fn) {
        if (!exited) cleanups.push(store.listen(fn));
      },
      onExit(fn) {
        if (exited) fn();
        else cleanups.push(fn);
      },
      get exited() {
        return exited;
      },
    };
    const stores = build(visit);
    const exit = (): void => {
      if (exited) return;
      exited = true;
      for (const handle of timers) env().clearTimeout(handle);
      for (const handle of intervals) env().clearInterval(handle);
      timers.clear();
      intervals.clear();
      for (const cleanup of cleanups.splice(0)) cleanup();
    };
    return { ...stores, name, exit };
  };
}
