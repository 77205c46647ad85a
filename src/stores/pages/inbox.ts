import { atom } from 'nanostores';
import { ApiRequestError } from '../../api/client';
import { deleteInboxMessages, getInbox, getInboxMessage, markInboxRead, type InboxMessage, type InboxPage } from '../../api/conversations';
import { announceUnreadChange, $inboxUnread } from '../concepts/unread';

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

export const $inbox = atom<InboxState>({ page: null, pageNo: 1, loading: false, error: null });
/** The opened message, or null for the list. */
export const $openMessage = atom<InboxMessage | null>(null);

function codeOf(error: unknown): string {
  return error instanceof ApiRequestError ? error.errorCode : 'internal_error';
}

/** Loads a page (1-based); a page past the end after deletions falls back to the last one. */
export async function loadInbox(pageNo = $inbox.get().pageNo): Promise<void> {
  $inbox.set({ ...$inbox.get(), loading: true, error: null });
  try {
    let page = await getInbox(pageNo, INBOX_PAGE_SIZE);
    if (page.list.length === 0 && pageNo > 1 && page.totalPages > 0) {
      pageNo = page.totalPages;
      page = await getInbox(pageNo, INBOX_PAGE_SIZE);
    }
    $inbox.set({ page, pageNo, loading: false, error: null });
    $inboxUnread.set(page.unread);
  } catch (error) {
    $inbox.set({ ...$inbox.get(), loading: false, error: codeOf(error) });
  }
}

/** Opens a message (the server marks it read); the list row turns read and the badges refresh. */
export async function openMessage(id: number): Promise<void> {
  try {
    const message = await getInboxMessage(id);
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
    $inbox.set({ ...$inbox.get(), error: codeOf(error) });
    if (error instanceof ApiRequestError && error.errorCode === 'message_not_found') await loadInbox();
  }
}

/** Back from a message to the list. */
export function closeMessage(): void {
  $openMessage.set(null);
}

/** Marks every unread message of the current page read. */
export async function markPageRead(): Promise<void> {
  const ids = $inbox.get().page?.list.filter((m) => !m.read).map((m) => m.id) ?? [];
  if (ids.length === 0) return;
  try {
    await markInboxRead(ids);
    await loadInbox();
    announceUnreadChange();
  } catch (error) {
    $inbox.set({ ...$inbox.get(), error: codeOf(error) });
  }
}

/** Deletes a message (for this member only), closes it if open and reloads the page. */
export async function deleteMessage(id: number): Promise<void> {
  try {
    await deleteInboxMessages([id]);
    if ($openMessage.get()?.id === id) $openMessage.set(null);
    await loadInbox();
    announceUnreadChange();
  } catch (error) {
    $inbox.set({ ...$inbox.get(), error: codeOf(error) });
  }
}
