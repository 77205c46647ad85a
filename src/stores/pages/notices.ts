import { atom } from 'nanostores';
import { getAnnouncements, markAnnouncementRead, type Announcement } from '../../api/content';
import { announceUnreadChange, setNoticeUnread } from '../concepts/unread';
import type { TimerHandle } from '../kit/environment';
import { createPage } from '../kit/page';
import '../concepts/session'; // connects the API client to the session (src/api imports no store)

/** Mark-as-read throttle (accounts §9: 150 ms). */
export const MARK_READ_THROTTLE_MS = 150;

/** The announcements screen (accounts §2 /m/notice): the list (null while loading), failure, the open item. */
export interface NoticesState {
  list: Announcement[] | null;
  failed: boolean;
  open: number | null;
}

/**
 * The announcements page of one visit (accounts §2 /m/notice), made per visit (src/stores/kit/page.ts):
 * - `$notices`: the list (null while loading), whether loading failed, the open item.
 * - `load()`: loads the member's notices (types A and PL, the `player` group), keeping the item that is open; the
 *   newest load wins; a failure keeps the list shown (empty at first) and sets `failed`.
 * - `toggle(index)`: opens (or closes) the item at `index` (accounts §4 Marking read): an unread item is marked read
 *   locally at once; the server hears of it at most every 150 ms, then the list is reloaded. Failures are ignored
 *   (accounts §8: the next reload shows the server's state).
 * - `openFromQuery(search)`: opens the item the page was opened with (`/m/notice?index=N`), if any.
 * Leaving the page (`exit`) cancels a mark-read still waiting for its 150 ms.
 */
export const noticesPage = createPage('notice', (visit) => {
  const $notices = atom<NoticesState>({ list: null, failed: false, open: null });
  let request = 0;
  const pending = new Set<number>();
  let timer: TimerHandle | null = null;

  async function load(): Promise<void> {
    const mine = ++request;
    try {
      const groups = await getAnnouncements('A,PL');
      if (mine !== request) return;
      $notices.set({ ...$notices.get(), list: groups.player, failed: false });
      setNoticeUnread(groups.player.filter((notice) => !notice.read).length);
    } catch {
      if (mine === request) $notices.set({ ...$notices.get(), list: $notices.get().list ?? [], failed: true });
    }
  }

  async function flushReads(): Promise<void> {
    timer = null;
    const ids = [...pending];
    pending.clear();
    await Promise.all(ids.map((id) => markAnnouncementRead(id).catch(() => undefined)));
    await load();
    announceUnreadChange();
  }

  function toggle(index: number): void {
    const state = $notices.get();
    if (state.open === index) {
      $notices.set({ ...state, open: null });
      return;
    }
    const item = state.list?.[index];
    if (!item) return;
    const list = item.read ? state.list : state.list!.map((n, i) => (i === index ? { ...n, read: true } : n));
    $notices.set({ ...state, list, open: index });
    if (!item.read) {
      pending.add(item.id);
      timer ??= visit.later(() => void flushReads(), MARK_READ_THROTTLE_MS);
    }
  }

  function openFromQuery(search: string): void {
    const raw = new URLSearchParams(search).get('index');
    if (raw !== null && /^\d{1,4}$/.test(raw)) toggle(Number(raw));
  }

  return { $notices, load, toggle, openFromQuery };
});

/** One visit of the announcements page. */
export type NoticesPage = ReturnType<typeof noticesPage>;
