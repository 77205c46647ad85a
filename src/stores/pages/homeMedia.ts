import { atom } from 'nanostores';
import { embedUrl, type LinkTarget } from '../../../rules/content';
import { openGame } from '../concepts/launcher';
import { openPage } from '../kit/navigation';

/**
 * Follows a banner's linkage (rules/content.ts bannerTarget): a site path opens in place, an http link in a new
 * tab, a game through the launch rules (player-shell §4: no session → /m/login), nothing for no linkage.
 */
export function followBanner(target: LinkTarget): void {
  switch (target.kind) {
    case 'internal':
      openPage(target.href);
      return;
    case 'external':
      if (typeof window !== 'undefined') window.open(target.href, '_blank', 'noopener,noreferrer');
      return;
    case 'game':
      void openGame(
        { nodeId: target.nodeId, vassalage: target.vendor, gameType: target.gameType, gameId: target.roomId ?? String(target.nodeId) },
        'home',
      );
      return;
    default:
  }
}

/**
 * The home page's banners and videos of one visit (accounts §2 Home announcement bar and banners; player-shell §2
 * Home, §4 "Video popup on home banner toggles open and closed"), a part of the home page (./home.ts):
 * - `$videoPopup`: the video popup's embed URL (null: closed). The iframe exists only while the popup is open, so
 *   nothing of the video site loads before the player asks for it.
 * - `toggleVideo(watchUrl)`: opens the popup with a watch URL's embed URL (player-shell §2: autoplay off, related
 *   off, …); the same video again closes it. `closeVideo()` closes it.
 * - `followBanner(target)`: {@link followBanner}.
 * Nothing of it waits or listens, so the page's exit has nothing of it to stop.
 */
export function homeMedia() {
  const $videoPopup = atom<string | null>(null);

  function toggleVideo(watchUrl: string): void {
    const url = embedUrl(watchUrl);
    if (url === null) return;
    $videoPopup.set($videoPopup.get() === url ? null : url);
  }

  function closeVideo(): void {
    $videoPopup.set(null);
  }

  return { $videoPopup, toggleVideo, closeVideo, followBanner };
}
