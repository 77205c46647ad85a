import { useStore } from '@nanostores/react';
import DownloadOptions from '../components/DownloadOptions';
import { useHydrated } from '../components/useHydrated';
import { t } from '../lib/i18n';
import { $status } from '../stores/settings';
import { $device } from '../stores/ui';

/**
 * The app page's links (player-shell §2 /m/app, Download prompts): Android, iOS and the iOS profile from the
 * status resources, with the Safari-only notice on iOS outside Safari.
 */
export default function AppDownload() {
  const hydrated = useHydrated();
  const status = useStore($status);
  const device = useStore($device);
  if (!hydrated || !status) return <p className="muted" aria-busy="true">{t('common.loading')}</p>;
  return <DownloadOptions device={device} resources={status.info.resources} all />;
}
