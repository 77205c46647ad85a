import { onSet, onStart, type WritableAtom } from 'nanostores';

/**
 * Starts `$store` from what the page came with, at the store's first use rather than when its module is evaluated
 * (see rules/served.ts servedOnFirstUse for why): when the store is first listened to or read, and nothing has set
 * it yet, `pick` of `served()` becomes its value. A store set before that (an action) keeps what it was set to; a
 * page without the data block leaves the store at its initial value.
 */
export function startFromServed<T, S>($store: WritableAtom<T>, served: () => S | null, pick: (served: S) => T): void {
  let settled = false;
  onSet($store, () => {
    settled = true;
  });
  onStart($store, () => {
    if (settled) return;
    const found = served();
    if (found !== null) $store.set(pick(found));
  });
}
