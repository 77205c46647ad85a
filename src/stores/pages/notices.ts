import { atom } from 'nanostores';
import { getAnnouncements, markAnnouncementRead, type Announcement } from '../../api/content';
import { announceUnreadChange, setNoticeUnread } from '../concepts/unread';

/** Mark-as-read throttle (accounts §9: 150 ms). */
export const MARK_READ_THROTTLE_MS = 150;

/** The announcements screen (accounts §2 /m/notice): the list (null while loading), failure, the open item. */
export interface NoticesState {
  list: Announcement[] | null;
  failed: boolean;
  open: number | null;
}

export const $notices = atom<NoticesState>({ list: null, failed: false, open: null });

let request = 0;

/** Loads the member's notices (types A and PL, the `player` group); `open` keeps the item that is open. */
export async function loadNotices(): Promise<void> {
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

const pending = new Set<number>();
let timer: ReturnType<typeof setTimeout> | null = null;

async function flushReads(): Promise<void> {
  timer = null;
  const ids = [...pending];
  pending.clear();
  // Failures are ignored (accounts §8): the next reload shows the server's state.
  await Promise.all(ids.map((id) => markAnnouncementRead(id).catch(() => undefined)));
  await loadNotices();
  announceUnreadChange();
}

/**
 * Opens (or closes) the item at `index` (accounts §4 Marking read): an unread item is marked read locally at once;
 * the server hears of it at most every 150 ms, then the list is reloaded.
 */
export function toggleNotice(index: number): void {
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
    timer ??= setTimeout(() => void flushReads(), MARK_READ_THROTTLE_MS);
  }
}

/** The index the page was opened with (`/m/notice?index=N`), or null. */
export function openFromQuery(search: string): void {
  const raw = new URLSearchParams(search).get('index');
  if (raw !== null && /^\d{1,4}$/.test(raw)) toggleNotice(Number(raw));
}
