import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { deleteInboxMessages, getInbox, getInboxMessage, markAllInboxRead, type InboxMessage, type InboxPage } from '../../api/conversations';
import { announceUnreadChange, $inboxUnread } from '../concepts/unread';
import { createPage } from '../kit/page';

/**
 * The inbox screen's flow (accounts-and-communication §2 /m/webEmail; platform-contract.md §3 inbox): a page of
 * messages (newest first, unread marked), one opened message (sanitised HTML from the server), mark read, delete.
 */
export interface InboxState {
  page: InboxPage | null;
  pageNo: number;
  loading: boolean;
  /** The errorCode of the last failure (its message key is error.<code>), or null. */
  error: string | null;
}

/** Messages per page. */
export const INBOX_PAGE_SIZE = 10;

function codeOf(error: unknown): string {
  return error instanceof ApiRequestError ? error.errorCode : 'internal_error';
}

/**
 * The inbox page of one visit (accounts-and-communication §2 /m/webEmail), made per visit (src/stores/kit/page.ts):
 * - `$inbox`: the page shown, its number, loading, the last failure's errorCode; `$openMessage`: the opened
 *   message (sanitised HTML from the server), or null for the list.
 * - `load(pageNo)`: loads a page (1-based, the current one by default); a page past the end after deletions falls
 *   back to the last one; the frame's inbox count follows the page's `unread`.
 * - `open(id)`: opens a message (the server marks it read); the list row turns read and the badges refresh; a
 *   message gone meanwhile (`message_not_found`) reloads the list.
 * - `close()`: back from a message to the list.
 * - `markAllRead()`: marks every unread message read on the server, on every page and not only the one on screen
 *   ("Mark all as read"), then reloads the page shown; the frame's inbox count follows.
 * - `remove(id)`: deletes a message (for this member only), closes it if open and reloads the page.
 * Failures set `error` (its message key is error.<code>). Answers that arrive after the page exits are dropped.
 */
export const inboxPage = createPage('webEmail', (visit) => {
  const $inbox = atom<InboxState>({ page: null, pageNo: 1, loading: false, error: null });
  const $openMessage = atom<InboxMessage | null>(null);

  function failed(error: unknown): void {
    if (!visit.exited) $inbox.set({ ...$inbox.get(), error: codeOf(error) });
  }

  async function load(pageNo = $inbox.get().pageNo): Promise<void> {
    $inbox.set({ ...$inbox.get(), loading: true, error: null });
    try {
      let page = await getInbox(pageNo, INBOX_PAGE_SIZE);
      if (page.list.length === 0 && pageNo > 1 && page.totalPages > 0) {
        pageNo = page.totalPages;
        page = await getInbox(pageNo, INBOX_PAGE_SIZE);
      }
      if (visit.exited) return;
      $inbox.set({ page, pageNo, loading: false, error: null });
      $inboxUnread.set(page.unread);
    } catch (error) {
      if (!visit.exited) $inbox.set({ ...$inbox.get(), loading: false, error: codeOf(error) });
    }
  }

  async function open(id: number): Promise<void> {
    try {
      const message = await getInboxMessage(id);
      if (visit.exited) return;
      $openMessage.set(message);
      const state = $inbox.get();
      if (state.page) {
        const wasUnread = state.page.list.some((m) => m.id === id && !m.read);
        const list = state.page.list.map((m) => (m.id === id ? { ...m, read: true } : m));
        const unread = Math.max(0, state.page.unread - (wasUnread ? 1 : 0));
        $inbox.set({ ...state, page: { ...state.page, list, unread } });
        $inboxUnread.set(unread);
      }
      announceUnreadChange();
    } catch (error) {
      failed(error);
      if (error instanceof ApiRequestError && error.errorCode === 'message_not_found') await load();
    }
  }

  function close(): void {
    $openMessage.set(null);
  }

  async function markAllRead(): Promise<void> {
    if (($inbox.get().page?.unread ?? 0) === 0) return;
    try {
      await markAllInboxRead();
      await load();
      announceUnreadChange();
    } catch (error) {
      failed(error);
    }
  }

  async function remove(id: number): Promise<void> {
    try {
      await deleteInboxMessages([id]);
      if ($openMessage.get()?.id === id) $openMessage.set(null);
      await load();
      announceUnreadChange();
    } catch (error) {
      failed(error);
    }
  }

  return { $inbox, $openMessage, load, open, close, markAllRead, remove };
});

/** One visit of the inbox page. */
export type InboxVisit = ReturnType<typeof inboxPage>;
