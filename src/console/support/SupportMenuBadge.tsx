/**
 * The unread badge of the Support menu entry (docs/back-office.md "Support"): the number of open conversations
 * with unread player messages; it also puts the unread message count in the document's title and rings when it
 * grows (useUnread), as long as the back office is open on any page.
 */
import { Chip } from '@mui/material';
import { useUnread } from './useUnread';

export function SupportMenuBadge() {
  const { conversations } = useUnread(true);
  if (conversations === 0) return null;
  return <Chip size="small" color="error" className="support-unread" label={conversations} aria-label={`${conversations} conversations waiting`} sx={{ ml: 1 }} />;
}
