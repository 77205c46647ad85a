/**
 * Debouncing (player-shell §2 Home: "Vendors are re-fetched on language change (250 ms debounce)"; §9
 * "Language-change debounce for vendors 250 ms").
 */

/** Language-change debounce for the vendor fetch. */
export const LANGUAGE_DEBOUNCE_MS = 250;

/** A debounced call: runs `fn` once, `waitMs` after the last of a burst of calls; `cancel` drops a waiting call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, waitMs: number): ((...args: A) => void) & { cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, waitMs);
  };
  return Object.assign(run, { cancel: () => clearTimeout(timer) });
}
