import { badgeText } from '../lib/badge';
import { t } from '../../rules/i18n';

/** An unread badge (src/lib/badge.ts): nothing when logged out or zero, "99+" above 99; read out as "n unread". */
export default function UnreadCount({ count, loggedIn }: { count: number | null; loggedIn: boolean }) {
  const text = badgeText(count, loggedIn);
  if (text === null) return null;
  return (
    <span className="unread-badge" role="status" aria-label={t('message.unreadCount', { count: text })}>
      {text}
    </span>
  );
}
