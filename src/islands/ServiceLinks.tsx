import { useStore } from '@nanostores/react';
import { t, type MessageKey } from '../../rules/i18n';
import { $status } from '../stores/concepts/settings';

/** Label of each customer-service type (player-shell §3 "Customer-service entry: csType (WHATSAPP, LIVECHAT, CS)"). */
const LABEL: Record<string, MessageKey> = { CS: 'service.CS', LIVECHAT: 'service.LIVECHAT', WHATSAPP: 'service.WHATSAPP' };

/**
 * The site's customer-service contacts from the system status (player-shell §3), each opening in a new tab; the
 * pages whose platform feature runs through customer service point players here. Pre-rendered as "loading".
 */
export default function ServiceLinks() {
  // The status store starts from the browser's cached copy as soon as another island mounted it; the hydration
  // render must match the pre-rendered HTML (loading), so it reads the store's initial value (null) first.
  const status = useStore($status, { ssr: 'initial' });
  if (!status) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  const entries = status.info.customerService.filter((e) => e.path);
  if (entries.length === 0) return <p className="muted">{t('service.none')}</p>;
  return (
    <ul className="link-list">
      {entries.map((entry) => (
        <li key={entry.csType}>
          <a href={entry.path} target="_blank" rel="noopener noreferrer">
            {t(LABEL[entry.csType] ?? 'service.CS')}
            <span className="visually-hidden"> ({t('common.newTab')})</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
