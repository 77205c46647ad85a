import { useStore } from '@nanostores/react';
import UnreadCount from '../components/UnreadCount';
import { useHydrated } from '../components/useHydrated';
import { $session } from '../stores/concepts/session';
import { $unreadTotal } from '../stores/concepts/unread';

/**
 * The unread badge of the frame's customer-service entry (accounts §2 Message centre badges, shown where the frame
 * shows unread counts): inbox + chat unread, kept fresh by the unread store (poll while visible, on return, on a
 * change announced by the inbox or the chat page) — so a new message or chat reply shows without a reload.
 */
export default function UnreadBadge() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const total = useStore($unreadTotal);
  if (!hydrated) return null;
  return <UnreadCount count={total} loggedIn={session !== null} />;
}
