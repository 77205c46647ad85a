import { atom } from 'nanostores';

/**
 * The last page a flow sent the player to (tests read it; in the browser the navigation itself happens too).
 * Stores navigate through {@link openPage} so flows stay testable without a browser.
 */
export const $openedPage = atom<string | null>(null);

/** Goes to `path` (a full page load, as every PlayDeck page is pre-rendered). */
export function openPage(path: string): void {
  $openedPage.set(path);
  if (typeof window !== 'undefined' && typeof window.location?.assign === 'function') window.location.assign(path);
}

/** Goes to `path` after `ms` milliseconds (the success text stays on screen meanwhile). */
export function openPageAfter(path: string, ms: number): void {
  setTimeout(() => openPage(path), ms);
}

/** Replaces the current page by `path` (no history entry: the player's back button skips this page). */
export function replacePage(path: string): void {
  $openedPage.set(path);
  if (typeof window !== 'undefined' && typeof window.location?.replace === 'function') window.location.replace(path);
}
