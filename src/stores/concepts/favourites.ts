import { atom, onMount } from 'nanostores';
import { addFavourite, getFavouriteIds, removeFavourite, type Game } from '../../api/catalogue';
import { $session } from './session';
import { hideToast, showToast } from './toast';
import { env, wait } from '../kit/environment';

/**
 * Favourite node ids of the logged-in member (player-shell §3 "Favourite ids: list of nodeId strings"),
 * fetched only when logged in (§6); null when logged out or not loaded yet.
 */
export const $favouriteIds = atom<ReadonlySet<string> | null>(null);
/** Node ids whose favourite toggle is busy (the loading indicator of player-shell §4). */
export const $favouriteBusy = atom<ReadonlySet<number>>(new Set());

/** Loading indicator durations and toasts (player-shell §9: "1 s on remove, 2 s on add favourite; saved message 1 s"). */
export const FAVOURITE_ADD_MS = 2000;
export const FAVOURITE_REMOVE_MS = 1000;
export const FAVOURITE_SAVED_MS = 1000;
/** Guest refusal toast (player-shell §8: "in_logged_login: info toast (2 s)"). */
export const FAVOURITE_GUEST_MS = 2000;
/** A loading toast stays until the call ends; this only bounds a call that never answers. */
const LOADING_TOAST_MAX_MS = 30_000;

/** Loads the member's favourite ids; clears them when logged out. */
export async function refreshFavouriteIds(): Promise<void> {
  if (!$session.get()) {
    $favouriteIds.set(null);
    return;
  }
  try {
    const ids = await getFavouriteIds();
    $favouriteIds.set(new Set(ids));
  } catch {
    // keep what we had; toggles still work and update the set
  }
}

onMount($favouriteIds, () => {
  if (typeof window === 'undefined') return;
  void refreshFavouriteIds();
  return $session.listen(() => void refreshFavouriteIds());
});


function setBusy(nodeId: number, busy: boolean): void {
  const next = new Set($favouriteBusy.get());
  if (busy) next.add(nodeId);
  else next.delete(nodeId);
  $favouriteBusy.set(next);
}

/**
 * Favourite toggle (player-shell §4): a guest sees in_logged_login for 2 s and is then sent to /m/login. A member
 * adds or removes; the loading indicator shows for at least 2 s on add and 1 s on remove; on success the local
 * list updates and, after an add, in_chang_saved shows for 1 s. Failure or a non-success answer only hides the
 * loading indicator.
 */
export async function toggleFavourite(game: Pick<Game, 'nodeId' | 'vassalage' | 'gameType'>, isFavourite: boolean): Promise<void> {
  if (!$session.get()) {
    showToast('in_logged_login', 'info', FAVOURITE_GUEST_MS);
    await wait(FAVOURITE_GUEST_MS);
    env().navigate('/m/login');
    return;
  }
  if ($favouriteBusy.get().has(game.nodeId)) return;
  const id = String(game.nodeId);
  const adding = !isFavourite;
  setBusy(game.nodeId, true);
  const toastId = showToast('in_please_wait', 'loading', LOADING_TOAST_MAX_MS);
  const call = adding ? addFavourite(game) : removeFavourite(game);
  const [outcome] = await Promise.allSettled([call, wait(adding ? FAVOURITE_ADD_MS : FAVOURITE_REMOVE_MS)]);
  hideToast(toastId);
  setBusy(game.nodeId, false);
  if (outcome.status !== 'fulfilled') return;
  const known = $favouriteIds.get();
  if (known) {
    const next = new Set(known);
    if (adding) next.add(id);
    else next.delete(id);
    $favouriteIds.set(next);
  } else {
    await refreshFavouriteIds();
  }
  if (adding) showToast('in_chang_saved', 'success', FAVOURITE_SAVED_MS);
}
