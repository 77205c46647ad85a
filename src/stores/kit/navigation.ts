import { atom } from 'nanostores';
import { env } from './environment';

/**
 * The last page a flow sent the player to (tests read it; in the browser the navigation itself happens too).
 * Stores navigate through {@link openPage} so flows stay testable without a browser (the navigation itself goes
 * through the environment seam, ./environment.ts).
 */
export const $openedPage = atom<string | null>(null);

/** Goes to `path` (a full page load, as every PlayDeck page is pre-rendered). */
export function openPage(path: string): void {
  $openedPage.set(path);
  env().navigate(path);
}

/** Goes to `path` after `ms` milliseconds (the success text stays on screen meanwhile). */
export function openPageAfter(path: string, ms: number): void {
  env().setTimeout(() => openPage(path), ms);
}

/** Replaces the current page by `path` (no history entry: the player's back button skips this page). */
export function replacePage(path: string): void {
  $openedPage.set(path);
  env().replace(path);
}
