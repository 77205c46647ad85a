import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { t } from '../lib/i18n';
import { MENU_TOAST_MS, serviceLink } from '../lib/menu';
import { messageRows } from '../lib/messageCentre';
import { $member } from '../stores/member';
import { $session, sessionMemberType } from '../stores/session';
import { $settings, $status } from '../stores/settings';
import { flattenWhitelabel } from '../lib/whitelabel';
import { showToast } from '../stores/toast';

/**
 * Message centre (accounts §2 Message centre): Telegram, announcements, inbox, live chat (CBS3) and affiliate
 * service. Visitors are sent to /m/login for announcements and inbox; guest/trial accounts get free_reject for
 * inbox and live chat. Unread badges appear once the platform reports unread counts.
 */
export default function MessageCentre() {
  const hydrated = useHydrated();
  const session = useStore($session);
  const member = useStore($member);
  const settings = useStore($settings);
  const status = useStore($status);
  if (!hydrated || !status) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  const services = status.info.customerService;
  const rows = messageRows({
    loggedIn: session !== null,
    memberType: session ? (member?.type ?? sessionMemberType(session)) : null,
    cbs3: (settings?.switches.CBS3 ?? flattenWhitelabel(status.info.whitelabel).CBS3) === true,
    telegramUrl: status.info.resources.find((r) => r.resourceType.toUpperCase() === 'TELEGRAM')?.url ?? null,
    liveChatUrl: serviceLink(services, 'LIVECHAT'),
    serviceUrl: serviceLink(services, 'CS'),
  });
  return (
    <ul className="link-list">
      {rows.map((row) => (
        <li key={row.id}>
          {row.action.kind === 'link' ? (
            <a
              href={row.action.href}
              {...(row.action.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {t(row.label)}
              {row.action.external && <span className="visually-hidden"> ({t('common.newTab')})</span>}
            </a>
          ) : (
            <button type="button" onClick={() => showToast('free_reject', 'info', MENU_TOAST_MS)}>{t(row.label)}</button>
          )}
        </li>
      ))}
    </ul>
  );
}
