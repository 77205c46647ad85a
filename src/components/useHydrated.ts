import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False during pre-rendering and hydration, true afterwards: lets islands show browser-only state (session,
 * query string) without a hydration mismatch (docs/design.md, pre-rendered pages + islands).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
