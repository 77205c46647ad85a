import { useState } from 'react';
import { useStore } from '@nanostores/react';
import UnreadCount from '../components/UnreadCount';
import { useHydrated } from '../components/useHydrated';
import { t } from '../../rules/i18n';
import { serviceLink } from '../stores/concepts/menu';
import { messageRows, type BadgeSource } from '../lib/messageCentre';
import { flattenWhitelabel } from '../../rules/whitelabel';
import { $member } from '../stores/concepts/member';
import { $session, sessionMemberType } from '../stores/concepts/session';
import { $settings, $status, $statusFailed, retryStatus } from '../stores/concepts/settings';
import { openLiveChat } from '../stores/concepts/liveChat';
import { $chatUnread, $inboxUnread, $noticeUnread, $unreadTotal } from '../stores/concepts/unread';
import ConfirmDialog from '../components/ConfirmDialog';

/**
 * Message centre (accounts §2 Message centre): Telegram, announcements, inbox, live chat (CBS3) and affiliate
 * service, with unread badges (logged in and non-zero; 99+). Visitors are sent to /m/login for announcements and
 * inbox; guest/trial accounts get the free_reject dialog for inbox and live chat. Live chat runs the launch-chat
 * flow (please wait, the call, navigation after 500 ms). The rows are built from the status answer (Telegram and
 * service links, the CBS3 switch when the settings do not say): while it is unknown the screen says so, and when
 * it could not be loaded (or did not fit its schema) the screen shows an error with "try again".
 */
export default function MessageCentre() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const member = useStore($member);
  const settings = useStore($settings);
  const status = useStore($status);
  const statusFailed = useStore($statusFailed);
  const counts: Record<BadgeSource, number | null> = {
    notice: useStore($noticeUnread), inbox: useStore($inboxUnread), chat: useStore($chatUnread),
  };
  useStore($unreadTotal); // keeps the unread counts fetched while this screen is open
  const [refused, setRefused] = useState(false);
  if (hydrated && !status && statusFailed) {
    return (
      <div className="notice" role="alert">
        <p>{t('common.error')}</p>
        <button type="button" className="btn" onClick={() => void retryStatus()}>{t('common.retry')}</button>
      </div>
    );
  }
  if (!hydrated || !status) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  const rows = messageRows({
    loggedIn: session !== null,
    memberType: session ? (member?.type ?? sessionMemberType(session)) : null,
    cbs3: (settings?.switches.CBS3 ?? flattenWhitelabel(status.info.whitelabel).CBS3) === true,
    telegramUrl: status.info.resources.find((r) => r.resourceType.toUpperCase() === 'TELEGRAM')?.url ?? null,
    serviceUrl: serviceLink(status.info.customerService, 'CS'),
  });
  return (
    <>
      <ul className="link-list">
        {rows.map((row) => {
          const badge = row.badge ? <UnreadCount count={counts[row.badge]} loggedIn={session !== null} /> : null;
          const action = row.action;
          return (
            <li key={row.id}>
              {action.kind === 'link' ? (
                <a href={action.href} {...(action.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                  {t(row.label)}
                  {badge}
                  {action.external && <span className="visually-hidden"> ({t('common.newTab')})</span>}
                </a>
              ) : (
                <button
                  type="button"
                  onClick={() => (action.kind === 'chat' ? void openLiveChat(t('message.liveChat')) : setRefused(true))}
                >
                  {t(row.label)}
                  {badge}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={refused}
        title={t('gate.realAccount')}
        message={t('free_reject')}
        confirmLabel={t('gate.registerNow')}
        onConfirm={() => window.location.assign('/m/register')}
        onCancel={() => setRefused(false)}
      />
    </>
  );
}
