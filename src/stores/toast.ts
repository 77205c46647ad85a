import { atom } from 'nanostores';
import type { MessageKey } from '../lib/i18n';

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

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows one toast, replacing the current one; it hides itself after `durationMs`. Returns its id. */
export function showToast(key: MessageKey, kind: Toast['kind'] = 'info', durationMs = TOAST_DEFAULT_MS): number {
  const toast: Toast = { id: nextId++, key, kind, durationMs };
  $toast.set(toast);
  clearTimeout(timer);
  timer = setTimeout(() => hideToast(toast.id), durationMs);
  return toast.id;
}

/** Hides the toast with this id (a newer toast stays). */
export function hideToast(id: number): void {
  if ($toast.get()?.id === id) $toast.set(null);
}
