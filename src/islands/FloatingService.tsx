import { useStore } from '@nanostores/react';
import Icon from '../components/Icon';
import { useHydrated } from '../components/useHydrated';
import { floatingServiceEntry } from '../lib/customerService';
import { t } from '../../rules/i18n';
import { $status } from '../stores/concepts/settings';

/**
 * The home page's floating customer-service button (player-shell §2 Home "floating customer-service button (only if
 * a customer-service entry of type CS exists)"): a round button above the footer menu that opens the site's CS
 * contact from the system status in a new tab. Fixed in place, so its arrival moves nothing on the page.
 */
export default function FloatingService() {
  const hydrated = useHydrated();
  const status = useStore($status);
  const entry = floatingServiceEntry(status?.info.customerService);
  // The status may come from local storage at once; the first render must match the pre-rendered (empty) HTML.
  if (!hydrated || !entry) return null;
  return (
    <a
      className="float-service"
      href={entry.path}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${t('service.CS')} (${t('common.newTab')})`}
      title={t('service.CS')}
    >
      <Icon name="headset" size={26} />
    </a>
  );
}
