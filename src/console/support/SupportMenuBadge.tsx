/**
 * The unread badge of the Support menu entry (docs/back-office.md "Support"): the number of open conversations
 * with unread player messages. SupportAlerts, rendered on every page of the back office, puts the unread message
 * count in the document's title and rings when it grows (useUnread).
 */
import { Chip } from '@mui/material';
import { useUnread } from './useUnread';

export function SupportMenuBadge() {
  const { conversations } = useUnread();
  if (conversations === 0) return null;
  return <Chip size="small" color="error" className="support-unread" label={conversations} aria-label={`${conversations} conversations waiting`} sx={{ ml: 1 }} />;
}

/** The title count and the beep, on every page of the back office (ConsoleArea.watch). */
export function SupportAlerts() {
  useUnread(true);
  return null;
}
