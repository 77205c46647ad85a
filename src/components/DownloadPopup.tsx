import { useId } from 'react';
import Dialog from './Dialog';
import DownloadOptions from './DownloadOptions';
import { t } from '../../rules/i18n';
import type { Device, Resource } from '../../rules/download';

/** Props of the download bar's popup. */
export interface DownloadPopupProps {
  open: boolean;
  device: Device;
  resources: readonly Resource[];
  onClose: () => void;
}

/**
 * The download bar's popup (player-shell §4 Download bar): the links for this phone, on iOS the profile and
 * Safari hints, and a link to the app page. Loaded when the player first opens it (src/islands/DownloadBar.tsx).
 */
export default function DownloadPopup({ open, device, resources, onClose }: DownloadPopupProps) {
  const id = useId();
  return (
    <Dialog open={open} labelledBy={`${id}-title`} onDismiss={onClose}>
      <h2 id={`${id}-title`} className="dialog-title">{t('download.title')}</h2>
      <DownloadOptions device={device} resources={resources} />
      <p><a href="/m/app">{t('download.more')}</a></p>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>{t('common.close')}</button>
      </div>
    </Dialog>
  );
}
