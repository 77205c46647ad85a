import { atom } from 'nanostores';
import { getAnnouncements, type Announcement } from '../../api/content';
import { popupRecords, popupType, selectPopups } from '../../../rules/content';
import {
  nextPopupRecord, parsePopupRecord, popupStorageKey, stepIndex, POPUP_AUTOPLAY_MS, POPUP_EVALUATION_DELAY_MS,
} from '../../lib/popups';
import { $session, type SessionInfo } from '../concepts/session';
import { env, type TimerHandle } from '../kit/environment';
import { openPage } from '../kit/navigation';
import type { Visit } from '../kit/page';

/**
 * The home page's login popup list (accounts §2 Announcement popup, §4 Popup, §6 Popups, §9): the popups of the
 * session's type in an accordion; `index` is the open item (null: none), `autoplay` whether it still advances by
 * itself, `promotion` whether the reward-centre action is offered (members only).
 */
export interface PopupState {
  open: boolean;
  list: Announcement[];
  index: number | null;
  autoplay: boolean;
  member: boolean;
}

const CLOSED: PopupState = { open: false, list: [], index: null, autoplay: false, member: false };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * The login popup list of one home visit (accounts §2 Announcement popup, §4 Popup), a part of the home page
 * (./home.ts) built on its {@link Visit}:
 * - `$popups`: the list's state ({@link PopupState}).
 * - `startPopups()`: on the home page's mount, loads the list (type PU; the server sends every execution, the client
 *   picks), evaluates it 500 ms later and again whenever the list or the session changes (login, logout).
 * - `evaluatePopups(session?)`: the session's type (A member, B guest; F too on a member's first login), the stored
 *   'title,content' list compared with the new one — anything new resets the show flag to true — and the list shown
 *   when the flag is set; nothing before the 500 ms or before the list arrived. An open list advances every 5000 ms
 *   until the last item (accounts §2 "Optional autoplay advances every 5000 ms").
 * - `closePopups()`: closes and stores show=false for the session's type (accounts §4 "Closing stores show=false").
 * - `togglePopup(index)`, `stepPopup(±1)`: open another item (never out of range); any of them stops the autoplay.
 * - `openRewardCentre()`: the promotion action (members only) → /m/rewardCenter.
 * The page's exit cancels the 500 ms wait and the autoplay, stops following the session and drops a list that
 * arrives later.
 */
export function homePopups(visit: Visit) {
  const $popups = atom<PopupState>(CLOSED);
  let popups: Announcement[] | null = null;
  let ready = false;
  let autoplayTimer: TimerHandle | null = null;
  let request = 0;

  function stopAutoplayTimer(): void {
    if (autoplayTimer !== null) env().clearTimeout(autoplayTimer);
    autoplayTimer = null;
  }

  function scheduleAutoplay(): void {
    stopAutoplayTimer();
    const state = $popups.get();
    if (!state.open || !state.autoplay || state.list.length < 2) return;
    autoplayTimer = visit.later(() => {
      autoplayTimer = null;
      const now = $popups.get();
      const index = stepIndex(now.index ?? 0, 1, now.list.length);
      $popups.set({ ...now, index, autoplay: index < now.list.length - 1 });
      scheduleAutoplay();
    }, POPUP_AUTOPLAY_MS);
  }

  function evaluatePopups(session: SessionInfo | null = $session.get()): void {
    if (!ready || popups === null || visit.exited) return;
    const loggedIn = session !== null;
    const list = selectPopups(popups, { loggedIn, firstTimeLogin: session?.firstTimeLogin === true });
    const store = storage();
    const key = popupStorageKey(popupType(loggedIn));
    const record = nextPopupRecord(parsePopupRecord(store?.getItem(key) ?? null), popupRecords(list));
    try {
      store?.setItem(key, JSON.stringify(record));
    } catch {
      // Storage full or refused: the popups still show this time.
    }
    const open = record.show && list.length > 0;
    $popups.set(open ? { open, list, index: 0, autoplay: true, member: loggedIn } : CLOSED);
    scheduleAutoplay();
  }

  async function loadPopups(): Promise<void> {
    const mine = ++request;
    try {
      const groups = await getAnnouncements('PU');
      if (mine !== request || visit.exited) return;
      popups = groups.popup;
    } catch {
      // No popups when the list cannot be read (accounts §8: announcement failures are silent).
      if (mine !== request || visit.exited) return;
      popups = [];
    }
    evaluatePopups();
  }

  function startPopups(): void {
    visit.later(() => {
      ready = true;
      evaluatePopups();
    }, POPUP_EVALUATION_DELAY_MS);
    void loadPopups();
    visit.listen($session, () => void loadPopups());
  }

  function closePopups(): void {
    stopAutoplayTimer();
    const store = storage();
    const key = popupStorageKey(popupType($session.get() !== null));
    const record = parsePopupRecord(store?.getItem(key) ?? null);
    try {
      store?.setItem(key, JSON.stringify({ show: false, data: record?.data ?? popupRecords($popups.get().list) }));
    } catch {
      // Nothing stored: the list shows again next time.
    }
    $popups.set({ ...$popups.get(), open: false, autoplay: false });
  }

  function togglePopup(index: number): void {
    stopAutoplayTimer();
    const state = $popups.get();
    $popups.set({ ...state, index: state.index === index ? null : index, autoplay: false });
  }

  function stepPopup(step: -1 | 1): void {
    stopAutoplayTimer();
    const state = $popups.get();
    $popups.set({ ...state, index: stepIndex(state.index ?? 0, step, state.list.length), autoplay: false });
  }

  function openRewardCentre(): void {
    if (!$popups.get().member) return;
    closePopups();
    openPage('/m/rewardCenter');
  }

  return { $popups, startPopups, evaluatePopups, closePopups, togglePopup, stepPopup, openRewardCentre };
}
