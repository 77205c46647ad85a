import { atom, onMount } from 'nanostores';
import { isMessageKey, type MessageKey } from '../../../rules/i18n';
import { env } from '../kit/environment';

/** A toast on screen: a message key, its kind and how long it stays (player-shell §8, §9). */
export interface Toast {
  id: number;
  key: MessageKey;
  kind: 'info' | 'success' | 'error' | 'loading';
  durationMs: number;
}

/** Default toast duration (player-shell §9: toast default 1.5 s). */
export const TOAST_DEFAULT_MS = 1500;

export const $toast = atom<Toast | null>(null);

/** Window event sent with every toast, so an outlet that has not hydrated yet wakes up (src/directives). */
export const TOAST_EVENT = 'playdeck:toast';

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows one toast, replacing the current one; it hides itself after `durationMs`. Returns its id. */
export function showToast(key: MessageKey, kind: Toast['kind'] = 'info', durationMs = TOAST_DEFAULT_MS): number {
  const toast: Toast = { id: nextId++, key, kind, durationMs };
  $toast.set(toast);
  env().clearTimeout(timer);
  timer = env().setTimeout(() => hideToast(toast.id), durationMs);
  // The toast outlet hydrates on demand (client:interaction): this event wakes it.
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_EVENT));
  return toast.id;
}

/** Hides the toast with this id (a newer toast stays). */
export function hideToast(id: number): void {
  if ($toast.get()?.id === id) $toast.set(null);
}

/** Session storage key of a toast that waits for the next page (a navigation would drop a toast shown now). */
export const NEXT_PAGE_TOAST_KEY = 'playdeck:nextPageToast';

/**
 * Keeps `key` to be shown as an error toast on the next page, e.g. `error.not_logged_in` ("Please log in first",
 * the platform's `in_pls_login`) when a logout answer sends the player to /m/login (platform-contract.md §1.5).
 */
export function toastOnNextPage(key: MessageKey): void {
  if (typeof sessionStorage === 'undefined') return;
  try {
    sessionStorage.setItem(NEXT_PAGE_TOAST_KEY, key);
  } catch {
    // Storage full or blocked: the page still changes, only the message is lost.
  }
}

/** Shows (once) the toast a previous page kept for this one; called when the toast outlet first listens. */
export function showPendingToast(): void {
  if (typeof sessionStorage === 'undefined') return;
  const key = sessionStorage.getItem(NEXT_PAGE_TOAST_KEY);
  if (!key) return;
  sessionStorage.removeItem(NEXT_PAGE_TOAST_KEY);
  if (isMessageKey(key)) showToast(key, 'error', ERROR_TOAST_MS);
}

/** How long a carried-over error stays (longer than the default: the page has just changed under the player). */
const ERROR_TOAST_MS = 3000;

onMount($toast, () => {
  showPendingToast();
});
