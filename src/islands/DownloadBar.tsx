import { lazy, Suspense, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useHydrated } from '../components/useHydrated';
import { downloadBarVisible, showsDownloadBanner } from '../../rules/download';
import { t } from '../../rules/i18n';
import { $status } from '../stores/concepts/settings';
import { $device, $downloadBarClosed, closeDownloadBar } from '../stores/concepts/ui';

/** The popup's code (dialog, links, iOS hints) arrives when the player first opens it. */
const DownloadPopup = lazy(() => import('../components/DownloadPopup'));

/**
 * The app-download bar of home routes (player-shell §2 "App-download banner", §4 Download bar): shown on home
 * except on the excluded domains, until the player closes it (hideDownloadBar), and only where a link fits the
 * phone; "Download" opens a popup with the links and, on iOS, the profile and Safari hints.
 */
export default function DownloadBar({ route }: { route: string }) {
  const hydrated = useHydrated();
  const status = useStore($status);
  const device = useStore($device);
  const closed = useStore($downloadBarClosed);
  const [popup, setPopup] = useState(false);
  // Mounted from the first opening on, so closing keeps the dialog's fade.
  const [opened, setOpened] = useState(false);
  const resources = status?.info.resources ?? [];
  if (!hydrated || !showsDownloadBanner(route, window.location.hostname) || !downloadBarVisible(device, resources, closed)) {
    return null;
  }
  return (
    <aside className="download-bar" aria-label={t('download.bar')}>
      <span className="logo-mark" aria-hidden="true" />
      <p className="download-bar-text">
        <strong>{t('download.title')}</strong>
        <span>{t('download.subtitle')}</span>
      </p>
      <button type="button" className="btn btn-small btn-primary" aria-haspopup="dialog" onClick={() => {
        setOpened(true);
        setPopup(true);
      }}>
        {t('download.open')}
      </button>
      <button type="button" className="icon-btn" aria-label={t('download.close')} title={t('download.close')} onClick={closeDownloadBar}>
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <DownloadPopup open={popup} device={device} resources={resources} onClose={() => setPopup(false)} />
        </Suspense>
      )}
    </aside>
  );
}
