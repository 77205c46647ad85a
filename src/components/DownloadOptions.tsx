import type { MouseEvent } from 'react';
import {
  downloadLinks, needsSafari, opensInSameTab, PROFILE_NOTICE_MS, showsLegacyIosHint, type Device, type Resource,
} from '../../rules/download';
import { t } from '../../rules/i18n';
import { showToast } from '../stores/concepts/toast';

/** Props of the download options. */
export interface DownloadOptionsProps {
  device: Device;
  resources: readonly Resource[];
}

/** A profile download: the 4-second notice first, then the profile, which iOS hands to Settings (player-shell §4). */
function downloadProfile(event: MouseEvent<HTMLAnchorElement>, url: string): void {
  event.preventDefault();
  showToast('download.profileNotice', 'info', PROFILE_NOTICE_MS);
  setTimeout(() => window.location.assign(url), PROFILE_NOTICE_MS);
}

function DownloadLink({ url, label, onClick }: { url: string; label: string; onClick?: (e: MouseEvent<HTMLAnchorElement>) => void }) {
  const sameTab = opensInSameTab(url);
  return (
    <a
      className="btn btn-primary btn-download"
      href={url}
      {...(sameTab ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
      {...(onClick ? { onClick } : {})}
    >
      {label}
      {!sameTab && <span className="visually-hidden"> ({t('common.newTab')})</span>}
    </a>
  );
}

/**
 * Download links (player-shell §2 Download prompts, §4 Download bar, §8): Android, iOS and the iOS profile
 * (MOBILECONFIG); iOS outside Safari reads 'Please use Safari for download App.'; the legacy-iOS hint for iOS 11 or
 * lower and 12.0 to 12.1. A site without links says so. Only the links for this phone: the download bar's popup
 * (/m/app lists every link, written by the edge: worker/edge/fills/app.ts).
 */
export default function DownloadOptions({ device, resources }: DownloadOptionsProps) {
  const links = downloadLinks(resources);
  const showAndroid = links.android && device.os === 'android';
  const showIos = links.ios && device.os === 'ios';
  const showProfile = links.profile && device.os === 'ios' && !links.ios;
  const profileBlocked = needsSafari(device);
  return (
    <div className="download-options">
      {device.os === 'ios' && profileBlocked && <p className="download-warning" role="note">{t('download.useSafari')}</p>}
      {device.os === 'ios' && showsLegacyIosHint(device.iosVersion) && <p className="download-warning" role="note">{t('download.legacyIos')}</p>}
      {!showAndroid && !showIos && !showProfile && <p className="muted">{t('download.none')}</p>}
      <ul className="download-links">
        {showAndroid && (
          <li><DownloadLink url={links.android!} label={t('download.android')} /></li>
        )}
        {showIos && (
          <li><DownloadLink url={links.ios!} label={t('download.ios')} /></li>
        )}
        {showProfile && (
          <li>
            <DownloadLink
              url={links.profile!}
              label={t('download.profile')}
              onClick={(event) => {
                if (profileBlocked && device.os === 'ios') {
                  event.preventDefault();
                  showToast('download.useSafari', 'info', PROFILE_NOTICE_MS);
                } else downloadProfile(event, links.profile!);
              }}
            />
            <p className="download-note">{t('download.profileHint')}</p>
          </li>
        )}
      </ul>
    </div>
  );
}
