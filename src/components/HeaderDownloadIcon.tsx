import { useStore } from '@nanostores/react';
import { useHydrated } from './useHydrated';
import { showsHeaderDownloadIcon } from '../../rules/download';
import { t } from '../../rules/i18n';
import { $status } from '../stores/concepts/settings';
import { $device } from '../stores/concepts/ui';

/**
 * Home header download icon (player-shell §2): only on home paths, outside the native app and installed web app,
 * when app-window display is on and a download link exists for the platform; it leads to the app page.
 */
export default function HeaderDownloadIcon({ route = 'home' }: { route?: string }) {
  const hydrated = useHydrated();
  const status = useStore($status);
  const device = useStore($device);
  if (!hydrated || !showsHeaderDownloadIcon(route, device, status?.info.resources ?? [])) return null;
  return (
    <a className="icon-btn" href="/m/app" aria-label={t('download.title')} title={t('download.title')} data-brand="app">
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
      </svg>
    </a>
  );
}
